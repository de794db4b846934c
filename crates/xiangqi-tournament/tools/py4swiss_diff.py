#!/usr/bin/env python3
"""Differential check of our FIDE Dutch against py4swiss, an independent implementation.

py4swiss (PyPI `py4swiss`, MIT, tried with 0.3.1) implements C.04.3 as it stood until
31 January 2026 and says it pairs as bbpPairings does. We implement the version in force
since 1 February 2026, so some rounds differ by design. In the 2026 text C4 (completion)
applies to every bracket, and C8 judges the following bracket by the pairings that keep the
round complete. For every round where the two pair differently, this script puts py4swiss'
pairing into the file and asks `xq tournament check` which criterion prefers ours. A
difference that our checker puts down to no criterion would be a bug of ours.

Usage: pip install py4swiss; cargo build --release -p xq;
       tools/py4swiss_diff.py PLAYERS ROUNDS FIRST_SEED LAST_SEED
Tournaments come from `xq tournament generate` (no forfeits, no requested byes, TRF16).
Only the first differing round of each tournament is counted, since the later rounds
depend on it. Not a test: it needs an outside package and pairs to different rules.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

XQ = os.environ.get("XQ", "target/release/xq")
P4S = os.environ.get("PY4SWISS", "py4swiss")
FIRST_ROUND_COLUMN = 91  # 0-based start of a 001 record's first round (TRF16: column 92)


def cells(line, rounds):
    return [line[FIRST_ROUND_COLUMN + 10 * i:FIRST_ROUND_COLUMN + 10 * i + 8] for i in range(rounds)]


def points(cs):
    return sum({"1": 1.0, "=": 0.5, "+": 1.0, "W": 1.0, "D": 0.5, "H": 0.5, "F": 1.0, "U": 1.0}.get(c[7:8], 0.0) for c in cs)


def cut(players, rounds, before, extra=None):
    """The file with the rounds before `before`, and `extra` (player -> cell) as that round."""
    out = ["012 py4swiss_diff", "XXR %d" % rounds]
    for line in players:
        me = int(line[4:8])
        cs = cells(line, rounds)[:before - 1] + ([extra[me]] if extra else [])
        out.append(line[:80] + "%4.1f" % points(cs) + line[84:89] + "".join("  " + c for c in cs))
    return "\n".join(out) + "\n"


def our_pairs(players, rounds, r):
    pairs = set()
    for line in players:
        c = cells(line, rounds)[r - 1]
        opp = c[0:4].strip()
        if opp and opp != "0000" and c[5:6] == "w":
            pairs.add((int(line[4:8]), int(opp)))
        elif c[7:8] in ("U", "F") and opp == "0000":
            pairs.add((int(line[4:8]), 0))
    return pairs


def their_pairs(text, d):
    trf, out = os.path.join(d, "cut.trf"), os.path.join(d, "pairs.txt")
    with open(trf, "w") as f:
        f.write(text)
    p = subprocess.run([P4S, "-t", trf, "-p", out], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("py4swiss failed: " + p.stderr[-300:])
    lines = open(out).read().split("\n")
    return {tuple(map(int, l.split())) for l in lines[1:1 + int(lines[0])]}


def why(players, rounds, r, theirs, d):
    cell = {}
    for w, b in theirs:
        if b == 0:
            cell[w] = "0000 - U"
        else:
            cell[w], cell[b] = "%4d w =" % b, "%4d b =" % w
    path = os.path.join(d, "theirs.trf")
    with open(path, "w") as f:
        f.write(cut(players, rounds, r, cell))
    p = subprocess.run([XQ, "tournament", "check", path], capture_output=True, text=True)
    m = re.search(r"decided by (.*)", p.stdout)
    return m.group(1).strip() if m else "no criterion: " + (p.stdout + p.stderr).strip()[-200:]


def main():
    n, rounds, first, last = map(int, sys.argv[1:5])
    compared = same = 0
    reasons = collections.Counter()
    for seed in range(first, last + 1):
        with tempfile.TemporaryDirectory() as d:
            g = os.path.join(d, "g.trf")
            subprocess.run([XQ, "tournament", "generate", "--players", str(n), "--rounds", str(rounds),
                            "--seed", str(seed), "--forfeits", "0", "--byes", "0", "--trf16", g],
                           check=True, capture_output=True)
            players = [l for l in open(g).read().splitlines() if l.startswith("001")]
            for r in range(1, rounds + 1):
                theirs = their_pairs(cut(players, rounds, r), d)
                compared += 1
                if theirs == our_pairs(players, rounds, r):
                    same += 1
                    continue
                reason = why(players, rounds, r, theirs, d)
                reasons[reason] += 1
                print("seed %d round %d: %s" % (seed, r, reason))
                break
    print("%d players, %d rounds, seeds %d-%d: %d rounds compared, %d alike" % (n, rounds, first, last, compared, same))
    for reason, k in reasons.most_common():
        print("  %3d decided by %s" % (k, reason))


if __name__ == "__main__":
    main()
