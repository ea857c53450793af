#!/usr/bin/env bash
# deb_packages_test.sh CPACK CMAKE BUILD_DIR: builds the Debian packages from the built tree (cpack, no rebuild),
# unpacks them into a scratch root (dpkg-deb -x) and checks, from there only, that
#  - each package holds its parts and declares its dependencies (dpkg-shlibdeps ran: libc6 among them);
#  - the packaged `pluzzle` lists every plugin the build made, each from the packaged plugin folder (so a plugin
#    left out of the package, or a search path that looks elsewhere, fails), and solves and renders bundled levels;
#  - there is a man page for every command the packaged `pluzzle --help` lists;
#  - the template builds out of tree against the packaged SDK alone and the packaged `pluzzle` loads the result.
# The scratch root lies outside the build tree: a binary inside it would take the build's plugins
# (install_paths.cpp, running_from_build_tree).
set -euo pipefail
cpack=$1 cmake=$2 build=$(cd "$3" && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/pluzzle-deb-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
root=$scratch/root
fail() { echo "FAIL: $*" >&2; exit 1; }
case $scratch/ in "$build"/*) fail "scratch folder $scratch lies inside the build tree" ;; esac

# Only the packaged files may count: no plugin folder, settings or plugin path of the machine's user.
mkdir -p "$scratch/home" "$root"
export HOME=$scratch/home XDG_CONFIG_HOME=$scratch/home/.config
unset PLUZZLE_PLUGIN_PATH PLUZZLE_WORKER PLUZZLE_IN_PROCESS

echo "== cpack"
start=$(date +%s)
"$cpack" --config "$build/CPackConfig.cmake" -B "$scratch/debs" >"$scratch/cpack.log" 2>&1 ||
  { cat "$scratch/cpack.log"; fail "cpack failed"; }
echo "cpack took $(($(date +%s) - start)) s"
deb() { # the one package file of that name
  local files=("$scratch"/debs/"$1"_*.deb)
  [ ${#files[@]} -eq 1 ] && [ -f "${files[0]}" ] || fail "expected one $1_*.deb, found: ${files[*]}"
  echo "${files[0]}"
}
cli_deb=$(deb pluzzle) dev_deb=$(deb libpluzzle-dev)
editor_deb=
[ -x "$build/bin/pluzzle-editor" ] && editor_deb=$(deb pluzzle-editor)
for f in "$cli_deb" "$dev_deb" $editor_deb; do
  echo "$(basename "$f"): $(dpkg-deb -f "$f" Depends)"
  dpkg-deb -x "$f" "$root"
done

echo "== contents and dependencies"
# (Listings go through files: grep -q ends a pipe early, which pipefail would report as dpkg-deb's failure.)
listing() { dpkg-deb -c "$1" >"$scratch/listing.txt" && echo "$scratch/listing.txt"; }
has() { grep -qE " \./usr/$2\$" "$(listing "$1")" || fail "$(basename "$1") lacks /usr/$2"; }
lacks() { ! grep -qE " \./usr/$2\$" "$(listing "$1")" || fail "$(basename "$1") holds /usr/$2"; }
depends_on() {
  dpkg-deb -f "$1" Depends >"$scratch/depends.txt"
  grep -qE "(^|, )$2( |,|\$)" "$scratch/depends.txt" || fail "$(basename "$1") does not depend on $2"
}
has "$cli_deb" bin/pluzzle
has "$cli_deb" bin/pluzzle-worker
has "$cli_deb" 'lib/.*pluzzle/plugins/pluzzle_loop\.d/pluzzle_loop_image\.so'
has "$cli_deb" 'lib/.*pluzzle/pluzzle_cairo\.so'
has "$cli_deb" share/man/man1/pluzzle-solve.1.gz
has "$dev_deb" include/pluzzle/abi.h
has "$dev_deb" 'lib/.*cmake/PluzzleSDK/PluzzleSDKConfig\.cmake'
has "$dev_deb" share/pluzzle/template/CMakeLists.txt
has "$dev_deb" share/pluzzle/examples/sudoku/CMakeLists.txt
depends_on "$cli_deb" libc6
depends_on "$cli_deb" libsqlite3-0
if [ -n "$editor_deb" ]; then
  has "$editor_deb" bin/pluzzle-editor
  has "$editor_deb" share/man/man1/pluzzle-editor.1.gz
  depends_on "$editor_deb" fonts-dejavu-core
  depends_on "$editor_deb" pluzzle
  depends_on "$editor_deb" 'libsfml-graphics2\.5'
  lacks "$cli_deb" bin/pluzzle-editor
fi
lacks "$cli_deb" include/pluzzle/abi.h
lacks "$dev_deb" bin/pluzzle

pluzzle=$root/usr/bin/pluzzle
levels=$root/usr/share/pluzzle/levels
plugin_dir=$(dirname "$(find "$root/usr/lib" -name pluzzle_nonogram.so)")
[ -d "$plugin_dir" ] || fail "no packaged plugin folder"
# "id path" of each plugin `pluzzle plugins --json` lists (id comes before path on each line).
plugins_of() { "$@" plugins --json | sed -n 's/^{"id":"\([^"]*\)".*"path":"\([^"]*\)".*/\1 \2/p' | sort; }

echo "== plugins: the build's, each from $plugin_dir"
expected=$(plugins_of "$build/bin/pluzzle" | cut -d' ' -f1)
[ -n "$expected" ] || fail "the build's own pluzzle lists no plugin"
packaged=$(plugins_of "$pluzzle")
echo "$packaged"
for id in $expected; do
  path=$(echo "$packaged" | awk -v id="$id" '$1 == id { print $2 }')
  [ -n "$path" ] || fail "plugin '$id' (in the build) is not listed by the packaged pluzzle"
  [ "$(dirname "$path")" = "$plugin_dir" ] || fail "plugin '$id' was loaded from $path, not from $plugin_dir"
done
skipped=$("$pluzzle" plugins --json | grep '"skipped"' || true)
[ -z "$skipped" ] || fail "the packaged pluzzle skipped files: $skipped"

echo "== solve and render bundled levels from the package"
for level in lightsout/classic.lightsout nonogram/webpbn-00001.non loop/square-loop-05x05.loop \
  kami/square-pivot-06x06.kami sudoku/pack.sudoku; do
  [ -f "$levels/$level" ] || fail "bundled level $level is not in the package"
  "$pluzzle" -q solve "$levels/$level" --timeout 20 >"$scratch/solve.txt" ||
    { cat "$scratch/solve.txt"; fail "packaged pluzzle could not solve $level"; }
done
"$pluzzle" render "$levels/nonogram/webpbn-00001.non" -o "$scratch/level.png" # PNG: pluzzle_cairo.so from the package
[ -s "$scratch/level.png" ] || fail "render wrote no PNG"

echo "== a man page per command"
pages=$root/usr/share/man/man1
check_page() { zcat "$pages/$1.1.gz" 2>/dev/null | grep -q '^\.TH' || fail "no man page $1.1.gz for '$2'"; }
commands() { "$pluzzle" "$@" --help | awk '/^Subcommands:/ { on = 1; next } on && /^$/ { on = 0 } on && /^  [a-z]/ { print $1 }'; }
check_page pluzzle pluzzle
for c in $(commands); do check_page "pluzzle-$c" "pluzzle $c"; done
for c in $(commands db); do check_page "pluzzle-db-$c" "pluzzle db $c"; done
zcat "$pages/pluzzle-solve.1.gz" | grep -q -- 'timeout' || fail "pluzzle-solve.1 does not show solve's options"

echo "== the template, out of tree against the packaged SDK only"
start=$(date +%s)
cp -r "$root/usr/share/pluzzle/template" "$scratch/my_puzzle"
# None: no -O (the compile is what is tested, not the plugin's speed); system paths off: only the scratch root's SDK.
"$cmake" -S "$scratch/my_puzzle" -B "$scratch/my_puzzle/build" -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_PREFIX_PATH="$root/usr" -DCMAKE_FIND_USE_CMAKE_SYSTEM_PATH=OFF -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
  >"$scratch/template.log" 2>&1 || { cat "$scratch/template.log"; fail "the template does not configure"; }
sdk_dir=$(sed -n 's/^PluzzleSDK_DIR:PATH=//p' "$scratch/my_puzzle/build/CMakeCache.txt")
case $sdk_dir in "$root"/usr/*) ;; *) fail "the template found the SDK at '$sdk_dir', not in the package" ;; esac
"$cmake" --build "$scratch/my_puzzle/build" -j"$(nproc)" >>"$scratch/template.log" 2>&1 ||
  { cat "$scratch/template.log"; fail "the template does not build against the packaged SDK"; }
echo "the template took $(($(date +%s) - start)) s to configure and build"
ours=$(PLUZZLE_PLUGIN_PATH=$scratch/my_puzzle/build plugins_of "$pluzzle" | awk '$1 == "lightsout" { print $2 }')
[ "$ours" = "$scratch/my_puzzle/build/pluzzle_lightsout.so" ] || fail "the template's plugin was not loaded ('$ours')"
PLUZZLE_PLUGIN_PATH=$scratch/my_puzzle/build "$pluzzle" -q solve "$levels/lightsout/classic.lightsout" >/dev/null ||
  fail "the template's plugin does not solve classic.lightsout"
echo "PASS"
