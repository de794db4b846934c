//! Mate threats (杀): a forced mate by a check or a series of checks.
//!
//! 2020 art. 24.2 (and 1999 art. 28.2, 1960 §4 二(二) 要杀): 杀 is a move after which the
//! mover, if it were to move again, would mate by a check or by continuous checks. The AXF
//! terms (杀着, "threatening to checkmate") use the same definition. We search checks only,
//! every evasion answered, as many as the position allows (`forcing`).
//!
//! **Decision: a mate the mover could already force before the move is still the move's 杀.**
//! 24.2 judges the position the move leaves (「凡走子企图下一着…将死对方者」) and says nothing
//! of what stood before; the one article that sets a standing 杀 aside, 26.1.4 (「走动其他子
//! 应将产生的…“杀”…如应将前已经存在，则为“闲”」), is written for answers to a check, where the
//! mover could not mate before its move (`created::creates_mate`). The books label the
//! shuffle of a side that keeps a mate in hand 杀: 1960 附录 例二 (车6平3 「一将一连杀」,
//! though 车6平5 or 车3平5 mated before it) and 例六 (炮4退2 a threat to mate, though 炮7平5
//! mated before it). 图5's 「结果没有发生变化」 is the newness of 捉; a side that could mate and
//! shuffles instead plays 杀 on.
//! Tests: `tests/cycle_lines.rs::a_mate_that_stood_before_the_move_is_still_its_threat`.

use xiangqi::{Color, Move, Position, Square};

use super::material::strength;

use super::board::with_turn;
use super::mate::{Reach, mates_within, shortest_mate};
use super::offer::Partners;
use super::terms::MateLine;
use crate::RuleSet;

/// Whether `side`, given the move in `pos` (a null move if it is not its turn), would force
/// mate by checks: the test for 杀. A mate that would begin by taking a piece standing in an
/// offer of exchange (`offer`: a same-kind pair in mutual attack), fair or not, does not count:
/// that capture is judged as the exchange (2020 图29: 长兑 against 长杀; 图17: the offer that
/// costs Black both rooks is 捉, not 杀, though 车×c7+ begins a mate). The same pair is 杀 when
/// the enemy piece cannot leave its line to accept (图29's note), and a mate that begins
/// otherwise is 杀 even if the offering piece takes part (图20). The Asian rules leave out only
/// the mates that begin with a fair offer's capture (AXF rule 24 has no unfair offer of
/// exchange; a mate threat is never a violation there, rule 9).
pub(crate) fn threatens_mate(pos: &Position, side: Color, rules: RuleSet) -> bool {
    threatens_mate_within(pos, side, Reach::Unbounded, rules)
}

/// Whether `side`, given the move, would mate at once (one checking move): an answer to a
/// check that threatens mate in turn (垫将还杀, 2020 图7) makes the checker's line fail, for
/// whatever it then takes it is mated at once (24.3: 「得子后不致立即…被对方将死」).
/// (Chinese rules: the lines of checks that win material are theirs.)
pub(crate) fn threatens_mate_at_once(pos: &Position, side: Color) -> bool {
    threatens_mate_within(pos, side, Reach::AtOnce, RuleSet::Chinese)
}

fn threatens_mate_within(pos: &Position, side: Color, max: Reach, rules: RuleSet) -> bool {
    let Some(mut p) = with_turn(pos, side) else {
        return false;
    };
    // Most positions have no mate at all: look for one before weighing the offers.
    if !mates_within(&mut p, &[], max) {
        return false;
    }
    let mut them = pos.clone();
    let skip: Vec<Move> =
        Partners::of(&p, Some(&mut them), rules).captures(rules == RuleSet::Asian);
    skip.is_empty() || mates_within(&mut p, &skip, max)
}

/// The mate [`threatens_mate`] found, for the report: the first check and length of a
/// shortest line, leaving out the same captures of a partner in an offer; `firsts`: the
/// first checks to choose from (all if empty).
pub(crate) fn mate_line(
    pos: &Position,
    side: Color,
    rules: RuleSet,
    firsts: &[Move],
) -> Option<MateLine> {
    let mut p = with_turn(pos, side)?;
    let mut them = pos.clone();
    let skip: Vec<Move> =
        Partners::of(&p, Some(&mut them), rules).captures(rules == RuleSet::Asian);
    let (mut found, checks) = shortest_mate(&mut p, &skip, firsts)?;
    // Of several first checks the one nearest the enemy general, then the one from nearest,
    // then the heaviest piece's: measures that neither the mirror nor the colour swap
    // changes, so that a position and its redrawings name the same check.
    let king = p.king(!side);
    let near = |sq: Square| {
        sq.file().index().abs_diff(king.file().index())
            + sq.rank().index().abs_diff(king.rank().index())
    };
    found.sort_by_key(|c| {
        (
            near(c.to()),
            near(c.from()),
            std::cmp::Reverse(p.piece_at(c.from()).map_or(0, |x| strength(x.role))),
        )
    });
    Some(MateLine {
        first: *found.first()?,
        checks,
    })
}

/// The checks with which `side`, given the move, would begin a forced mate by checks: the
/// threats of mate a position holds, by their first move.
pub(crate) fn mating_checks(pos: &Position, side: Color) -> Vec<Move> {
    let Some(mut p) = with_turn(pos, side) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for c in p.legal_moves().iter().copied().collect::<Vec<_>>() {
        if !p.gives_check(c) {
            continue;
        }
        let undo = p.play_unchecked(c);
        let answers: Vec<Move> = p.legal_moves().iter().copied().collect();
        let forced = answers.iter().all(|&e| {
            let u = p.play_unchecked(e);
            let r = mates_within(&mut p, &[], Reach::Unbounded);
            p.undo(e, u);
            r
        });
        p.undo(c, undo);
        if forced {
            out.push(c);
        }
    }
    out
}
