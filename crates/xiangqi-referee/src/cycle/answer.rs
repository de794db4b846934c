//! What an answer to a check finds standing (2020 art. 26.1.4: 「走动其他子应将产生的“捉”
//! 或“杀”，如应将前不存在，按“捉”或“杀”处理；如应将前已经存在，则为“闲”」).
//!
//! A chase is a threat the move created (`created`): the threats after it less those that
//! stood before it. While the mover is in check, almost no capture is legal — only those that
//! answer the check — so the position in check hides the threats the mover had before the
//! check was given. Measured against it alone, an answer by a block would "create" every
//! capture the check had suspended, though the book counts as the answer's only what did not
//! exist before (the same comparison `created::creates_mate` makes for 杀). So an answer is
//! measured against both: the threats of the position in check, and those the mover had in
//! the position before the check, for the pieces still standing where they stood.
//!
//! ```text
//! before the check      the check            the answer (a block)
//! 车h2 attacks 马c2     车×马 illegal        车×马 legal again: stood before the check, 闲
//! ```

use xiangqi::Position;

use super::board::Threat;

/// The threats an answer to a check is measured against: `in_check`, the threats of the
/// position before the answer (`prior`, the mover in check), and `before_check`, those of the
/// position before the check was given with the mover to move, kept where attacker and target
/// still stand on the same squares in `prior` (a piece the check took or moved is gone).
pub(crate) fn standing_at_answer(
    in_check: &[Threat],
    before_check: &[Threat],
    prior: &Position,
) -> Vec<Threat> {
    let mut out = in_check.to_vec();
    for t in before_check {
        let standing = prior.piece_at(t.attacker) == Some(t.attacker_piece)
            && prior.piece_at(t.target) == Some(t.target_piece);
        if standing
            && !out
                .iter()
                .any(|o| o.attacker == t.attacker && o.target == t.target)
        {
            out.push(*t);
        }
    }
    out
}
