//! The special chases of 2020 art. 26.5 (「完整互吃后价值相当或得子者，按捉，得不偿失者，按闲」):
//! a chase whose capture wins on its square but lets the opponent take back as much elsewhere —
//! the capturer was the root of another piece (做根子捉子), it was pinned and uncovers one
//! (被牵子捉子), or each side takes a different piece (各吃各子). The complete exchange decides:
//! a gain is 捉 as everywhere (24.3), a loss is 闲 (得不偿失, 图23), and an equal result is 捉
//! too — unlike an even trade on one square, which is no chase (2020 参考图27: the cannon's
//! step that attacks the unprotected rook and opens its own rook to the black rook, 炮×车
//! 车×车, is 捉).

use xiangqi::{Move, Position};

use super::material::{capture_gain_with, exchange, gain};

/// Whether the capture `m` by the side to move, whose complete exchange breaks even, wins on
/// its own square (what it takes outweighs the recaptures there): the opponent's equal return
/// is a capture elsewhere, and 26.5 counts the chase.
pub(crate) fn wins_on_its_square(pos: &mut Position, m: Move) -> bool {
    let sq = m.to();
    let chaser = pos.turn();
    let Some(victim) = pos.piece_at(sq) else {
        return false;
    };
    let g = gain(victim, sq, chaser, chaser);
    let undo = pos.play_unchecked(m);
    let on_square = g - exchange(pos, sq, chaser);
    pos.undo(m, undo);
    on_square > 0
}

/// Whether the capture `m` by the side to move, whose complete exchange nets `net`, counts as
/// winning material: a gain, or an equal result reached by a capture elsewhere (26.5: 「价值相当
/// …按捉」). A move of the chaser that turns such a capture into a clean gain, when the
/// capture won outright before the other side's last move, only restores it (2020 参考图37:
/// 「黑方两闲」; see `created::result_changed`).
pub(crate) fn counts_as_won(pos: &mut Position, m: Move, net: i32) -> bool {
    net > 0 || (net == 0 && wins_on_its_square(pos, m))
}

/// Whether the capture `m` by the side to move loses material once the opponent's answer
/// elsewhere is counted — a capture of the opponent's that did not pay before (`paid`: those
/// that did) and pays now, the capturer having been that piece's root (做根子捉子) — even
/// valued as favourably for the capturer as the floating values allow (a crossed pawn
/// taken at its high value, 26.6). Such a capture is 得不偿失 and no chase (26.5: 「得不偿失
/// 者，按闲」; 2020 参考图39: 车吃象 lets 车吃马, 「车马炮联合捉车」 and nothing more). A
/// result that may be equal is 捉 (「价值相当…按捉」; 2020 图22: the rook's capture of the
/// crossed pawn, which leaves the horse b6 to the rook, is 捉).
pub(crate) fn costs_more_than_it_wins(pos: &mut Position, m: Move, paid: &[Move]) -> bool {
    let favourable_to = !pos.turn();
    capture_gain_with(pos, m, favourable_to, paid, false) < 0
}
