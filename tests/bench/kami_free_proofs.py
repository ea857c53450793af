#!/usr/bin/env python3
"""Free-play proofs on boards the solver was not tuned on: random blotchy 16x10 square KAMI boards, 4-6 colours.

Draws boards (seeded; a blotch count from 12 to 110, each blotch grown from a random seed tile, as KAMI's own
boards look), solves each with a proof on one core (`pluzzle --json solve -j 1 --timeout T`), and keeps those whose
optimum lies in 6..12 until it has COUNT of them. A board left unproven whose bounds still reach into 6..12 counts
against the solver (it may belong to the sample). Prints each slow board, then: proven within T, the share, the
slowest, the total. With --baseline-option K=V the same boards are solved again with that solver option (the
same-run baseline; e.g. walk_gate=false). --jobs N solves N boards at a time, each on one core (the boards and
the sample are the same whatever N). --keep DIR writes the sample's boards there, for `pluzzle bench` (its
signature, and the ratio to a baseline option in the same run).

  tests/bench/kami_free_proofs.py [--count 100] [--seed 2026] [--timeout 60] [--baseline-option walk_gate=false]
                                  [--jobs 2] [--keep DIR]
"""
import argparse, concurrent.futures, json, os, random, subprocess, sys, tempfile

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
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--keep")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sample, drawn = [], 0
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        while len(sample) < args.count:
            # A batch of boards drawn in order, solved args.jobs at a time, then kept in order: the same sample as
            # one at a time (a batch's boards after the sample is full are solved and dropped).
            paths = []
            for _ in range(max(args.jobs, 1) * 16):
                path = os.path.join(tmp, f"b{drawn + len(paths):04d}.kami")
                with open(path, "w") as f:
                    f.write(board(rng))
                paths.append(path)
            results = list(pool.map(lambda p: solve(args.pluzzle, p, args.timeout), paths))
            for path, r in zip(paths, results):
                drawn += 1
                if len(sample) >= args.count:
                    continue
                lower, upper = r.get("lower_bound", 0), r.get("upper_bound", 99)
                proven = r["status"] == "solved"
                if not ((proven and 6 <= lower <= 12) or (not proven and lower <= 12 and upper >= 6)):
                    continue
                r["board"] = open(path).read()
                r["drawn"] = drawn - 1
                if args.keep:
                    with open(os.path.join(args.keep, f"b{drawn - 1:04d}.kami"), "w") as f:
                        f.write(r["board"])
                sample.append(r)
            if args.baseline_option:
                todo = [r for r in sample if "baseline" not in r]
                paths = []
                for r in todo:
                    path = os.path.join(tmp, f"base{r['drawn']:04d}.kami")
                    with open(path, "w") as f:
                        f.write(r["board"])
                    paths.append(path)
                for r, b in zip(todo, pool.map(lambda p: solve(args.pluzzle, p, args.timeout, args.baseline_option), paths)):
                    r["baseline"] = b
    for r in sample:
        if r["status"] != "solved" or r["time_ms"] > 1000 * args.timeout / 6:
            line = f"  board {r['drawn']}: {r['status']} [{r.get('lower_bound', 0):g}, {r.get('upper_bound', 99):g}]"
            line += f" {r['time_ms'] / 1000:.2f} s, {r['nodes']} nodes, {r['stats'].get('regions')} regions"
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
