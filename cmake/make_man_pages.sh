#!/usr/bin/env bash
# make_man_pages.sh OUT_DIR VERSION PLUZZLE [EDITOR]: one man page per command, written by help2man from the
# command's own --help, so a page never says other than the CLI: pluzzle.1, pluzzle-<command>.1 for each
# subcommand of `pluzzle --help`, pluzzle-db-<command>.1 for each of `pluzzle db --help`, and pluzzle-editor.1.
# The pages are gzipped (-n: no time stamp, so the same build makes the same package). Run by cmake/PluzzleManPages.cmake.
set -euo pipefail
out=$1 version=$2 pluzzle=$3 editor=${4:-}
wrappers=$(mktemp -d)
trap 'rm -rf "$wrappers"' EXIT
rm -rf "$out" && mkdir -p "$out"
# --settings shows its default, the home of whoever runs it: the page shows the reader's own instead.
export HOME='~'
unset XDG_CONFIG_HOME

# The subcommands a help text lists, one "name<TAB>description" a line (CLI11: "  name   description" after
# "Subcommands:", up to the next blank line).
subcommands() {
  "$pluzzle" "$@" --help | awk '/^Subcommands:/ { on = 1; next }
    on && /^$/ { on = 0 }
    on && /^  [a-z]/ { name = $1; sub(/^  [^ ]+ +/, ""); print name "\t" $0 }'
}

# page NAME DESCRIPTION COMMAND...: NAME.1.gz from `COMMAND... --help`. help2man runs a program by its path and
# takes the page's name from it, so each subcommand gets a two-line wrapper named after the page.
page() {
  local name=$1 description=$2
  shift 2
  { printf '#!/bin/sh\nexec'; printf ' %q' "$@"; printf ' "$@"\n'; } >"$wrappers/$name"
  chmod +x "$wrappers/$name"
  help2man --no-info --no-discard-stderr --version-string="$version" --name="$description" \
    --section=1 --source="Pluzzle $version" --output="$out/$name.1" "$wrappers/$name"
  [ -s "$out/$name.1" ] || { echo "make_man_pages: help2man wrote nothing for $name" >&2; exit 1; }
  gzip -9n -f "$out/$name.1"
}

page pluzzle "puzzle engine: plugins, solving, level databases" "$pluzzle"
while IFS=$'\t' read -r command description; do
  page "pluzzle-$command" "$description" "$pluzzle" "$command"
done < <(subcommands)
while IFS=$'\t' read -r command description; do
  page "pluzzle-db-$command" "$description" "$pluzzle" db "$command"
done < <(subcommands db)
if [ -n "$editor" ]; then
  page pluzzle-editor "level editor and player for every installed Pluzzle plugin" "$editor"
fi
[ -f "$out/pluzzle-db-solve.1.gz" ] || { echo "make_man_pages: no db subcommands found in 'pluzzle db --help'" >&2; exit 1; }
