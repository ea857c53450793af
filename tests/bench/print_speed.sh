#!/usr/bin/env bash
# `pluzzle db print` of a 100-level pack (issue 16 target: under 5 s), solutions at the back, every drawing made in
# the plugin sandbox; the same print with --in-process in the same run is the baseline (what the sandbox costs).
# Levels: 100 generated 15x15 nonograms, solved first so the booklet uses stored solutions (the usual case: an
# author prints a pack the bulk solver has been through).
# usage: tests/bench/print_speed.sh [BUILD_DIR] [ROUNDS]      (run on an idle machine: check `uptime`)
set -euo pipefail
build=${1:-build}
rounds=${2:-5}
P=$(realpath "$build/bin/pluzzle")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$P" -q generate nonogram --param width=15 --param height=15 --seed 1 --count 100 -o "$work/pack.json"
"$P" -q db import "$work/a.db" "$work/pack.json" --pack hundred
"$P" -q db solve "$work/a.db" >/dev/null
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
seconds() { # command... -> wall seconds
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}
sandboxed="" in_process=""
for ((r = 0; r < rounds; ++r)); do
    sandboxed+="$(seconds "$P" -q db print "$work/a.db" --pack hundred --per-page 4 -o "$work/s.pdf") "
    in_process+="$(seconds "$P" -q --in-process db print "$work/a.db" --pack hundred --per-page 4 -o "$work/i.pdf") "
done
s=$(echo "$sandboxed" | median)
i=$(echo "$in_process" | median)
echo "pluzzle $("$P" --version | cut -d' ' -f2), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), median of $rounds"
echo "booklet: $(pdfinfo "$work/s.pdf" | grep Pages | tr -s ' '), $(stat -c %s "$work/s.pdf") bytes"
printf 'db print, 100 levels, 4 a page:  sandbox %.3f s   in process %.3f s   ratio %.2f   (target < 5 s)\n' \
    "$s" "$i" "$(echo "$s / $i" | bc -l)"
