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
# Rounds alternate the commands (and the builds), so each round's sandboxed/in-process ratio compares runs seconds
# apart. Timed in Python: wall to the microsecond (time.perf_counter), user+sys of the command and the worker it waited
# for (os.wait4's rusage), so a few milliseconds of difference are not lost in /usr/bin/time's 10 ms steps.
python3 - "$board" "$rounds" "${builds[@]}" <<'PY'
import os, statistics as st, subprocess, sys, time
board, rounds, builds = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
modes = [("sandboxed default", ["solve", board]), ("in-process default", ["--in-process", "solve", board]),
         ("sandboxed count=false", ["solve", board, "--option", "count=false"]),
         ("in-process count=false", ["--in-process", "solve", board, "--option", "count=false"])]
wall, cpu = {}, {}
for _ in range(rounds):
    for b, exe in enumerate(builds):
        for name, args in modes:
            start = time.perf_counter()
            p = subprocess.Popen([exe, "-q"] + args, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(p.pid, 0)
            wall.setdefault((b, name), []).append(time.perf_counter() - start)
            cpu.setdefault((b, name), []).append(usage.ru_utime + usage.ru_stime)
            if status != 0: sys.exit(f"{exe} {' '.join(args)}: exit status {status}")
for b in range(len(builds)):
    tag = "build" if b == 0 else "base "
    med = {}
    for name, _ in modes:
        w, c = wall[(b, name)], cpu[(b, name)]
        med[name] = st.median(w)
        print(f"{tag}  {name:24} wall median {st.median(w):.3f} s (min {min(w):.3f}, max {max(w):.3f})  cpu median {st.median(c):.3f} s")
    for kind in ("default", "count=false"):
        # Also each round's own ratio (the two commands ran seconds apart, so a machine that changes pace during
        # the run moves both): the median of those is the steadier figure.
        paired = [s / i for s, i in zip(wall[(b, 'sandboxed ' + kind)], wall[(b, 'in-process ' + kind)])]
        print(f"{tag}  sandboxed / in-process ({kind}): {med['sandboxed ' + kind] / med['in-process ' + kind]:.3f}x"
              f" of the medians, {st.median(paired):.3f}x median of each round's ratio")
PY
