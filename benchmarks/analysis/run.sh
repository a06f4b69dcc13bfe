#!/usr/bin/env bash
# Benchmark (not a test): dbstudy's analysis against JMeter's own `jmeter -g` dashboard on the
# same CSV JTL. Prints wall time and peak RSS of each and their ratios; with ROWS_BIG, also runs
# the analysis on a bigger file to show that its memory stays flat.
#
#   benchmarks/analysis/run.sh [ROWS (default 2000000)] [ROWS_BIG]
#
# Environment: JMETER_HOME (with bin/ApacheJMeter.jar) to include JMeter; BENCH_DIR for the
# generated files (default /tmp/dbstudy-bench, never inside the repository);
# ANALYSIS_JVM_OPTS to change the analysis JVM's options.
set -euo pipefail

ROWS=${1:-2000000}
ROWS_BIG=${2:-}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
WORK=${BENCH_DIR:-/tmp/dbstudy-bench}
# What is measured is `bin/dbstudy analyze`, as users run it (its JVM: -Xms32m -Xmx384m, serial GC; the live
# data is a few MB whatever the rows). ANALYSIS_JVM_OPTS adds options, e.g. -XX:TieredStopAtLevel=1,
# which helps runs of a few seconds and costs about a third on tens of millions of rows.
ANALYSIS_JVM_OPTS=${ANALYSIS_JVM_OPTS:-}
mkdir -p "$WORK"

# Maven in quiet mode still prints colour resets (on stdout or stderr); keep the output readable.
mvn_quiet() {
    (cd "$ROOT" && mvn -B -q "$@" 2>&1) | sed 's/\x1b\[[0-9;]*m//g'
}

echo "== building bin/dbstudy"
mvn_quiet -pl cli -am package -DskipTests

generate() { # rows → path of a JTL with that many rows (reused when present)
    local file="$WORK/bench-$1.jtl"
    if [ ! -s "$file" ]; then
        echo "== generating $1 rows into $file" >&2
        java "$HERE/GenerateJtl.java" "$1" "$file.tmp" && mv "$file.tmp" "$file"
    fi
    echo "$file"
}

# measure NAME COMMAND... → sets WALL (s) and RSS (KB); output goes to $WORK/NAME.log
measure() {
    local name=$1; shift
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f "%e %M" -o "$WORK/$name.time" "$@" >"$WORK/$name.log" 2>&1
        read -r WALL RSS <"$WORK/$name.time"
    else
        # No GNU time: poll the process's high-water mark (VmHWM), which survives between polls.
        local start pid hwm
        start=$(date +%s.%N)
        "$@" >"$WORK/$name.log" 2>&1 &
        pid=$!
        RSS=0
        while kill -0 "$pid" 2>/dev/null; do
            hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
            [ -n "$hwm" ] && RSS=$hwm
            sleep 0.05
        done
        wait "$pid"
        WALL=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {printf "%.2f", e - s}')
    fi
    printf '%-22s %8.2f s %8.0f MB\n' "$name" "$WALL" "$(awk -v k="$RSS" 'BEGIN {print k / 1024}')"
}

# analyse NAME ROWS → generates the file if needed, measures the analysis on it (sets FILE, WALL, RSS)
analyse() {
    FILE=$(generate "$2")
    echo "== $2 rows ($(du -hL "$FILE" | cut -f1))"
    rm -rf "$WORK/$1-out"
    # The command users run, with its own JVM options (bin/dbstudy) plus ANALYSIS_JVM_OPTS.
    DBSTUDY_JAVA_OPTS="$ANALYSIS_JVM_OPTS" measure "$1" "$ROOT/bin/dbstudy" analyze --results "$FILE" --out "$WORK/$1-out"
    grep -E "cells|samples" "$WORK/$1.log" | head -1
}

analyse "dbstudy analysis" "$ROWS"
A_WALL=$WALL A_RSS=$RSS

if [ -n "${JMETER_HOME:-}" ] && [ -f "$JMETER_HOME/bin/ApacheJMeter.jar" ]; then
    rm -rf "$WORK/jmeter-out"
    measure "jmeter -g" java -jar "$JMETER_HOME/bin/ApacheJMeter.jar" -j "$WORK/jmeter.log" \
        -g "$FILE" -o "$WORK/jmeter-out"
    awk -v aw="$A_WALL" -v ar="$A_RSS" -v jw="$WALL" -v jr="$RSS" 'BEGIN {
        printf "speed:  analysis is %.1fx faster than jmeter -g (goal >= 15x)\n", jw / aw
        printf "memory: analysis peak RSS is %.2f of jmeter -g (goal <= 0.33)\n", ar / jr }'
else
    echo "(set JMETER_HOME to a JMeter 5.6.3 home to compare with jmeter -g)"
fi

if [ -n "$ROWS_BIG" ]; then
    analyse "dbstudy analysis big" "$ROWS_BIG"
    awk -v small="$A_RSS" -v big="$RSS" -v rows="$ROWS" -v rowsBig="$ROWS_BIG" 'BEGIN {
        printf "memory: %.1fx the rows, %.2fx the peak RSS (flat is ~1)\n", rowsBig / rows, big / small }'
fi
