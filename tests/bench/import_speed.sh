#!/usr/bin/env bash
# `db import` of many level files (issue 13): the import's wall time against a same-run baseline, the dry run
# (`--dry-run`: the same files read, parsed, checked and encoded, nothing written), so the ratio shows what the
# database itself costs. Rounds alternate the two; medians are printed.
# usage: tests/bench/import_speed.sh BUILD_DIR FOLDER_OF_LEVEL_FILES [ROUNDS]     (e.g. the webpbn .non exports)
set -euo pipefail
P=$(realpath "$1/bin/pluzzle")
folder=$2
rounds=${3:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$folder"
mapfile -t files < <(ls)
echo "${#files[@]} files in $folder"
seconds() { # command... -> wall seconds
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}
dry="" imp=""
for ((r = 0; r < rounds; ++r)); do
    dry+="$(seconds "$P" -q db import "$work/x.db" "${files[@]}" --pack p --dry-run) "
    rm -f "$work"/x.db*
    imp+="$(seconds "$P" -q db import "$work/x.db" "${files[@]}" --pack p) "
done
"$P" --json db list "$work/x.db"
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
d=$(echo "$dry" | median)
i=$(echo "$imp" | median)
printf 'dry run (read + check, baseline): %s s   import: %s s   import / dry run: %.2f   (rounds: dry %s| import %s)\n' \
    "$d" "$i" "$(echo "$i / $d" | bc -l)" "$dry" "$imp"
