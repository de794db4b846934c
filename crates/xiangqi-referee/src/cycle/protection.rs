//! Protection (根): a real root (真根) is a legal recapture after the capture, so pinned
//! protectors, a general that cannot step there and a recapture that would leave the generals
//! facing are false roots (假根); a root made of checks wins the capturer back by checks
//! (2020 图3). 2020 art. 24.15.

use xiangqi::{Move, Position, Square};

use super::board::legal_captures_on;
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

/// How many checks a root made of checks may take (2020 图3 needs four when the elephant
/// interposes: R h0+ B g0, R×g0+ A f0, R×f0+ K e1, R f1+ K e0, and the rook on c1 falls; the
/// general cannot retake on f0 with the kings facing).
pub(super) fn root_checks() -> u8 {
    super::bounds::bounds().root_checks
}

/// Whether the side to move, by a check or consecutive checks, whatever the answers, takes
/// the piece standing on `sq` in the end (or mates): a root made of checks (2020 图3: the rook
/// that took the horse is won back by the black rook's checks along the back ranks; the
/// elephant's moves that block those checks cut the root, 断根, and so chase the horse).
pub(super) fn retakes_by_checks(pos: &mut Position, sq: Square, depth: u8) -> bool {
    if depth == 0 {
        return false;
    }
    let moves = pos.legal_moves();
    for &c in moves.iter() {
        if !pos.gives_check(c) {
            continue;
        }
        let undo = pos.play_unchecked(c);
        let mut evasions: Vec<Move> = pos.legal_moves().iter().copied().collect();
        // Captures of the checker first: they most often break the line.
        evasions.sort_by_key(|e| pos.piece_at(e.to()).is_none());
        let forced = evasions.iter().all(|&e| {
            let u = pos.play_unchecked(e);
            let ok = can_recapture(pos, sq)
                && pos
                    .piece_at(sq)
                    .is_some_and(|p| p.color == pos.turn().other())
                || retakes_by_checks(pos, sq, depth - 1);
            pos.undo(e, u);
            ok
        });
        pos.undo(c, undo);
        if forced {
            return true;
        }
    }
    false
}
