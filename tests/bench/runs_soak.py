#!/usr/bin/env python3
"""runs_soak.py -- many `db solve --resume` runs on one database, killed (SIGKILL) at random moments (issue 47).

Each round imports the pack into a fresh database, starts runs at random intervals (at most three alive at once),
kills about half of them at a random moment, then lets one last run finish. A round must end with one final result
per level, none `crashed` (the pack's plugins do not crash), no marks left. Prints per round and in total: runs,
kills, levels, results lost, false crashes, duplicate solves (results beyond one per level), and the seed.

usage: tests/bench/runs_soak.py [--build build] [--pack FILE] [--minutes M] [--seed S] [--jobs J]
       (default pack: ../shared/data/nonogram/tournament/question/taai2011.txt; minutes: 5)
"""
import argparse
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time


def round_of(pluzzle, pack, rng, jobs, workdir, index):
    db = os.path.join(workdir, f"soak{index}.db")
    subprocess.run([pluzzle, "-q", "db", "import", db, pack, "--pack", "soak"], check=True)
    solve = [pluzzle, "-q", "db", "solve", db, "--resume", "--jobs", str(jobs)]
    started = killed = 0
    alive = []  # (process, kill_at or None)
    end_starts = time.monotonic() + rng.uniform(5, 20)
    next_start = time.monotonic()
    while time.monotonic() < end_starts or alive:
        now = time.monotonic()
        if now < end_starts and now >= next_start and len(alive) < 3:
            p = subprocess.Popen(solve, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            kill_at = now + rng.uniform(0.2, 6.0) if rng.random() < 0.5 else None
            alive.append((p, kill_at))
            started += 1
            next_start = now + rng.uniform(0.0, 3.0)
        for p, kill_at in list(alive):
            if p.poll() is not None:
                alive.remove((p, kill_at))
            elif kill_at is not None and now >= kill_at:
                p.send_signal(signal.SIGKILL)
                p.wait()
                killed += 1
                alive.remove((p, kill_at))
        time.sleep(0.01)
    subprocess.run(solve, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # the last run: to the end
    started += 1
    con = sqlite3.connect(db)
    levels = con.execute("SELECT COUNT(*) FROM levels").fetchone()[0]
    final = ("solved", "unique", "multiple", "unsolvable")
    marks = ",".join("?" * len(final))
    with_final = con.execute(f"SELECT COUNT(DISTINCT level_id) FROM results WHERE status IN ({marks})", final).fetchone()[0]
    results = con.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    crashed = con.execute("SELECT COUNT(*) FROM results WHERE status = 'crashed'").fetchone()[0]
    left = con.execute("SELECT COUNT(*) FROM in_flight").fetchone()[0]
    con.close()
    check = subprocess.run([pluzzle, "-q", "db", "check", db], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.remove(db)
    return dict(runs=started, kills=killed, levels=levels, lost=levels - with_final, false_crashes=crashed,
                duplicates=results - levels, marks_left=left, check_clean=check.returncode == 0)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(root, "build"))
    ap.add_argument("--pack", default=os.path.join(root, "..", "shared", "data", "nonogram", "tournament",
                                                   "question", "taai2011.txt"))
    ap.add_argument("--minutes", type=float, default=5)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 31)
    rng = random.Random(seed)
    pluzzle = os.path.realpath(os.path.join(args.build, "bin", "pluzzle"))
    totals = dict(rounds=0, runs=0, kills=0, levels=0, lost=0, false_crashes=0, duplicates=0, marks_left=0,
                  unclean=0)
    end = time.monotonic() + args.minutes * 60
    with tempfile.TemporaryDirectory() as workdir:
        while time.monotonic() < end:
            r = round_of(pluzzle, args.pack, rng, args.jobs, workdir, totals["rounds"])
            totals["rounds"] += 1
            for k in ("runs", "kills", "levels", "lost", "false_crashes", "duplicates", "marks_left"):
                totals[k] += r[k]
            totals["unclean"] += 0 if r["check_clean"] else 1
            print("round", totals["rounds"], r, flush=True)
    print("seed", seed)
    print("total", totals)
    bad = totals["lost"] or totals["false_crashes"] or totals["duplicates"] or totals["marks_left"] or totals["unclean"]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
