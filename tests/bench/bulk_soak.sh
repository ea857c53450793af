#!/usr/bin/env bash
# Soak (issue 14): `db solve` of 10^4 and 10^5 generated levels (7x7 Lights Out, ~0.02 ms each), peak RSS of the
# whole process for each. Memory must stay flat: the dispatcher reads levels a page at a time and keeps only those
# in flight. Same-run baseline: the 10^4 run's peak (the ratio 10^5 / 10^4 should be ~1).
# usage: tests/bench/bulk_soak.sh [BUILD_DIR] [JOBS]
set -euo pipefail
P=$(realpath "${1:-build}/bin/pluzzle")
jobs=${2:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
declare -A peak wall
for n in 10000 100000; do
    "$P" -q generate lightsout --param width=7 --param height=7 --seed 1 --count $n -o "$work/p$n.json"
    "$P" -q db import "$work/s$n.db" "$work/p$n.json" --pack soak
    /usr/bin/time -f "%M %e" -o "$work/time$n" "$P" -q db solve "$work/s$n.db" -j "$jobs" >/dev/null
    read -r peak[$n] wall[$n] <"$work/time$n"
    echo "$n levels: peak RSS $((peak[$n] / 1024)) MiB, ${wall[$n]} s"
done
printf 'peak RSS 10^5 / 10^4: %.3f\n' "$(echo "${peak[100000]} / ${peak[10000]}" | bc -l)"
