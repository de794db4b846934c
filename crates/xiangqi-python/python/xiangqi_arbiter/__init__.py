"""xiangqi_arbiter: the Xiangqi Arbiter's rules, referee and records for Python.

- ``Position``: FEN, legal moves, push/pop, check, mate, stalemate, perft, zobrist, every
  notation (ICCS, UCI, WXF, Chinese), the board as a 10×9 int8 view.
- ``Game`` and ``judge``: the referee, with the repetition rulings (棋例) of the Chinese
  (CXA) and Asian (AXF) rules; ``Ruling`` objects with the cycle's labels, targets and
  articles, and the same JSON as ``xq judge --json``.
- ``read_games``: PGN (GBK or UTF-8), DhtmlXQ, XQF, CCBridge, streamed game by game;
  ``GameRecord.to_pgn``/``to_dhtmlxq``/``to_xqf`` write them.
- ``judge_many``/``judge_file``: many games on every core, the GIL released.

Every error is a ``ValueError`` subclass (``XiangqiError`` and below) saying what and where.
"""

from __future__ import annotations

from typing import Union

from ._native import (
    MOVE_INDICES,
    ClaimError,
    FenError,
    GameOverError,
    GameReader,
    GameRecord,
    Move,
    MoveError,
    Position,
    RecordError,
    XiangqiError,
)
from ._native import read_games_iter as _read_games_iter
from .game import Game, judge, judge_file, judge_many
from .ruling import Claimable, Cycle, CycleMove, Order, Ruling, Target

__all__ = [
    "MOVE_INDICES",
    "ClaimError",
    "Claimable",
    "Cycle",
    "CycleMove",
    "FenError",
    "Game",
    "GameOverError",
    "GameReader",
    "GameRecord",
    "Move",
    "MoveError",
    "Order",
    "Position",
    "RecordError",
    "Ruling",
    "START_FEN",
    "Target",
    "XiangqiError",
    "decode_move",
    "encode_move",
    "judge",
    "judge_file",
    "judge_many",
    "read_games",
]

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def read_games(source, errors: str = "raise") -> GameReader:
    """The games of a record, one at a time: ``source`` is bytes (or bytearray, memoryview)
    or a path; the format (PGN in GBK or UTF-8, DhtmlXQ, XQF, CCBridge CBF/CBR/CBL, FEN and
    moves) is detected from the bytes. A PGN file is streamed, never read whole.

    A game that cannot be read raises ``RecordError`` (with ``game``, ``ply``, ``line``,
    ``column`` or ``offset``) when it is reached, and iteration may go on with the next
    game; ``errors="skip"`` leaves such games out and keeps their errors in
    ``reader.errors``. A readable game whose line stops at an illegal or unreadable move
    lists it in ``GameRecord.problems``.
    """
    return _read_games_iter(source, errors)


def encode_move(move: Union[Move, str]) -> int:
    """The move's index ``from_square * 90 + to_square`` (0–8099), squares numbered
    ``rank * 9 + file`` from Red's side: the rows and columns of ``Position.board()``."""
    if not isinstance(move, Move):
        move = Move(move)
    return move.index


def decode_move(index: int) -> Move:
    """The move with index ``from_square * 90 + to_square``."""
    return Move.from_index(index)
