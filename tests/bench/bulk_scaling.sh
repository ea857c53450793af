#!/usr/bin/env bash
# Bulk dispatcher scaling (issue 13): the same pack of levels solved by `db solve` with threads, worker processes
# (--isolate) and MPI ranks, at 1 and 2 workers, rounds interleaved so load drifts hit every mode alike. Prints
# levels/s per run (median of the rounds) and the ratios the issue sets floors for, each against a baseline
# measured in this same run:
#   2 workers / 1 worker in every mode (>= 1.9), isolate / threads wall time (<= 1.05), MPI 2 ranks / 2 threads
#   (>= 0.95).
# usage: tests/bench/bulk_scaling.sh [BUILD_DIR] [LEVELS] [ROUNDS]     (run on an idle machine: check `uptime`)
set -euo pipefail
build=${1:-build}
levels=${2:-300}
rounds=${3:-3}
P=$(realpath "$build/bin/pluzzle")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
MPI=(mpirun --oversubscribe --bind-to none)

# Loop boards of 200x200 tiles: 10-50 ms each to solve (deterministic: the same nodes every run).
"$P" -q generate loop --param width=200 --param height=200 --seed 1 --count "$levels" -o "$work/pack.json"
"$P" -q db import "$work/a.db" "$work/pack.json" --pack a
echo "pack: $levels loop boards 200x200; solver alone on one thread:"
"$P" bench "$work/pack.json" | tail -2

declare -A walls
run() { # name, command...
    local name=$1
    shift
    cp "$work/a.db" "$work/t.db"
    rm -f "$work/t.db-wal" "$work/t.db-shm"
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    walls[$name]+="$(echo "$end - $start" | bc) "
}
for ((r = 0; r < rounds; ++r)); do
    for w in 1 2; do
        run "threads-$w" "$P" -q db solve "$work/t.db" -j "$w" --threads
        run "isolate-$w" "$P" -q db solve "$work/t.db" -j "$w" --isolate
        run "mpi-$w" "${MPI[@]}" -np $((w + 1)) "$P" -q db solve "$work/t.db" --mpi -j 1
    done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
declare -A wall
printf '%-10s %10s %10s\n' run "wall (s)" "levels/s"
for name in threads-1 threads-2 isolate-1 isolate-2 mpi-1 mpi-2; do
    wall[$name]=$(echo "${walls[$name]}" | median)
    printf '%-10s %10.3f %10.1f\n' "$name" "${wall[$name]}" "$(echo "$levels / ${wall[$name]}" | bc -l)"
done
ratio() { echo "$1 / $2" | bc -l; }
printf 'speed-up at 2 workers: threads %.2fx, isolate %.2fx, mpi %.2fx (floor 1.9)\n' \
    "$(ratio "${wall[threads-1]}" "${wall[threads-2]}")" "$(ratio "${wall[isolate-1]}" "${wall[isolate-2]}")" \
    "$(ratio "${wall[mpi-1]}" "${wall[mpi-2]}")"
printf 'isolate / threads wall: %.3f at 1 worker, %.3f at 2 (ceiling 1.05)\n' \
    "$(ratio "${wall[isolate-1]}" "${wall[threads-1]}")" "$(ratio "${wall[isolate-2]}" "${wall[threads-2]}")"
printf 'mpi 2 ranks / 2 threads, rate: %.3f (floor 0.95)\n' "$(ratio "${wall[threads-2]}" "${wall[mpi-2]}")"
