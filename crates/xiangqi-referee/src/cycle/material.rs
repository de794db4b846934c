//! Material values and exchange evaluation over legal captures.
//!
//! Values follow the Chinese rules' table of 子力 (1999 rules art. 25.3, kept by the 2011 and
//! 2020 texts): 车 = two 马/炮 (or 马 + 炮), 马 = 炮, 士 = 相; a pawn that has crossed the river
//! has a *floating* value (trading a pawn for a horse, cannon, advisor or elephant is no gain,
//! 2020 图24, 参考图31, 33), but is worth less than a rook (2011 art. 26.6: giving up a pawn to
//! win a rook is a gain). The 帅/将 and an uncrossed pawn are not 子力 at all.
//!
//! We model the floating value as an interval: every value is a pair `(low, high)` and a side
//! "wins material" only if it wins under the valuation least favourable to it (its gains at
//! `low`, its losses at `high`). In half-units: advisor/elephant 2, horse/cannon 4, rook 8,
//! crossed pawn 2..6, uncrossed pawn 0..2.

use xiangqi::{Color, Move, Piece, Position, Role, Square};

use super::board::{all_captures, legal_captures_on};
use super::mate::has_mate_in_one;

/// A score meaning "the side to move is mated".
pub(crate) const MATE: i32 = 10_000;

/// The `(low, high)` value of a piece standing on `sq` (see the module doc).
pub(crate) fn value(piece: Piece, sq: Square) -> (i32, i32) {
    match piece.role {
        Role::King => (0, 0),
        Role::Advisor | Role::Elephant => (2, 2),
        Role::Horse | Role::Cannon => (4, 4),
        Role::Rook => (8, 8),
        Role::Pawn if sq.is_home_half(piece.color) => (0, 2),
        Role::Pawn => (2, 6),
    }
}

/// The value of `victim` on `sq` as a gain for `taker`, pessimistic for `chaser`: what the
/// chaser takes counts low, what it loses counts high.
pub(crate) fn gain(victim: Piece, sq: Square, taker: Color, chaser: Color) -> i32 {
    let (lo, hi) = value(victim, sq);
    if taker == chaser { lo } else { hi }
}

/// Whether a piece is 子力 (material a chase can be aimed at): not the king, not a pawn on
/// its own side of the river (1999 art. 25.3; 2020 图22 shows a crossed pawn being chased).
pub(crate) fn is_material(piece: Piece, sq: Square) -> bool {
    match piece.role {
        Role::King => false,
        Role::Pawn => !sq.is_home_half(piece.color),
        _ => true,
    }
}

/// A rank of strength used by both books' "a weaker piece attacking a stronger one"
/// rules: advisor/elephant 1, horse/cannon 2, rook 4 (others 0).
pub(crate) fn strength(role: Role) -> u8 {
    match role {
        Role::Advisor | Role::Elephant => 1,
        Role::Horse | Role::Cannon => 2,
        Role::Rook => 4,
        _ => 0,
    }
}

/// Static exchange on `sq`: the best net gain for the side to move from capturing on `sq`
/// and the recaptures that follow (each side may stop at any time), valued pessimistically
/// for `chaser`. A side left without legal moves scores `-MATE`. The exchange is played out
/// in full (2020 art. 24.3, 通过完整互吃交换): every capture removes a piece, so it ends by
/// itself, within as many plies as there are pieces able to reach the square.
pub(crate) fn exchange(pos: &mut Position, sq: Square, chaser: Color) -> i32 {
    let mut best = 0;
    let mover = pos.turn();
    let captures: Vec<Move> = legal_captures_on(pos, sq).collect();
    for m in captures {
        let Some(victim) = pos.piece_at(sq) else {
            break;
        };
        let g = gain(victim, sq, mover, chaser);
        let undo = pos.play_unchecked(m);
        let reply = answer(pos, sq, chaser);
        pos.undo(m, undo);
        best = best.max(g - reply);
    }
    best
}

