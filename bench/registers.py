#!/usr/bin/env python3
"""bench/registers.py -- the register heuristics against what ptxas allocates, on real codes.

Loads each source folder with sapfor-lex, then runs dvmh-predict --registers ptxas on it for each
GPU asked (each kernel written as sapfor-cuda writes it and compiled by nvcc -cubin -Xptxas -v for
the GPU's architecture; kernels whose sizes are unknown are compiled with run-time counts), and
compares, kernel by kernel, ptxas' registers per thread with

  - the heuristic the GPU's profile uses (regs_heuristic: data/model.ini [registers.calibrated]
    on the current GPUs), and
  - the thesis' heuristic (MODEL.md §6), from the same profile with register_heuristic = thesis.

Reports per GPU and for all: the kernels compiled, the median of |heuristic - ptxas| / ptxas, the
share within 25% of ptxas, and the same for always guessing one number (the best constant), so
that a heuristic is seen to beat a guess. With --fit, also the least-squares fit (weighted by
1/ptxas) of the calibrated heuristic's terms, on all codes and leaving each code out in turn.

Usage: bench/registers.py NAME=SOURCE_DIR... [--gpus h100,a100] [--build build] [--nvcc PATH]
                          [--cache DIR] [--fit] [-- sapfor-lex options such as --cpp]
Needs nvcc (a GPU is not needed). A benchmark, not a test: nothing here is asserted.
"""
import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CAP = 16  # data/model.ini registers.calibrated.count_cap


def run(command, allowed=(0,)):
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode not in allowed:
        sys.exit("bench/registers.py: %s failed (%d): %s" % (" ".join(command), done.returncode, done.stderr.strip()))
    return done.stdout


def thesis_profile(gpu, folder):
    """The GPU's profile with the thesis' register heuristic: the same occupancy limits."""
    with open(os.path.join(ROOT, "data", "gpus", gpu + ".ini")) as f:
        lines = [l for l in f.read().splitlines() if not l.startswith("register_heuristic")]
    path = os.path.join(folder, gpu + "-thesis.ini")
    with open(path, "w") as f:
        f.write("\n".join(lines + ["register_heuristic = thesis"]) + "\n")
    return path


def latest(db, gpu_key):
    """(loop_key, regs_heuristic, ptxas' regs_per_thread) of the last run on this profile."""
    return db.execute(
        "SELECT loop_key, regs_heuristic, regs_per_thread FROM kernel_predictions "
        "WHERE regs_source LIKE 'ptxas%' AND run_id = (SELECT max(run_id) FROM predict_run WHERE gpu = ?)",
        (gpu_key,)).fetchall()


def errors(pairs):
    return [abs(h - p) / p for h, p in pairs]


def summary(pairs):
    e = errors(pairs)
    return "median error %3.0f%%, within 25%%: %3.0f%%" % (100 * statistics.median(e), 100 * sum(x <= 0.25 for x in e) / len(e))


def best_constant(pairs):
    best = min(range(4, 65), key=lambda c: statistics.median(errors([(c, p) for _, p in pairs])))
    return best, summary([(best, p) for _, p in pairs])


def features(db, key, rank):
    """The calibrated heuristic's counts for a kernel, from the facts (as the predictor counts them)."""
    body = db.execute("SELECT loop_id, depth FROM loop WHERE loop_key = ? OR loop_key LIKE ?", (key, key + ".%")).fetchall()
    ids = [b[0] for b in body]
    top = min(b[1] for b in body)
    marks = ",".join("?" * len(ids))
    refs = db.execute("SELECT ref_id FROM array_ref WHERE context != 'call_arg' AND loop_id IN (%s)" % marks, ids).fetchall()
    div, trans = db.execute("SELECT total(div), total(trans) FROM statement WHERE loop_id IN (%s)" % marks, ids).fetchone()
    sequential = sum(1 for b in body if b[1] >= top + rank)
    return [rank, len(refs), div, trans, sequential]


