#!/usr/bin/env bash
# Benchmark (not a test): dbstudy's analysis against `jmeter -g` on JTLs of different shapes with the
# same row count, since the analysis's speed depends on the data's shape, not only on its rows: threads
# (8–1024), labels (4–200), the time span (10 min–24 h), the share of failures (0–50 %, driver
# messages CSV-quoted with commas) and of sub-results. For each shape it runs run.sh (ROUNDS alternating
# rounds of both) on that shape's JTL and prints a line with the medians and ratios; the goals are
# at least 15x jmeter -g's speed and at most 1/3 of its peak RSS on every shape.
#
#   JMETER_HOME=jmeter-home/target/jmeter benchmarks/analysis/shapes.sh [ROWS (default 2000000)] [SHAPE...]
#
# Shapes (THREADS LABELS SPAN_SECONDS FAILURE_PERCENT SUB_PERCENT):
set -euo pipefail
declare -A SHAPE=(
    [classic]=""                          # run.sh's own JTL: 8 threads, 4 labels, ~11 min, 2 % failures
    [plain]="8 4 600 0 0"                 # the simplest: no failures, no sub-results
    [threads-1024]="1024 4 600 2 0"
    [labels-200]="8 200 600 2 0"
    [span-24h]="8 4 86400 2 0"
    [failures-50]="8 4 600 50 0"
    [sub-results]="8 4 600 2 30"
    [lab]="256 50 7200 10 10"             # a lab's study: many terminals and queries, two hours, some failing
    [worst]="1024 200 86400 50 30"        # every dimension at its end at once
)
ORDER=(classic plain threads-1024 labels-200 span-24h failures-50 sub-results lab worst)
ROWS=${1:-2000000}
shift || true
[ $# -gt 0 ] && ORDER=("$@")
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${BENCH_DIR:-/tmp/dbstudy-bench}
mkdir -p "$WORK"
SUMMARY=$WORK/shapes-summary.txt
: >"$SUMMARY"
for name in "${ORDER[@]}"; do
    [ -n "${SHAPE[$name]+x}" ] || { echo "shapes.sh: unknown shape '$name'; valid: ${ORDER[*]}" >&2; exit 2; }
    file=$WORK/shape-$name-$ROWS.jtl
    if [ ! -s "$file" ]; then
        echo "== generating $ROWS rows of shape $name (${SHAPE[$name]:-classic}) into $file"
        # shellcheck disable=SC2086
        java "$HERE/GenerateJtl.java" "$ROWS" "$file.tmp" ${SHAPE[$name]} && mv "$file.tmp" "$file"
    fi
    echo "== shape $name: $(du -h "$file" | cut -f1)"
    out=$(JTL=$file "$HERE/run.sh" "$ROWS" | tee /dev/stderr)
    SKIP_BUILD=1
    export SKIP_BUILD
    {
        printf '%-13s %-22s ' "$name" "${SHAPE[$name]:-classic}"
        echo "$out" | awk '/^analysis, /{a=$0} /^jmeter -g, /{j=$0} /^speed:/{s=$5" "$6} /^memory:/{m=$8}
            END {sub(/^analysis, [0-9]+ rows: */, "", a); sub(/^jmeter -g, [0-9]+ rows: */, "", j)
                 printf "speed %sx  memory %s  | analysis %s | jmeter -g %s\n", s, m, a, j}'
    } >>"$SUMMARY"
done
echo "== per shape ($ROWS rows; speed = jmeter -g wall / analysis wall, median (range) per round; memory = analysis peak RSS / jmeter -g's; goals >= 15x and <= 0.33)"
cat "$SUMMARY"
