"""A game ruled move by move, and the functions that rule whole games."""

from __future__ import annotations

import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _native
from ._native import Move, Position, RecordError
from .ruling import Ruling

__all__ = ["Game", "judge", "judge_many", "judge_file"]

MoveLike = Union[Move, str, int]
Source = Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"]


def _options(
    rules: str, repetitions: int, natural_limit: Optional[int], procedure: str
) -> Dict[str, Any]:
    """The referee's options as the native functions take them (one dict, read in one place
    in Rust: ``options_arg`` in ``src/referee.rs``)."""
    return {
        "rules": rules,
        "repetitions": repetitions,
        "natural_limit": natural_limit,
        "procedure": procedure,
    }


class Game:
    """A game the referee rules after every move, as the play server's arbiter does.

    ``Game(fen=None, rules="chinese", repetitions=3, natural_limit=None, procedure="book")``:
    ``rules`` is ``"chinese"`` (CXA, the current book), ``"chinese1960"`` (the 1960 book) or
    ``"asian"`` (AXF); ``repetitions`` the occurrence of a position that triggers a repetition
    ruling (0: none); ``natural_limit`` moves by each side without a capture (None: the rule
    set's — 60, none in the 1960 book, whose arbiter declares one — 0: none); ``procedure``
    ``"book"`` (a forbidden cycle orders its author to vary, ``ruling.order``, and loses only
    if he does not; an allowed one makes the draw claimable, ``ruling.claimable`` and
    ``claim``) or ``"immediate"`` (the game ends at the ruling occurrence).

    ``play`` takes a ``Move``, an index or a text in any notation and returns the ``Ruling``.
    An illegal move raises ``MoveError``, a move after the end ``GameOverError``; neither
    changes the game.
    """

    __slots__ = ("_referee",)

    def __init__(
        self,
        fen: Optional[str] = None,
        *,
        rules: str = "chinese",
        repetitions: int = 3,
        natural_limit: Optional[int] = None,
        procedure: str = "book",
    ) -> None:
        self._referee = _native.Referee(
            fen, _options(rules, repetitions, natural_limit, procedure)
        )

    def play(self, move: MoveLike, notation: Optional[str] = None) -> Ruling:
        """Plays a move and returns the ruling after it."""
        return Ruling(self._referee.play(move, notation))

    def play_all(self, moves: Iterable[MoveLike]) -> Ruling:
        """Plays moves until the game is decided (the rest are not played); the ruling."""
        referee = self._referee
        for move in moves:
            if referee.is_over():
                break
            referee.play(move, None)
        return self.ruling

    def claim(self, by: str) -> Ruling:
        """Claims the repetition draw that ``ruling.claimable`` offers, for ``by``
        (``"red"``, ``"black"`` or ``"arbiter"``); the ruling after it (a draw). A claim with no
        draw to claim raises ``ClaimError`` (its ``code`` says why) and changes nothing."""
        return Ruling(self._referee.claim(by))

    @property
    def ruling(self) -> Ruling:
        """The ruling so far."""
        return Ruling(self._referee.ruling_json())

    @property
    def is_over(self) -> bool:
        """Whether the game is decided."""
        return self._referee.is_over()

    @property
    def position(self) -> Position:
        """The current position (a copy)."""
        return self._referee.position()

    @property
    def start_fen(self) -> str:
        return self._referee.start_fen()

    @property
    def moves(self) -> List[Move]:
        """The moves played."""
        return self._referee.moves()

    @property
    def options(self) -> Dict[str, Any]:
        """The referee's options, as the keyword arguments that gave them."""
        return self._referee.options()

    def copy(self) -> "Game":
        """An independent copy (to try a move without playing it)."""
        other = Game.__new__(Game)
        other._referee = self._referee.__copy__()
        return other

    def __repr__(self) -> str:
        return f"<Game {len(self.moves)} plies, {self.ruling!r}>"


def judge(
    moves: Union[str, Sequence[MoveLike]],
    fen: Optional[str] = None,
    *,
    rules: str = "chinese",
    repetitions: int = 3,
    natural_limit: Optional[int] = None,
    procedure: str = "book",
) -> Ruling:
    """Rules on a whole game exactly as ``xq judge --fen FEN --moves MOVES`` does.

    ``moves`` is a list (Moves, indices, texts in any notation) or one string of moves
    separated by spaces or commas. An illegal move is ruled (its author loses), as the
    command line rules it; a text that cannot be read raises ``MoveError``.
    """
    return Ruling(_native.judge_to_json(
        moves, fen, _options(rules, repetitions, natural_limit, procedure)
    ))


GameLike = Union["_native.GameRecord", Tuple[Optional[str], Union[str, Sequence[MoveLike]]], str, Sequence[MoveLike]]


def judge_many(
    games: Iterable[GameLike],
    *,
    rules: str = "chinese",
    repetitions: int = 3,
    natural_limit: Optional[int] = None,
    procedure: str = "book",
    threads: Optional[int] = None,
) -> List[Ruling]:
    """Rules on many games on every core (``threads`` workers, default all), the GIL
    released; the rulings in order. A game is a ``GameRecord``, a pair ``(fen or None,
    moves)``, or just the moves from the standard start."""
    texts = _native.judge_many_json(games, _options(rules, repetitions, natural_limit, procedure), threads)
    return [Ruling(t) for t in texts]


def judge_file(
    source: Source,
    *,
    rules: str = "chinese",
    repetitions: int = 3,
    natural_limit: Optional[int] = None,
    procedure: str = "book",
    threads: Optional[int] = None,
) -> List[Union[Ruling, RecordError]]:
    """Rules on every game of a record (bytes or a path, any format ``read_games`` reads) on
    every core, as ``xq judge FILE --json`` does: per game, its ``Ruling``, or the
    ``RecordError`` of a game that could not be read (returned, not raised)."""
    out = _native.judge_file_json(source, _options(rules, repetitions, natural_limit, procedure), threads)
    return [Ruling(x) if isinstance(x, str) else x for x in out]
