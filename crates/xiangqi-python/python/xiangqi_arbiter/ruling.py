"""The referee's ruling as Python objects.

A ``Ruling`` is built from the JSON object that ``xq judge --json`` prints (the Rust
``Ruling``'s serde form) and keeps that text: ``to_json()`` returns it unchanged, and every
typed attribute is read from it, so the Python view and the command line never disagree.
Fields the referee adds later are in ``raw`` at once, before they get a typed attribute.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional, Tuple

__all__ = ["Ruling", "Cycle", "CycleMove", "Target", "Order", "Claimable"]


@dataclass(frozen=True)
class Target:
    """A piece chased by a cycle move (or, in ``CycleMove.exempt``, attacked but exempt)."""

    square: str
    """Where it stands after the move (``"c6"``)."""
    piece: str
    """Its role (``"rook"``)."""
    by: Tuple[str, ...]
    """The squares of the pieces that would win it."""
    root: str
    """Its protection: ``unprotected``, ``false_root``, ``protected`` or ``short``."""
    how: str
    """How the move made the threat: ``moved``, ``screen``, ``unmasked``, ``root_cut``…"""
    chase: str
    """Why it counts as won: ``unprotected``, ``outranked``, ``exchange``…"""
    gain: int
    """What the capture nets in the book's half-units (rook 8, horse/cannon 4…)."""
    article: str
    """The article under which the attack is a chase (or exempt)."""
    reason: str = ""
    """For an exempt attack: why it is no chase."""

    @classmethod
    def from_dict(cls, d: dict) -> "Target":
        return cls(
            square=d["square"],
            piece=d["piece"],
            by=tuple(d.get("by", ())),
            root=d.get("root", ""),
            how=d.get("how", ""),
            chase=d.get("chase", ""),
            gain=int(d.get("gain", 0)),
            article=d.get("article", ""),
            reason=d.get("reason", ""),
        )


@dataclass(frozen=True)
class CycleMove:
    """One move of the repeated cycle, as the rule set labels it."""

    ply: int
    """The move's ply in the game (the first move is ply 1)."""
    side: str
    """``"red"`` or ``"black"``."""
    move: str
    """ICCS (``"h6i4"``)."""
    chinese: str
    """Chinese notation (``"马二退一"``)."""
    label: str
    """The rule set's word: 将 杀 捉 兑 献 拦 跟 闲 (Asian rules: 照 for a check)."""
    kind: str
    """The label in English: ``check``, ``mate_threat``, ``chase``, ``exchange``,
    ``sacrifice``, ``block``, ``follow``, ``answer_check``, ``idle``."""
    term: str
    """The rule set's English term for the label."""
    targets: Tuple[Target, ...]
    """The pieces it chases (empty unless the label is 捉)."""
    exempt: Tuple[Target, ...]
    """Pieces it attacks that the rules let it attack."""
    article: str
    """The article defining the label."""
    explanation: str
    explanation_zh: str
    search_cut: bool
    """True when a search behind the label stopped at its node budget."""
    raw: dict = field(repr=False, compare=False)
    """The move's JSON object: also ``checkers``, ``offer``, ``sacrifice``, ``block``,
    ``follow``, ``mate`` when present."""

    @classmethod
    def from_dict(cls, d: dict) -> "CycleMove":
        return cls(
            ply=int(d["ply"]),
            side=d["side"],
            move=d["move"],
            chinese=d.get("chinese", ""),
            label=d.get("label", ""),
            kind=d.get("kind", ""),
            term=d.get("term", ""),
            targets=tuple(Target.from_dict(t) for t in d.get("targets", ())),
            exempt=tuple(Target.from_dict(t) for t in d.get("exempt", ())),
            article=d.get("article", ""),
            explanation=d.get("explanation", ""),
            explanation_zh=d.get("explanation_zh", ""),
            search_cut=bool(d.get("search_cut", False)),
            raw=d,
        )


@dataclass(frozen=True)
class Cycle:
    """The repeated cycle of a repetition ruling, move by move."""

    first_ply: int
    last_ply: int
    rules: str
    """``"chinese"``, ``"chinese1960"`` or ``"asian"``: whose words and articles the moves
    carry."""
    moves: Tuple[CycleMove, ...]

    @property
    def labels(self) -> Tuple[str, ...]:
        """Each move's label, in order (``('捉', '闲', '捉', '闲')``)."""
        return tuple(m.label for m in self.moves)

    @property
    def targets(self) -> Tuple[Tuple[Target, ...], ...]:
        """Each move's chased pieces, in order."""
        return tuple(m.targets for m in self.moves)

    @property
    def articles(self) -> Tuple[str, ...]:
        """Each move's article, in order."""
        return tuple(m.article for m in self.moves)

    @classmethod
    def from_dict(cls, d: dict) -> "Cycle":
        return cls(
            first_ply=int(d["first_ply"]),
            last_ply=int(d["last_ply"]),
            rules=d.get("rules", ""),
            moves=tuple(CycleMove.from_dict(m) for m in d.get("moves", ())),
        )


def _grounds(d: dict) -> dict:
    """The grounds an order to vary and a claimable draw both carry: the article, the
    explanations in English and Chinese, and the ruled cycle."""
    cycle = d.get("cycle")
    return {
        "rule": d.get("rule", ""),
        "explanation": d.get("explanation", ""),
        "explanation_zh": d.get("explanation_zh", ""),
        "cycle": Cycle.from_dict(cycle) if cycle else None,
    }


