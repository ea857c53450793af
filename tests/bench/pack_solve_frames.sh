#!/usr/bin/env bash
# Issue 16's target: a 1,000-level pack solved from the editor keeps the window responsive (frame time under 30 ms
# while it runs). The editor runs under Xvfb with a script that starts "Solve pack" on 1,000 generated 20x20 (SIZE)
# nonograms (not made unique, so each solve searches on for a second solution: ~15 ms each, ~15 s in all on one
# core) and waits for it; its dump reports each frame's time while the solve ran and, as the same run's
# baseline, while it did not (the frames after it). Prints both and their ratio.
# usage: tests/bench/pack_solve_frames.sh [BUILD_DIR] [LEVELS] [SIZE]     (run on an idle machine: check `uptime`)
set -euo pipefail
build=${1:-build}
levels=${2:-1000}
size=${3:-20}
P=$(realpath "$build/bin/pluzzle")
E=$(realpath "$build/bin/pluzzle-editor")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$P" -q generate nonogram --param width=$size --param height=$size --param density=0.4 --param unique=false --seed 1 --count "$levels" -o "$work/pack.json"
"$P" -q db import "$work/a.db" "$work/pack.json" --pack big
cat >"$work/script.txt" <<SCRIPT
open-db $work/a.db
pack big
solve-pack 10
wait-pack 1200
frames 300
dump
SCRIPT
out=$(xvfb-run -a -s '-screen 0 1280x800x24' "$E" --size 1024x700 --recovery-dir "$work/rec" --script "$work/script.txt" 2>"$work/err.txt") || {
    cat "$work/err.txt" >&2
    exit 1
}
field() { echo "$out" | tr ' ' '\n' | grep "^$1=" | cut -d= -f2; }
echo "levels: $levels of ${size}x$size ($(nproc) cores; the solve uses all but one)"
echo "while solving: $(field pack_frames) frames, p50 $(field pack_ms_p50) ms, p95 $(field pack_ms_p95) ms, max $(field pack_ms_max) ms"
echo "idle (after):  $(field idle_frames) frames, p50 $(field idle_ms_p50) ms, p95 $(field idle_ms_p95) ms, max $(field idle_ms_max) ms"
echo "p95 ratio solving/idle: $(echo "$(field pack_ms_p95) / $(field idle_ms_p95)" | bc -l | cut -c1-5)"
