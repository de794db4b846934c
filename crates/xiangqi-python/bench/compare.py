"""Benchmarks of xiangqi_arbiter against cchess and pyffish, side by side in one run.

    python -m venv /tmp/bench && /tmp/bench/bin/pip install cchess pyffish
    /tmp/bench/bin/pip install <the xiangqi_arbiter wheel>       # built with --release
    /tmp/bench/bin/python crates/xiangqi-python/bench/compare.py

Every library does the same work on the same inputs, taken from the repository's records
(crates/xiangqi-records/tests/data): the positions of real games, the longest real game, and
a 2,000-game PGN made by repeating those games. Each figure is the best of several repeats
(time.perf_counter); the table gives calls per second and our speed as a multiple of each
peer's. Not part of CI: speed is measured here, never asserted in a test.
"""

from __future__ import annotations

import os
import platform
import re
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

import cchess
import pyffish as sf

import xiangqi_arbiter as xa

REPO = Path(__file__).resolve().parents[3]
RECORDS = REPO / "crates" / "xiangqi-records" / "tests" / "data"
VARIANT = "xiangqi"


def best(fn, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def real_games():
    games = []
    for path in sorted(RECORDS.rglob("*")):
        if path.suffix.lower() in {".pgn", ".xqf", ".cbl", ".cbr", ".cbf"}:
            for g in xa.read_games(path, errors="skip"):
                if not g.problems and len(g.moves) >= 10 and g.fen == xa.START_FEN:
                    games.append(g)
    return games


def positions_of(games, limit=300):
    out = []
    for g in games:
        pos = g.start
        for m in g.moves:
            pos.push(m)
            if pos.legal_moves():
                out.append(pos.fen)
            if len(out) >= limit:
                return out
    return out


def cchess_legal(board):
    # cchess generates pseudo-legal moves; the legal ones are those that pass its own
    # validity test and do not leave the mover in check, as its no_moves() tests them.
    return [m for m in board.create_moves()
            if board.is_valid_move_t(m) and not board.is_checked_move(*m)]


def bench_movegen(fens):
    ours_pos = [xa.Position(f) for f in fens]
    boards = []
    for f in fens:
        b = cchess.ChessBoard(f)
        boards.append(b)
    # Every library must agree on the counts before its time counts.
    for p, b, f in zip(ours_pos, boards, fens):
        n = len(p.legal_moves())
        assert n == len(sf.legal_moves(VARIANT, f, [])), f
        assert n == len(cchess_legal(b)), f
    ours = best(lambda: [p.legal_moves() for p in ours_pos])
    ffish = best(lambda: [sf.legal_moves(VARIANT, f, []) for f in fens], 2)
    cc = best(lambda: [cchess_legal(b) for b in boards], 2)
    return len(fens), ours, cc, ffish


def uci10(game, plies=200):
    """The moves as Fairy-Stockfish writes them (UCI with ranks 1–10)."""
    return game.start.write_line(game.moves[:plies], "uci10")


def bench_replay(game):
    moves = [str(m) for m in game.moves[:200]]
    sf_moves = uci10(game)
    start = game.fen

    def ours():
        pos = xa.Position(start)
        for m in moves:
            pos.push(m)

    def cc():
        board = cchess.ChessBoard(start)
        for m in moves:
            if board.move_iccs(m) is None:
                raise ValueError(m)
            board.next_turn()

    def ffish():
        # pyffish keeps no state: a move is validated against the legal moves of the
        # position reached by the moves before it, each call replaying them all.
        for i, m in enumerate(sf_moves):
            if m not in sf.legal_moves(VARIANT, start, sf_moves[:i]):
                raise ValueError(m)

    return len(moves), best(ours), best(cc, 3), best(ffish, 1)


def bench_referee(game):
    moves = [str(m) for m in game.moves[:200]]
    sf_moves = uci10(game)
    start = game.fen

    def ours():
        g = xa.Game(start)
        for m in moves:
            g.play(m)

    def ffish():
        for i in range(1, len(sf_moves) + 1):
            sf.is_immediate_game_end(VARIANT, start, sf_moves[:i])
            sf.is_optional_game_end(VARIANT, start, sf_moves[:i])

    return len(moves), best(ours), None, best(ffish, 1)


def bench_read(games, tmp: Path):
    # Main lines only, without comments or variations (cchess reads neither).
    plain = [xa.GameRecord.from_moves(g.moves, g.fen, tags=list(g.tags.items()), result=g.result)
             for g in games]
    chosen = [plain[i % len(plain)] for i in range(2000)]
    pgn = tmp / "2000.pgn"
    pgn.write_text("\n".join(g.to_pgn("iccs") for g in chosen), "utf-8")
    # cchess reads one game a file: the same 2,000 games as 2,000 files.
    single = tmp / "single"
    single.mkdir()
    for i, g in enumerate(chosen):
        (single / f"{i}.pgn").write_text(g.to_pgn("iccs"), "utf-8")
    files = sorted(single.iterdir())
    text_re = re.compile(r"\b([A-I][0-9])-([A-I][0-9])\b")
    start = xa.START_FEN

    def ours():
        n = sum(1 for _ in xa.read_games(pgn))
        assert n == 2000

    def cc():
        for f in files:
            cchess.Game.read_from(str(f))

    def ffish():
        # No PGN reader: split the games and validate each move list in one call.
        for block in pgn.read_text("utf-8").split('[Game "Chinese Chess"]')[1:]:
            moves = [f"{a[0]}{int(a[1]) + 1}{b[0]}{int(b[1]) + 1}".lower()
                     for a, b in text_re.findall(block)]
            fen = sf.get_fen(VARIANT, start, moves)
            assert fen, block[:80]

    return 2000, best(ours, 3), best(cc, 1), best(ffish, 1)


def bench_batch(games):
    """Ours alone: ruling 2,000 real games with judge_many on one thread and on every core."""
    chosen = [games[i % len(games)] for i in range(2000)]
    one = best(lambda: xa.judge_many(chosen, threads=1), 3)
    every = best(lambda: xa.judge_many(chosen), 3)
    return (f"judge_many, 2,000 real games: {2000 / one:,.0f} games/s on 1 thread, "
            f"{2000 / every:,.0f} on {os.cpu_count()} ({one / every:.2f}×)")


def row(name, unit, result):
    n, ours, cc, ffish = result
    def rate(t):
        return f"{n / t:,.0f}" if t else "—"
    def ratio(t):
        return f"{t / ours:,.0f}×" if t else "not offered"
    return f"| {name} | {unit} | {rate(ours)} | {rate(cc)} | {rate(ffish)} | {ratio(cc)} | {ratio(ffish)} |"


def main():
    games = real_games()
    longest = max(games, key=lambda g: len(g.moves))
    assert len(longest.moves) >= 200, len(longest.moves)
    fens = positions_of(games)
    with tempfile.TemporaryDirectory() as tmp:
        rows = [
            row("legal-move generation", "positions/s", bench_movegen(fens)),
            row("replay and validate a 200-ply game", "plies/s", bench_replay(longest)),
            row("rule a 200-ply game, repetition checked every ply", "plies/s", bench_referee(longest)),
            row("read a 2,000-game PGN (ICCS moves)", "games/s", bench_read(games, Path(tmp))),
        ]
    print(f"{time.strftime('%Y-%m-%d')}, Python {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} cores, cchess {version('cchess')}, "
          f"pyffish {version('pyffish')}, xiangqi-arbiter {version('xiangqi-arbiter')}")
    print("| task | unit | ours | cchess | pyffish | ours vs cchess | ours vs pyffish |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(r)
    print()
    print(bench_batch(games))


if __name__ == "__main__":
    sys.exit(main())
