#!/usr/bin/env bash
# Sampler benchmark: samples/s of JMeter's JDBC Request, the dbstudy sampler (same JMeter engine, same
# threads, same seconds) and pgbench -M prepared, on `select 1` and on a 2000-row, 3-column SELECT,
# against PostgreSQL. Prints each rate and the ratios. Not a test: numbers depend on the machine.
#
#   benchmarks/sampler/run.sh [SECONDS=15] [THREADS=8] [ROUNDS=3]
# Rounds alternate JDBC Request and dbstudy so that load from elsewhere on the machine hits both alike;
# each figure is the median over the rounds. Client CPU per sample (from /usr/bin/time, when present)
# is printed too: it is the steadier figure on a shared machine.
# Needs: `mvn -q install -DskipTests` (for jmeter-home/target/jmeter), psql and pgbench on PATH.
# PGHOST/PGPORT/PGUSER/PGDATABASE pick the server (default 127.0.0.1:5432, postgres, test).
set -euo pipefail
seconds=${1:-15}
threads=${2:-8}
rounds=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
home="$root/jmeter-home/target/jmeter"
[ -f "$home/bin/ApacheJMeter.jar" ] || { echo "run 'mvn -q install -DskipTests' first (no $home)" >&2; exit 2; }
command -v pgbench >/dev/null || { echo "pgbench is not on PATH (Debian: postgresql-client)" >&2; exit 2; }
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres} PGDATABASE=${PGDATABASE:-test}
url="jdbc:postgresql://$PGHOST:$PGPORT/$PGDATABASE"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

psql -q -v ON_ERROR_STOP=1 <<SQL
DROP TABLE IF EXISTS bench_person;
CREATE TABLE bench_person (id serial primary key, first_name varchar(50), last_name varchar(50));
INSERT INTO bench_person (first_name, last_name) SELECT 'first' || g, 'last' || g FROM generate_series(1, 2000) g;
ANALYZE bench_person;
SQL

declare -A queries=(
  [select1]="SELECT 1"
  [rows2000]="SELECT id, first_name, last_name FROM bench_person LIMIT 2000"
)

# One JMeter run: prints "samples/s client-CPU-microseconds/sample" counted from the JTL.
jmeter_rate() { # kind query
  local kind=$1 sql=$2 jdbc=false dbstudy=false timer=()
  [ "$kind" = jdbc ] && jdbc=true || dbstudy=true
  sed -e "s#@THREADS@#$threads#g; s#@SECONDS@#$seconds#g; s#@URL@#$url#g; s#@USER@#$PGUSER#g" \
      -e "s#@SQL@#$sql#g; s#@JDBC@#$jdbc#g; s#@DBSTUDY@#$dbstudy#g; s#@KIND@#$kind#g" \
      "$here/plan.jmx.template" > "$work/$kind.jmx"
  rm -f "$work/$kind.jtl"
  # Same writer settings for both: CSV, no per-sample flush (the engine, not the disk, is compared).
  [ -x /usr/bin/time ] && timer=(/usr/bin/time -f "%U %S" -o "$work/cpu")
  echo "0 0" > "$work/cpu"
  "${timer[@]}" java -Xmx1g -jar "$home/bin/ApacheJMeter.jar" -n -t "$work/$kind.jmx" -l "$work/$kind.jtl" \
       -j "$work/$kind.log" -Jjmeter.save.saveservice.autoflush=false -Jsummariser.out=false >/dev/null 2>&1
  read -r user sys < "$work/cpu"
  awk -F, -v s="$seconds" -v cpu="$(awk -v u="$user" -v k="$sys" 'BEGIN { print u + k }')" \
    'NR>1 { n++; if ($8 != "true") e++ } END { if (e > 0) printf "ERRORS=%d ", e > "/dev/stderr"; printf "%.0f %.0f\n", n / s, cpu * 1e6 / n }' "$work/$kind.jtl"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

pgbench_rate() { # query
  echo "$1;" > "$work/q.sql"
  pgbench -n -M prepared -c "$threads" -j 2 -T "$seconds" -f "$work/q.sql" 2>/dev/null \
    | awk '/^tps/ { printf "%.0f\n", $3 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'; }

printf "%-9s %14s %14s %14s %12s %12s %18s\n" query "JDBC Request/s" "dbstudy/s" "pgbench/s" "dbstudy/JDBC" "dbstudy/pgb" "CPU us/sample J/d"
for q in select1 rows2000; do
  : > "$work/jdbc.runs"; : > "$work/ours.runs"; : > "$work/pgb.runs"
  for ((r = 1; r <= rounds; r++)); do
    jmeter_rate jdbc "${queries[$q]}" >> "$work/jdbc.runs"
    jmeter_rate dbstudy "${queries[$q]}" >> "$work/ours.runs"
    pgbench_rate "${queries[$q]}" >> "$work/pgb.runs"
  done
  echo "  $q rounds (samples/s, CPU us/sample): JDBC $(tr '\n' ';' < "$work/jdbc.runs") dbstudy $(tr '\n' ';' < "$work/ours.runs") pgbench $(tr '\n' ';' < "$work/pgb.runs")" >&2
  jdbc=$(cut -d' ' -f1 "$work/jdbc.runs" | median); ours=$(cut -d' ' -f1 "$work/ours.runs" | median)
  jcpu=$(cut -d' ' -f2 "$work/jdbc.runs" | median); ocpu=$(cut -d' ' -f2 "$work/ours.runs" | median)
  pgb=$(median < "$work/pgb.runs")
  printf "%-9s %14s %14s %14s %12s %12s %18s\n" "$q" "$jdbc" "$ours" "$pgb" "$(ratio "$ours" "$jdbc")" \
    "$(ratio "$ours" "$pgb")" "$jcpu/$ocpu"
done
echo "($threads threads, $seconds s a run, median of $rounds alternating rounds, PostgreSQL at $PGHOST:$PGPORT;"
echo " goal: dbstudy >= 2.0x JDBC Request on select1, >= 1.6x on rows2000)"