/// The captures of the side to move in `pos` that win on their square (the static exchange
/// there): the other side's pieces already hanging.
pub(crate) fn hanging_captures(pos: Option<&Position>) -> Vec<Move> {
    let Some(pos) = pos else {
        return Vec::new();
    };
    let mut probe = pos.clone();
    let taker = pos.turn();
    all_captures(pos)
        .into_iter()
        .filter(|&m| {
            let sq = m.to();
            let Some(victim) = probe.piece_at(sq) else {
                return false;
            };
            let g = gain(victim, sq, taker, taker);
            let undo = probe.play_unchecked(m);
            let reply = exchange(&mut probe, sq, taker);
            probe.undo(m, undo);
            g - reply > 0
        })
        .collect()
}

/// What the side to move makes of the exchange on `sq` after a capture: `-MATE` if it is
/// mated, `MATE` if it mates at once — a capture that walks into mate wins nothing (2020
/// art. 24.3: 「上述得子后不致立即…被对方将死」), and a root that cannot leave its line to
/// retake without being mated is a false root (不能离线, 2020 图7: 「实则不能离线吃炮」; 假根,
/// 1999 art. 28.16) — otherwise the rest of the exchange.
fn answer(pos: &mut Position, sq: Square, chaser: Color) -> i32 {
    if mated(pos) {
        -MATE
    } else if has_mate_in_one(pos) {
        MATE
    } else {
        exchange(pos, sq, chaser)
    }
}

/// The most the side to move gains with one capture (and the exchange that follows on that
/// square), 0 if no capture pays; captures listed in `old` are left out.
pub(crate) fn best_reply(pos: &mut Position, chaser: Color, old: &[Move]) -> i32 {
    let mover = pos.turn();
    let mut best = 0;
    for sq in pos.occupied_by(!mover) {
        let Some(victim) = pos.piece_at(sq) else {
            continue;
        };
        if victim.role == Role::King {
            continue;
        }
        let g = gain(victim, sq, mover, chaser);
        let captures: Vec<Move> = legal_captures_on(pos, sq)
            .filter(|m| !old.contains(m))
            .collect();
        for m in captures {
            let undo = pos.play_unchecked(m);
            let reply = answer(pos, sq, chaser);
            pos.undo(m, undo);
            best = best.max(g - reply);
        }
    }
    best
}

/// The net material the side to move wins by playing the capture `m`: what it takes, less the
/// opponent's best answer — the recapture and exchange on the square, or a capture elsewhere
/// that the move itself made possible (`old`: the opponent's captures available had the move
/// not been made). So a pinned capturer that uncovers its own rook loses it (2020 图23,
/// 被牵子捉子, art. 26.5), while a piece already hanging elsewhere does not spoil the chase
/// (图22). `-MATE` if the capture lets the opponent mate at once (2020 art. 24.3: after
/// winning the material the chaser must not be mated immediately), `MATE` if it mates.
pub(crate) fn capture_gain(pos: &mut Position, m: Move, chaser: Color, old: &[Move]) -> i32 {
    capture_gain_with(pos, m, chaser, old, true)
}

/// [`capture_gain`], with the test for an immediate mate left out when `mate_test` is false
/// (where the caller weighs the capture for another purpose: 26.5's valuation kindest to the
/// capturer, `mutual::costs_more_than_it_wins`).
pub(crate) fn capture_gain_with(
    pos: &mut Position,
    m: Move,
    chaser: Color,
    old: &[Move],
    mate_test: bool,
) -> i32 {
    let sq = m.to();
    after_capture(pos, m, chaser, |pos, g| {
        if mated(pos) {
            return MATE;
        }
        let net = g - best_reply(pos, chaser, old);
        // Only a capture that wins needs the (costlier) test for an immediate mate, made
        // once the exchange on the square has run its course (24.3: 「通过完整互吃交换后吃掉
        // 对方子且得子，上述得子后不致立即被对方将死」).
        if mate_test && net > 0 && mated_after_exchange(pos, sq, chaser) {
            -MATE
        } else {
            net
        }
    })
}

