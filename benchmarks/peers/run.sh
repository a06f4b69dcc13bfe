#!/usr/bin/env bash
# dbstudy beside its peers on one private PostgreSQL server: TPC-C against BenchBase's tpcc, TPC-B against
# pgbench -M prepared. Rounds alternate which tool goes first (reversed every other round). Each TPC-C pair
# runs the same warehouses, terminals, isolation, measured window and warm-up, no think times, on a
# freshly loaded database; each TPC-B pair the same clients at scale 1 for the same time.
#
#   benchmarks/peers/run.sh BENCHBASE_DIR [ROUNDS=2] [DURATION=60] [WARMUP=10]
#   ISOLATIONS="READ_COMMITTED SERIALIZABLE" TERMINALS="4 16" WAREHOUSES=2 TPCB_CLIENTS=50 BUSY=0 ...
#   ROUND_TRIPS="statement pipelined" ...
#
# KEEP=1 keeps the work folder (JTLs, BenchBase's results, logs) and prints where it is.
# BENCHBASE_DIR holds benchbase.jar of BenchBase's postgres profile (built beside the checkout, never part
# of it); BENCHBASE_JAVA is the Java it runs on (default: a Temurin 25 under /usr/lib/jvm). dbstudy's JMeter
# runs on the same Java (--jmeter-java), so the client JIT is the same for both; DBSTUDY_JMETER_JAVA=... names
# another (the CLI's own java: DBSTUDY_JMETER_JAVA="$JAVA_HOME"). BUSY=N keeps N
# cores busy with ../shared/tools/busy beside both tools (the cold-start goal uses BUSY=1 and 30 s cells).
#
# Both tools run the same retry policy: BenchBase's (3 tries on a serialization failure, new inputs each
# try), which is dbstudy's `retry: benchbase`. dbstudy runs each TPC-C cell once per `round_trips` in ROUND_TRIPS:
# `statement` (default; a round trip per statement, as BenchBase) and `pipelined` (statements that need no answer in
# between sent together), reported as "dbstudy" and "dbstudy-pipelined", each against the same BenchBase run.
# What is measured, for each tool the same way:
# - the measured window: dbstudy's is [first sample + WARMUP, + DURATION); BenchBase's is
#   [its start + WARMUP, + its elapsed time] (its summary's "Start timestamp" is taken before the warm-up);
# - goodput: transactions the server committed in the window, per second: the tool's database's
#   pg_stat_database.xact_commit, read every 0.5 s by one psql session and interpolated at the window's
#   ends (backends report at most once a second, so each end is within about a second). Not the tools'
#   own counts: BenchBase's summary "Goodput" divides every success since the warm-up began by the
#   measured time only (10 s of warm-up before 60 s inflate it by 1/6), and dbstudy counts New-Order's
#   intended 1 % rollbacks as successes. Each tool's own count is kept in the rows as "own";
# - p99: BenchBase: its summary's 99th percentile (requests in the window); dbstudy: successful samples
#   started in the window;
# - client CPU per committed transaction: the client process's utime+stime read from /proc every 0.5 s,
#   interpolated at the window's start and end, so JVM start-up, loading and the warm-up are not counted.
# pgbench: tps "without initial connection time" and its own CPU over the whole run (it has no start-up
# to speak of); dbstudy's TPC-B: successful samples per second over the window.
set -euo pipefail
bbdir=${1:?usage: benchmarks/peers/run.sh BENCHBASE_DIR [ROUNDS] [DURATION] [WARMUP]}
rounds=${2:-2}; duration=${3:-60}; warmup=${4:-10}
isolations=${ISOLATIONS-READ_COMMITTED SERIALIZABLE}
terminals=${TERMINALS-4 16}
round_trips=${ROUND_TRIPS-statement pipelined}
warehouses=${WAREHOUSES:-2}
tpcb_clients=${TPCB_CLIENTS:-50}
busy=${BUSY:-0}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bbjava=${BENCHBASE_JAVA:-$(ls -d /usr/lib/jvm/temurin-2[5-9]*/bin/java 2>/dev/null | head -1)}
for n in "$rounds" "$duration" "$warmup" "$warehouses" "$tpcb_clients" "$busy"; do
  case $n in ''|*[!0-9]*) echo "expected whole numbers, got '$n'" >&2; exit 2 ;; esac
