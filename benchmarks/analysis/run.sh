#!/usr/bin/env bash
# Benchmark (not a test): dbstudy's analysis against JMeter's own `jmeter -g` dashboard on the
# same CSV JTL. Prints wall time and peak RSS of each and their ratios; with ROWS_BIG, also runs
# the analysis on a bigger study (FILES result files of ROWS_BIG / FILES rows each, as a study's
# cells are) to show that its memory stays flat, and checks the goal for a 28-hour study of 200 M rows
# (<= 60 s and <= 300 MB): measured with ROWS_BIG=200000000 (FILES=100: each file 2 M rows, the files
# hard links to one), extrapolated linearly from a smaller ROWS_BIG.
#
#   benchmarks/analysis/run.sh [ROWS (default 2000000)] [ROWS_BIG] [FILES (default 1)]
#
# Environment: JTL a JTL to use instead of the generated one (shapes.sh passes each shape's);
# JMETER_HOME (with bin/ApacheJMeter.jar) to include JMeter; BENCH_DIR for the
# generated files (default /tmp/dbstudy-bench, never inside the repository);
# ANALYSIS_JVM_OPTS to change the analysis JVM's options; ROUNDS (default 1) repeats the
# measurements in alternating order and prints medians and ranges; FORMATS the figure formats
# of the analysis (default: bin/dbstudy analyze's own, png,svg); SKIP_BUILD=1 uses the modules as built.
set -euo pipefail

ROWS=${1:-2000000}
ROWS_BIG=${2:-}
FILES=${3:-1}
ROUNDS=${ROUNDS:-1}
FORMATS=${FORMATS:-}
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
[ -n "${SKIP_BUILD:-}" ] || mvn_quiet -pl cli -am package -DskipTests

generate() { # rows → path of a JTL with that many rows (reused when present)
    local file="$WORK/bench-$1.jtl"
    if [ ! -s "$file" ]; then
        echo "== generating $1 rows into $file" >&2
        java "$HERE/GenerateJtl.java" "$1" "$file.tmp" && mv "$file.tmp" "$file"
    fi
    echo "$file"
}

# study ROWS FILES → a directory of FILES hard links to one JTL of ROWS / FILES rows (reused when present).
# Links, not copies: a 28-hour study (200 M rows, 18 GB) fits on the disk and in the page cache, as a
# study's files just written do; the analysis reads each link as a file of its own.
study() {
    local dir="$WORK/study-$1-$2" part
    if [ ! -f "$dir/.complete" ]; then
        part=$(generate $(($1 / $2)))
        rm -rf "$dir" && mkdir -p "$dir"
        echo "== linking it into $dir as $2 files" >&2
        for i in $(seq 1 "$2"); do ln "$part" "$dir/cell-$i.jtl" 2>/dev/null || cp "$part" "$dir/cell-$i.jtl"; done
        touch "$dir/.complete"
    fi
    echo "$dir"
}

# measure NAME COMMAND... → sets WALL (s), RSS (KB) and CPU (user + system s, or NaN); output goes to $WORK/NAME.log.
# On a loaded machine CPU seconds say more than wall time: a process that waits for a core only gets slower.
measure() {
    local name=$1; shift
    CPU=nan
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f "%e %M %U %S" -o "$WORK/$name.time" "$@" >"$WORK/$name.log" 2>&1
        read -r WALL RSS user sys <"$WORK/$name.time"
        CPU=$(awk -v u="$user" -v s="$sys" 'BEGIN {print u + s}')
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
    printf '%-22s %8.2f s %8.0f MB %8.2f s CPU\n' "$name" "$WALL" "$(awk -v k="$RSS" 'BEGIN {print k / 1024}')" "$CPU"
}

# analyse NAME PATH → measures the analysis of the file or directory (sets WALL, RSS)
analyse() {
    rm -rf "$WORK/$1-out"
    local format=()
    [ -n "$FORMATS" ] && format=(--format "$FORMATS")
    # The command users run, with its own JVM options (bin/dbstudy) plus ANALYSIS_JVM_OPTS.
    DBSTUDY_JAVA_OPTS="$ANALYSIS_JVM_OPTS" measure "$1" "$ROOT/bin/dbstudy" analyze --results "$2" --out "$WORK/$1-out" \
        ${format[@]+"${format[@]}"}
    grep -E "^[0-9]+ cells" "$WORK/$1.log" | head -1
}

# stats FILE → "median (min-max)" of the numbers in FILE, one a line
stats() {
    sort -g "$1" | awk '{v[NR] = $1} END {m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.2f (%.2f-%.2f, n=%d)", m, v[1], v[NR], NR}'
}

FILE=${JTL:-$(generate "$ROWS")}
echo "== $ROWS rows ($(du -hL "$FILE" | cut -f1))"
JMETER=""
if [ -n "${JMETER_HOME:-}" ] && [ -f "$JMETER_HOME/bin/ApacheJMeter.jar" ]; then
    JMETER=yes
else
    echo "(set JMETER_HOME to a JMeter 5.6.3 home to compare with jmeter -g)"
fi
BIG=""
if [ -n "$ROWS_BIG" ]; then
    BIG=$(study "$ROWS_BIG" "$FILES")
    echo "== $ROWS_BIG rows in $FILES file(s) ($(du -shL "$BIG" | cut -f1))"
