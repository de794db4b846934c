//! Offers of exchange (兑, 2020 art. 24.4): a piece of one side and a piece of the same kind
//! of the other side that attack each other.
//!
//! 24.4 reads 「同兵种邀兑，而对方一旦吃掉此子后，不致立即被将死或立即在子力价值上遭受损失者，
//! 称为“兑”」. The pair is one of the same kind (同兵种: rook and rook, horse and horse, …, not a
//! horse and a cannon of equal value), each able to take the other. Which of the two moved does
//! not matter (2020 图9 and 图13: the move opens the line between two pieces that stand still;
//! 图21 车四退二: the rook guards the horse on f5 that the black horse on h6 attacks). The book
//! judges every threat against the partner that *begins by taking it* as that offer, not as a
//! chase or a mate of its own:
//!
//! * **a fair offer** (the partner's side may take the offered piece and, the exchange on the
//!   square and the forcing line after it played out in full, is neither mated nor down
//!   material — 24.4's two provisos; a piece it had left hanging elsewhere before is no loss
//!   of the acceptance, 图22): taking the partner is no threat, by the offering piece,
//!   by another piece whose capture wins only by the complete exchange on the partner's square
//!   (of which the offering piece is part), or by a line of checks (2020 图21: the horse on h6,
//!   attacked by the horse f5 and the rook f6 and protected by one rook — 少根 — is offered the
//!   horse f5, which it may take and lose nothing after 车×f5: the book prints 兑, not 捉);
//!   a capture by another piece that wins by itself stays that piece's chase (`threats`;
//!   图11, 图25); and a mate that begins with the offering piece's capture of the partner is
//!   no 杀 (图29: 长兑 against 长杀);
//! * **an unfair offer** (accepting loses material: 2020 图17's note 「如黑方吃车则双车尽失，
//!   判“捉”」 — the rook c7 takes b7, 车×b7 checks along the rank and the rook h7 falls): the
//!   threats against the partner are chases as 24.3 defines them (捉 when taking wins), but a
//!   mate that begins with the offering piece's capture of the partner still does not make the
//!   move 杀 (图17: 车×c7+ … mates, and the book prints 捉);
//! * **no offer** when the partner cannot accept at all: taking the offered piece is illegal,
//!   or lets the other side mate by checks — the partner "cannot leave its line" (不能离线), so
//!   the attack is one way, and a mate that begins by taking the partner is 杀 (图29's note:
//!   「本局红方首着如改走车五平二，因黑方8路车不能离线，判杀」).
//!
//! **Decision: an offered piece the partner may take for nothing is offered all the same**
//! (2020 set). 24.4's provisos are the acceptor's only — not mated at once, not down material
//! at once — the same words as 24.5's 献, whose piece the taker wins by definition; the book
//! never asks the exchange to be even both ways: the offering piece's own free capture of an
//! unprotected partner is 兑, not 捉 (参考图5: the black rook, rooted by the other rook, faces
//! the unprotected red rook, 「黑方长兑」; 图29: 车一平二 offers the rooted rook to the
//! unprotected one, 「红方长兑」; 1956 图七). So two unprotected pieces of a kind that face each
//! other stand in an offer whichever is to move: neither side's capture is a chase, and the
//! attack becomes one (捉) only when the partner can no longer accept — it cannot leave its
//! line (图29's note, 参考图49 「不能离线，为长捉无根子」). The Asian rules read their rule 24 so
//! too (D51: two unprotected rooks facing each other are a perpetual offer, a draw). The 1960
//! book defines 兑 as 「一对一的交换」 (第五节 四): a
//! piece the partner takes for nothing is exchanged for nothing, so under `Chinese1960` (and
//! the Asian rules, whose same-type pairs are judged by `threats::asian_kind`) such a pair is no
//! offer, as before.
//!
//! A mate that does not begin with the offering piece's capture of the partner is 杀 even if
//! the offering piece takes part in it (图20: 「邀兑之子参与做杀，判杀」), and a chase or a mate of another piece keeps its
//! precedence over the offer (兑兼捉 is 捉, 兑兼杀 is 杀, 26.4).

use xiangqi::{Move, Position, Square};

use super::board::all_captures;
use super::mate::mates_by_checks_except;
use super::material::{capture_gain, hanging_captures, line_gain};
use crate::RuleSet;

/// How an offer of exchange stands (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Offer {
    /// Accepting loses nothing: the partner's capture is 兑.
    Fair,
    /// Accepting loses material (2020 图17): the partner's capture is judged by 24.3.
    Unfair,
}

