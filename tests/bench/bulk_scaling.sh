#!/usr/bin/env bash
# Bulk dispatcher scaling (issue 13): the same pack of levels solved by `db solve` with threads, worker processes
# (--isolate) and MPI ranks, at 1 and 2 workers, rounds interleaved so load drifts hit every mode alike. Prints
# levels/s per run (median of the rounds) and the ratios the issue sets floors for, each against a baseline
# measured in this same run -- twice: end to end (the command's wall time: process start, plugin loading, mpirun)
# and the dispatcher's own wall time (the summary's "wall", from the first level handed out to the last stored):
#   2 workers / 1 worker in every mode (>= 1.9), isolate / threads wall time (<= 1.05), MPI 2 ranks / 2 threads
#   (>= 0.95).
# And the machine's own ceiling for "2 workers / 1 worker": two independent `pluzzle bench` processes, each solving
# one half of the pack (no dispatcher, no database), against one process solving all of it.
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
# Two halves (generator seeds are consecutive: the halves together are exactly the pack of seed 1, count $levels).
half=$((levels / 2))
"$P" -q generate loop --param width=200 --param height=200 --seed 1 --count "$half" -o "$work/half1.json"
"$P" -q generate loop --param width=200 --param height=200 --seed $((1 + half)) --count "$((levels - half))" \
    -o "$work/half2.json"
"$P" -q generate loop --param width=200 --param height=200 --seed 1 --count "$levels" -o "$work/pack.json"
"$P" -q db import "$work/a.db" "$work/pack.json" --pack a
echo "pack: $levels loop boards 200x200; solver alone on one thread:"
"$P" bench "$work/pack.json" | tail -2

declare -A walls inner
ceiling=""
bench_pair() { # one process on both halves, then two at once, one half each: wall seconds, appended to ceiling
    local start mid end
    start=$(date +%s.%N)
    "$P" bench "$work/half1.json" "$work/half2.json" >/dev/null
    mid=$(date +%s.%N)
    "$P" bench "$work/half1.json" >/dev/null &
    "$P" bench "$work/half2.json" >/dev/null
    wait
    end=$(date +%s.%N)
    ceiling+="$(echo "($mid - $start) / ($end - $mid)" | bc -l | xargs printf '%.3f') "
}
run() { # name, command...
    local name=$1
    shift
    cp "$work/a.db" "$work/t.db"
    rm -f "$work/t.db-wal" "$work/t.db-shm"
    local start end
    start=$(date +%s.%N)
    "$@" >"$work/out.txt" 2>&1 || true
    end=$(date +%s.%N)
    walls[$name]+="$(echo "$end - $start" | bc) "
    inner[$name]+="$(grep -o 'wall [0-9.]* s' "$work/out.txt" | tail -1 | cut -d' ' -f2) "
}
for ((r = 0; r < rounds; ++r)); do
    bench_pair
    for w in 1 2; do
        run "threads-$w" "$P" -q db solve "$work/t.db" -j "$w" --threads
        run "isolate-$w" "$P" -q db solve "$work/t.db" -j "$w" --isolate
        run "mpi-$w" "${MPI[@]}" -np $((w + 1)) "$P" -q db solve "$work/t.db" --mpi -j 1
    done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
ratio() { echo "$1 / $2" | bc -l; }
report() { # title, array name
    local -n w=$2
    declare -A m
    echo "== $1"
    printf '%-10s %10s %10s\n' run "wall (s)" "levels/s"
    for name in threads-1 threads-2 isolate-1 isolate-2 mpi-1 mpi-2; do
        m[$name]=$(echo "${w[$name]}" | median)
        printf '%-10s %10.3f %10.1f\n' "$name" "${m[$name]}" "$(echo "$levels / ${m[$name]}" | bc -l)"
    done
    printf 'speed-up at 2 workers: threads %.2fx, isolate %.2fx, mpi %.2fx (floor 1.9)\n' \
        "$(ratio "${m[threads-1]}" "${m[threads-2]}")" "$(ratio "${m[isolate-1]}" "${m[isolate-2]}")" \
        "$(ratio "${m[mpi-1]}" "${m[mpi-2]}")"
    printf 'isolate / threads wall: %.3f at 1 worker, %.3f at 2 (ceiling 1.05)\n' \
        "$(ratio "${m[isolate-1]}" "${m[threads-1]}")" "$(ratio "${m[isolate-2]}" "${m[threads-2]}")"
    printf 'mpi 2 ranks / 2 threads, rate: %.3f (floor 0.95)\n' "$(ratio "${m[threads-2]}" "${m[mpi-2]}")"
}
report "end to end (the command's wall time)" walls
report "the dispatcher's wall time (the summary's)" inner
printf "the machine's ceiling, two independent processes / one: %.3fx (median; rounds: %s)\n" \
    "$(echo "$ceiling" | median)" "$ceiling"
