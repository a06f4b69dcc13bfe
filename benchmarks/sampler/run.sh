#!/usr/bin/env bash
# Sampler benchmark (issue 11): the client's CPU per sample of four clients, on a private PostgreSQL
# server started for the run (max_connections 1100, removed at the end):
#   engine  JMeter engine + CSV writer, no-op Java sampler (JavaTest, sleep 0)      (engine floor)
#   loop    plain Java loop, pgjdbc, one connection and PreparedStatement per thread (driver floor)
#   jdbc    JMeter JDBC Request, JDBC Connection Configuration, a connection per thread, prepared
#   dbstudy the dbstudy Transaction Sampler (TPC-B: its random values, bound as :name, as the generator writes it)
#   dbstudy-rv  TPC-B only: the same sampler with four Random Variable config elements and ${name} parameters
# on `select 1`, a 2000-row SELECT and pgbench's TPC-B transaction (five statements in one
# transaction; the loop runs the same five). CPU per sample two ways, both without start-up:
#   slope   the process's CPU (/usr/bin/time) between a SHORT and a LONG run of the same client:
#           (cpu_long - cpu_short) / (samples_long - samples_short); JVM start-up and JIT cancel out
#           (the loop is compiled once, before the runs);
#   threads the CPU of the load threads alone (JMeter's "users" threads, DriverLoop's users-N; utime +
#           stime from /proc) in a window of the LONG run, from 30 % to 90 % of its duration after the
#           first load thread started, divided by the samples started in that window: warm code only,
#           no JIT or GC threads, robust to other processes' load.
# WARMUP=W (seconds, default 0) measures steady state instead: each client runs once per round for
# W + LONG seconds; the first W seconds after its first load thread started are a warm-up the
# benchmark discards (JIT: at a few hundred TPC-B samples/s JMeter's per-sample path reaches C2 only
# after 30-55 s), and both figures come from the window from W to W + 0.9 LONG of that run:
#   process the whole process's CPU (every thread: load, JIT, GC, JTL writer; /proc utime + stime) in
#           the window, per sample started in it (the slope's measure, without start-up or warm-up);
#   threads the load threads' CPU in the same window, per sample.
# PAIRED=1 (with WARMUP) runs a query's clients at the same time in each round, so that each ratio
# compares clients under the same machine load (on a shared, loaded machine the load moves every figure).
# Rounds alternate the clients; each figure is the median over rounds [min-max].
# Then a high-concurrency point: the dbstudy sampler with BIG threads (client RSS, CPU per sample,
# threads that connected). Prints whether the goals are met. Not a test: numbers depend on the machine.
#
#   [WARMUP=W [PAIRED=1]] benchmarks/sampler/run.sh [SHORT=6] [LONG=18] [THREADS=8] [ROUNDS=2] [BIG=1024]
# QUERIES="select1 rows2000 tpcb" (the default) picks the queries, e.g. QUERIES=tpcb with longer runs.
# Needs: `mvn -q package -DskipTests` (jmeter-home/target/jmeter), PostgreSQL server binaries
# (pg_config --bindir), psql and pgbench, /usr/bin/time. Run as root, the server runs as user postgres.
set -euo pipefail
short=${1:-6}; long=${2:-18}; threads=${3:-8}; rounds=${4:-2}; big=${5:-1024}; warmup=${WARMUP:-0}
paired=${PAIRED:-0}
[ "$paired" = 0 ] || [ "$paired" = 1 ] || { echo "PAIRED=$paired: give 1 (clients of a query at the same time) or 0" >&2; exit 2; }
[ "$paired" = 0 ] || [ "$warmup" != 0 ] || { echo "PAIRED=1 needs WARMUP > 0: the slope's short and long runs cannot be paired" >&2; exit 2; }
case $warmup in ''|*[!0-9]*) echo "WARMUP=$warmup: give whole seconds (0 for the slope of a SHORT and a LONG run)" >&2; exit 2 ;; esac
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
home="$root/jmeter-home/target/jmeter"
[ -f "$home/bin/ApacheJMeter.jar" ] || { echo "run 'mvn -q package -DskipTests' first (no $home)" >&2; exit 2; }
for tool in pg_config psql pgbench; do command -v $tool >/dev/null || { echo "needs $tool" >&2; exit 2; }; done
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)" >&2; exit 2; }
pgjdbc=$(ls "$home"/lib/postgresql-*.jar | head -1)
bin=$(pg_config --bindir)
work=$(mktemp -d); chmod 755 "$work"
port=$((56000 + RANDOM % 1000))
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() { as_pg "$bin/pg_ctl" -D "$work/pg" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

# A private server: this benchmark's tables and its 1024 connections never touch anyone else's.
mkdir "$work/pg"; [ "$(id -u)" = 0 ] && chown postgres "$work/pg"
as_pg "$bin/initdb" -D "$work/pg" -U postgres -A trust >/dev/null
# A run right after another can find the last run's 1024 backends still exiting (their semaphores and
# port not yet free): try again a few times before giving up, and show why it failed.
for try in 1 2 3 4 5 6; do
  if as_pg "$bin/pg_ctl" -D "$work/pg" -l "$work/pg/server.log" -w start \
    -o "-p $port -k $work/pg -c listen_addresses=127.0.0.1 -c max_connections=1100 -c shared_buffers=128MB" >/dev/null; then
    break
  fi
  [ $try = 6 ] && { tail -5 "$work/pg/server.log" >&2; exit 1; }
  echo "private server did not start (try $try): $(tail -1 "$work/pg/server.log"); again in 10 s" >&2
  sleep 10; port=$((56000 + RANDOM % 1000))
done
export PGHOST=127.0.0.1 PGPORT=$port PGUSER=postgres PGDATABASE=postgres
url="jdbc:postgresql://127.0.0.1:$port/postgres"
psql -q -v ON_ERROR_STOP=1 <<SQL
CREATE TABLE bench_person (id serial primary key, first_name varchar(50), last_name varchar(50));
INSERT INTO bench_person (first_name, last_name) SELECT 'first' || g, 'last' || g FROM generate_series(1, 2000) g;
ANALYZE bench_person;
SQL
pgbench -q -i -s 1 >/dev/null 2>&1
# Compiled once: the source launcher would compile at every start, and that CPU varies run to run.
javac -d "$work/loop" -cp "$pgjdbc" "$here/DriverLoop.java"

select1="SELECT 1"
rows2000="SELECT id, first_name, last_name FROM bench_person LIMIT 2000"
tpcb_sql="UPDATE pgbench_accounts SET abalance = abalance + ? WHERE aid = ?;&#10;SELECT abalance FROM pgbench_accounts WHERE aid = ?;&#10;UPDATE pgbench_tellers SET tbalance = tbalance + ? WHERE tid = ?;&#10;UPDATE pgbench_branches SET bbalance = bbalance + ? WHERE bid = ?;&#10;INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP);"
tpcb_params='${delta},${aid}&#10;${aid}&#10;${delta},${tid}&#10;${delta},${bid}&#10;${tid},${bid},${aid},${delta}'
# The sampler's own random values (the generator's tpcb workload), drawn per sample in Java.
tpcb_bound=':delta, :aid&#10;:aid&#10;:delta, :tid&#10;:delta, :bid&#10;:tid, :bid, :aid, :delta'
tpcb_random='aid = random(1, 100000)&#10;tid = random(1, 10)&#10;bid = random(1, 1)&#10;delta = random(-5000, 5000)'
randoms() { # name min max, as the generator writes them
  for v in "aid 1 100000" "tid 1 10" "bid 1 1" "delta -5000 5000"; do set -- $v
    printf '        <RandomVariableConfig guiclass="TestBeanGUI" testclass="RandomVariableConfig" testname="random %s">\n          <stringProp name="variableName">%s</stringProp>\n          <stringProp name="outputFormat"></stringProp>\n          <stringProp name="minimumValue">%s</stringProp>\n          <stringProp name="maximumValue">%s</stringProp>\n          <stringProp name="randomSeed"></stringProp>\n          <stringProp name="perThread">true</stringProp>\n        </RandomVariableConfig>\n        <hashTree/>\n' "$1" "$1" "$2" "$3"
  done
}

# CPU seconds (utime + stime) of a process's load threads now: JMeter's "users 1-N", DriverLoop's users-N.
load_cpu() { # pid
  awk -v tick="$(getconf CLK_TCK)" '{ i = index($0, "("); j = index($0, ") "); name = substr($0, i + 1, j - i - 1)
    if (name ~ /^users/) { split(substr($0, j + 2), f, " "); s += f[12] + f[13] } } END { printf "%.2f\n", s / tick }' \
    /proc/"$1"/task/*/stat 2>/dev/null || echo 0
}

