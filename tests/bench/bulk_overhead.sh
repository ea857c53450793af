#!/usr/bin/env bash
# The dispatcher's own cost per level (issue 13: <= 0.1 ms with threads, <= 0.5 ms with --isolate or MPI), on tiny
# levels: 5,000 generated 20x20 Lights Out boards (~0.6 ms each). Each mode runs with ONE worker, so the summary's
# wall time minus the solves' own time (the summary table's time column: each solve as timed around the plugin's
# call, in whichever process ran it) is what the host adds per level: parse the stored text, hand out, carry the
# result back, commit, report. For reference, `pluzzle bench` times the same solves on one thread in one process.
# usage: tests/bench/bulk_overhead.sh [BUILD_DIR] [ROUNDS]      (run on an idle machine: check `uptime`)
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
P=$(realpath "$build/bin/pluzzle")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
levels=5000
"$P" -q generate lightsout --param width=20 --param height=20 --seed 1 --count $levels -o "$work/pack.json"
"$P" -q db import "$work/a.db" "$work/pack.json" --pack bulk

declare -A inner host
run() { # name, command...
    local name=$1
    shift
    cp "$work/a.db" "$work/t.db"
    rm -f "$work/t.db-wal" "$work/t.db-shm"
    "$@" >"$work/out.txt" 2>&1 || true
    local wall solves
    wall=$(grep -o 'wall [0-9.]* s' "$work/out.txt" | tail -1 | cut -d' ' -f2)
    solves=$(awk '$1 == "lightsout" {s += $4} END {print s}' "$work/out.txt")
    inner[$name]+="$wall "
    host[$name]+="$(echo "($wall - $solves) * 1000 / $levels" | bc -l | xargs printf '%.4f') "
}
solves=""
for ((r = 0; r < rounds; ++r)); do
    solves+="$("$P" bench "$work/pack.json" | grep -o 'cpu [0-9.]* s' | head -1 | cut -d' ' -f2) "
    run threads "$P" -q db solve "$work/t.db" -j 1 --threads
    run isolate "$P" -q db solve "$work/t.db" -j 1 --isolate
    run mpi mpirun --oversubscribe --bind-to none -np 2 "$P" -q db solve "$work/t.db" --mpi -j 1
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
base=$(echo "$solves" | median)
echo "$levels levels; the solves alone (pluzzle bench, one thread): $base s CPU (rounds: $solves)"
printf '%-8s %10s %14s   %s\n' mode "wall (s)" "host ms/level" "host ms/level per round"
for mode in threads isolate mpi; do
    printf '%-8s %10.3f %14.4f   %s\n' "$mode" "$(echo "${inner[$mode]}" | median)" \
        "$(echo "${host[$mode]}" | median)" "${host[$mode]}"
done
echo "ceilings: threads 0.1, isolate 0.5, mpi 0.5 ms per level"