fi
rm -f "$WORK"/a.* "$WORK"/j.* "$WORK"/b.* "$WORK"/ratio.*
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
for round in $(seq 1 "$ROUNDS"); do
    echo "== round $round"
    # Alternating order: even rounds start with JMeter, so a drift of the machine's load hits both.
    order="analysis jmeter big"
    [ $((round % 2)) -eq 0 ] && order="jmeter analysis big"
    for step in $order; do
        case $step in
            analysis) analyse "dbstudy analysis" "$FILE"; echo "$WALL" >>"$WORK/a.wall"; echo "$RSS" >>"$WORK/a.rss"; echo "$CPU" >>"$WORK/a.cpu" ;;
            jmeter)
                [ -n "$JMETER" ] || continue
                rm -rf "$WORK/jmeter-out"
                measure "jmeter -g" java -jar "$JMETER_HOME/bin/ApacheJMeter.jar" -j "$WORK/jmeter.log" \
                    -g "$FILE" -o "$WORK/jmeter-out"
                echo "$WALL" >>"$WORK/j.wall"; echo "$RSS" >>"$WORK/j.rss"; echo "$CPU" >>"$WORK/j.cpu" ;;
            big)
                [ -n "$BIG" ] || continue
                analyse "dbstudy analysis big" "$BIG"; echo "$WALL" >>"$WORK/b.wall"; echo "$RSS" >>"$WORK/b.rss"; echo "$CPU" >>"$WORK/b.cpu" ;;
        esac
    done
    if [ -n "$JMETER" ]; then
        awk -v a="$(tail -1 "$WORK/a.wall")" -v j="$(tail -1 "$WORK/j.wall")" 'BEGIN {print j / a}' >>"$WORK/ratio.wall"
        awk -v a="$(tail -1 "$WORK/a.cpu")" -v j="$(tail -1 "$WORK/j.cpu")" 'BEGIN {print j / a}' >>"$WORK/ratio.cpu"
        echo "round ratio: $(tail -1 "$WORK/ratio.wall")x wall, $(tail -1 "$WORK/ratio.cpu")x CPU"
    fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
echo "== medians (min-max) over $ROUNDS round(s)"
echo "analysis, $ROWS rows:  $(stats "$WORK/a.wall") s, CPU $(stats "$WORK/a.cpu") s, peak RSS $(awk '{print $1 / 1024}' "$WORK/a.rss" | sort -g | tail -1) MB at most"
if [ -n "$JMETER" ]; then
    echo "jmeter -g, $ROWS rows: $(stats "$WORK/j.wall") s, CPU $(stats "$WORK/j.cpu") s, peak RSS $(awk '{print $1 / 1024}' "$WORK/j.rss" | sort -g | tail -1) MB at most"
    echo "speed:  analysis is $(stats "$WORK/ratio.wall")x faster than jmeter -g, per round (goal >= 15x)"
    echo "        and takes $(stats "$WORK/ratio.cpu")x less CPU (user + system), per round"
    awk -v ar="$(sort -g "$WORK/a.rss" | tail -1)" -v jr="$(sort -g "$WORK/j.rss" | head -1)" 'BEGIN {
        printf "memory: analysis peak RSS is at most %.2f of jmeter -g (goal <= 0.33)\n", ar / jr }'
fi
if [ -n "$BIG" ]; then
    echo "analysis, $ROWS_BIG rows in $FILES file(s): $(stats "$WORK/b.wall") s, CPU $(stats "$WORK/b.cpu") s, peak RSS at most $(awk '{print $1 / 1024}' "$WORK/b.rss" | sort -g | tail -1) MB"
    # At 200 M rows or more the goal is read off the run itself; below, extrapolated linearly, which
    # overstates it: the JVM's start, the JIT's warm-up and the figures do not grow with the rows.
    sort -g "$WORK/b.wall" | awk -v rows="$ROWS_BIG" -v rss="$(sort -g "$WORK/b.rss" | tail -1)" '{v[NR] = $1} END {m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        if (rows >= 200e6) printf "200 M rows, measured: %.0f s and %.0f MB (goal <= 60 s and <= 300 MB): %s\n", m, rss / 1024, m <= 60 && rss <= 300 * 1024 ? "MET" : "NOT MET"
        else printf "200 M rows, extrapolated linearly from the median: %.0f s (goal <= 60 s; an upper bound: give ROWS_BIG=200000000 to measure it)\n", m * 200e6 / rows}'
    sort -g "$WORK/b.cpu" | awk -v rows="$ROWS_BIG" -v cores="$(nproc)" '{v[NR] = $1} END {m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "        from CPU seconds: %.0f s of CPU, %.0f s on %d idle cores if reading spreads over them\n", m * 200e6 / rows, m * 200e6 / rows / cores, cores}'
    awk -v small="$(sort -g "$WORK/a.rss" | tail -1)" -v big="$(sort -g "$WORK/b.rss" | tail -1)" -v rows="$ROWS" -v rowsBig="$ROWS_BIG" 'BEGIN {
        printf "memory: %.1fx the rows, %.2fx the peak RSS (flat is ~1; goal <= 300 MB)\n", rowsBig / rows, big / small }'
fi