# CPU seconds (utime + stime) of the whole process now: every thread, JIT and GC included.
process_cpu() { # pid
  awk -v tick="$(getconf CLK_TCK)" '{ j = index($0, ") "); split(substr($0, j + 2), f, " "); printf "%.2f\n", (f[12] + f[13]) / tick }' \
    /proc/"$1"/stat 2>/dev/null || echo 0
}

# Watches a client run: when its first load thread exists, waits until the window starts (WARMUP
# seconds, or 30 % of the run without a warm-up), notes the time, the load threads' CPU and the
# process's CPU, again when it ends (WARMUP + 0.9 of the measured seconds: the loop counts its run from its own start, or 90 % of the run);
# writes "ms1 cpu1 ms2 cpu2 pcpu1 pcpu2" to DIR/window (empty if the run ended first).
watch_window() { # pid seconds dir
  local pid=$1 secs=$2 dir=$3 a b from to
  : > "$dir/window"
  for _ in $(seq 1200); do
    grep -qs '(users' /proc/"$pid"/task/*/stat 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  if [ "$warmup" -gt 0 ]; then from=$warmup; to=$(awk -v w="$warmup" -v s="$secs" 'BEGIN { print w + 0.9 * (s - w) }')
  else from=$(awk -v s="$secs" 'BEGIN { print 0.3 * s }'); to=$(awk -v s="$secs" 'BEGIN { print 0.9 * s }'); fi
  sleep "$from"; a="$(date +%s%3N) $(load_cpu "$pid")"; local p1; p1=$(process_cpu "$pid")
  sleep "$(awk -v f="$from" -v t="$to" 'BEGIN { print t - f }')"; b="$(date +%s%3N) $(load_cpu "$pid")"; local p2; p2=$(process_cpu "$pid")
  kill -0 "$pid" 2>/dev/null && echo "$a $b $p1 $p2" > "$dir/window"
}

# One run: prints "samples cpu_seconds max_rss_kb window_samples window_cpu_seconds window_process_cpu_seconds".
# Each client's files are in $work/run-CLIENT, so that paired clients can run at the same time.
run() { # client query seconds threads
  local client=$1 q=$2 secs=$3 n=$4 pid watcher d="$work/run-$1"
  mkdir -p "$d"
  if [ "$client" = loop ]; then
    /usr/bin/time -f "%U %S %M" -o "$d/cpu" java -Xmx1g -cp "$pgjdbc:$work/loop" DriverLoop "$url" postgres "$n" "$secs" \
      "$( [ "$q" = tpcb ] && echo tpcb || eval echo "\$$q")" > "$d/loop.out" & pid=$!
    watch_window "$(java_pid "$pid")" "$secs" "$d" & watcher=$!
    wait "$pid"; wait "$watcher"
    read -r u s m < "$d/cpu"
    local win; win=$(awk -v w="$(cat "$d/window")" 'BEGIN { split(w, x, " ") } $1 == "done" { if ($2 <= x[1]) c1 = $3; if ($2 <= x[3]) c2 = $3 }
      END { if (x[1] == "") print "0 0 0"; else print c2 - c1, x[4] - x[2], x[6] - x[5] }' "$d/loop.out")
    echo "$(tail -1 "$d/loop.out") $(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') $m $win"
    return
  fi
  local sql stmts params tx rnd="" random=""
  sql=$( [ "$q" = tpcb ] && echo "" || eval echo "\$$q")
  if [ "$q" = tpcb ]; then
    stmts=$tpcb_sql; tx=TRANSACTION
    if [ "$client" = dbstudy-rv ]; then params=$tpcb_params; rnd=$(randoms); else params=$tpcb_bound; random=$tpcb_random; fi
  else stmts="$sql;"; params=""; tx=AUTOCOMMIT; fi
  ENGINE=$([ "$client" = engine ] && echo true || echo false) JDBC=$([ "$client" = jdbc ] && echo true || echo false) \
  DBSTUDY=$([ "${client%-rv}" = dbstudy ] && echo true || echo false) THREADS=$n SECONDS_=$secs URL=$url USER_=postgres \
  SQL=$sql STATEMENTS=$stmts PARAMETERS=$params RANDOMVALUES=$random TXMODE=$tx RANDOMS=$rnd KIND=$client \
  perl -pe 's/\@(ENGINE|JDBC|DBSTUDY|THREADS|URL|SQL|STATEMENTS|PARAMETERS|RANDOMVALUES|TXMODE|RANDOMS|KIND)\@/$ENV{$1}/g; s/\@SECONDS\@/$ENV{SECONDS_}/g; s/\@USER\@/$ENV{USER_}/g' \
    "$here/plan.jmx.template" > "$d/plan.jmx"
  rm -f "$d/run.jtl"
  /usr/bin/time -f "%U %S %M" -o "$d/cpu" java -Xmx1g -jar "$home/bin/ApacheJMeter.jar" -n -t "$d/plan.jmx" \
    -l "$d/run.jtl" -j "$d/jmeter.log" -Jjmeter.save.saveservice.autoflush=false -Jsummariser.out=false >/dev/null 2>&1 & pid=$!
  watch_window "$(java_pid "$pid")" "$secs" "$d" & watcher=$!
  wait "$pid"; wait "$watcher"
  read -r u s m < "$d/cpu"
  local errors; errors=$(awk -F, 'NR > 1 && $8 != "true"' "$d/run.jtl" | wc -l)
  [ "$errors" = 0 ] || echo "  ($client $q: $errors failed samples, e.g. $(awk -F, 'NR > 1 && $8 != "true" { print $4, $5; exit }' "$d/run.jtl"))" >&2
  local win; win=$(awk -F, -v w="$(cat "$d/window")" 'BEGIN { split(w, x, " ") } NR > 1 && x[1] != "" && $1 >= x[1] && $1 < x[3] { k++ }
    END { if (x[1] == "") print "0 0 0"; else print k + 0, x[4] - x[2], x[6] - x[5] }' "$d/run.jtl")
  echo "$(($(wc -l < "$d/run.jtl") - 1)) $(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') $m $win"
}

# The java process /usr/bin/time started (its only child), once it exists.
java_pid() { # time_pid
  local c
  for _ in $(seq 50); do c=$(pgrep -P "$1" | head -1); [ -n "$c" ] && { echo "$c"; return; }; sleep 0.1; done
  echo "$1"
}

# CPU µs per sample by the slope (or, with a warm-up, the whole process's CPU in the window), samples/s
# of the long run (of the window, with a warm-up), and the load threads' CPU µs per sample in the
# window: prints "us rate thread_us".
measure() { # client query
  local a b
  if [ "$warmup" -gt 0 ]; then
    b=$(run "$1" "$2" "$((warmup + long))" "$threads")
    awk -v b="$b" -v secs="$long" 'BEGIN { split(b, y, " "); w = 0.9 * secs;
      if (y[4] > 0) printf "%.2f %.0f %.2f\n", y[6] * 1e6 / y[4], y[4] / w, y[5] * 1e6 / y[4]; else print "0 0 0" }'
    return
  fi
  a=$(run "$1" "$2" "$short" "$threads"); b=$(run "$1" "$2" "$long" "$threads")
  awk -v a="$a" -v b="$b" -v secs="$long" 'BEGIN { split(a, x, " "); split(b, y, " ");
    printf "%.2f %.0f %.2f\n", (y[2] - x[2]) * 1e6 / (y[1] - x[1]), y[1] / secs, (y[4] > 0) ? y[5] * 1e6 / y[4] : 0 }'
}

# TPCB_CLIENTS="loop dbstudy" leaves dbstudy-rv out (shorter steady-state runs).
clients_for() { case $1 in select1) echo "engine loop jdbc dbstudy" ;; rows2000) echo "loop jdbc dbstudy" ;; tpcb) echo "${TPCB_CLIENTS:-loop dbstudy dbstudy-rv}" ;; esac; }
stat() { sort -g | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.2f [%.2f-%.2f]", m, a[1], a[NR] }'; }
med() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

queries=${QUERIES:-select1 rows2000 tpcb}
first=$([ "$warmup" -gt 0 ] && echo process || echo slope) # the first figure's method
for ((r = 1; r <= rounds; r++)); do
  for q in $queries; do
    list=$(clients_for $q); [ $((r % 2)) = 0 ] && list=$(echo "$list" | tr ' ' '\n' | tac | tr '\n' ' ')
    if [ "$paired" = 1 ]; then
      # All of the query's clients at once: each sees the same machine load as the others.
      before=$(cut -d' ' -f1 /proc/loadavg)
      for c in $list; do measure "$c" "$q" > "$work/res.$c" & done; wait
      after=$(cut -d' ' -f1 /proc/loadavg); echo "$before $after" >> "$work/loadavg"
      for c in $list; do
        res=$(cat "$work/res.$c"); echo "$res" >> "$work/$q.$c"
        echo "  round $r $q $c (paired): $res ($first CPU us/sample, samples/s, load-thread CPU us/sample; load average $before -> $after)" >&2
      done
      continue
    fi
    for c in $list; do
      before=$(cut -d' ' -f1 /proc/loadavg)
      res=$(measure "$c" "$q"); echo "$res" >> "$work/$q.$c"
      after=$(cut -d' ' -f1 /proc/loadavg); echo "$before $after" >> "$work/loadavg"
      echo "  round $r $q $c: $res ($first CPU us/sample, samples/s, load-thread CPU us/sample; load average $before -> $after)" >&2
    done
  done
done

if [ "$warmup" -gt 0 ]; then
  echo "client CPU per sample, $threads threads, median [min-max] of $rounds rounds, steady state: each client ran $((warmup + long)) s, the first ${warmup} s"
  echo "after its first load thread started were a warm-up (discarded), then a window of $(awk -v l="$long" 'BEGIN { print 0.9 * l }') s: whole process's CPU (process) and"
  echo "load threads' CPU (threads) in the window, per sample started in it; samples/s in the window"
  [ "$paired" = 1 ] && echo "paired: in each round the clients of a query ran at the same time, $threads threads each"
else
  echo "client CPU per sample, $threads threads, median [min-max] of $rounds rounds: slope of a ${short} s and a ${long} s run (whole process),"
  echo "and load threads only in the steady window of the ${long} s run (30-90 %); samples/s of the long runs"
fi
echo "load average (1 min) at the clients' runs: median $(cut -d' ' -f1,2 "$work/loadavg" | tr ' ' '\n' | stat)"
goal() { awk -v v="$1" -v lim="$2" 'BEGIN { print (v <= lim) ? "MET" : "NOT MET" }'; }
col() { cut -d' ' -f"$1" "$work/$2" | med; } # column file: median
for q in $queries; do
  echo "$q"
  for c in $(clients_for $q); do
    [ -f "$work/$q.$c" ] || continue
    printf "  %-10s %s %-24s threads %-24s %8s samples/s\n" "$c" "$first" "$(cut -d' ' -f1 "$work/$q.$c" | stat) us" \
      "$(cut -d' ' -f3 "$work/$q.$c" | stat) us" "$(col 2 "$q.$c")"
  done
  for k in 1 3; do
    how=$([ $k = 1 ] && echo "$first" || echo threads)
    d=$(col $k "$q.dbstudy"); l=$(col $k "$q.loop")
    case $q in
      select1)
        e=$(col $k "$q.engine"); j=$(col $k "$q.jdbc")
        awk -v d="$d" -v e="$e" -v l="$l" -v j="$j" -v how="$how" 'BEGIN { printf "  %s: dbstudy / engine floor %.2f, / driver floor %.2f, / (engine + driver) %.2f, / JDBC Request %.2f; JDBC Request / (engine + driver) %.2f\n", how, d / e, d / l, d / (e + l), d / j, j / (e + l) }'
        echo "  goal select 1 ($how): dbstudy <= 1.25 x (engine + driver floor): $(goal "$d" "$(awk -v e="$e" -v l="$l" 'BEGIN { print 1.25 * (e + l) }')")" ;;
      rows2000)
        j=$(col $k "$q.jdbc")
        awk -v d="$d" -v l="$l" -v j="$j" -v how="$how" 'BEGIN { printf "  %s: dbstudy / driver floor %.2f, / JDBC Request %.2f; JDBC Request / driver floor %.2f\n", how, d / l, d / j, j / l }'
        echo "  goal 2000 rows ($how): dbstudy <= 1.1 x driver floor: $(goal "$d" "$(awk -v l="$l" 'BEGIN { print 1.1 * l }')")" ;;
      tpcb)
        rv=$([ -f "$work/$q.dbstudy-rv" ] && col $k "$q.dbstudy-rv" || echo 0)
        awk -v d="$d" -v l="$l" -v rv="$rv" -v how="$how" 'BEGIN { printf "  %s: dbstudy / plain loop %.2f", how, d / l;
          if (rv > 0) printf "; with Random Variables and ${name} (dbstudy-rv) / plain loop %.2f", rv / l; print "" }'
        echo "  goal TPC-B ($how): dbstudy <= 1.15 x plain loop: $(goal "$d" "$(awk -v l="$l" 'BEGIN { print 1.15 * l }')")" ;;
    esac
  done
done

# The high-concurrency point (S2's top level): every thread connects and runs select 1.
if [ "$big" -gt 0 ]; then
  warmup=0 # the 1024-thread point is a slope of a SHORT and a LONG run, whatever WARMUP the queries used
  a=$(run dbstudy select1 "$short" "$big"); connected_short=$(awk -F, 'NR > 1 && $8 == "true" { t[$6] = 1 } END { print length(t) }' "$work/run-dbstudy/run.jtl")
  b=$(run dbstudy select1 "$long" "$big"); connected=$(awk -F, 'NR > 1 && $8 == "true" { t[$6] = 1 } END { print length(t) }' "$work/run-dbstudy/run.jtl")
  awk -v a="$a" -v b="$b" -v n="$big" -v c="$connected" -v cs="$connected_short" -v secs="$long" 'BEGIN { split(a, x, " "); split(b, y, " ");
    rss = (x[3] > y[3] ? x[3] : y[3]) / 1024;
    printf "%d threads, dbstudy select 1: %.2f us CPU/sample, %.0f samples/s, client max RSS %.0f MB, threads with a successful sample %d and %d of %d\n", n, (y[2] - x[2]) * 1e6 / (y[1] - x[1]), y[1] / secs, rss, cs, c, n;
    printf "goal %d threads: client RSS <= 1.5 GB and every thread connected: %s\n", n, (rss <= 1536 && c == n && cs == n) ? "MET" : "NOT MET" }'
fi
echo "(PostgreSQL $(psql -Atc 'SHOW server_version') private server on 127.0.0.1, max_connections $(psql -Atc 'SHOW max_connections'); JMeter 5.6.3, CSV JTL without per-sample flush)"
