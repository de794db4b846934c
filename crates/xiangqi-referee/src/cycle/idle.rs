//! The kinds of 闲 (2020 art. 24.4–24.8; AXF terms 兑着, 献着, 拦着; rules 39–40) and what each
//! rests on: the pairs a move offers to exchange (兑), the piece it gives and its takers (献),
//! the protected pieces it follows (跟), the paths it cuts (拦).

use xiangqi::{Color, Move, Piece, Position, Role, Square};

use super::board::{all_captures, legal_captures_on, with_turn};
use super::mate::has_mate_in_one;
use super::material::{capture_gain, strength};
use super::offer::is_exchange_offer;
use super::protection::can_recapture;
use super::terms::{Grounds, IdleKind, Placed, TradeOffer};
use crate::RuleSet;

fn placed(pos: &Position, square: Square) -> Option<Placed> {
    pos.piece_at(square).map(|piece| Placed { square, piece })
}

/// The fair offer of the piece on `offered` to the enemy piece on `partner` in `pos`, with
/// the pieces that may take back after the partner's capture.
fn offer_of(pos: &Position, offered: Square, partner: Square) -> Option<TradeOffer> {
    Some(TradeOffer {
        offered: placed(pos, offered)?,
        partner: placed(pos, partner)?,
        fair: true,
        retakers: retakers(pos, Move::new(partner, offered)),
    })
}

/// The pieces that may take back on the square of `take` once it is played in `pos` (no
/// piece if it is not legal: `pos` need not have the taker to move).
fn retakers(pos: &Position, take: Move) -> Vec<Placed> {
    let Some(mut probe) = pos
        .piece_at(take.from())
        .and_then(|p| with_turn(pos, p.color))
    else {
        return Vec::new();
    };
    if !probe.is_legal(take) {
        return Vec::new();
    }
    probe.play_unchecked(take);
    legal_captures_on(&probe, take.to())
        .filter_map(|r| placed(&probe, r.from()))
        .collect()
}

/// 兑 (2020 art. 24.4: 「同兵种邀兑，而对方一旦吃掉此子后，不致立即被将死或立即在子力价值上
/// 遭受损失」): after the move the opponent can take one of the mover's pieces with a piece of
/// the same type, a capture it did not have before the move, and taking neither loses material
/// once the exchange on the square has run nor lets the mover mate at once — the acceptor's
/// provisos only: under the 2020 book taking may win (a piece the partner takes for nothing is
/// offered all the same, the decision in `offer`); under `rules` other than the 2020 book's it
/// must not (1960: 「兑是一对一的交换」). The offered piece need not be the one moved: a piece that steps off a line
/// opens a rook's file to the other rook (2020 图9, 马二进三), a rook that steps between two
/// cannons becomes the screen of both (图13, 车六平五).
///
/// Returns the offers the move made (empty: none), every one of them: which is named first
/// must not depend on the order the board is read in (see [`first_offer`]).
fn offers_trade(
    (mover, rules): (Color, RuleSet),
    before: &Position,
    after: &Position,
) -> Vec<TradeOffer> {
    let earlier = with_turn(before, !mover);
    let mut probe = after.clone();
    let mut out: Vec<TradeOffer> = all_captures(after)
        .into_iter()
        .filter(|&c| {
            let (Some(a), Some(v)) = (after.piece_at(c.from()), after.piece_at(c.to())) else {
                return false;
            };
            if a.role != v.role {
                return false;
            }
            // The same even capture was there before the move: not offered by it. A capture
            // that won material before and is even now is offered by the move, which protected
            // the piece (2020 图21 车四退二, 图30 炮八进四: the move guards the horse the
            // opponent's horse attacks).
            // Nor is a pair whose exchange on the square the move left as it was (the same
            // pieces of either side attacking the offered piece): its gain changed only by
            // captures elsewhere, which offer nothing (24.4 「邀兑」 is the pair's exchange).
            let was_there = earlier.as_ref().is_some_and(|p| {
                p.piece_at(c.from()) == Some(a)
                    && p.piece_at(c.to()) == Some(v)
                    && p.is_legal(c)
                    && (capture_gain(&mut p.clone(), c, !mover, &[]) == 0
                        || same_exchange(p, after, c.to()))
            });
            // Taking must not lose; under the 2020 book it may win: a piece the partner takes
            // for nothing is offered all the same (`offer`'s decision; 1960: 「一对一的交换」).
            let gain = capture_gain(&mut probe, c, !mover, &[]);
            if was_there || gain < 0 || (gain > 0 && rules != RuleSet::Chinese) {
                return false;
            }
            let undo = probe.play_unchecked(c);
            let mated = has_mate_in_one(&mut probe);
            probe.undo(c, undo);
            !mated
        })
        .filter_map(|c| offer_of(after, c.to(), c.from()))
        .collect();
    if out.is_empty() {
        out = offers_own_trade((mover, rules), before, after);
    }
    out
}

