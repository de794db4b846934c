//! The cannon's screen guarded against its target: a joint chase (2020 art. 24.3,
//! 「与其他子联合吃子」). A cannon's capture needs its screen, and a target that can take the
//! screen escapes the capture by winning it; a piece of the chaser's that guards the screen
//! (so that taking it loses the target) holds the capture together with the cannon and the
//! screen. A move of that piece which keeps a cannon's chase going chases jointly, the light
//! level of 26.9.2–26.9.3, even where it also holds the target from leaving its line (2020
//! 参考图39: the rook's steps that keep protecting the horse over which the cannon attacks the
//! unprotected rook, 「红方车马炮联合捉车，黑方长捉车。黑方变着」).

use xiangqi::{Position, Role, Square};

use super::board::{Threat, between, legal_captures_on, with_turn};

/// Whether the piece on `guard` guards the screen of the cannon's capture `t` against the
/// target: the target can take a piece of the chaser's standing between it and the cannon,
/// and the piece on `guard` could then take back on that square.
pub(crate) fn guards_screen(after: &Position, t: &Threat, guard: Square) -> bool {
    if t.attacker_piece.role != Role::Cannon {
        return false;
    }
    let Some(them) = with_turn(after, t.target_piece.color) else {
        return false;
    };
    them.legal_moves().iter().any(|mv| {
        mv.from() == t.target
            && between(t.attacker, t.target, mv.to())
            && after
                .piece_at(mv.to())
                .is_some_and(|p| p.color == t.attacker_piece.color)
            && {
                let mut taken = them.clone();
                taken.play_unchecked(*mv);
                legal_captures_on(&taken, mv.to()).any(|r| r.from() == guard)
            }
    })
}
