#!/usr/bin/env bash
# Opens a plan in the real JMeter GUI under Xvfb, selects a tree node with keys, saves a screenshot,
# and fails when jmeter.log has an ERROR. Needs: Debian packages xvfb, xdotool, imagemagick, and
# `mvn -q install -DskipTests` (for jmeter-home/target/jmeter).
#
#   docs/tools/gui-screenshot.sh PLAN.jmx OUT.png [WAIT_SECONDS=25] ["KEYS to select a node"]
#   e.g. docs/tools/gui-screenshot.sh plan-templates/dbstudy-tpcb-postgresql.jmx /tmp/s.png 25 "Down Down Down Right Down Down Down Down Down Down"
#   KEYS may also hold click:X,Y (window coordinates) and shot:FILE.png (a screenshot on the way).
set -euo pipefail
plan=$(realpath "$1"); out=$(realpath -m "$2"); wait=${3:-25}; keys=${4:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
home="$root/jmeter-home/target/jmeter"
[ -f "$home/bin/ApacheJMeter.jar" ] || { echo "build first: mvn -q install -DskipTests" >&2; exit 2; }
for tool in Xvfb xdotool import; do command -v $tool >/dev/null || { echo "needs $tool (apt-get install xvfb xdotool imagemagick)" >&2; exit 2; }; done
display=:$((90 + RANDOM % 9))
work=$(mktemp -d)
Xvfb "$display" -screen 0 1400x900x24 >/dev/null 2>&1 & xvfb=$!
trap 'kill $jmeter $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1
DISPLAY=$display java -jar "$home/bin/ApacheJMeter.jar" -t "$plan" -j "$work/jmeter.log" >/dev/null 2>&1 & jmeter=$!
sleep "$wait"
win=$(DISPLAY=$display xdotool search --name "Apache JMeter" | head -1)
if [ -n "$keys" ] && [ -n "$win" ]; then
  DISPLAY=$display xdotool windowactivate --sync "$win" 2>/dev/null || true
  # Click into the tree (top-left panel), go to the top, then follow the keys.
  DISPLAY=$display xdotool windowmove "$win" 0 0 windowsize "$win" 1400 900; sleep 1
  DISPLAY=$display xdotool mousemove --window "$win" 110 63 click 1; sleep 0.5
  DISPLAY=$display xdotool key Home; sleep 0.3
  # A key name, click:X,Y (window coordinates), e.g. click:43,36 for the toolbar's Templates button,
  # or shot:FILE.png for a screenshot on the way (several views from one start of JMeter).
  for k in $keys; do
    case "$k" in
      click:*) xy=${k#click:}; DISPLAY=$display xdotool mousemove --window "$win" "${xy%,*}" "${xy#*,}" click 1 ;;
      shot:*) sleep 1; DISPLAY=$display import -window root "${k#shot:}" ;;
      *) DISPLAY=$display xdotool key "$k" ;;
    esac
    sleep 0.5
  done
  sleep 3
fi
DISPLAY=$display import -window root "$out"
if grep -E " ERROR " "$work/jmeter.log"; then
  echo "jmeter.log has errors (above)" >&2; exit 1
fi
echo "screenshot: $out (jmeter.log: $(grep -c . "$work/jmeter.log") lines, no ERROR)"
