"""The book's procedure through Python: an order to vary (lifted by varying, lost by not
varying), a claimable draw (claimed, or refused with the referee's code), each on a built
position, and the same on the colour-swapped position."""

from __future__ import annotations

import pytest

import xiangqi_arbiter as xa

# Red's horse chases Black's unprotected cannon back and forth (the cannon runs i7–g5).
CHASE_FEN = "4k4/4a4/4ba2b/5N3/2n5C/4p2p1/P4n3/4BA3/4A4/2B1K4 w"
CHASE = "f6d5 i7g5 d5f6 g5i7".split()

# A rook and a general shuffling: nobody attacks anything, an allowed cycle.
IDLE_FEN = "4k4/9/9/9/9/9/9/9/R8/3K5 w"
IDLE = "a1a2 e9f9 a2a1 f9e9".split()


def swap(fen: str) -> str:
    """The colour-swapped position: the board turned round, colours exchanged."""
    board, side = fen.split()[:2]
    rows = board.split("/")[::-1]
    rows = ["".join(reversed(r)) for r in rows]
    swapped = "/".join(r.swapcase() for r in rows)
    return f"{swapped} {'b' if side == 'w' else 'w'}"


def swap_move(m: str) -> str:
    def sq(s: str) -> str:
        return chr(ord("i") - (ord(s[0]) - ord("a"))) + str(9 - int(s[1]))

    return sq(m[:2]) + sq(m[2:])


@pytest.mark.parametrize("swapped", [False, True])
def test_an_order_is_lifted_by_varying(swapped):
    fen, line = (swap(CHASE_FEN), [swap_move(m) for m in CHASE]) if swapped else (CHASE_FEN, CHASE)
    offender = "black" if swapped else "red"
    game = xa.Game(fen)
    ruling = game.play_all(line * 2)
    assert ruling.result == "ongoing"
    assert ruling.order is not None and ruling.order.side == offender
    assert ruling.order.reason == "perpetual_chase"
    assert line[0] in ruling.forbidden
    # Any move that leaves the cycle lifts the order.
    other = next(m.iccs for m in game.position.legal_moves() if m.iccs not in ruling.forbidden)
    after = game.play(other)
    assert after.result == "ongoing" and after.order is None


@pytest.mark.parametrize("swapped", [False, True])
def test_not_varying_loses_with_the_ply_of_the_order(swapped):
    fen, line = (swap(CHASE_FEN), [swap_move(m) for m in CHASE]) if swapped else (CHASE_FEN, CHASE)
    game = xa.Game(fen)
    ordered = game.play_all(line * 2)
    lost = game.play(line[0])
    assert lost.result == ("red_wins" if swapped else "black_wins")
    assert lost.reason == "perpetual_chase"
    assert lost.ordered_at == ordered.order.ply


@pytest.mark.parametrize("swapped", [False, True])
def test_a_claimable_draw_is_claimed(swapped):
    fen, line = (swap(IDLE_FEN), [swap_move(m) for m in IDLE]) if swapped else (IDLE_FEN, IDLE)
    game = xa.Game(fen)
    ruling = game.play_all(line * 2)
    assert ruling.result == "ongoing" and ruling.claimable is not None
    assert ruling.claimable.reason == "repetition_draw"
    drawn = game.claim("black")
    assert (drawn.result, drawn.reason, drawn.claimed_by) == ("draw", "repetition_draw", "black")


def test_a_false_claim_is_refused_with_the_code():
    game = xa.Game(IDLE_FEN)
    game.play_all(IDLE)
    with pytest.raises(xa.ClaimError) as refused:
        game.claim("red")
    assert refused.value.code == "no_repetition"
    assert isinstance(refused.value, ValueError)
    # The game goes on as it was.
    assert game.ruling.result == "ongoing" and len(game.moves) == 4
    # A forbidden cycle is no draw to claim: the offender must vary.
    chase = xa.Game(CHASE_FEN)
    chase.play_all(CHASE * 2)
    with pytest.raises(xa.ClaimError) as forbidden:
        chase.claim("red")
    assert forbidden.value.code == "repetition_forbidden"
    with pytest.raises(ValueError, match="claim by"):
        chase.claim("spectator")


def test_immediate_ends_the_game_at_the_ruling_occurrence():
    game = xa.Game(CHASE_FEN, procedure="immediate")
    ruling = game.play_all(CHASE * 2)
    assert (ruling.result, ruling.reason, ruling.order) == ("black_wins", "perpetual_chase", None)
    draw = xa.judge(IDLE * 2, IDLE_FEN, procedure="immediate")
    assert (draw.result, draw.reason, draw.claimable) == ("draw", "repetition_draw", None)
