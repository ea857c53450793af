#!/usr/bin/env python3
"""Random nonograms for benchmarks: each cell filled with probability P from Python's random.Random(SEED).
  tests/bench/random_nonograms.py SIZE COUNT SEED OUTDIR [P]   -> OUTDIR/rSIZE-SEED-NNN.non
They stand for data the solver was not tuned on: anyone can remake the same files."""
import os, random, sys

def runs(cells):
    out, n = [], 0
    for c in cells + [0]:
        if c: n += 1
        elif n: out.append(n); n = 0
    return ",".join(map(str, out)) or "0"

size, count, seed, outdir = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
p = float(sys.argv[5]) if len(sys.argv) > 5 else 0.5
rng = random.Random(seed)
os.makedirs(outdir, exist_ok=True)
for i in range(count):
    grid = [[1 if rng.random() < p else 0 for _ in range(size)] for _ in range(size)]
    rows = [runs(r) for r in grid]
    cols = [runs([grid[y][x] for y in range(size)]) for x in range(size)]
    with open(os.path.join(outdir, "r%d-%d-%03d.non" % (size, seed, i)), "w") as f:
        f.write("width %d\nheight %d\n\nrows\n%s\n\ncolumns\n%s\n" % (size, size, "\n".join(rows), "\n".join(cols)))
