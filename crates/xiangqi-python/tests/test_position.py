"""Positions: FEN, legal moves, push/pop, check, mate, stalemate, perft, zobrist, the board
array and the move-index encoding."""

from __future__ import annotations

import copy
import os
import pickle
import random

import pytest

import xiangqi_arbiter as xa

START = xa.START_FEN


def test_start_and_fen_round_trip():
    pos = xa.Position()
    assert pos.fen == START
    assert xa.Position(START) == pos
    assert pos.turn == "red" and (pos.halfmoves, pos.fullmoves) == (0, 1)
    assert repr(pos) == f"Position('{START}')"
    assert pickle.loads(pickle.dumps(pos)) == pos


@pytest.mark.parametrize("depth,nodes", [(1, 44), (2, 1920), (3, 79666), (4, 3290240)])
def test_perft_start(depth, nodes):
    # The published counts for the start position (the Rust core's perft tests cite them).
    assert xa.Position().perft(depth) == nodes


def test_perft_divide_sums_and_names_legal_moves():
    pos = xa.Position()
    divide = pos.perft_divide(2)
    assert sum(divide.values()) == 1920
    assert set(divide) == {str(m) for m in pos.legal_moves()}


def test_push_pop_restores_everything():
    rng = random.Random(7)
    pos = xa.Position()
    history = []
    for _ in range(120):
        moves = pos.legal_moves()
        if not moves:
            break
        history.append((pos.fen, pos.zobrist))
        pos.push(rng.choice(moves))
        # The incremental key is the key of the same position read afresh.
        assert pos.zobrist == xa.Position(pos.fen).zobrist
    assert len(pos.moves) == len(history)
    while history:
        fen, key = history.pop()
        pos.pop()
        assert (pos.fen, pos.zobrist) == (fen, key)
    with pytest.raises(IndexError):
        pos.pop()


def test_check_mate_stalemate():
    pos = xa.Position("3k5/1R7/9/9/9/9/9/9/9/R3K4 w")
    assert not pos.is_check()
    pos.push("a0a9")
    assert pos.is_check() and pos.is_checkmate() and not pos.is_stalemate()
    assert pos.legal_moves() == []
    stale = xa.Position("3k5/9/2R6/9/9/9/9/9/9/4K4 w")
    stale.push("c7c8")
    assert stale.is_stalemate() and not stale.is_check() and not stale.is_checkmate()


def test_illegal_push_raises_and_changes_nothing():
    pos = xa.Position()
    with pytest.raises(xa.MoveError, match=r"illegal move a0a5.*push 1") as err:
        pos.push("a0a5")
    assert isinstance(err.value, ValueError)
    assert pos.fen == START and pos.moves == []
    with pytest.raises(xa.MoveError, match="马五进三"):
        pos.push("马五进三")  # no horse on the fifth file
    assert not pos.is_legal("a0a5") and pos.is_legal("a0a1") and not pos.is_legal("zz")


def test_copy_is_independent():
    pos = xa.Position()
    pos.push("h2e2")
    for other in (pos.copy(), copy.copy(pos), copy.deepcopy(pos)):
        other.push("h9g7")
        assert other != pos and len(pos.moves) == 1 and other.pop() == "h9g7"


def test_piece_at_and_board():
    pos = xa.Position()
    assert pos.piece_at("e0") == "K" and pos.piece_at(4) == "K" and pos.piece_at("e9") == "k"
    assert pos.piece_at("e4") is None
    board = pos.board()
    assert (board.format, board.shape, board.readonly) == ("b", (10, 9), True)
    rows = board.tolist()
    assert rows[0] == [5, 4, 3, 2, 1, 2, 3, 4, 5]  # rank 0, Red's back rank
    assert rows[9] == [-5, -4, -3, -2, -1, -2, -3, -4, -5]
    assert rows[2][1] == 6 and rows[7][7] == -6 and rows[3][0] == 7 and rows[6][8] == -7
    flat = pos.board_bytes()
    assert len(flat) == 90 and flat == board.tobytes()
    with pytest.raises(xa.MoveError):
        pos.piece_at(90)


def test_board_with_numpy():
    # CI installs numpy; a local run without it skips this one test.
    np = __import__("numpy") if os.environ.get("CI") else pytest.importorskip("numpy")
    arr = np.asarray(xa.Position().board())
    assert arr.dtype == np.int8 and arr.shape == (10, 9) and int(arr.sum()) == 0


def test_move_index_encoding_is_a_bijection():
    seen = set()
    for index in range(xa.MOVE_INDICES):
        m = xa.decode_move(index)
        assert xa.encode_move(m) == index == m.from_square * 90 + m.to_square
        seen.add(str(m))
    assert len(seen) == 8100
    with pytest.raises(xa.MoveError):
        xa.decode_move(8100)
    assert xa.encode_move("a0a1") == 9 and xa.Move("H2-E2") == "h2e2"


def test_legal_move_indices_and_mask():
    pos = xa.Position()
    indices = pos.legal_move_indices()
    assert sorted(indices) == sorted(m.index for m in pos.legal_moves())
    mask = pos.legal_move_mask()
    assert len(mask) == 8100 and sum(mask) == 44
    assert all(mask[i] == 1 for i in indices)
    # A move given by index plays like the same move given as text.
    a, b = pos.copy(), pos.copy()
    a.push(xa.encode_move("h2e2"))
    b.push("h2e2")
    assert a == b


def test_move_value_semantics():
    m = xa.Move("h2e2")
    assert m == xa.Move.from_squares(m.from_square, m.to_square)
    assert hash(m) == hash("h2e2") and {m: 1}["h2e2"] == 1
    assert repr(m) == "Move('h2e2')" and m.iccs == "h2e2" and m != "h2e3" and m != 5
    assert pickle.loads(pickle.dumps(m)) == m
    with pytest.raises(xa.MoveError, match="j0"):
        xa.Move("j0a1")
