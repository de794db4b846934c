"""Every notation the core reads and writes, round trip: ICCS, UCI (ranks 0–9), UCI with
ranks 1–10 (Fairy-Stockfish), WXF and Chinese, on every legal move of random games."""

from __future__ import annotations

import random

import pytest

import xiangqi_arbiter as xa

NOTATIONS = ["iccs", "uci", "uci10", "wxf", "chinese"]


def random_positions(seed: int, games: int, plies: int):
    rng = random.Random(seed)
    for _ in range(games):
        pos = xa.Position()
        for _ in range(plies):
            moves = pos.legal_moves()
            if not moves:
                break
            yield pos
            pos = pos.copy()
            pos.push(rng.choice(moves))


@pytest.mark.parametrize("notation", NOTATIONS)
def test_every_legal_move_round_trips(notation):
    checked = 0
    for pos in random_positions(11, 20, 80):
        for m in pos.legal_moves():
            text = pos.write_move(m, notation)
            assert pos.parse_move(text, notation) == m, (pos.fen, text)
            if notation != "uci10":  # detection never guesses uci10 (it looks like ICCS)
                assert pos.parse_move(text) == m, (pos.fen, text)
            checked += 1
    assert checked > 30000


def test_known_texts():
    pos = xa.Position()
    m = pos.parse_move("炮二平五")
    assert m == "h2e2"
    assert [pos.write_move(m, n) for n in NOTATIONS] == ["h2e2", "h2e2", "h3e3", "C2.5", "炮二平五"]
    assert pos.parse_move("h3e3", "uci10") == m


@pytest.mark.parametrize("notation", NOTATIONS)
def test_lines_round_trip(notation):
    rng = random.Random(3)
    pos = xa.Position()
    line = []
    for _ in range(60):
        moves = pos.legal_moves()
        if not moves:
            break
        line.append(rng.choice(moves))
        pos.push(line[-1])
    start = xa.Position()
    texts = start.write_line(line, notation)
    assert start.parse_line(" ".join(texts), notation) == line


def test_bad_texts_name_the_problem():
    pos = xa.Position()
    with pytest.raises(xa.MoveError, match="ply 2"):
        pos.parse_line("炮二平五 马2进9")
    with pytest.raises(xa.MoveError, match="xyz"):
        pos.parse_move("xyz")
    with pytest.raises(xa.MoveError, match="illegal"):
        pos.write_move("a0a5", "chinese")
    with pytest.raises(ValueError, match="notation"):
        pos.write_move("h2e2", "klingon")
