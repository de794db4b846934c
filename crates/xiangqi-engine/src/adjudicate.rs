//! Score adjudication: resignation and draws by the engines' scores, off by default, never
//! on a single score (engines report rule verdicts as mates: Pikafish's `rule_judge` returns
//! `mate_in`/`mated_in` values, `src/position.cpp`).

use xiangqi::Color;
use xiangqi_referee::GameResult;

use crate::end::GameEnd;
use crate::protocol::Score;

/// Resign when a side's own score stays at or below −`score` for `moves` of its moves in a
/// row (and, with `twosided`, the opponent's at or above `score`). A mate score counts only
/// when the opponent's score agrees, since engines report rule verdicts as mates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Moves in a row (at least 2).
    pub moves: u32,
    /// Centipawns.
    pub score: i32,
    /// Both engines must agree.
    pub twosided: bool,
}

/// Draw when, from move `after_move` on, both sides' scores stay within ±`score` for
/// `moves` moves each in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The first full move number at which the rule may act.
    pub after_move: u32,
    /// Moves by each side in a row.
    pub moves: u32,
    /// Centipawns.
    pub score: i32,
}

/// Score adjudication (off by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Resignation by score.
    pub resign: Option<ResignRule>,
    /// Draw by score.
    pub draw: Option<DrawRule>,
    /// A draw after this many plies (0: none).
    pub max_plies: u32,
}

/// The scores seen so far in a game.
pub(crate) struct Scores {
    /// The last reported score of each side (its own view), and whether it was a mate.
    last: [Option<Score>; 2],
    low_run: [u32; 2],
    draw_run: u32,
}

impl Scores {
    pub(crate) fn new() -> Scores {
        Scores {
            last: [None; 2],
            low_run: [0; 2],
            draw_run: 0,
        }
    }
}

/// Records `us`'s score after its move and says whether a rule acts.
pub(crate) fn adjudicate(
    s: &mut Scores,
    adj: &Adjudication,
    us: Color,
    score: Option<Score>,
    plies: usize,
) -> Option<(GameResult, GameEnd, String)> {
    let me = us.index();
    s.last[me] = score;
    if let Some(rule) = adj.resign {
        let opp = s.last[1 - me];
        let low = match score {
            Some(Score::Mate(n)) if n < 0 => opp.is_some_and(|o| o.as_cp() >= rule.score),
            Some(sc @ Score::Cp(_)) => {
                sc.as_cp() <= -rule.score
                    && (!rule.twosided || opp.is_some_and(|o| o.as_cp() >= rule.score))
            }
            _ => false,
        };
        s.low_run[me] = if low { s.low_run[me] + 1 } else { 0 };
        if s.low_run[me] >= rule.moves.max(2) {
            let t = format!(
                "{} resigns by adjudication: score at or below -{} cp for {} moves",
                us.name(),
                rule.score,
                s.low_run[me]
            );
            return Some((
                GameResult::win_for(!us),
                GameEnd::Resigned {
                    loser: us,
                    adjudicated: true,
                },
                t,
            ));
        }
    }
    if let Some(rule) = adj.draw {
        let move_number = plies.div_ceil(2) as u32;
        let quiet = matches!(score, Some(Score::Cp(cp)) if cp.abs() <= rule.score);
        s.draw_run = if quiet && move_number >= rule.after_move {
            s.draw_run + 1
        } else {
            0
        };
        if s.draw_run >= rule.moves.max(1) * 2 {
            let t = format!(
                "adjudicated draw: both scores within ±{} cp for {} moves each",
                rule.score, rule.moves
            );
            return Some((GameResult::Draw, GameEnd::AdjudicatedDraw, t));
        }
    }
    None
}
