#!/usr/bin/env bash
# Issue 16's check of the difficulty measure: on a generated series of nonograms of rising size and three
# densities, is the estimate monotone in the solver's effort? Prints one row per size (mean effort in search nodes,
# the solver's unit: a line solve or a probe is one; mean estimate; the labels seen) and, over every level, the
# rank correlation (Spearman) between nodes and estimate, and how many pairs of levels the estimate orders against
# their effort. Deterministic: the same seeds give the same table on any machine (nodes, not time).
# usage: tests/bench/difficulty_series.sh [BUILD_DIR] [SEEDS_PER_CELL]
set -euo pipefail
build=${1:-build}
seeds=${2:-6}
P=$(realpath "$build/bin/pluzzle")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for size in 5 10 15 20 25 30 40; do
    for density in 0.3 0.5 0.7; do
        "$P" -q generate nonogram --param width=$size --param height=$size --param density=$density \
            --seed $((size * 100)) --count "$seeds" -o "$work/n-$size-$density.json"
    done
done
"$P" -q db import "$work/s.db" "$work"/n-*.json --pack series
"$P" -q db solve "$work/s.db" --pack series --timeout 60 >/dev/null
python3 - "$work/s.db" <<'PY'
import sqlite3, sys, statistics
db = sqlite3.connect(sys.argv[1])
rows = db.execute("SELECT l.text, r.nodes, r.difficulty, r.difficulty_label FROM levels l "
                  "JOIN results r ON r.level_id = l.id WHERE r.difficulty IS NOT NULL").fetchall()
def size(text):
    for line in text.splitlines():
        if line.startswith("size "):
            return int(line.split()[1])
    return 0
by_size = {}
for text, nodes, d, label in rows:
    by_size.setdefault(size(text), []).append((nodes, d, label))
print("| size | levels | mean nodes | mean estimate | labels |")
print("|---|---|---|---|---|")
for s in sorted(by_size):
    v = by_size[s]
    labels = ", ".join(f"{l} {sum(1 for x in v if x[2] == l)}" for l in ("line logic", "probing", "branching")
                       if any(x[2] == l for x in v))
    print(f"| {s}x{s} | {len(v)} | {statistics.mean(x[0] for x in v):.0f} | "
          f"{statistics.mean(x[1] for x in v):.2f} | {labels} |")
def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2
        i = j + 1
    return r
nodes = [r[1] for r in rows]
est = [r[2] for r in rows]
rn, re_ = ranks(nodes), ranks(est)
mn, me = statistics.mean(rn), statistics.mean(re_)
cov = sum((a - mn) * (b - me) for a, b in zip(rn, re_))
spearman = cov / ((sum((a - mn) ** 2 for a in rn) * sum((b - me) ** 2 for b in re_)) ** 0.5)
# Pairs ordered against their effort, within one label (the band is the kind of reasoning, not the amount).
against = pairs = 0
for i in range(len(rows)):
    for j in range(len(rows)):
        if rows[i][3] == rows[j][3] and rows[i][1] < rows[j][1]:
            pairs += 1
            against += rows[i][2] > rows[j][2]
print(f"\nlevels {len(rows)}, Spearman(nodes, estimate) = {spearman:.3f}; "
      f"within a label, pairs ordered against their nodes: {against} of {pairs}")
PY