done
[ -f "$bbdir/benchbase.jar" ] || { echo "$bbdir/benchbase.jar not found: build BenchBase's postgres profile and unpack it there" >&2; exit 2; }
[ -x "$bbjava" ] || { echo "BENCHBASE_JAVA: no Java 25 found for BenchBase" >&2; exit 2; }
dsjava=${DBSTUDY_JMETER_JAVA:-$bbjava}
[ -x "$root/bin/dbstudy" ] && [ -d "$root/jmeter-home/target/jmeter" ] || { echo "build first: mvn -q install -DskipTests" >&2; exit 2; }
for tool in pg_config psql pgbench python3; do command -v $tool >/dev/null || { echo "needs $tool" >&2; exit 2; }; done
bin=$(pg_config --bindir)
work=$(mktemp -d); chmod 755 "$work"
port=$((57000 + RANDOM % 1000))
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
busy_pid=
cleanup() {
  [ -z "$busy_pid" ] || kill "$busy_pid" 2>/dev/null || true
  as_pg "$bin/pg_ctl" -D "$work/pg" -m immediate stop >/dev/null 2>&1 || true
  if [ "${KEEP:-0}" = 1 ]; then echo "kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

mkdir "$work/pg"; [ "$(id -u)" = 0 ] && chown postgres "$work/pg"
as_pg "$bin/initdb" -D "$work/pg" -U postgres -A trust >/dev/null
as_pg "$bin/pg_ctl" -D "$work/pg" -l "$work/pg/server.log" -w start \
  -o "-p $port -k $work/pg -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=256MB" >/dev/null \
  || { tail -5 "$work/pg/server.log" >&2; exit 1; }
export PGHOST=127.0.0.1 PGPORT=$port PGUSER=postgres PGDATABASE=postgres PGOPTIONS="-c client_min_messages=warning"
fresh_db() { psql -q -c "DROP DATABASE IF EXISTS $1 WITH (FORCE)" -c "CREATE DATABASE $1" -c "CHECKPOINT"; }

if [ "$busy" -gt 0 ]; then
  "$root/../shared/tools/busy" "$busy" 100000 >/dev/null 2>&1 & busy_pid=$!
fi

# utime+stime ticks of the processes matching a pattern, every 0.5 s: "epoch_ms pid ticks"; beside it, in
# $work/steal, the host's steal and total ticks (/proc/stat): "epoch_ms steal total".
watch_cpu() { # pattern file
  : > "$work/steal"
  ( while :; do
      now=$(date +%s%3N)
      for p in $(pgrep -f "$1" || true); do
        t=$(awk '{ print $14 + $15 }' "/proc/$p/stat" 2>/dev/null) && echo "$now $p $t"
      done
      host_ticks | sed "s/^/$now /" >> "$work/steal"
      sleep 0.5
    done ) > "$2" &
  watcher=$!
}
# The host's CPU ticks stolen by the hypervisor and in all, since boot: "steal total".
host_ticks() { awk '$1 == "cpu" { t = 0; for (i = 2; i <= NF; i++) t += $i; print $9, t; exit }' /proc/stat; }
# Per cent of the host's CPU time stolen between two "steal total" readings.
steal_pct() { # "steal total" "steal total"
  echo "$1 $2" | awk '{ d = $4 - $2; printf "%.1f", (d > 0 ? 100 * ($3 - $1) / d : 0) }'
}
# The database's committed transactions, every 0.5 s, through one psql session: "epoch_ms commits".
watch_commits() { # database file
  ( while :; do
      echo "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint, xact_commit FROM pg_stat_database WHERE datname = '$1';"
      sleep 0.5
    done | psql -qAt -F' ' ) > "$2" 2>/dev/null &
  committer=$!
}
stop_watch() {
  kill "$watcher" 2>/dev/null || true; wait "$watcher" 2>/dev/null || true
  pkill -P "$committer" 2>/dev/null || true; kill "$committer" 2>/dev/null || true; wait "$committer" 2>/dev/null || true
}
# awk: the value of series k at instant x, linearly interpolated between the readings t[k, i], v[k, i]
# (i = 1..n[k]), the last reading after them. Shared by the counters below.
interpolate='
    function at(k, x,   i) {
      for (i = 2; i <= n[k]; i++) if (t[k, i] >= x)
        return v[k, i - 1] + (v[k, i] - v[k, i - 1]) * (x - t[k, i - 1]) / (t[k, i] - t[k, i - 1] + 1e-9)
      return v[k, n[k]]
    }'
# Commits between two epoch-ms instants.
commits_between() { # file from_ms to_ms
  awk -v a="$2" -v b="$3" "$interpolate"'
    { n[1]++; t[1, n[1]] = $1; v[1, n[1]] = $2 }
    END { if (n[1] < 2) { print "nan"; exit } printf "%.0f", at(1, b) - at(1, a) }' "$1"
}
# Per cent of the host's CPU stolen by the hypervisor between two epoch-ms instants ("epoch steal total" lines).
steal_between() { # file from_ms to_ms
  awk -v a="$2" -v b="$3" "$interpolate"'
    { n[1]++; t[1, n[1]] = $1; v[1, n[1]] = $2; n[2]++; t[2, n[2]] = $1; v[2, n[2]] = $3 }
    END { if (n[1] < 2) { print "nan"; exit } d = at(2, b) - at(2, a); printf "%.1f", (d > 0 ? 100 * (at(1, b) - at(1, a)) / d : 0) }' "$1"
}
# "goodput cpu_per_tx_us" from the window and its CPU seconds.
per_window() { # from_ms to_ms cpu_s
  local commits; commits=$(commits_between "$work/commits" "$1" "$2")
  awk -v n="$commits" -v a="$1" -v b="$2" -v c="$3" 'BEGIN { printf "%.2f %.1f", n / ((b - a) / 1000), c / n * 1e6 }'
}
# CPU seconds, between two epoch-ms instants (linearly interpolated), of the watched process that used the
# most in that window (not the one with the most in all: a class-data archive's JMeter run may have more).
cpu_between() { # file from_ms to_ms
  awk -v a="$2" -v b="$3" -v hz="$(getconf CLK_TCK)" "$interpolate"'
    { n[$2]++; t[$2, n[$2]] = $1; v[$2, n[$2]] = $3; if ($3 > top[$2]) top[$2] = $3 }
    END { best = ""; for (p in top) { d = at(p, b) - at(p, a); if (best == "" || d > most) { best = p; most = d } }
          if (best == "") { print "nan"; exit }
          printf "%.3f", most / hz }' "$1"
}

# Goodput, p99 and the window of a dbstudy JTL: "goodput p99_ms from_ms to_ms successes".
jtl_window() { # jtl
  awk -F, -v w="$warmup" -v d="$duration" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { label = $col["label"] }
    label ~ /^(setUp|tearDown) / || label ~ /-/ { next }
    { ts[++n] = $col["timeStamp"]; el[n] = $col["elapsed"]; ok[n] = $col["success"] == "true"
      if (first == "" || ts[n] < first) first = ts[n] }
    END {
      from = first + w * 1000; to = from + d * 1000
      for (i = 1; i <= n; i++) if (ok[i] && ts[i] >= from && ts[i] < to) { m++; lat[m] = el[i] }
      asort(lat); p = int(0.99 * m + 0.999999); if (p < 1) p = 1
      printf "%.2f %d %d %d %d\n", m / d, lat[p], from, to, m }' "$1"
}

study_file() { # isolation terminals db round_trips
  cat > "$work/tpcc-peer.yaml" <<YAML
name: tpcc-peer
description: dbstudy TPC-C beside BenchBase (benchmarks/peers)
workload:
  template: tpcc
  parameters: {retry: benchbase, reset: per-cell, round_trips: $4}
targets:
  - {name: private, dialect: postgresql, url: "jdbc:postgresql://127.0.0.1:$port/$3", user: postgres}
factors:
  isolation: [$1]
  clients: [$2]
  warehouses: [$warehouses]
settings: {duration: $((duration + warmup)), ramp_up: 0, warm_up: $warmup, rest: 0}
YAML
}

# One dbstudy TPC-C cell; appends "dbstudy iso T round goodput cpu_per_tx_us p99_ms wall_s own_goodput steal_pct" to
# $work/tpcc.
run_dbstudy_tpcc() { # iso terminals round round_trips
  local out="$work/ds-$1-$2-$3-$4" start end tool=dbstudy
  [ "$4" = statement ] || tool="dbstudy-$4"
  fresh_db peer_ds; study_file "$1" "$2" peer_ds "$4"
  watch_cpu "ApacheJMeter.*-n -t" "$work/cpu"; watch_commits peer_ds "$work/commits"
  start=$(date +%s)
  "$root/bin/dbstudy" run --study "$work/tpcc-peer.yaml" --db postgres --monitor none --jmeter-java "$dsjava" --out "$out" > "$out.log" 2>&1 \
    || { stop_watch; echo "dbstudy failed, see its log:" >&2; tail -20 "$out.log" >&2; exit 1; }
  end=$(date +%s); stop_watch
  local jtl; jtl=$(ls "$out"/results/*.jtl | head -1)
  read -r own p99 from to _ < <(jtl_window "$jtl")
  echo "$tool $1 $2 $3 $(per_window "$from" "$to" "$(cpu_between "$work/cpu" "$from" "$to")") $p99 $((end - start)) $own $(steal_between "$work/steal" "$from" "$to")" >> "$work/tpcc"
}

# One BenchBase tpcc run (load, then execute); appends the same fields as dbstudy.
run_benchbase_tpcc() { # iso terminals round
  local out="$work/bb-$1-$2-$3" start end
  fresh_db peer_bb; mkdir -p "$out"
  cat > "$out/tpcc.xml" <<XML
<?xml version="1.0"?>
<parameters>
    <type>POSTGRES</type>
    <driver>org.postgresql.Driver</driver>
    <url>jdbc:postgresql://127.0.0.1:$port/peer_bb?sslmode=disable&amp;ApplicationName=tpcc&amp;reWriteBatchedInserts=true</url>
    <username>postgres</username>
    <password></password>
    <reconnectOnConnectionFailure>true</reconnectOnConnectionFailure>
    <isolation>TRANSACTION_$1</isolation>
    <batchsize>128</batchsize>
    <scalefactor>$warehouses</scalefactor>
    <terminals>$2</terminals>
    <works>
        <work>
            <warmup>$warmup</warmup>
            <time>$duration</time>
            <rate>unlimited</rate>
            <weights>45,43,4,4,4</weights>
        </work>
    </works>
    <transactiontypes>
        <transactiontype><name>NewOrder</name></transactiontype>
        <transactiontype><name>Payment</name></transactiontype>
        <transactiontype><name>OrderStatus</name></transactiontype>
        <transactiontype><name>Delivery</name></transactiontype>
        <transactiontype><name>StockLevel</name></transactiontype>
    </transactiontypes>
</parameters>
XML
  start=$(date +%s)
  (cd "$bbdir" && "$bbjava" -jar benchbase.jar -b tpcc -c "$out/tpcc.xml" --create=true --load=true > "$out/load.log" 2>&1) \
    || { echo "BenchBase load failed:" >&2; tail -20 "$out/load.log" >&2; exit 1; }
  # dbstudy's loader analyzes its tables; BenchBase's does not, and its 2 warehouses and 20 districts stay
  # under autovacuum's analyze threshold. Without statistics the planner reads them by index, with them
  # by a scan, and at SERIALIZABLE a scan takes a predicate lock on the whole table: both tools run
  # on analyzed tables so that they meet the same plans.
  psql -q -d peer_bb -c "ANALYZE" -c "CHECKPOINT"
  watch_cpu "benchbase.jar -b tpcc" "$work/cpu"; watch_commits peer_bb "$work/commits"
  (cd "$bbdir" && "$bbjava" -jar benchbase.jar -b tpcc -c "$out/tpcc.xml" --execute=true -d "$out/results" > "$out/run.log" 2>&1) \
    || { stop_watch; echo "BenchBase run failed:" >&2; tail -20 "$out/run.log" >&2; exit 1; }
  end=$(date +%s); stop_watch
  local summary; summary=$(ls "$out"/results/*.summary.json | head -1)
  read -r own p99 from to < <(python3 - "$summary" "$warmup" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
start = s["Start timestamp (milliseconds)"] + int(sys.argv[2]) * 1000  # taken before the warm-up
elapsed_ms = s["Elapsed Time (nanoseconds)"] / 1e6
good = s["Goodput (requests/second)"]
p99 = s["Latency Distribution"]["99th Percentile Latency (microseconds)"] / 1000
print("%.2f %d %d %d" % (good, p99, start, start + elapsed_ms))
PY
)
  echo "benchbase $1 $2 $3 $(per_window "$from" "$to" "$(cpu_between "$work/cpu" "$from" "$to")") $p99 $((end - start)) $own $(steal_between "$work/steal" "$from" "$to")" >> "$work/tpcc"
}

# TPC-B: dbstudy's tpcb workload and pgbench -M prepared at scale 1; appends "tool clients round tps steal_pct"
# (the host's CPU stolen over the tool's whole run).
run_dbstudy_tpcb() { # round
  local out="$work/dsb-$1"
  fresh_db peer_tpcb
  cat > "$work/tpcb-peer.yaml" <<YAML
name: tpcb-peer
description: dbstudy TPC-B beside pgbench (benchmarks/peers)
workload:
  template: tpcb
  parameters: {scale: 1, retries: 1}
targets:
  - {name: private, dialect: postgresql, url: "jdbc:postgresql://127.0.0.1:$port/peer_tpcb", user: postgres}
factors:
  clients: [$tpcb_clients]
settings: {duration: $((duration + warmup)), ramp_up: 0, warm_up: $warmup, rest: 0}
YAML
  local before; before=$(host_ticks)
  "$root/bin/dbstudy" run --study "$work/tpcb-peer.yaml" --db postgres --monitor none --jmeter-java "$dsjava" --out "$out" > "$out.log" 2>&1 \
    || { echo "dbstudy TPC-B failed:" >&2; tail -20 "$out.log" >&2; exit 1; }
  read -r tps _ < <(jtl_window "$(ls "$out"/results/*.jtl | head -1)")
  echo "dbstudy $tpcb_clients $1 $tps $(steal_pct "$before" "$(host_ticks)")" >> "$work/tpcb"
}
run_pgbench() { # round
  fresh_db peer_tpcb
  pgbench -q -i -s 1 peer_tpcb >/dev/null 2>&1
  local tps before; before=$(host_ticks)
  tps=$(pgbench -M prepared -c "$tpcb_clients" -j 2 -T "$((duration + warmup))" peer_tpcb 2>/dev/null \
        | sed -nE 's/^tps = ([0-9.]+) \(without initial connection time\).*/\1/p')
  echo "pgbench $tpcb_clients $1 $tps $(steal_pct "$before" "$(host_ticks)")" >> "$work/tpcb"
}

: > "$work/tpcc"; : > "$work/tpcb"
echo "dbstudy beside BenchBase and pgbench: $rounds rounds, ${duration} s measured after ${warmup} s warm-up, W=$warehouses, $(nproc) cores, busy=$busy"
echo "server: $(psql -At -c 'SELECT version()' | cut -d, -f1), private on 127.0.0.1:$port; BenchBase on $("$bbjava" -version 2>&1 | head -1)"
echo "dbstudy: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo release), its CLI on $("${JAVA_HOME:+$JAVA_HOME/bin/}java" -version 2>&1 | head -1), JMeter on $("$dsjava" -version 2>&1 | head -1)"
for r in $(seq 1 "$rounds"); do
  echo "round $r: load average $(cut -d' ' -f1-3 /proc/loadavg)"
  for iso in $isolations; do
    for t in $terminals; do
      if [ $(( r % 2 )) -eq 1 ]; then
        for m in $round_trips; do run_dbstudy_tpcc "$iso" "$t" "$r" "$m"; done; run_benchbase_tpcc "$iso" "$t" "$r"
      else
        run_benchbase_tpcc "$iso" "$t" "$r"; for m in $(echo $round_trips | tr ' ' '\n' | tac); do run_dbstudy_tpcc "$iso" "$t" "$r" "$m"; done
      fi
      tail -$(( $(echo $round_trips | wc -w) + 1 )) "$work/tpcc" | sed 's/^/  /'
    done
  done
  if [ "$tpcb_clients" -gt 0 ]; then
    if [ $(( r % 2 )) -eq 1 ]; then run_dbstudy_tpcb "$r"; run_pgbench "$r"; else run_pgbench "$r"; run_dbstudy_tpcb "$r"; fi
    tail -2 "$work/tpcb" | sed 's/^/  /'
  fi
done
echo "after the last round: load average $(cut -d' ' -f1-3 /proc/loadavg)"

# Ratios within each round (what survives a busy machine), then medians and ranges over the rounds.
python3 - "$work/tpcc" "$work/tpcb" "$busy" <<'PY'
import statistics, sys
from collections import defaultdict
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
busy = int(sys.argv[3])
by = defaultdict(dict)
for tool, iso, t, r, good, cpu, p99, wall, own, steal in rows:
    by[(iso, int(t), int(r))][tool] = (float(good), float(p99), float(cpu), int(wall), float(own), float(steal))
STEAL_LIMIT = 5.0  # per cent of the host's CPU taken by the hypervisor: above it a round compares unlike machines
def mr(v, f="%.2f"):
    v = sorted(v)
    return (f + " [" + f + "-" + f + "]") % (statistics.median(v), v[0], v[-1]) if v else "-"
print("\nTPC-C, median [range] over rounds; goodput = server commits in the window; ratios are dbstudy / BenchBase within a round")
print("%-15s %3s | %-26s %-26s | %-20s %-20s | %-26s %-26s | %-18s %-18s %-18s" % (
    "isolation", "T", "goodput dbstudy tx/s", "goodput BenchBase", "p99 dbstudy ms", "p99 BenchBase", "cpu/tx dbstudy us",
    "cpu/tx BenchBase", "goodput ratio", "cpu ratio", "wall ratio"))
met_all = True
variants = sorted({tool for v in by.values() for tool in v if tool != "benchbase"})
for iso, t, variant in sorted({(k[0], k[1], v) for k in by for v in variants}):
    ks = [k for k in by if k[0] == iso and k[1] == t and variant in by[k] and "benchbase" in by[k]]
    if not ks:
        continue
    d = [by[k][variant] for k in ks]; b = [by[k]["benchbase"] for k in ks]
    gr = [x[0] / y[0] for x, y in zip(d, b)]; cr = [x[2] / y[2] for x, y in zip(d, b)]; wr = [x[3] / y[3] for x, y in zip(d, b)]
    print("%-15s %3d | %-26s %-26s | %-20s %-20s | %-26s %-26s | %-18s %-18s %-18s  %s" % (
        iso, t, mr([x[0] for x in d], "%.1f"), mr([x[0] for x in b], "%.1f"), mr([x[1] for x in d], "%.0f"),
        mr([x[1] for x in b], "%.0f"), mr([x[2] for x in d], "%.0f"), mr([x[2] for x in b], "%.0f"), mr(gr), mr(cr), mr(wr), variant))
    print("  their own counts, tx/s: %s's successful samples" % variant + " %s, BenchBase's summary Goodput %s" % (
        mr([x[4] for x in d], "%.1f"), mr([x[4] for x in b], "%.1f")))
    stolen = [(k[2], x[5], y[5]) for k, x, y in zip(ks, d, b) if max(x[5], y[5]) > STEAL_LIMIT]
    print("  host CPU steal in the windows, %%: dbstudy %s, BenchBase %s%s" % (
        mr([x[5] for x in d], "%.1f"), mr([x[5] for x in b], "%.1f"),
        "".join("; round %d over %.0f %% (dbstudy %.1f, BenchBase %.1f): its ratios compare unlike machines" % (rn, STEAL_LIMIT, s1, s2)
                for rn, s1, s2 in stolen)))
    if busy:
        ok = statistics.median(gr) >= 0.9
        print("  goal cold start (busy %d): goodput >= 0.9 x BenchBase: %s" % (busy, "MET" if ok else "NOT MET"))
    else:
        ok_g = statistics.median(gr) >= 1.05; ok_c = statistics.median(cr) <= 0.8
        print("  goal goodput >= 1.05 x BenchBase: %s; goal client CPU per committed tx <= 0.8 x BenchBase: %s" % (
            "MET" if ok_g else "NOT MET", "MET" if ok_c else "NOT MET"))
tb = [l.split() for l in open(sys.argv[2]) if l.strip()]
if tb:
    r = defaultdict(dict)
    steal = defaultdict(dict)
    for tool, c, rnd, tps, st in tb:
        r[int(rnd)][tool] = float(tps); steal[int(rnd)][tool] = float(st)
    ratios = [v["dbstudy"] / v["pgbench"] for v in r.values() if len(v) == 2 and v["pgbench"] > 0]
    print("\nTPC-B, %s clients: dbstudy %s tx/s, pgbench -M prepared %s tx/s, ratio %s" % (
        tb[0][1], mr([v["dbstudy"] for v in r.values()], "%.0f"), mr([v["pgbench"] for v in r.values()], "%.0f"), mr(ratios)))
    print("  host CPU steal over the runs, %%: dbstudy %s, pgbench %s" % (
        mr([v.get("dbstudy", 0) for v in steal.values()], "%.1f"), mr([v.get("pgbench", 0) for v in steal.values()], "%.1f")))
    print("  goal TPC-B >= 0.9 x pgbench: %s" % ("MET" if ratios and statistics.median(ratios) >= 0.9 else "NOT MET"))
PY
