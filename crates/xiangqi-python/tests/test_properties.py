"""Property tests (hypothesis): random legal games agree move for move with the Rust API —
the legal moves and FEN `xq perft --divide` gives for the same position, the ruling `xq judge
--json` prints for the same game — and the package's own views agree with each other."""

from __future__ import annotations

from typing import List, Tuple

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xiangqi_arbiter as xa

# Openings that reach very different middle games and endings quickly.
STARTS = [
    xa.START_FEN,
    "4k4/4a4/4ba2b/5N3/2n5C/4p2p1/P4n3/4BA3/4A4/2B1K4 w - - 0 1",
    "2bakab2/9/2n1c3c/pCp1N3p/7n1/2P6/P3P1P1P/4CrN2/9/1RBAKAB2 w - - 0 1",
    "5k3/9/9/9/9/9/9/9/7R1/3K5 w - - 0 1",
]


@st.composite
def games(draw, max_plies: int = 160) -> Tuple[str, List[xa.Move]]:
    """A start and a random legal game from it (choices drawn by hypothesis, so it shrinks)."""
    fen = draw(st.sampled_from(STARTS))
    pos = xa.Position(fen)
    moves = []
    for _ in range(draw(st.integers(0, max_plies))):
        legal = pos.legal_moves()
        if not legal:
            break
        m = legal[draw(st.integers(0, len(legal) - 1))]
        pos.push(m)
        moves.append(m)
    return fen, moves


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WITH_XQ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@FAST
@given(games())
def test_views_agree_at_every_ply(game):
    fen, moves = game
    pos = xa.Position(fen)
    referee = xa.Game(fen, repetitions=0, natural_limit=0)
    for m in moves:
        legal = pos.legal_moves()
        assert len(legal) == pos.perft(1) == sum(pos.legal_move_mask())
        assert m in legal and pos.is_legal(m.index)
        assert pos.legal_move_indices() == [x.index for x in legal]
        pos.push(m)
        again = xa.Position(pos.fen)
        assert again == pos and again.zobrist == pos.zobrist
        if not referee.is_over:  # a capture can still leave no attacking material
            assert referee.play(m).result in ("ongoing", "red_wins", "black_wins", "draw")
            assert referee.position == pos
    assert len(pos.moves) == len(moves)


@FAST
@given(games(max_plies=80))
def test_move_by_move_game_equals_whole_game_judge(game):
    fen, moves = game
    g = xa.Game(fen)
    for i, m in enumerate(moves):
        if g.is_over:
            break
        ruling = g.play(m)
        assert ruling.to_json() == xa.judge(moves[: i + 1], fen).to_json()


@WITH_XQ
@given(games(), st.sampled_from(["chinese", "asian"]), st.sampled_from([2, 3]))
def test_legal_moves_and_rulings_agree_with_the_rust_command_line(xq, game, rules, repetitions):
    fen, moves = game
    pos = xa.Position(fen)
    for m in moves:
        pos.push(m)
    divide = {}
    for line in xq("perft", "--fen", pos.fen, "1", "--divide").splitlines():
        if ":" in line:
            move, count = line.split(":")
            divide[move.strip()] = int(count)
    assert sorted(divide) == sorted(str(m) for m in pos.legal_moves())
    iccs = " ".join(str(m) for m in moves)
    ours = xa.judge(moves, fen, rules=rules, repetitions=repetitions).to_json()
    theirs = xq("judge", "--json", "--fen", fen, "--moves", iccs, "--rules", rules,
                "--repetitions", str(repetitions))
    assert ours == theirs.strip()
