//! Whether a move changed the result of a capture that stood before it (2020 art. 24.3: a
//! chase is created by the move; 图5: 「吃士的结果没有发生变化」 is 闲), and whether it only
//! restored a capture that the other side's last move had spoiled (2020 参考图37, art. 26.5).

use xiangqi::{Move, Position, Square};

use super::board::{Threat, old_captures, with_turn};
use super::material::{capture_gain, hanging_captures};
use super::mutual::counts_as_won;

/// Whether a capture that stood before the move wins only now, counting every answer of the
/// opponent except the captures the move left as they were: before the move, taking would
/// have cost a piece of the chaser's elsewhere (a cannon of its own left hanging) or let the
/// opponent mate at once (2020 图8: the general's step back frees the rook to take the pawn);
/// the move changed that, so the capture's result changed and the chase is the move's (2020 图11: the cannon that
/// steps out of the rook's attack and keeps pinning the elephant chases with the rook, 车炮
/// 联合捉子; 图5 is the contrary case, where the result of taking the advisor is the same
/// before and after the rook's retreat, and the retreat is 闲).
///
/// `None`: the result did not change. `Some(restored)`: it did; `restored` says that the
/// capture only broke even before the move, by a capture elsewhere (各吃各子, 26.5:
/// `counts_as_won`), and won outright before the other side's last move
/// (`won_before_their_move`): that move's counter-attack is what the mover's move undid. A
/// counter-attack that made the capture lose (得不偿失, no chase while it stands) is not
/// undone but overcome: the escape creates the chase (2020 图12: the cannon's steps out of
/// the rook's attack, which free the rook g7 to take the pawn, are 「捉」).
/// `moved`: the square the mover's moved piece came from.
pub(super) fn result_changed(
    theirs: &Position,
    prior: &Position,
    after: &Position,
    origin: Square,
    t: &Threat,
    moved: Square,
) -> Option<bool> {
    let was = Move::new(origin, t.target);
    let now = Move::new(t.attacker, t.target);
    if !prior.is_legal(was) || !after.is_legal(now) {
        return None;
    }
    let chaser = after.turn();
    // The opponent's captures that the move left as they were count in neither result.
    let old_before = old_captures(with_turn(prior, !chaser).as_ref());
    let common: Vec<Move> = old_captures(with_turn(after, !chaser).as_ref())
        .into_iter()
        .filter(|c| old_before.contains(c) && prior.piece_at(c.to()) == after.piece_at(c.to()))
        .collect();
    let mut before = prior.clone();
    let before_net = capture_gain(&mut before, was, chaser, &common);
    (before_net <= 0 && capture_gain(&mut after.clone(), now, chaser, &common) > 0).then(|| {
        counts_as_won(&mut before, was, before_net)
            && won_before_their_move(theirs, origin, t, &common, moved)
    })
}

/// Whether the capture `t` (its attacker then on `attacker`) won outright in `theirs`, the
/// position before the other side's last move, the chaser to move: the threat stood before
/// that move, and a step that takes the mover's piece out of the counter-attack that move
/// made restores it rather than creating it (2020 参考图37: the rook's chases of the cannon
/// and the cannon's escapes, after which 炮打马 wins as before the rook came — 「黑方两闲」;
/// 参考图23 is the contrary case: the rook's capture of the cannon the other side had just
/// put en prise did not stand before, and the escape that makes it pay is 捉).
/// `common`: the opponent's captures left out, as in [`result_changed`]. Left out too: the
/// opponent's captures that already paid in `theirs` of another piece than the one the mover
/// now moves (from `moved`) — a piece of the chaser's that hung there anyway is a standing
/// loss, not one the capture brings (2020 图22; a crossed pawn left to the rook far from the
/// capture does not make 参考图37's escape a chase). The moving piece's own hanging is what
/// its step resolves and still counts (图11: the counter-attack there all along, the escape
/// chases).
fn won_before_their_move(
    theirs: &Position,
    attacker: Square,
    t: &Threat,
    common: &[Move],
    moved: Square,
) -> bool {
    let chaser = t.attacker_piece.color;
    let Some(mut then) = with_turn(theirs, chaser) else {
        return false;
    };
    let cap = Move::new(attacker, t.target);
    if then.piece_at(attacker) != Some(t.attacker_piece)
        || then.piece_at(t.target) != Some(t.target_piece)
        || !then.is_legal(cap)
    {
        return false;
    }
    let mut left_out = common.to_vec();
    left_out.extend(
        hanging_captures(with_turn(&then, !chaser).as_ref())
            .into_iter()
            .filter(|c| c.to() != moved),
    );
    capture_gain(&mut then, cap, chaser, &left_out) > 0
}
