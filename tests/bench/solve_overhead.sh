#!/usr/bin/env bash
# What the plugin sandbox costs one big solve (issue 45 targets: a 1000x1000 loop board of ~7,000 components solved
# by `pluzzle solve BOARD`, sandboxed, default options, under 0.5 s wall; sandboxed within 10% of --in-process).
# The board is generated (seed 1) unless given; the four commands run alternately, ROUNDS times each, and the
# medians (wall, user+sys) and the sandboxed/in-process ratios are printed. With BASE_BUILD, that build's binary runs
# the same commands alternately in the same run (a same-run baseline).
# usage: tests/bench/solve_overhead.sh [BUILD_DIR] [ROUNDS] [BOARD] [BASE_BUILD]   (an idle machine: check `uptime`)
set -euo pipefail
build=${1:-build}
rounds=${2:-15}
P=$(realpath "$build/bin/pluzzle")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
board=${3:-}
if [ -z "$board" ]; then
    board=$work/board.loop
    "$P" -q generate loop --param width=1000 --param height=1000 --seed 1 -o "$board"
fi
builds=("$P")
[ -n "${4:-}" ] && builds+=("$(realpath "$4/bin/pluzzle")")
modes=("sandboxed default|solve" "in-process default|--in-process solve"
       "sandboxed count=false|solve --option count=false" "in-process count=false|--in-process solve --option count=false")
for ((r = 0; r < rounds; ++r)); do
    for b in "${!builds[@]}"; do
        for m in "${!modes[@]}"; do
            read -r -a args <<<"${modes[$m]#*|}"
            # solve's argument order: global flags first, then the subcommand, the file and its options
            if [ "${args[0]}" = --in-process ]; then cmd=(--in-process solve "$board" "${args[@]:2}")
            else cmd=(solve "$board" "${args[@]:1}"); fi
            /usr/bin/time -a -o "$work/t.$b.$m" -f '%e %U %S' "${builds[$b]}" -q "${cmd[@]}" >/dev/null
        done
    done
done
python3 - "$work" "${#builds[@]}" "${modes[@]}" <<'PY'
import statistics as st, sys
work, nb, modes = sys.argv[1], int(sys.argv[2]), [m.split('|')[0] for m in sys.argv[3:]]
for b in range(nb):
    med = {}
    for m, name in enumerate(modes):
        rows = [list(map(float, l.split())) for l in open(f'{work}/t.{b}.{m}') if l[:1].isdigit()]
        w, c = [x[0] for x in rows], [x[1] + x[2] for x in rows]
        med[name] = st.median(w)
        print(f"{'build' if b == 0 else 'base '}  {name:24} wall median {st.median(w):.3f} s (min {min(w):.3f}, max {max(w):.3f})  cpu median {st.median(c):.3f} s")
    for kind in ('default', 'count=false'):
        print(f"{'build' if b == 0 else 'base '}  sandboxed / in-process ({kind}): {med['sandboxed ' + kind] / med['in-process ' + kind]:.2f}x")
PY