@dataclass(frozen=True)
class Order:
    """An order to vary (the book's procedure): a forbidden cycle reached the ruling
    occurrence, and ``side`` must leave it on its next move or lose (``Ruling.ordered_at``)."""

    side: str
    """``"red"`` or ``"black"``: who must vary."""
    reason: str
    """The forbidden pattern: ``perpetual_check``, ``perpetual_chase``…"""
    ply: int
    """The ply at which the order was given."""
    forbidden: Tuple[str, ...]
    """The moves (ICCS) that would continue the ruled cycle on ``side``'s next turn: what a
    self-play loop must not choose."""
    rule: str
    explanation: str
    explanation_zh: str
    cycle: Optional[Cycle]
    """The ruled cycle, move by move."""

    @classmethod
    def from_dict(cls, d: dict) -> "Order":
        return cls(
            side=d["side"],
            reason=d.get("reason", ""),
            ply=int(d["ply"]),
            forbidden=tuple(d.get("forbidden", ())),
            **_grounds(d),
        )


@dataclass(frozen=True)
class Claimable:
    """A repetition draw either player may claim (``Game.claim``): an allowed cycle reached
    the ruling occurrence and the game goes on until someone claims or the cycle goes round
    once more."""

    result: str
    """Always ``"draw"``."""
    reason: str
    """Always ``"repetition_draw"``."""
    ply: int
    """The ply from which the draw may be claimed."""
    rule: str
    explanation: str
    explanation_zh: str
    cycle: Optional[Cycle]

    @classmethod
    def from_dict(cls, d: dict) -> "Claimable":
        return cls(
            result=d.get("result", "draw"),
            reason=d.get("reason", "repetition_draw"),
            ply=int(d["ply"]),
            **_grounds(d),
        )


_SCORES = {"red_wins": "1-0", "black_wins": "0-1", "draw": "1/2-1/2", "ongoing": "*"}


class Ruling:
    """The referee's verdict: result, reason, ply, offender, rule, explanations, cycle.

    ``result`` is ``"red_wins"``, ``"black_wins"``, ``"draw"`` or ``"ongoing"``; ``reason``
    one of ``checkmate``, ``stalemate``, ``perpetual_check``, ``perpetual_chase``,
    ``perpetual_mate_threat``, ``check_and_chase``, ``repetition_draw``, ``natural_limit``,
    ``insufficient_material`` or ``illegal_move``
    (``None`` while ongoing); ``ply`` where it was decided (the first move is ply 1);
    ``offender`` the side that broke a rule (``"red"``/``"black"``) or ``None``.

    Under the book's procedure (the default) a game still going on may carry an ``order``
    to vary or a ``claimable`` draw; a loss for not varying has ``ordered_at`` (the ply of the
    order), a claimed draw ``claimed_by`` (``"red"``, ``"black"`` or ``"arbiter"``).
    """

    __slots__ = (
        "_json",
        "raw",
        "result",
        "reason",
        "ply",
        "offender",
        "rule",
        "explanation",
        "explanation_zh",
        "cycle",
        "order",
        "claimable",
        "ordered_at",
        "claimed_by",
    )

    def __init__(self, text: str):
        self._json = text
        raw: dict = json.loads(text)
        self.raw: dict = raw
        """The JSON object as a dict (every field, including ones added later)."""
        self.result: str = raw["result"]
        self.reason: Optional[str] = raw.get("reason")
        self.ply: int = int(raw["ply"])
        self.offender: Optional[str] = raw.get("offender")
        self.rule: str = raw.get("rule", "")
        self.explanation: str = raw.get("explanation", "")
        self.explanation_zh: str = raw.get("explanation_zh", "")
        cycle = raw.get("cycle")
        self.cycle: Optional[Cycle] = Cycle.from_dict(cycle) if cycle else None
        order = raw.get("order")
        self.order: Optional[Order] = Order.from_dict(order) if order else None
        claimable = raw.get("claimable")
        self.claimable: Optional[Claimable] = (
            Claimable.from_dict(claimable) if claimable else None
        )
        ordered_at = raw.get("ordered_at")
        self.ordered_at: Optional[int] = int(ordered_at) if ordered_at is not None else None
        self.claimed_by: Optional[str] = raw.get("claimed_by")

    @classmethod
    def from_json(cls, text: str) -> "Ruling":
        """A ruling from the JSON ``xq judge --json`` prints."""
        return cls(text)

    def to_json(self) -> str:
        """Exactly the JSON object ``xq judge --json`` prints for the same game."""
        return self._json

    @property
    def is_over(self) -> bool:
        """Whether the game is decided (won or drawn)."""
        return self.result != "ongoing"

    @property
    def forbidden(self) -> Tuple[str, ...]:
        """The moves (ICCS) an order to vary forbids, or ``()``."""
        return self.order.forbidden if self.order else ()

    @property
    def winner(self) -> Optional[str]:
        """``"red"``, ``"black"`` or ``None``."""
        return {"red_wins": "red", "black_wins": "black"}.get(self.result)

    @property
    def score(self) -> str:
        """``1-0``, ``0-1``, ``1/2-1/2`` or ``*``."""
        return _SCORES.get(self.result, "*")

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Ruling) and self.raw == other.raw

    def __hash__(self) -> int:
        return hash(self._json)

    def __repr__(self) -> str:
        reason = f", reason={self.reason!r}" if self.reason else ""
        return f"Ruling(result={self.result!r}{reason}, ply={self.ply})"

    def __str__(self) -> str:
        head = self.result + (f" ({self.reason})" if self.reason else "")
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{head} at ply {self.ply}{rule}: {self.explanation}"
