"""Type stubs of the compiled module ``xiangqi_arbiter._native`` (the Rust half).

Squares are numbered ``rank * 9 + file`` (files a–i from Red's left, ranks 0–9 from Red's
side); a move's index is ``from_square * 90 + to_square``. Notation names: ``iccs``,
``uci``, ``uci10``, ``chinese``, ``wxf``.
"""

import os
from typing import Dict, Iterator, List, Optional, Sequence, Tuple, Union

MOVE_INDICES: int

class XiangqiError(ValueError):
    """The base of every error of xiangqi_arbiter; a ValueError."""

class FenError(XiangqiError):
    """A FEN that cannot be read, or a position that cannot occur (what and which field)."""

class MoveError(XiangqiError):
    """A move that cannot be read in its notation, or is not legal where it is played."""

class GameOverError(XiangqiError):
    """A move played after the referee has decided the game."""

class ClaimError(XiangqiError):
    """A repetition draw claimed when there is none to claim (the referee's reason)."""

    code: str
    """``no_repetition``, ``repetition_forbidden`` or ``game_over``."""

class RecordError(XiangqiError):
    """A record that cannot be read or written, and where."""

    game: Optional[int]
    """The game's number in its file, from 1."""
    ply: Optional[int]
    """The ply (from 1) the problem is at, when it concerns a move."""
    line: Optional[int]
    column: Optional[int]
    offset: Optional[int]
    """Byte offset, for binary formats."""

MoveLike = Union["Move", str, int]
Options = Dict[str, object]
"""The referee's options: keys ``rules``, ``repetitions``, ``natural_limit``, ``procedure``."""
Source = Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"]

class Move:
    """A move from one square to another; equals (and hashes like) its ICCS text."""

    def __init__(self, text: str) -> None:
        """Reads ICCS (``h2e2``, also ``H2-E2``); raises ``MoveError``."""
    @staticmethod
    def from_squares(from_square: int, to_square: int) -> "Move": ...
    @staticmethod
    def from_index(index: int) -> "Move":
        """The move with index ``from_square * 90 + to_square`` (0–8099)."""
    @property
    def from_square(self) -> int: ...
    @property
    def to_square(self) -> int: ...
    @property
    def index(self) -> int:
        """``from_square * 90 + to_square``."""
    @property
    def iccs(self) -> str: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...

class Position:
    """Pieces, side to move and counters, with a stack of pushed moves.

    ``Position()`` is the standard start; ``Position(fen)`` reads a FEN (``FenError``)."""

    def __init__(self, fen: Optional[str] = None) -> None: ...
    @property
    def fen(self) -> str: ...
    @property
    def turn(self) -> str:
        """``"red"`` or ``"black"``."""
    @property
    def halfmoves(self) -> int: ...
    @property
    def fullmoves(self) -> int: ...
    @property
    def zobrist(self) -> int:
        """The 64-bit zobrist key of pieces and side to move."""
    @property
    def moves(self) -> List[Move]:
        """The moves pushed since this object was made."""
    def legal_moves(self) -> List[Move]: ...
    def legal_move_indices(self) -> List[int]: ...
    def legal_move_mask(self) -> bytes:
        """8100 bytes: 1 at every legal move's index."""
    def is_legal(self, move: MoveLike, notation: Optional[str] = None) -> bool: ...
    def push(self, move: MoveLike, notation: Optional[str] = None) -> Move:
        """Plays a legal move; ``MoveError`` (nothing changed) otherwise."""
    def pop(self) -> Move:
        """Takes back the last pushed move; ``IndexError`` if none."""
    def copy(self) -> "Position": ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool:
        """No legal move and not in check (困毙): the side to move loses."""
    def piece_at(self, square: Union[str, int]) -> Optional[str]:
        """The FEN letter of the piece on a square (``"e0"`` or 0–89), or None."""
    def perft(self, depth: int) -> int:
        """Leaves of the legal move tree (the GIL released)."""
    def perft_divide(self, depth: int) -> Dict[str, int]: ...
    def parse_move(self, text: str, notation: Optional[str] = None) -> Move:
        """One legal move in a notation (detected when None)."""
    def write_move(self, move: MoveLike, notation: str = "chinese") -> str: ...
    def parse_line(self, text: str, notation: Optional[str] = None) -> List[Move]: ...
    def write_line(self, moves: Sequence[MoveLike], notation: str = "chinese") -> List[str]: ...
    def board_bytes(self) -> bytes:
        """90 signed bytes by square: 0 empty; Red K A E H R C P = 1–7; Black negated."""
    def board(self) -> memoryview:
        """A read-only 10×9 view (format ``b``) indexed ``[rank][file]``."""

class Referee:
    """The native half of ``xiangqi_arbiter.Game`` (rulings as JSON text)."""

    def __init__(self, fen: Optional[str] = None, options: Optional[Options] = None) -> None: ...
    def play(self, move: MoveLike, notation: Optional[str] = None) -> str: ...
    def claim(self, by: str) -> str: ...
    def ruling_json(self) -> str: ...
    def is_over(self) -> bool: ...
    def position(self) -> Position: ...
    def start_fen(self) -> str: ...
    def moves(self) -> List[Move]: ...
    def options(self) -> Options: ...
    def __copy__(self) -> "Referee": ...

class GameRecord:
    """One game of a record: tags, start position, main line with variations and comments."""

    @staticmethod
    def from_moves(
        moves: Union[str, Sequence[MoveLike]],
        fen: Optional[str] = None,
        tags: Optional[Sequence[Tuple[str, str]]] = None,
        result: Optional[str] = None,
    ) -> "GameRecord": ...
    @property
    def tags(self) -> Dict[str, str]: ...
    @property
    def start(self) -> Position: ...
    @property
    def fen(self) -> str: ...
    @property
    def moves(self) -> List[Move]:
        """The main line."""
    @property
    def result(self) -> str:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``"*"`` as recorded."""
    @property
    def problems(self) -> List[RecordError]:
        """What the reader dropped: an illegal or unreadable move ends its line."""
    @property
    def node_count(self) -> int: ...
    def moves_to_judge(self) -> List[Move]:
        """The main line plus a main-line move the reader found illegal."""
    def to_pgn(self, notation: str = "chinese") -> str: ...
    def to_pgn_bytes(self, notation: str = "chinese", encoding: str = "utf-8") -> bytes: ...
    def to_dhtmlxq(self) -> str: ...
    def to_xqf(self) -> bytes: ...

class GameReader(Iterator[GameRecord]):
    """The games of a record, one at a time."""

    def __iter__(self) -> "GameReader": ...
    def __next__(self) -> GameRecord: ...
    @property
    def errors(self) -> List[RecordError]:
        """The errors of the games left out with ``errors="skip"``."""
    @property
    def format(self) -> str: ...

def judge_to_json(
    moves: Union[str, Sequence[MoveLike]],
    fen: Optional[str] = None,
    options: Optional[Options] = None,
) -> str: ...
def read_games_iter(source: Source, errors: str = "raise") -> GameReader: ...
def judge_many_json(
    games: object,
    options: Optional[Options] = None,
    threads: Optional[int] = None,
) -> List[str]: ...
def judge_file_json(
    source: Source,
    options: Optional[Options] = None,
    threads: Optional[int] = None,
) -> List[Union[str, RecordError]]: ...