/// Whether the exchange on `sq` is the same in `before` and `after`: the same pieces, on the
/// same squares, of either side attack it (the piece on it is the same one, checked by the
/// caller).
fn same_exchange(before: &Position, after: &Position, sq: Square) -> bool {
    let attackers = |pos: &Position| -> Vec<(Square, Option<Piece>)> {
        [Color::Red, Color::Black]
            .into_iter()
            .flat_map(|c| pos.attackers(sq, c))
            .map(|from| (from, pos.piece_at(from)))
            .collect()
    };
    attackers(before) == attackers(after)
}

/// The other half of 兑 (24.4): after the move, the mover's own piece attacks a piece of the
/// same type that attacks it back, the pair stands in an offer of exchange
/// ([`is_exchange_offer`]: taking first wins nothing, accepting loses nothing), and the move
/// made that capture a better one than before — a rook that steps beside the horse its horse
/// attacks, backing the exchange (2020 图30 车6退4; with the black horse on the other side,
/// where the red horse cannot take back, the same move is 捉).
fn offers_own_trade(
    (mover, rules): (Color, RuleSet),
    before: &Position,
    after: &Position,
) -> Vec<TradeOffer> {
    let (Some(me), Some(earlier)) = (with_turn(after, mover), with_turn(before, mover)) else {
        return Vec::new();
    };
    let mut them = after.clone();
    all_captures(&me)
        .into_iter()
        .filter(|&c| {
            let (Some(a), Some(v)) = (me.piece_at(c.from()), me.piece_at(c.to())) else {
                return false;
            };
            if a.role != v.role || !is_exchange_offer(&me, Some(&mut them), c, rules) {
                return false;
            }
            let now = capture_gain(&mut me.clone(), c, mover, &[]);
            let stood = earlier.piece_at(c.from()) == Some(a)
                && earlier.piece_at(c.to()) == Some(v)
                && earlier.is_legal(c);
            // A pair the move left with the same exchange on both squares is not its offer
            // (see `offers_trade`).
            if stood
                && same_exchange(&earlier, after, c.from())
                && same_exchange(&earlier, after, c.to())
            {
                return false;
            }
            let then = stood.then(|| capture_gain(&mut earlier.clone(), c, mover, &[]));
            then.is_none_or(|t| t < now)
        })
        .filter_map(|c| offer_of(after, c.from(), c.to()))
        .collect()
}

/// Of several offers, the one the report names first: the one the moved piece (on `to`)
/// stands in, then the heaviest pieces, then the offered piece and the partner nearest the
/// moved piece, then nearest the generals (`kings`: the mover's, the opponent's) — measures
/// that neither the mirror nor the colour swap changes, so that a position and its
/// redrawings name the same pair.
fn first_offer(offers: &mut [TradeOffer], to: Square, kings: [Square; 2]) {
    let near = |a: Square, b: Square| {
        a.file().index().abs_diff(b.file().index()) + a.rank().index().abs_diff(b.rank().index())
    };
    offers.sort_by_key(|o| {
        let (x, y) = (o.offered.square, o.partner.square);
        (
            x != to && y != to,
            std::cmp::Reverse(strength(o.offered.piece.role)),
            (near(x, to), near(y, to)),
            kings.map(|k| (near(x, k), near(y, k))),
        )
    });
}

