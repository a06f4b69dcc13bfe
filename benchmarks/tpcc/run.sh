#!/usr/bin/env bash
# TPC-C loader benchmark: time until W warehouses are loaded, indexed and analysed (TPCC_LOAD run by
# JMeter, as a plan's setUp does), rows/s of the data phase, and the JMeter process's peak memory, for
# W = 2 and 4 on PostgreSQL and MariaDB; beside `pgbench -i` at the scale with the same number of
# rows (its COPY is the physical reference). Each load goes into a database of its own, dropped after.
# Not a test: numbers depend on the machine. Prints every round and the medians.
#
#   benchmarks/tpcc/run.sh [ROUNDS=3] [THREADS=2]
# Needs: `mvn -q package -DskipTests -pl jmeter-home -am` (jmeter-home/target/jmeter), psql, pgbench and
# mysql on PATH; the local servers (PostgreSQL 127.0.0.1:5432 user postgres, MariaDB 127.0.0.1:3306 root).
set -euo pipefail
rounds=${1:-3}
threads=${2:-2}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
home="$root/jmeter-home/target/jmeter"
[ -f "$home/bin/ApacheJMeter.jar" ] || { echo "build first: mvn -q package -DskipTests -pl jmeter-home -am" >&2; exit 2; }
for tool in psql pgbench mysql; do command -v $tool >/dev/null || { echo "$tool is not on PATH" >&2; exit 2; }; done
work=$(mktemp -d)
db=dbstudy_tpcc_bench_$$
cleanup() {
  psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  mysql -h 127.0.0.1 -uroot -e "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# One load: prints "ready_s data_s rows peak_rss_mb".
load() { # family W
  local family=$1 w=$2 url dialect
  if [ "$family" = postgresql ]; then
    psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
    url="jdbc:postgresql://127.0.0.1:5432/$db"; dialect=POSTGRESQL
  else
    mysql -h 127.0.0.1 -uroot -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
    url="jdbc:mariadb://127.0.0.1:3306/$db"; dialect=MARIADB
  fi
  local user=postgres; [ "$family" = postgresql ] || user=root
  sed -e "s#@URL@#$url#; s#@USER@#$user#; s#@DIALECT@#$dialect#; s#@W@#$w#; s#@THREADS@#$threads#" \
      "$here/plan.jmx.template" > "$work/load.jmx"
  rm -f "$work/load.jtl"
  /usr/bin/time -f "%M" -o "$work/rss" java -Xmx512m -jar "$home/bin/ApacheJMeter.jar" -n -t "$work/load.jmx" \
      -l "$work/load.jtl" -j "$work/load.log" >/dev/null 2>&1
  # The sample's message: ... load=done warehouses=W rows=N seconds=S data_s=D keys_s=K analyze_s=A rows_per_s=R
  local msg; msg=$(tail -1 "$work/load.jtl")
  echo "$msg" | grep -q "load=done" || { echo "load failed: $msg" >&2; exit 1; }
  local rows seconds data
  rows=$(echo "$msg" | sed -E 's/.*load=done warehouses=[0-9]+ rows=([0-9]+).*/\1/')
  seconds=$(echo "$msg" | sed -E 's/.* seconds=([0-9.]+).*/\1/')
  data=$(echo "$msg" | sed -E 's/.* data_s=([0-9.]+).*/\1/')
  echo "$seconds $data $rows $(( $(cat "$work/rss") / 1024 ))"
}

# pgbench -i at the scale holding about the same rows: prints "total_s generate_s rows".
pgbench_init() { # rows
  local scale=$(( ($1 + 50000) / 100000 ))
  psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
  local out; out=$(pgbench -i -s "$scale" -h 127.0.0.1 -U postgres "$db" 2>&1 | grep "done in")
  local total gen
  total=$(echo "$out" | sed -E 's/.*done in ([0-9.]+) s.*/\1/')
  gen=$(echo "$out" | sed -E 's/.*client-side generate ([0-9.]+) s.*/\1/')
  echo "$total $gen $(( scale * 100000 + scale * 11 ))"
}

printf "%-10s %2s %5s %9s %8s %8s %10s %8s | %-28s\n" database W round rows ready_s data_s data_rows/s rss_MB "pgbench -i: rows ready_s gen_s"
for w in 2 4; do
  for family in postgresql mariadb; do
    : > "$work/ready"; : > "$work/rate"; : > "$work/pgready"; : > "$work/pgrate"
    for r in $(seq 1 "$rounds"); do
      read -r ready data rows rss < <(load "$family" "$w")
      rate=$(awk -v n="$rows" -v s="$data" 'BEGIN { printf "%.0f", n / s }')
      echo "$ready" >> "$work/ready"; echo "$rate" >> "$work/rate"
      pg="-"
      if [ "$family" = postgresql ]; then
        read -r pgtotal pggen pgrows < <(pgbench_init "$rows")
        echo "$pgtotal" >> "$work/pgready"; awk -v n="$pgrows" -v s="$pggen" 'BEGIN { printf "%.0f\n", n / s }' >> "$work/pgrate"
        pg="$pgrows $pgtotal $pggen"
      fi
      printf "%-10s %2s %5s %9s %8s %8s %10s %8s | %s\n" "$family" "$w" "$r" "$rows" "$ready" "$data" "$rate" "$rss" "$pg"
    done
    line="median: $family W=$w ready $(median < "$work/ready") s, data $(median < "$work/rate") rows/s"
    if [ "$family" = postgresql ]; then
      ratio=$(awk -v a="$(median < "$work/rate")" -v b="$(median < "$work/pgrate")" 'BEGIN { printf "%.2f", a / b }')
      line="$line; pgbench -i ready $(median < "$work/pgready") s, generate $(median < "$work/pgrate") rows/s; ratio $ratio"
    fi
    echo "$line"
  done
done