/// The capture `m` weighed by `net`, in the position it leads to and given what it takes
/// (`gain`'s worth to `chaser`), the position restored afterwards; 0 if `m` takes nothing.
/// Every net gain of a capture starts so: the one-square exchange ([`capture_gain_with`]) and
/// the forcing line across squares ([`line_gain`]).
#[inline]
fn after_capture(
    pos: &mut Position,
    m: Move,
    chaser: Color,
    net: impl FnOnce(&mut Position, i32) -> i32,
) -> i32 {
    let sq = m.to();
    let Some(victim) = pos.piece_at(sq) else {
        return 0;
    };
    let taken = gain(victim, sq, pos.turn(), chaser);
    let undo = pos.play_unchecked(m);
    let net = net(pos, taken);
    pos.undo(m, undo);
    net
}

/// Whether, while the exchange on `sq` is played on as both sides best can (each capture
/// that pays, the most paying first; stopping when none does), the opponent of `chaser` can
/// mate at once at one of its turns, the last included. `pos`: after the chaser's first capture, the opponent to move.
fn mated_after_exchange(pos: &mut Position, sq: Square, chaser: Color) -> bool {
    let mover = pos.turn();
    // At every turn of the opponent's it may mate instead of recapturing.
    if mover != chaser && has_mate_in_one(pos) {
        return true;
    }
    let mut best: Option<(i32, Move)> = None;
    for m in legal_captures_on(pos, sq).collect::<Vec<_>>() {
        let Some(victim) = pos.piece_at(sq) else {
            break;
        };
        let g = gain(victim, sq, mover, chaser);
        let undo = pos.play_unchecked(m);
        let v = g - exchange(pos, sq, chaser);
        pos.undo(m, undo);
        if v > 0 && best.is_none_or(|(b, _)| v > b) {
            best = Some((v, m));
        }
    }
    match best {
        // The exchange goes on.
        Some((_, m)) => {
            let undo = pos.play_unchecked(m);
            let r = !mated(pos) && mated_after_exchange(pos, sq, chaser);
            pos.undo(m, undo);
            r
        }
        // It ends here (the opponent's mate was looked for above; the chaser to move is not
        // mated at once, and the move after that is not considered: 下一着不予考虑).
        None => false,
    }
}

/// Whether the side to move is checkmated. (A stalemate inside an exchange is too rare to
/// pay for a full move generation after every capture.)
fn mated(pos: &Position) -> bool {
    pos.is_check() && pos.has_no_moves()
}

/// The best net gain for the side to move from a forcing line: captures anywhere (not only on
/// one square), every evasion when in check, standing pat otherwise; valued pessimistically
/// for `chaser`, `-MATE` when mated; `line` says which captures are left out (see [`Line`]), so
/// that a line is credited only with what it creates.
///
/// The line is played out in full, bounded by the position alone (2020 art. 24.3, 通过完整互吃
/// 交换): every capture removes a piece, and the only other moves are the answers to checks; a
/// line that comes back to a position it has passed through (checks and evasions going round)
/// ends there, standing as it is.
fn forcing_gain(pos: &mut Position, chaser: Color, line: &Line) -> i32 {
    let mut path = Vec::new();
    search_from(pos, chaser, -2 * MATE, 2 * MATE, line, &mut path)
}

/// What a line credits the chaser with: the opponent's captures in `old`, which paid before
/// the line began, are left out at every turn of the opponent's (a piece it could take anyway
/// is no loss of the line, 图22 — at its first reply and at any later one alike), the chaser's
/// captures on `won` are left out, and so are the chaser's general's and pawns' captures
/// unless `own_attacks` (their own attacks are no chase, 2020 art. 26.1: a gain that only
/// their capture brings after an equal exchange is 闲, 参考图33 「等值交换后兵吃士，判闲」),
/// and the chaser's captures in `standing`, wherever they come (a piece the other side had
/// left hanging before the line is no loss of the line, 图22).
struct Line<'a> {
    old: &'a [Move],
    won: &'a [Square],
    own_attacks: bool,
    standing: &'a [Move],
}

