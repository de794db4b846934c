//! Protection (根): a real root (真根) is a legal recapture after the capture, so pinned
//! protectors, a general that cannot step there and a recapture that would leave the generals
//! facing are false roots (假根); a root made of checks wins the capturer back by checks
//! (2020 图3). 2020 art. 24.15.

use xiangqi::{Move, Position, Square};

use super::board::legal_captures_on;
use super::forcing::{Goal, Reach, forces};
use super::mate::has_mate_in_one;

/// Whether the side to move has a legal capture on `sq`: a real root (真根) of the piece
/// standing there. Pinned protectors, a king that would step into an attacked square and a
/// recapture that would leave the kings facing are all excluded by the legality test
/// (AXF terms 真根/假根: the test is made after the capture; 2020 art. 24.15).
pub(crate) fn can_recapture(pos: &Position, sq: Square) -> bool {
    legal_captures_on(pos, sq).next().is_some()
}

/// Whether the side to move has a real root on `sq` under the Chinese rules: a legal
/// recapture after which the opponent cannot mate at once. A protector that cannot leave its
/// line without being mated is a false root (不能离线: 2020 图7's explanation 「实则不能离线吃
/// 炮」; 1999 art. 28.16: 假根 「形式上是根，实际上起不到充分保护作用」, 按无根子处理).
pub(crate) fn has_true_root(pos: &Position, sq: Square) -> bool {
    let mut probe = pos.clone();
    legal_captures_on(pos, sq).any(|m| {
        let undo = probe.play_unchecked(m);
        let safe = !has_mate_in_one(&mut probe);
        probe.undo(m, undo);
        safe
    })
}

/// Whether the capture `m` (the chaser to move in `pos`) wins a piece whose root another
/// attacker of the chaser's spoils: without that piece the target would have a real root
/// after the capture (the other attacker pins the root, makes its recapture illegal, or
/// guards the square against the general). The two attackers win it together — more
/// attackers than roots, a joint chase (少根, 联合捉; 2020 art. 24.15, 24.17; 参考图11
/// 「炮卒联合捉子」: the cannon behind the pawn attacks the advisor too, and the advisor's
/// recapture would put it between the cannon and its general). A root spoiled by a piece
/// that does not attack the target is simply gone: the target is unprotected (图3 断根捉).
pub(crate) fn root_spoiled_by_another_attacker(pos: &Position, m: Move) -> bool {
    legal_captures_on(pos, m.to())
        .filter(|other| other.from() != m.from())
        .any(|other| {
            let mut setup = pos.to_setup();
            setup.board[other.from().index() as usize] = None;
            let Ok(mut without) = Position::from_setup(setup) else {
                return false;
            };
            if !without.is_legal(m) {
                return false;
            }
            without.play_unchecked(m);
            has_true_root(&without, m.to())
        })
}

/// The goal of a root made of checks: the piece standing on the square (the capturer) can be
/// taken back by the side that gave the checks, by a real root. The checks end in a
/// recapture like any other, so one that lets the opponent mate at once is a false root
/// there too (不能离线, 2020 图7; 假根, 1999 art. 28.16): a check that only brings the line
/// back to the same recapture, walking into the same mate, roots nothing.
struct Retake(Square);

impl Goal for Retake {
    fn reached(&self, pos: &Position) -> bool {
        pos.piece_at(self.0)
            .is_some_and(|p| p.color == pos.turn().other())
            && has_true_root(pos, self.0)
    }
    fn key(&self) -> u64 {
        0x7265_7400 | u64::from(self.0.index())
    }
}

/// Whether the side to move, by a check or consecutive checks, whatever the answers, takes
/// the piece standing on `sq` in the end (or mates): a root made of checks (2020 图3: the rook
/// that took the horse is won back by the black rook's checks along the back ranks — R h0+
/// B g0, R×g0+ A f0, R×f0+ K e1, R f1+ K e0, and the rook on c1 falls; the elephant's moves
/// that block those checks cut the root, 断根, and so chase the horse). As many checks as the
/// position allows (`forcing`): the book counts none.
pub(super) fn retakes_by_checks(pos: &mut Position, sq: Square) -> bool {
    forces(pos, &Retake(sq), Reach::Unbounded)
}
