#!/usr/bin/env bash
# Issue 48's overhead figure: the bundled packs (data/, as command 1 imports them) bulk-solved plain and with
# --split (default --split-after: a level that solves fast is never split), alternating, each from a fresh copy of
# the database, on every core. Prints the summary's wall time of each run and the ratio split / plain (target: within
# 10%) and whether the two runs agree on every level's status.
#   tests/bench/split_pack_overhead.sh [BUILD_DIR] [ROUNDS]     (run on an idle machine)
set -euo pipefail
build=${1:-build}
rounds=${2:-3}
P=$(realpath "$build/bin/pluzzle")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for folder in data/*/; do
  files=()
  while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$folder" -type f ! -name '*.md' -print0 | sort -z)
  [ ${#files[@]} -gt 0 ] && "$P" -q db import "$work/a.db" "${files[@]}" --pack "$(basename "$folder")"
done
run() { # name, extra options: prints the wall time; the statuses go to $work/name.txt
  rm -f "$work"/t.db*
  cp "$work/a.db" "$work/t.db"
  "$P" --json -q db solve "$work/t.db" --jobs 0 --timeout 30 "${@:2}" >"$work/out.json" || true
  grep -o '"level_id":[0-9]*\|"status":"[a-z]*"' "$work/out.json" | paste - - | sort >"$work/$1.txt"
  grep -o '"wall_s":[0-9.]*' "$work/out.json" | cut -d: -f2
}
plain_all="" split_all=""
for ((r = 1; r <= rounds; ++r)); do
  if ((r % 2)); then p=$(run plain); s=$(run split --split); else s=$(run split --split); p=$(run plain); fi
  plain_all+="$p " split_all+="$s "
  printf 'round %d: plain %.3f s | --split %.3f s | split / plain %.3f\n' "$r" "$p" "$s" "$(echo "$s / $p" | bc -l)"
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
pm=$(echo "$plain_all" | median) sm=$(echo "$split_all" | median)
printf 'median: plain %.3f s, --split %.3f s, split / plain %.3f (%d levels)\n' "$pm" "$sm" "$(echo "$sm / $pm" | bc -l)" \
  "$(wc -l <"$work/plain.txt")"
if cmp -s "$work/plain.txt" "$work/split.txt"; then echo "statuses agree"; else echo "STATUSES DIFFER"; exit 1; fi
