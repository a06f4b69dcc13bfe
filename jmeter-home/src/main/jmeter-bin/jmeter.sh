#!/usr/bin/env bash
# The name JMeter's distribution also starts it by: the same as bin/jmeter beside it.
exec "$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)/jmeter" "$@"
