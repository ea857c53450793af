#!/usr/bin/env bash
# What reading files in the plugin sandbox costs (issue 15 target: < 5 ms a file when the extension is claimed, so
# only one plugin parses). N small Lights Out files are read by `pluzzle db import --dry-run` (read and check every
# file, write nothing) with the sandbox (the default) and `--in-process`, in the same run, alternating; the median
# wall time of each, and the difference per file. The same for an unclaimed extension (.txt: every plugin's parser is
# tried, each in the worker first), and for one file (the fixed cost: starting the worker beside loading plugins).
# usage: tests/bench/detect_overhead.sh [BUILD_DIR] [FILES] [ROUNDS]      (run on an idle machine: check `uptime`)
set -euo pipefail
build=${1:-build}
files=${2:-2000}
rounds=${3:-5}
P=$(realpath "$build/bin/pluzzle")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/claimed" "$work/unclaimed"
for ((i = 0; i < files; ++i)); do
    row=$(printf '%05d' "$(( (i * 7919) % 32768 ))" | tr '0-9' '.#.#.#.#.#')
    printf 'lightsout 1\nsize 5 1\n%s\n' "$row" >"$work/claimed/l$i.lightsout"
    cp "$work/claimed/l$i.lightsout" "$work/unclaimed/l$i.txt"
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
seconds() { # command... -> wall seconds
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}
report() { # label, count, glob
    local label=$1 count=$2 glob=$3 sandboxed="" in_process=""
    for ((r = 0; r < rounds; ++r)); do
        # shellcheck disable=SC2086
        sandboxed+="$(seconds "$P" -q db import "$work/x.db" $glob --pack p --dry-run) "
        # shellcheck disable=SC2086
        in_process+="$(seconds "$P" -q --in-process db import "$work/x.db" $glob --pack p --dry-run) "
    done
    local s i
    s=$(echo "$sandboxed" | median)
    i=$(echo "$in_process" | median)
    printf '%-28s %6d file(s)  sandbox %7.3f s  in process %7.3f s  ratio %5.2f  extra %7.3f ms a file\n' \
        "$label" "$count" "$s" "$i" "$(echo "$s / $i" | bc -l)" "$(echo "($s - $i) * 1000 / $count" | bc -l)"
}
echo "pluzzle $("$P" --version | cut -d' ' -f2), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), median of $rounds"
report "claimed (.lightsout)" "$files" "$work/claimed/*.lightsout"
report "unclaimed (.txt, content)" "$files" "$work/unclaimed/*.txt"
report "one file (fixed cost)" 1 "$work/claimed/l0.lightsout"
