//! Matches between two players over several games: two-game matches scored by 大分 and 小分
//! (1960 §13 三) and best of three with an extra game or lots (current text 2.6).

use serde::{Deserialize, Serialize};

use crate::{Lots, Mover, Outcome, Points, Scoring};

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchFormat {
    /// A fixed number of games; the aggregate decides; level → play-off.
    Games(u32),
    /// 三局两胜 (2.6): at most three games, stop as soon as one side cannot be caught; level
    /// after three → play-off.
    BestOfThree,
}

/// What decides a level match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Playoff {
    /// One extra game (加赛一局); if it is drawn too, lots.
    ExtraGame,
    /// Lots straight away (抽签).
    Lot,
    /// Leave the match drawn (a round robin's two-game fixture: ½ 大分 each).
    None,
}

/// Who won a match, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchResult {
    /// More games to play; `a_first` says whether player A moves first in the next one.
    Continue {
        /// A moves first in the next game.
        a_first: bool,
        /// The next game is the play-off game.
        playoff: bool,
    },
    /// A won (`true`) or B won (`false`) on the games.
    Won {
        /// Whether A won.
        a: bool,
    },
    /// Decided by lot after a level match.
    ByLot {
        /// Whether A won the lot.
        a: bool,
    },
    /// Level, and the format leaves it so.
    Drawn,
}

/// A match between A and B. Sides alternate from game to game, A moving first in game 1
/// when `a_first` (1960 §10: lots for game 1, then alternate).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    /// The format.
    pub format: MatchFormat,
    /// The play-off rule.
    pub playoff: Playoff,
    /// Whether A moved first in game 1.
    pub a_first: bool,
    /// Games played, each from the board (first mover listed first).
    pub games: Vec<Outcome>,
}

impl Match {
    /// A new match.
    pub fn new(format: MatchFormat, playoff: Playoff, a_first: bool) -> Match {
        Match {
            format,
            playoff,
            a_first,
            games: Vec::new(),
        }
    }

    /// Whether A moves first in game `index` (0-based).
    pub fn a_moves_first(&self, index: usize) -> bool {
        self.a_first == index.is_multiple_of(2)
    }

    fn regular_games(&self) -> usize {
        match self.format {
            MatchFormat::Games(n) => n as usize,
            MatchFormat::BestOfThree => 3,
        }
    }

    /// 小分: game points of A and B over the regular games (play-off games excluded).
    ///
    /// ```
    /// use xiangqi_tournament::{matchplay::{Match, MatchFormat, Playoff}, Outcome, Points, Scoring};
    /// let mut m = Match::new(MatchFormat::Games(2), Playoff::None, true);
    /// m.games = vec![Outcome::FirstWins, Outcome::Draw];
    /// assert_eq!(m.game_points(&Scoring::rules_1960()), [Points::whole(3), Points::whole(1)]);
    /// ```
    pub fn game_points(&self, scoring: &Scoring) -> [Points; 2] {
        let mut pts = [Points::ZERO; 2];
        for (i, o) in self.games.iter().take(self.regular_games()).enumerate() {
            let a_side = if self.a_moves_first(i) {
                Mover::First
            } else {
                Mover::Second
            };
            pts[0] += scoring.points(o.for_side(a_side));
            pts[1] += scoring.points(o.for_side(a_side.other()));
        }
        pts
    }

    /// 大分: 1 for out-scoring the other on the regular games, ½ each when level (1960 §13 三).
    pub fn match_points(&self, scoring: &Scoring) -> [Points; 2] {
        let [a, b] = self.game_points(scoring);
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => [Points::whole(1), Points::ZERO],
            std::cmp::Ordering::Equal => [Points::from_halves(1), Points::from_halves(1)],
            std::cmp::Ordering::Less => [Points::ZERO, Points::whole(1)],
        }
    }

    /// The state of the match; `lots` draws the lot when one is needed.
    ///
    /// ```
    /// use xiangqi_tournament::{matchplay::{Match, MatchFormat, MatchResult, Playoff}, Lots, Outcome};
    /// let mut m = Match::new(MatchFormat::BestOfThree, Playoff::ExtraGame, true);
    /// m.games = vec![Outcome::FirstWins, Outcome::FirstWins]; // A wins game 1, B game 2
    /// assert_eq!(m.result(&mut Lots::new(1)), MatchResult::Continue { a_first: true, playoff: false });
    /// m.games.push(Outcome::SecondWins); // B wins game 3 as second mover
    /// assert_eq!(m.result(&mut Lots::new(1)), MatchResult::Won { a: false });
    /// ```
    pub fn result(&self, lots: &mut Lots) -> MatchResult {
        let scoring = Scoring::rules_1960();
        let regular = self.regular_games();
        let played = self.games.len().min(regular);
        let [a, b] = self.game_points(&scoring);
        let left = (regular - played) as i32 * scoring.win.halves();
        if a.halves() > b.halves() + left {
            return MatchResult::Won { a: true };
        }
        if b.halves() > a.halves() + left {
            return MatchResult::Won { a: false };
        }
        if played < regular {
            return MatchResult::Continue {
                a_first: self.a_moves_first(played),
                playoff: false,
            };
        }
        match self.playoff {
            Playoff::None => MatchResult::Drawn,
            Playoff::Lot => MatchResult::ByLot {
                a: lots.below(2) == 0,
            },
            Playoff::ExtraGame => match self.games.get(regular) {
                None => MatchResult::Continue {
                    a_first: self.a_moves_first(regular),
                    playoff: true,
                },
                Some(o) => {
                    let a_side = if self.a_moves_first(regular) {
                        Mover::First
                    } else {
                        Mover::Second
                    };
                    let r = o.for_side(a_side);
                    if r.is_win() {
                        MatchResult::Won { a: true }
                    } else if r.is_loss() && *o != Outcome::DoubleForfeit {
                        MatchResult::Won { a: false }
                    } else {
                        MatchResult::ByLot {
                            a: lots.below(2) == 0,
                        }
                    }
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::*;

    #[test]
    fn best_of_three_stops_early_and_goes_to_playoff() {
        let mut m = Match::new(MatchFormat::BestOfThree, Playoff::ExtraGame, true);
        m.games = vec![FirstWins, SecondWins]; // A wins both (second game A moved second)
        assert_eq!(m.result(&mut Lots::new(0)), MatchResult::Won { a: true });
        m.games = vec![Draw, Draw, Draw];
        // Sides keep alternating: A moved first in games 1 and 3, so second in the play-off.
        assert_eq!(
            m.result(&mut Lots::new(0)),
            MatchResult::Continue {
                a_first: false,
                playoff: true
            }
        );
        m.games.push(FirstWins); // B, moving first, won the play-off
        assert_eq!(m.result(&mut Lots::new(0)), MatchResult::Won { a: false });
        m.games[3] = Draw;
        assert!(matches!(
            m.result(&mut Lots::new(0)),
            MatchResult::ByLot { .. }
        ));
    }

    #[test]
    fn two_game_match_points() {
        let s = Scoring::rules_1960();
        let mut m = Match::new(MatchFormat::Games(2), Playoff::None, false);
        m.games = vec![FirstWins, FirstWins]; // B won game 1, A game 2: 2–2
        assert_eq!(
            m.match_points(&s),
            [Points::from_halves(1), Points::from_halves(1)]
        );
        assert_eq!(m.result(&mut Lots::new(0)), MatchResult::Drawn);
    }
}
