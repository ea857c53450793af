#!/bin/bash
# Issue 47's speed claim: two `db solve -j 1` runs on one database against one `db solve -j 2` on a copy, same
# pack, alternating, on an idle machine. Prints wall seconds per round and the ratio.
set -euo pipefail
P=${P:-build/bin/pluzzle}
PACK=${PACK:-../shared/data/nonogram/tournament/question/taai2011.txt}
ROUNDS=${ROUNDS:-3}
T=$(mktemp -d)
$P -q db import $T/base.db "$PACK" --pack p
now() { date +%s.%N; }
for r in $(seq 1 $ROUNDS); do
  cp $T/base.db $T/one.db; cp $T/base.db $T/two.db
  s=$(now); $P -q db solve $T/one.db --jobs 2 >/dev/null; e=$(now)
  one=$(echo "$e - $s" | bc)
  s=$(now)
  $P -q db solve $T/two.db --jobs 1 >/dev/null & a=$!
  sleep 0.2
  $P -q db solve $T/two.db --jobs 1 >/dev/null & b=$!
  wait $a $b; e=$(now)
  two=$(echo "$e - $s" | bc)
  rows1=$(sqlite3 $T/one.db "select count(*) from results"); rows2=$(sqlite3 $T/two.db "select count(*) from results")
  printf "round %d: one run -j 2: %.2f s (%s results); two runs -j 1: %.2f s (%s results); ratio %.3f\n" \
    $r $one $rows1 $two $rows2 $(echo "$two / $one" | bc -l)
done
rm -rf $T