def least_squares(rows):
    """Weighted (1/ptxas) least squares of ptxas ~ 1 + counts (each at most CAP, as the heuristic caps them)."""
    n = len(rows[0][0]) + 1
    a = [[0.0] * (n + 1) for _ in range(n)]
    for x, p in rows:
        v = [1.0] + [min(c, CAP) for c in x]
        w = 1.0 / (p * p)
        for i in range(n):
            a[i][n] += w * v[i] * p
            for j in range(n):
                a[i][j] += w * v[i] * v[j]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        for r in range(n):
            if r != c and a[c][c]:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("codes", nargs="+", help="NAME=SOURCE_DIR")
    parser.add_argument("--gpus", default="h100,a100")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--nvcc", default="")
    parser.add_argument("--cache", default="")
    parser.add_argument("--fit", action="store_true")
    args, lex_options = parser.parse_known_args()
    lex_options = [o for o in lex_options if o != "--"]
    lex = os.path.join(args.build, "sapfor-lex")
    predict = os.path.join(args.build, "dvmh-predict")
    gpus = args.gpus.split(",")
    work = tempfile.mkdtemp(prefix="sapfor-registers-")
    cache = ["--ptxas-cache", args.cache] if args.cache else ["--ptxas-cache", os.path.join(work, "cache")]
    nvcc = ["--nvcc", args.nvcc] if args.nvcc else []
    measured = {}  # gpu -> [(code, key, calibrated, thesis, ptxas, counts)]
    for spec in args.codes:
        name, _, folder = spec.partition("=")
        db_path = os.path.join(work, name + ".sqlite")
        run([lex, "-q", folder, "-o", db_path] + lex_options, allowed=(0, 1))  # 1: the code has diagnostics
        for gpu in gpus:
            profile = thesis_profile(gpu, work)
            run([predict, db_path, "--gpu", gpu, "--registers", "ptxas", "-q"] + nvcc + cache)
            run([predict, db_path, "--gpu-file", profile, "--registers", "ptxas", "-q"] + nvcc + cache)
            db = sqlite3.connect(db_path)
            thesis = {k: h for k, h, _ in latest(db, os.path.basename(profile)[:-4])}
            ranks = dict(db.execute("SELECT loop_key, rank FROM kernel_predictions"))
            for key, h, p in latest(db, gpu):
                measured.setdefault(gpu, []).append((name, key, h, thesis.get(key, h), p, features(db, key, ranks[key])))
    print("register heuristics against ptxas (%s):" % ", ".join(spec.partition("=")[0] for spec in args.codes))
    everything = []
    for gpu in gpus + ["all"]:
        rows = measured.get(gpu, []) if gpu != "all" else everything
        if gpu != "all":
            everything += rows
        if not rows:
            continue
        constant, guessed = best_constant([(None, r[4]) for r in rows])
        print("  %-4s %4d kernels: calibrated %s; thesis %s; always %d: %s" % (
            gpu, len(rows), summary([(r[2], r[4]) for r in rows]), summary([(r[3], r[4]) for r in rows]), constant, guessed))
    if args.fit and everything:
        data = [(r[5], r[4]) for r in everything]
        b = least_squares(data)
        print("  fit: ptxas ~ %.2f + %.2f rank + %.2f references + %.2f divisions + %.2f transcendentals "
              "+ %.2f sequential loops (counts at most %d)" % (tuple(b) + (CAP,)))
        out = []
        for code in sorted(set(r[0] for r in everything)):
            b = least_squares([(r[5], r[4]) for r in everything if r[0] != code])
            out += [(round(sum(c * x for c, x in zip(b, [1] + [min(v, CAP) for v in r[5]]))), r[4]) for r in everything if r[0] == code]
        print("  the fit, each code predicted from the others': " + summary(out))


if __name__ == "__main__":
    main()
