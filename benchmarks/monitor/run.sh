#!/usr/bin/env bash
# Benchmark (not a test): the monitor's own CPU cost at a 1 s interval, against an idle JVM measured
# in the same run (see MonitorCost.java). The database is PostgreSQL on loopback by default.
#
#   benchmarks/monitor/run.sh [SECONDS=30] [ROUNDS=3] [INTERVAL_MS=1000] [remote]
#
# remote: the host and server process figures come from a 'dbstudy monitor' in the same JVM on loopback.
#
# Environment: BENCH_DB_URL, BENCH_DB_USER, BENCH_DB_PASSWORD for another database.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
URL=${BENCH_DB_URL:-jdbc:postgresql://127.0.0.1:5432/test}
DB_USER=${BENCH_DB_USER:-postgres}
echo "== building the cli and its libraries"
(cd "$ROOT" && mvn -B -q -pl cli -am package -DskipTests 2>&1) | sed 's/\x1b\[[0-9;]*m//g'
java -Xmx128m -XX:+UseSerialGC -cp "$ROOT/cli/target/lib/*" "$HERE/MonitorCost.java" "$URL" "$DB_USER" \
    "${1:-30}" "${2:-3}" "${3:-1000}" "${4:-local}"