/// The offer standing between the side to move's piece on `m.from()` and the enemy piece of
/// the same kind on `m.to()` that can take it back (`them`: the position with the enemy to
/// move), or `None` if there is none (not the same kind, or the enemy piece cannot accept: its
/// capture is illegal or lets the side to move mate by checks; under `rules` other than the
/// 2020 book's, also a capture that wins outright — see the module doc's decision). Beside
/// 2020 图17 and 图21 (module doc): 1956 图七 长兑; 2020 图2, 图13, 图29, 图30; AXF rule 24,
/// D51–52.
pub(crate) fn offer(
    pos: &Position,
    them: Option<&mut Position>,
    m: Move,
    rules: RuleSet,
) -> Option<Offer> {
    let (a, v) = (pos.piece_at(m.from())?, pos.piece_at(m.to())?);
    if a.role != v.role || a.color == v.color {
        return None;
    }
    let them = them?;
    let back = Move::new(m.to(), m.from());
    if !them.is_legal(back)
        || (rules != RuleSet::Chinese && capture_gain(them, back, v.color, &[]) > 0)
    {
        return None;
    }
    // Taking must not expose the taker to a mate by checks: a piece that "cannot leave its
    // line" cannot accept the offer, which is then 杀 or 捉 (2020 图29's note, 图7).
    let undo = them.play_unchecked(back);
    let mated = mates_by_checks_except(them, &[]);
    them.undo(back, undo);
    if mated {
        return None;
    }
    // Accepting must not lose material either, once the recapture's follow-up has run: a
    // rook "offered" whose capture costs both rooks (the recapture checks, the second rook
    // falls) is offered unfairly (2020 图17). A piece the partner's side had left hanging
    // elsewhere before (the offering side's captures that already win) is no loss of the
    // acceptance, even when its capture checks and the line goes on (24.4: the loss is the
    // one 「一旦吃掉此子后」 brings; 图22: a piece hanging elsewhere spoils nothing).
    let standing: Vec<Move> = hanging_captures(Some(pos))
        .into_iter()
        .filter(|c| c.to() != m.to())
        .collect();
    if line_gain(them, back, a.color, (&[], &standing), &[], true) < 0 {
        Some(Offer::Unfair)
    } else {
        Some(Offer::Fair)
    }
}

/// Whether the capture `m` takes a piece of the capturer's own kind that stands with it in a
/// fair offer of exchange ([`offer`]). Such a capture is no threat.
pub(crate) fn is_exchange_offer(
    pos: &Position,
    them: Option<&mut Position>,
    m: Move,
    rules: RuleSet,
) -> bool {
    offer(pos, them, m, rules) == Some(Offer::Fair)
}

/// The offers of exchange the side to move's pieces stand in, as their captures of the
/// partner (legal captures of a same-kind piece that can take back), each with its offer.
#[derive(Clone, Debug, Default)]
pub(crate) struct Partners(Vec<(Move, Offer)>);

impl Partners {
    /// The offers in `pos` (`them`: the same position with the enemy to move), read by
    /// `rules` ([`offer`]).
    pub(crate) fn of(pos: &Position, mut them: Option<&mut Position>, rules: RuleSet) -> Partners {
        let mut out = Vec::new();
        for m in all_captures(pos) {
            let same_kind = pos
                .piece_at(m.from())
                .zip(pos.piece_at(m.to()))
                .is_some_and(|(a, v)| a.role == v.role);
            if !same_kind {
                continue;
            }
            if let Some(o) = offer(pos, them.as_deref_mut(), m, rules) {
                out.push((m, o));
            }
        }
        Partners(out)
    }

    /// Whether `m` is the capture of a partner by the piece offering it a fair exchange.
    pub(crate) fn is_fair_pair(&self, m: Move) -> bool {
        self.0.contains(&(m, Offer::Fair))
    }

    /// Whether the piece on `sq` is offered a fair exchange by some piece (its side may
    /// accept that one).
    pub(crate) fn is_fairly_offered(&self, sq: Square) -> bool {
        self.0
            .iter()
            .any(|&(m, o)| m.to() == sq && o == Offer::Fair)
    }

    /// Whether the capture `m` (by the side to move, of a piece offered a fair exchange by
    /// another of its pieces) wins without any of the pieces offering the exchange: the piece
    /// is short of protectors against the other attackers alone (少根), and its capture is
    /// their chase, not the offer (2020 参考图49: 车3平2 offers the horse exchange and leaves
    /// the horse b6 to the cannon and the rook, two against its one root: 「捉少根子」). A
    /// position the rules do not allow without the offering pieces is no win.
    pub(crate) fn wins_without_offerers(&self, pos: &Position, m: Move, old: &[Move]) -> bool {
        let mut setup = pos.to_setup();
        for &(o, offer) in &self.0 {
            if o.to() == m.to() && offer == Offer::Fair {
                setup.board[o.from().index() as usize] = None;
            }
        }
        let Ok(mut without) = Position::from_setup(setup) else {
            return false;
        };
        without.is_legal(m) && capture_gain(&mut without, m, pos.turn(), old) > 0
    }

    /// The squares of the pieces offered a fair exchange.
    pub(crate) fn fairly_offered(&self) -> impl Iterator<Item = Square> + '_ {
        self.0
            .iter()
            .filter(|&&(_, o)| o == Offer::Fair)
            .map(|&(m, _)| m.to())
    }

    /// The captures of the partners by the pieces offering the exchange, of the fair offers
    /// only if `only_fair`.
    pub(crate) fn captures(&self, only_fair: bool) -> Vec<Move> {
        self.0
            .iter()
            .filter(|&&(_, o)| !only_fair || o == Offer::Fair)
            .map(|&(m, _)| m)
            .collect()
    }
}
