#!/usr/bin/env bash
# TPC-C loader benchmark: how long TPCC_LOAD (run by JMeter, as a plan's setUp runs it) takes until W
# warehouses are loaded, keyed, indexed, analysed and have their foreign keys ("ready"), the rows/s of its
# data phase, and the JMeter process's memory, for W = 2 and 4 on PostgreSQL and MariaDB; beside
# `pgbench -i` at the scale with the same number of rows (its COPY is the physical reference), in the
# same round. Rounds alternate which of pgbench and the loader goes first. Each load goes into a database
# of its own, dropped afterwards. Not a test: numbers depend on the machine; the ratio to pgbench in the
# same round is what survives a busy machine. Prints every round, then medians and ranges.
#
#   benchmarks/tpcc/run.sh [ROUNDS=3] [THREADS=2]
# Needs: `mvn -q package -DskipTests -pl jmeter-home -am` (jmeter-home/target/jmeter), psql, pgbench and
# mysql on PATH; the local servers (PostgreSQL 127.0.0.1:5432 user postgres, MariaDB 127.0.0.1:3306 root).
# Before each PostgreSQL load or pgbench run it asks for a CHECKPOINT, so that neither pays for the
# dirty pages of the one before (no setting is changed).
set -euo pipefail
rounds=${1:-3}
threads=${2:-2}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
home="$root/jmeter-home/target/jmeter"
[ -f "$home/bin/ApacheJMeter.jar" ] || { echo "build first: mvn -q package -DskipTests -pl jmeter-home -am" >&2; exit 2; }
for tool in psql pgbench mysql; do command -v $tool >/dev/null || { echo "$tool is not on PATH" >&2; exit 2; }; done
work=$(mktemp -d)
db=dbstudy_loader_bench
pg() { psql -X -q -At -h 127.0.0.1 -U postgres -d "${PGDB:-postgres}" "$@"; }
my() { mysql -h 127.0.0.1 -uroot -N "$@"; }
cleanup() {
  pg -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  my -e "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

fresh_pg() { pg -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" -c "CHECKPOINT"; }

# Server CPU of one run. PostgreSQL: the backends of the benchmark's database and their parallel workers,
# sampled every 0.2 s until they exit (up to their last 0.2 s is missed); MariaDB: the whole server process, which
# includes other clients of the same server, so it is an upper bound.
my_pid=$(pgrep -f '^/usr/sbin/mariadbd' | head -1 || true)
watch_start() { # family
  : > "$work/ticks"
  if [ "$1" = postgresql ]; then
    ( while :; do
        ps -eo pid=,args= | awk -v db="$db" '
          $0 ~ "postgres: .*: [a-z]+ " db " " { print $1; ours[$1] = 1; next }
          $0 ~ "postgres: .*: parallel worker for PID" { w[$1] = $NF }
          END { for (p in w) if (w[p] in ours) print p }' \
          | while read -r p; do awk -v p="$p" '{ print p, $14 + $15 }' "/proc/$p/stat" 2>/dev/null || true; done >> "$work/ticks"
        sleep 0.2
      done ) &
    watcher=$!
  else
    awk '{ print "start", $14 + $15 }' "/proc/$my_pid/stat" > "$work/ticks"
    watcher=
  fi
}
watch_stop() { # family; prints CPU seconds
  if [ "$1" = postgresql ]; then
    kill "$watcher"; wait "$watcher" 2>/dev/null || true
    awk -v hz="$(getconf CLK_TCK)" '{ if ($2 > m[$1]) m[$1] = $2 } END { for (p in m) s += m[p]; printf "%.2f", s / hz }' "$work/ticks"
  else
    awk -v hz="$(getconf CLK_TCK)" -v now="$(awk '{ print $14 + $15 }' "/proc/$my_pid/stat")" \
        '{ printf "%.2f", (now - $2) / hz }' "$work/ticks"
  fi
}

# One TPCC_LOAD; appends "family W round ready_s data_s rows rss_mb heap_mb db_mb client_cpu_s server_cpu_s"
# to $work/loads. The client's CPU includes JMeter's start (about 2 s of CPU).
load() { # family W round
  local family=$1 w=$2 r=$3 url dialect user size
  if [ "$family" = postgresql ]; then
    fresh_pg
    url="jdbc:postgresql://127.0.0.1:5432/$db"; dialect=POSTGRESQL; user=postgres
  else
    my -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
    url="jdbc:mariadb://127.0.0.1:3306/$db"; dialect=MARIADB; user=root
  fi
  sed -e "s#@URL@#$url#; s#@USER@#$user#; s#@DIALECT@#$dialect#; s#@W@#$w#; s#@THREADS@#$threads#" \
      "$here/plan.jmx.template" > "$work/load.jmx"
  rm -f "$work/load.jtl" "$work/gc.log"
  watch_start "$family"
  /usr/bin/time -f "%M %U %S" -o "$work/rss" java -Xmx512m -Xlog:gc:file="$work/gc.log" \
      -jar "$home/bin/ApacheJMeter.jar" -n -t "$work/load.jmx" -l "$work/load.jtl" -j "$work/load.log" >/dev/null 2>&1
  # The sample's message: ... load=done warehouses=W rows=N seconds=S data_s=D keys_s=K rows_per_s=R path=P
  local server; server=$(watch_stop "$family")
  local msg; msg=$(tail -1 "$work/load.jtl")
  echo "$msg" | grep -q "load=done" || { echo "load failed: $msg" >&2; exit 1; }
  local rows ready data heap
  rows=$(echo "$msg" | sed -E 's/.*load=done warehouses=[0-9]+ rows=([0-9]+).*/\1/')
  ready=$(echo "$msg" | sed -E 's/.* seconds=([0-9.]+).*/\1/')
  data=$(echo "$msg" | sed -E 's/.* data_s=([0-9.]+).*/\1/')
  # Largest heap left after a collection: what the load keeps alive.
  heap=$(grep -oE -- '->[0-9]+M' "$work/gc.log" | tr -d '>M-' | sort -n | tail -1)
  if [ "$family" = postgresql ]; then
    size=$(pg -c "SELECT round(pg_database_size('$db') / 1e6)")
  else
    size=$(my -e "SELECT round(SUM(data_length + index_length) / 1e6) FROM information_schema.tables WHERE table_schema = '$db'")
  fi
  read -r rss user sys < "$work/rss"
  echo "$family $w $r $ready $data $rows $(( rss / 1024 )) ${heap:--} $size $(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }') \
$server" >> "$work/loads"
}

# pgbench -i at the scale with about the same rows; appends "W round total_s generate_s rows db_mb client_cpu_s
# server_cpu_s" to $work/pgbench.
pgbench_init() { # W round rows
  local w=$1 r=$2 scale=$(( ($3 + 50000) / 100000 ))
  fresh_pg
  watch_start postgresql
  local out; out=$(/usr/bin/time -f "cpu %U %S" pgbench -i -s "$scale" -h 127.0.0.1 -U postgres "$db" 2>&1 | grep "done in\|^cpu ")
  local server; server=$(watch_stop postgresql)
  local client; client=$(echo "$out" | awk '/^cpu / { print $2 + $3 }')
  local total gen
  total=$(echo "$out" | grep "done in" | sed -E 's/.*done in ([0-9.]+) s.*/\1/')
  gen=$(echo "$out" | grep "done in" | sed -E 's/.*client-side generate ([0-9.]+) s.*/\1/')
  echo "$w $r $total $gen $(( scale * 100000 + scale * 11 )) $(pg -c "SELECT round(pg_database_size('$db') / 1e6)") $client \
$server" >> "$work/pgbench"
}

# TPC-C rows for W warehouses (ORDER-LINE varies a little with the seed; this is close enough for the scale).
tpcc_rows() { echo $(( 100000 + $1 * 499230 )); }

: > "$work/loads"; : > "$work/pgbench"
echo "TPCC_LOAD with $threads threads; $(nproc) cores; rounds alternate pgbench and TPCC_LOAD order"
for r in $(seq 1 "$rounds"); do
  echo "round $r: load average $(cut -d' ' -f1-3 /proc/loadavg)"
  for w in 2 4; do
    if [ $(( r % 2 )) -eq 1 ]; then
      pgbench_init "$w" "$r" "$(tpcc_rows "$w")"; load postgresql "$w" "$r"
    else
      load postgresql "$w" "$r"; pgbench_init "$w" "$r" "$(tpcc_rows "$w")"
    fi
    load mariadb "$w" "$r"
  done
done
echo "after the last round: load average $(cut -d' ' -f1-3 /proc/loadavg)"

# Per round and per (database, W): medians and ranges, and the ratios to pgbench of the same round.
# cpu = client + server CPU seconds; rows/cpu_s is what a busy machine does not change much.
awk '
  FNR == NR { k = $1 " " $2; pgt[k] = $3; pgg[k] = $4; pgr[k] = $5; pgmb[k] = $6; pgcpu[k] = $7 + $8
              pgc[k] = $7; pgs[k] = $8; next }
  {
    k = $1 " " $2; rw = $2 " " $3; i = ++n[k]
    ready[k, i] = $4; rate[k, i] = $6 / $5; rss[k, i] = $7; heap[k, i] = $8; cpu[k, i] = $10 + $11
    cpurate[k, i] = $6 / ($10 + $11)
    line = sprintf("%-10s W=%s round %s: %7d rows %3d MB | ready %5.1f s | data %5.1f s = %7.0f rows/s | rss %3d MB heap %3s MB | cpu client %.1f + server %.1f s",
                   $1, $2, $3, $6, $9, $4, $5, $6 / $5, $7, $8, $10, $11)
    if ($1 == "postgresql") {
      g = pgr[rw] / pgg[rw]; t = pgr[rw] / pgt[rw]
      ratio[k, i] = rate[k, i] / g; rratio[k, i] = ($6 / $4) / t; cratio[k, i] = cpurate[k, i] / (pgr[rw] / pgcpu[rw])
      pgready[k, i] = pgt[rw]; pgrate[k, i] = g
      line = line sprintf("\n%-10s W=%s round %s: %7d rows %3d MB | ready %5.2f s | generate %4.2f s = %7.0f rows/s | cpu client %.1f + server %.1f s | ratio data %.2f ready %.2f cpu %.2f",
                          "pgbench -i", $2, $3, pgr[rw], pgmb[rw], pgt[rw], pgg[rw], g, pgc[rw], pgs[rw], ratio[k, i], rratio[k, i], cratio[k, i])
    }
    print line
  }
  function stat(arr, k, fmt,   m, v, i, j, t) {
    m = n[k]; for (i = 1; i <= m; i++) v[i] = arr[k, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
    return sprintf(fmt " [" fmt "-" fmt "]", v[int((m + 1) / 2)], v[1], v[m])
  }
  END {
    print ""
    print "median [range] over the rounds:"
    split("postgresql 2,postgresql 4,mariadb 2,mariadb 4", keys, ",")
    for (i = 1; i <= 4; i++) { k = keys[i]; if (!(k in n)) continue
      split(k, kw, " ")
      print sprintf("%-10s W=%s: ready %s s; data %s rows/s; %s rows per CPU second; rss %s MB; heap after GC %s MB",
                    kw[1], kw[2], stat(ready, k, "%.1f"), stat(rate, k, "%.0f"), stat(cpurate, k, "%.0f"), stat(rss, k, "%.0f"),
                    stat(heap, k, "%s"))
      if (kw[1] == "postgresql")
        print sprintf("%-10s W=%s: pgbench -i ready %s s, generate %s rows/s; ratio to pgbench: data rows/s %s, ready rows/s %s, rows per CPU s %s",
                      "", kw[2], stat(pgready, k, "%.2f"), stat(pgrate, k, "%.0f"), stat(ratio, k, "%.2f"), stat(rratio, k, "%.2f"),
                      stat(cratio, k, "%.2f"))
    }
  }' "$work/pgbench" "$work/loads"
