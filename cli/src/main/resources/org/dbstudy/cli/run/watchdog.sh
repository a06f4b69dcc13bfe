# The watchdog of one dbstudy run (RunChildren): reads what the run tells it on standard input, and when
# that input ends (the runner is gone, however it died) stops whatever of the run is still there.
#   + PID:SIGNAL   a process, stopped with SIGNAL, then SIGKILL 10 s later if it still runs
#   t PID          a command: it and every process below it, SIGKILL at once
#   d FOLDER       a server's folder: every process whose command line names it (-D FOLDER, =FOLDER/...,
#                  or a program inside it) gets SIGINT, the fast shutdown, then SIGKILL 10 s later if it still runs
#   - PID / u FOLDER   ended: no longer watched
trap '' INT HUP
nl='
'
pids=''
trees=''
dirs=''
while IFS= read -r line; do
  op=${line%% *}
  arg=${line#* }
  case $op in
    +) pids="$pids $arg" ;;
    -) left=''; for e in $pids; do [ "${e%%:*}" = "$arg" ] || left="$left $e"; done; pids=$left
       left=''; for e in $trees; do [ "$e" = "$arg" ] || left="$left $e"; done; trees=$left ;;
    t) trees="$trees $arg" ;;
    d) dirs="$dirs$arg$nl" ;;
    u) left=''
       while IFS= read -r e; do [ -z "$e" ] || [ "$e" = "$arg" ] || left="$left$e$nl"; done <<EOD
$dirs
EOD
       dirs=$left ;;
  esac
done
# The processes whose command line names a watched folder (one grep and one tr for all of them).
named() {
  [ -n "$dirs" ] || return 0
  grep -a -H -s '' /proc/[0-9]*/cmdline | tr '\0' ' ' | while IFS= read -r l; do
    p=${l#/proc/}; p=${p%%/*}; c=${l#*/cmdline:}
    while IFS= read -r d; do
      [ -n "$d" ] || continue
      case " $c" in *" -D $d "*|*" -D $d/"*|*"=$d "*|*"=$d/"*|" $d/"*) echo "$p"; break ;; esac
    done <<EOD
$dirs
EOD
  done
}
# $1 and every process below it, from one read of all /proc/PID/stat (a name may hold ") ").
tree() {
  found=" $1 "
  all=$(cat /proc/[0-9]*/stat 2>/dev/null)
  more=1
  while [ $more = 1 ]; do
    more=0
    while IFS= read -r l; do
      r=${l##*') '}
      set -- $r
      case $found in *" $2 "*) case $found in *" ${l%% *} "*) ;; *) found="$found${l%% *} "; more=1 ;; esac ;; esac
    done <<EOD
$all
EOD
  done
  echo $found
}
[ -n "$pids$trees$dirs" ] || exit 0
for t in $trees; do kill -s KILL $(tree "$t") 2>/dev/null; done
for e in $pids; do kill -s "${e#*:}" "${e%%:*}" 2>/dev/null; done
for p in $(named); do kill -s INT "$p" 2>/dev/null; done
# Up to 10 s for them to end, but no longer than they take: a watchdog is a process of the run too.
i=0
while [ $i -lt 10 ]; do
  sleep 1
  alive=''
  for e in $pids; do kill -0 "${e%%:*}" 2>/dev/null && alive=1; done
  [ -n "$alive" ] || [ -n "$(named)" ] || exit 0
  i=$((i + 1))
done
for e in $pids; do kill -s KILL "${e%%:*}" 2>/dev/null; done
for p in $(named); do kill -s KILL "$p" 2>/dev/null; done