/// The kinds of 闲 (2020 art. 24.4–24.8; AXF terms 兑着, 献着, 拦着; rules 39–40), with what
/// each rests on.
pub(crate) fn idle_kind(
    m: Move,
    (mover, rules): (Color, RuleSet),
    before: &Position,
    after: &Position,
) -> (IdleKind, Grounds) {
    // 2020 art. 24.4 「同兵种邀兑」: an exchange is offered with a piece of the pair, or by a
    // move that opens or backs one; the general is no piece of a pair, and its step that makes
    // an exchange even is its own defence (参考图25: 将5平6, after which taking the cannon on
    // the e-file no longer costs Black, is 闲; none of the book's general moves is 兑).
    let general = after.piece_at(m.to()).is_some_and(|p| p.role == Role::King);
    let mut offers = if general {
        Vec::new()
    } else {
        offers_trade((mover, rules), before, after)
    };
    if !offers.is_empty() {
        first_offer(&mut offers, m.to(), [after.king(mover), after.king(!mover)]);
        return (IdleKind::Trade, Grounds::Offer(offers));
    }
    let to = m.to();
    let Some(piece) = after.piece_at(to) else {
        return (IdleKind::Plain, Grounds::Nothing);
    };
    let given = Placed { square: to, piece };
    // 献 and 兑 offer the piece: the opponent may take it "without being mated at once or
    // losing material at once" (24.4, 24.5). A piece whose capture costs the taker (it is
    // protected and worth less than the taker) is offered to nobody.
    let attackers: Vec<Placed> = after
        .attackers(to, !mover)
        .filter(|&a| accepts(after, Move::new(a, to), !mover))
        .filter_map(|a| placed(after, a))
        .collect();
    if !attackers.is_empty() {
        // 兑: a same-type piece may take it and it may take that piece back.
        let same: Vec<TradeOffer> = attackers
            .iter()
            .filter(|a| a.piece.role == piece.role)
            .filter_map(|a| offer_of(after, to, a.square))
            .collect();
        return if same.is_empty() {
            (
                IdleKind::Sacrifice,
                Grounds::Sacrifice {
                    given,
                    takers: attackers,
                },
            )
        } else {
            (IdleKind::Trade, Grounds::Offer(same))
        };
    }
    let targets = followed(m, mover, before, after);
    if !targets.is_empty() {
        return (
            IdleKind::Follow,
            Grounds::Follow {
                follower: given,
                targets,
            },
        );
    }
    let cut = cut_paths(to, mover, before);
    if !cut.is_empty() {
        return (
            IdleKind::Block,
            Grounds::Block {
                blocker: given,
                cut,
            },
        );
    }
    (IdleKind::Plain, Grounds::Nothing)
}

/// 跟: the protected enemy pieces the piece moved by `m` now attacks and did not attack
/// before.
fn followed(m: Move, mover: Color, before: &Position, after: &Position) -> Vec<Placed> {
    let mut targets = Vec::new();
    let Some(me) = with_turn(after, mover) else {
        return targets;
    };
    let to = m.to();
    for (sq, p) in after.pieces() {
        if p.color == mover || p.role == Role::King {
            continue;
        }
        let cap = Move::new(to, sq);
        if me.is_legal(cap) && !before.attackers(sq, mover).contains(m.from()) {
            let mut probe = me.clone();
            probe.play_unchecked(cap);
            if can_recapture(&probe, sq) {
                targets.push(Placed {
                    square: sq,
                    piece: p,
                });
            }
        }
    }
    targets
}

/// 拦: the enemy pieces that could have gone to `to`, where the mover's piece now stands,
/// cutting their path.
fn cut_paths(to: Square, mover: Color, before: &Position) -> Vec<Placed> {
    let mut cut: Vec<Placed> = Vec::new();
    let Some(them) = with_turn(before, !mover) else {
        return cut;
    };
    for mv in them.legal_moves().iter().filter(|mv| mv.to() == to) {
        if let Some(p) = placed(before, mv.from())
            && !cut.contains(&p)
        {
            cut.push(p);
        }
    }
    cut
}

/// Whether the side to move in `pos` (`taker`) may play the capture `cap` of an offered piece
/// without being mated at once or losing material once the exchange has run (2020 art. 24.4
/// and 24.5: 「对方一旦吃掉此子后，不致立即被将死或立即在子力价值上遭受损失」).
fn accepts(pos: &Position, cap: Move, taker: Color) -> bool {
    if !pos.is_legal(cap) {
        return false;
    }
    let mut probe = pos.clone();
    if capture_gain(&mut probe, cap, taker, &[]) < 0 {
        return false;
    }
    let undo = probe.play_unchecked(cap);
    let mated = has_mate_in_one(&mut probe);
    probe.undo(cap, undo);
    !mated
}