impl Line<'_> {
    /// Whether the capture `m` by `mover` is left out of the line.
    fn leaves_out(&self, pos: &Position, m: Move, mover: Color, chaser: Color) -> bool {
        (mover != chaser && self.old.contains(&m))
            || (mover == chaser
                && (self.won.contains(&m.to())
                    || self.standing.contains(&m)
                    || (!self.own_attacks
                        && pos
                            .piece_at(m.from())
                            .is_some_and(|p| matches!(p.role, Role::King | Role::Pawn)))))
    }
}

/// [`forcing_gain`] within the window `(alpha, beta)` (negamax with alpha-beta cut-offs; the
/// result is exact inside the window and a bound outside it); `path`: the positions of the
/// line so far.
fn search_from(
    pos: &mut Position,
    chaser: Color,
    mut alpha: i32,
    beta: i32,
    line: &Line,
    path: &mut Vec<u64>,
) -> i32 {
    let key = pos.hash();
    if path.contains(&key) {
        return 0;
    }
    let mover = pos.turn();
    let in_check = pos.is_check();
    // 24.3: 「通过完整互吃交换后…得子，上述得子后不致立即被对方将死」 — at any of its turns in
    // the line the opponent mates at once rather than go on, so a line whose captures (the last
    // included) walk into a mate wins nothing.
    if mover != chaser && !in_check && has_mate_in_one(pos) {
        return MATE;
    }
    let mut moves: Vec<(i32, Move)> = if in_check {
        let list = pos.legal_moves();
        if list.is_empty() {
            return -MATE;
        }
        list.iter().map(|&m| (0, m)).collect()
    } else {
        all_captures(pos).into_iter().map(|m| (0, m)).collect()
    };
    let mut best = if in_check { -MATE } else { 0 };
    if best >= beta {
        return best;
    }
    alpha = alpha.max(best);
    for (g, m) in &mut moves {
        *g = pos
            .piece_at(m.to())
            .map_or(0, |v| gain(v, m.to(), mover, chaser));
    }
    // Most valuable victim first: the cut-offs come sooner.
    moves.sort_unstable_by_key(|&(g, _)| -g);
    path.push(key);
    for (g, m) in moves {
        if line.leaves_out(pos, m, mover, chaser) {
            continue;
        }
        let undo = pos.play_unchecked(m);
        let v = g - search_from(pos, chaser, g - beta, g - alpha, line, path);
        pos.undo(m, undo);
        if v > best {
            best = v;
            if best >= beta {
                break;
            }
            alpha = alpha.max(best);
        }
    }
    path.pop();
    best
}

/// The net material the side to move wins by the capture `m` once the forcing line that
/// follows has run its course ([`forcing_gain`]; the chaser's general and pawns take part only
/// if `own_attacks`; the chaser's captures in `standing`, those that already won before `m`,
/// are left out: see [`Line`]), `-MATE` if the capture lets the opponent mate at once: the
/// complete exchange across squares of 2020 图4 (the capture removes a protector, and the
/// piece it protected falls next).
pub(crate) fn line_gain(
    pos: &mut Position,
    m: Move,
    chaser: Color,
    (old, standing): (&[Move], &[Move]),
    won: &[Square],
    own_attacks: bool,
) -> i32 {
    let line = Line {
        old,
        won,
        own_attacks,
        standing,
    };
    after_capture(pos, m, chaser, |pos, g| {
        let net = g - forcing_gain(pos, chaser, &line);
        if net > 0 && has_mate_in_one(pos) {
            -MATE
        } else {
            net
        }
    })
}
