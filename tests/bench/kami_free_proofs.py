#!/usr/bin/env python3
"""Free-play proofs on boards the solver was not tuned on: random blotchy 16x10 square KAMI boards, 4-6 colours.

Draws boards (seeded; a blotch count from 12 to 110, each blotch grown from a random seed tile, as KAMI's own
boards look), solves each with a proof on one core (`pluzzle --json solve -j 1 --timeout T`), and keeps those whose
optimum lies in 6..12 until it has COUNT of them. A board left unproven whose bounds still reach into 6..12 counts
against the solver (it may belong to the sample). Prints each slow board, then: proven within T, the share, the
slowest, the total. With --baseline-option K=V the same boards are solved again with that solver option (the
same-run baseline; e.g. walk_gate=false).

  tests/bench/kami_free_proofs.py [--count 100] [--seed 2026] [--timeout 60] [--baseline-option walk_gate=false]
"""
import argparse, json, os, random, subprocess, sys, tempfile

W, H = 16, 10


def board(rng):
    colours, blotches = rng.choice([4, 5, 6]), rng.randint(12, 110)
    cells, front = [0] * (W * H), []
    for s, t in enumerate(rng.sample(range(W * H), blotches)):
        cells[t] = s + 1 if s < colours else rng.randint(1, colours)
        front.append(t)
    while front:
        f = rng.randrange(len(front))
        t = front[f]
        x, y = t % W, t // W
        open_ = [nx + ny * W for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                 if 0 <= nx < W and 0 <= ny < H and not cells[nx + ny * W]]
        if not open_:
            front[f] = front[-1]
            front.pop()
            continue
        n = rng.choice(open_)
        cells[n] = cells[t]
        front.append(n)
    rows = ["".join(str(cells[x + y * W]) for x in range(W)) for y in range(H)]
    return f"kami 1\ngrid square\nmode free\nsize {W} {H}\ncolours {colours}\ncells\n" + "\n".join(rows) + "\n"


def solve(pluzzle, path, timeout, option=None):
    cmd = [pluzzle, "--in-process", "--json", "solve", "-j", "1", "--timeout", str(timeout), path]
    if option:
        cmd += ["--option", option]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--baseline-option")
    ap.add_argument("--pluzzle", default=os.environ.get("P", "build/bin/pluzzle"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sample, drawn = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        while len(sample) < args.count:
            path = os.path.join(tmp, f"b{drawn:04d}.kami")
            with open(path, "w") as f:
                f.write(board(rng))
            drawn += 1
            r = solve(args.pluzzle, path, args.timeout)
            lower, upper = r.get("lower_bound", 0), r.get("upper_bound", 99)
            proven = r["status"] == "solved"
            if (proven and 6 <= lower <= 12) or (not proven and lower <= 12 and upper >= 6):
                r["board"] = open(path).read()
                if args.baseline_option:
                    r["baseline"] = solve(args.pluzzle, path, args.timeout, args.baseline_option)
                sample.append(r)
                if not proven or r["time_ms"] > 1000 * args.timeout / 6:
                    line = f"  board {drawn - 1}: {r['status']} [{lower:g}, {upper:g}] {r['time_ms'] / 1000:.2f} s"
                    line += f", {r['nodes']} nodes, {r['stats'].get('regions')} regions"
                    if args.baseline_option:
                        b = r["baseline"]
                        line += f" | baseline {b['status']} {b['time_ms'] / 1000:.2f} s"
                    print(line, flush=True)
    proven = [r for r in sample if r["status"] == "solved"]
    times = [r["time_ms"] / 1000 for r in sample]
    print(f"{drawn} boards drawn, {len(sample)} with an optimum in 6..12 (or bounds reaching into it): "
          f"{len(proven)} proven within {args.timeout:g} s ({100 * len(proven) / len(sample):.1f}%), "
          f"slowest {max(times):.2f} s, total {sum(times):.1f} s")
    if args.baseline_option:
        base = [r["baseline"] for r in sample]
        bt = sum(b["time_ms"] for b in base) / 1000
        bp = sum(b["status"] == "solved" for b in base)
        print(f"baseline --option {args.baseline_option}: {bp} proven ({100 * bp / len(sample):.1f}%), total {bt:.1f} s"
              f"; ratio {bt / max(sum(times), 1e-9):.2f}x")
    same = all(r["status"] != "solved" or r["baseline"]["status"] != "solved" or r["upper_bound"] ==
               r["baseline"]["upper_bound"] for r in sample) if args.baseline_option else True
    print("answers agree" if same else "ANSWERS DIFFER")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
