#!/bin/bash
# Issue 48's speed-up: one hard level solved whole on one core, then split into cubes (`solve --split
# --split-after 0`) on one and on two jobs, alternating, on an idle machine. Prints each wall time, the answer
# (status and bounds: all three must agree) and the ratios to the whole solve and to the split on one job.
#   tests/bench/split_speedup.sh LEVEL...        (ROUNDS=3 by default; P=build/bin/pluzzle)
set -euo pipefail
P=${P:-build/bin/pluzzle}
ROUNDS=${ROUNDS:-3}
now() { date +%s.%N; }
answer() { grep -o '"status":"[a-z]*"\|"lower_bound":[0-9.]*\|"upper_bound":[0-9.]*' | tr '\n' ' '; }
for level in "$@"; do
  for r in $(seq 1 "$ROUNDS"); do
    s=$(now); a=$($P --in-process --json solve "$level" -j 1 | answer); e=$(now); whole=$(echo "$e - $s" | bc)
    s=$(now); b=$($P --in-process --json -q solve "$level" -j 1 --split --split-after 0 | answer); e=$(now)
    one=$(echo "$e - $s" | bc)
    s=$(now); c=$($P --in-process --json -q solve "$level" -j 2 --split --split-after 0 | answer); e=$(now)
    two=$(echo "$e - $s" | bc)
    printf '%s round %d: whole -j1 %.2f s | split -j1 %.2f s | split -j2 %.2f s | x%.2f vs whole, x%.2f vs split -j1 | %s| %s| %s\n' \
      "$(basename "$level")" "$r" "$whole" "$one" "$two" "$(echo "$whole / $two" | bc -l)" "$(echo "$one / $two" | bc -l)" \
      "$a" "$b" "$c"
  done
done
