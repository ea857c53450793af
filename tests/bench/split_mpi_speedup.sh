#!/usr/bin/env bash
# Issue 48's MPI figure: one hard level solved whole on one core (`db solve -j 1 --threads`) against its cubes on MPI
# ranks (`mpirun -np NP ... db solve --mpi -j 1 --split --split-after 0`: rank 0 dispatches, NP - 1 ranks solve,
# one thread each), the two
# alternating, each from a fresh copy of a database holding the level alone. Prints the wall time of each whole
# command (mpirun's start included), the answers (status and moves: they must agree) and the ratio.
#   tests/bench/split_mpi_speedup.sh LEVEL...     (ROUNDS=2, NP=3, P=build/bin/pluzzle; run on an idle machine)
set -euo pipefail
P=$(realpath "${P:-build/bin/pluzzle}")
ROUNDS=${ROUNDS:-2}
NP=${NP:-3}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
answer() { grep -o '"status":"[a-z]*"\|"difficulty_label":"[^"]*"' | tr '\n' ' '; }
fresh() { rm -f "$work"/t.db*; cp "$work/a.db" "$work/t.db"; }
status=0
for level in "$@"; do
  rm -f "$work"/a.db*
  "$P" -q db import "$work/a.db" "$level" --pack bench
  for r in $(seq 1 "$ROUNDS"); do
    fresh; s=$(now); a=$("$P" --json db solve "$work/t.db" -j 1 --threads | answer); e=$(now)
    whole=$(echo "$e - $s" | bc)
    fresh; s=$(now)
    b=$(mpirun --oversubscribe --bind-to none -np "$NP" "$P" --json -q db solve "$work/t.db" --mpi -j 1 --split --split-after 0 | answer)
    e=$(now); mpi=$(echo "$e - $s" | bc)
    [ "$a" = "$b" ] || status=1
    printf '%s round %d: whole -j1 %.2f s | mpirun -np %d --split %.2f s | x%.2f | %s| %s\n' "$(basename "$level")" "$r" \
      "$whole" "$NP" "$mpi" "$(echo "$whole / $mpi" | bc -l)" "$a" "$b"
  done
done
[ "$status" -eq 0 ] && echo "answers agree" || echo "ANSWERS DIFFER"
exit "$status"
