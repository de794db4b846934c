//! The event: entrants, settings, rounds, results and withdrawals, in one resumable value
//! that serialises to the tournament file (JSON).

use serde::{Deserialize, Serialize};

pub(crate) mod check;
mod options;
mod swiss_input;
mod validate;
mod withdrawals;

pub use options::{ClubRule, LastRoundsPriority, SwissOptions};

use crate::berger;
use crate::history::{Game, History, Round};
use crate::swiss::{FirstRound, SwissVariant};
use crate::{
    Error, Outcome, Player, PlayerId, Points, Scoring, Standings, TieBreak, TieBreakPreset,
};

/// How the event is paired.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum System {
    /// Round robin by the Berger tables (大循环); `cycles` 2 is a double round robin.
    RoundRobin {
        /// 1 (single) or 2 (double).
        cycles: u32,
        /// Swap the last two rounds of the first cycle (FIDE C.05 Annex 1) in a double round
        /// robin.
        #[serde(default)]
        swap_last_two: bool,
    },
    /// Swiss (积分编排制) over a fixed number of rounds.
    Swiss {
        /// Planned rounds (1960 §9 四(二): announced in advance).
        rounds: u32,
        /// Which rules.
        #[serde(default)]
        variant: SwissVariant,
        /// How round 1 is paired.
        #[serde(default)]
        first_round: FirstRound,
    },
}

/// What happens when a player withdraws during the event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WithdrawalRule {
    /// 1960 §14: fewer than half of his games played — all his games are cancelled and his
    /// name struck from the table; half or more — his remaining games are won by default by
    /// his opponents.
    #[default]
    Rules1960,
    /// FIDE (C.05): the same thresholds, but under half the games stay in the crosstable
    /// (for rating) while not counting in the standings.
    Fide,
}

/// The effect a withdrawal has, decided when it is recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WithdrawalEffect {
    /// His games do not count for anyone.
    Annulled,
    /// His games stand; his remaining scheduled games are lost by default.
    RestForfeited,
}

/// A recorded withdrawal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawal {
    /// Who.
    pub player: PlayerId,
    /// The last round he took part in.
    pub after_round: u32,
    /// What follows.
    pub effect: WithdrawalEffect,
}

/// Everything configurable about the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Pairing system.
    pub system: System,
    /// Points per result.
    pub scoring: Scoring,
    /// Ranking chain, primary score first.
    pub tiebreaks: Vec<TieBreak>,
    /// Withdrawals.
    #[serde(default)]
    pub withdrawal_rule: WithdrawalRule,
    /// Swiss options beyond the variant: same-club avoidance, acceleration, forbidden pairs,
    /// initial colour, last-rounds colour priority.
    #[serde(default, skip_serializing_if = "SwissOptions::is_default")]
    pub swiss: SwissOptions,
}

impl Settings {
    /// A single round robin under the 1960 rules: 2/1/0, the 1960 single-game tie-breaks.
    pub fn round_robin_1960() -> Settings {
        Settings {
            system: System::RoundRobin {
                cycles: 1,
                swap_last_two: false,
            },
            scoring: Scoring::rules_1960(),
            tiebreaks: TieBreakPreset::Single1960.chain(),
            withdrawal_rule: WithdrawalRule::Rules1960,
            swiss: SwissOptions::default(),
        }
    }

    /// A double round robin under the 1960 rules, ranked by 大分 then 小分 (1960 §13 三).
    pub fn double_round_robin_1960() -> Settings {
        Settings {
            system: System::RoundRobin {
                cycles: 2,
                swap_last_two: false,
            },
            tiebreaks: TieBreakPreset::TwoGame1960.chain(),
            ..Settings::round_robin_1960()
        }
    }

    /// A modern Chinese Swiss of `rounds` rounds: 2/1/0, 对手分 then 累进分.
    ///
    /// ```
    /// use xiangqi_tournament::{Settings, System};
    /// assert!(matches!(Settings::swiss(9).system, System::Swiss { rounds: 9, .. }));
    /// ```
    pub fn swiss(rounds: u32) -> Settings {
        Settings {
            system: System::Swiss {
                rounds,
                variant: SwissVariant::Chinese,
                first_round: FirstRound::Adjacent,
            },
            scoring: Scoring::rules_1960(),
            tiebreaks: TieBreakPreset::ChineseSwiss.chain(),
            withdrawal_rule: WithdrawalRule::Rules1960,
            swiss: SwissOptions::default(),
        }
    }
}

/// Refuses settings that no event can run with; also guards files read from outside (a
/// point value beyond ±500 would let sums overflow).
fn check_settings(settings: &Settings, players: usize) -> Result<(), Error> {
    match settings.system {
        System::RoundRobin { cycles, .. } if !(1..=2).contains(&cycles) => {
            return Err(Error::Settings(format!(
                "a round robin has 1 or 2 cycles, not {cycles}"
            )));
        }
        System::Swiss { rounds, .. } if rounds == 0 || rounds as usize >= players + players % 2 => {
            return Err(Error::Settings(format!(
                "a Swiss of {players} players can have 1 to {} rounds, not {rounds}",
                players + players % 2 - 1
            )));
        }
        _ => {}
    }
    let sc = &settings.scoring;
    let values = [
        sc.win,
        sc.draw,
        sc.loss,
        sc.forfeit_win,
        sc.forfeit_loss,
        sc.bye,
    ];
    if values.iter().any(|p| p.halves().abs() > 1000) {
        return Err(Error::Settings(
            "point values must lie between -500 and 500".into(),
        ));
    }
    Ok(())
}

/// An event in progress: the tournament file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// Format marker, so that other JSON is not taken for a tournament.
    pub format: String,
    /// Event name.
    pub name: String,
    /// Settings.
    pub settings: Settings,
    /// Entrants in starting order; player `n` is `players[n - 1]`.
    pub players: Vec<Player>,
    /// Rounds paired so far.
    pub rounds: Vec<Round>,
    /// Withdrawals.
    #[serde(default)]
    pub withdrawals: Vec<Withdrawal>,
}

pub(crate) const FORMAT: &str = "xiangqi-tournament/1";

impl Tournament {
    /// A new event; players are put in starting order (seed, then rating, then as given).
    pub fn new(name: &str, players: Vec<Player>, settings: Settings) -> Result<Tournament, Error> {
        if players.len() < 2 {
            return Err(Error::Settings(
                "an event needs at least two players".into(),
            ));
        }
        check_settings(&settings, players.len())?;
        Ok(Tournament {
            format: FORMAT.into(),
            name: name.into(),
            settings,
            players: crate::player::starting_order(players),
            rounds: Vec::new(),
            withdrawals: Vec::new(),
        })
    }

    /// Reads a tournament file.
    pub fn from_json(text: &str) -> Result<Tournament, Error> {
        let t: Tournament = serde_json::from_str(text).map_err(|e| Error::File {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        if t.format != FORMAT {
            return Err(Error::File {
                line: 1,
                column: 1,
                message: format!("format {:?}, expected {FORMAT:?}", t.format),
            });
        }
        t.validate()?;
        Ok(t)
    }

    /// Writes the tournament file.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a tournament always serialises")
    }

    /// The number of rounds the event will have.
    pub fn planned_rounds(&self) -> u32 {
        let n = self.players.len() as u32;
        match self.settings.system {
            System::RoundRobin { cycles, .. } => (n + n % 2 - 1) * cycles,
            System::Swiss { rounds, .. } => rounds,
        }
    }

    /// Pairs the next round and returns its number.
    pub fn pair_next_round(&mut self) -> Result<u32, Error> {
        if let Some(last) = self.rounds.last() {
            let boards = last.unfinished();
            if !boards.is_empty() {
                return Err(Error::RoundIncomplete {
                    round: last.number,
                    boards,
                });
            }
        }
        let number = self.rounds.len() as u32 + 1;
        if number > self.planned_rounds() {
            return Err(Error::Finished {
                rounds: self.planned_rounds(),
            });
        }
        let round = match self.settings.system.clone() {
            System::RoundRobin {
                cycles,
                swap_last_two,
            } => self.round_robin_round(number, cycles, swap_last_two),
            System::Swiss {
                variant,
                first_round,
                ..
            } => self.swiss_round(number, variant, first_round)?,
        };
        self.rounds.push(round);
        Ok(number)
    }

    fn round_robin_round(&self, number: u32, cycles: u32, swap: bool) -> Round {
        let n = self.players.len() as u32;
        let table = if cycles == 2 {
            berger::double_table(n, swap)
        } else {
            berger::table(n)
        };
        let mut round = Round {
            number,
            games: Vec::new(),
            bye: None,
            rests: Vec::new(),
            notes: Vec::new(),
        };
        for f in &table[number as usize - 1] {
            if f.is_bye() {
                let p = PlayerId(f.first.max(f.second));
                round.bye = Some((p, Points::ZERO));
                continue;
            }
            let (a, b) = (PlayerId(f.first), PlayerId(f.second));
            let mut game = Game::new(round.games.len() as u32 + 1, a, b);
            match (
                self.withdrawal(a)
                    .map(|w| (w.effect, number > w.after_round)),
                self.withdrawal(b)
                    .map(|w| (w.effect, number > w.after_round)),
            ) {
                (Some((WithdrawalEffect::Annulled, true)), _)
                | (_, Some((WithdrawalEffect::Annulled, true))) => continue,
                (Some((_, true)), Some((_, true))) => game.outcome = Some(Outcome::DoubleForfeit),
                (Some((_, true)), _) => game.outcome = Some(Outcome::SecondWinsByForfeit),
                (_, Some((_, true))) => game.outcome = Some(Outcome::FirstWinsByForfeit),
                _ => {}
            }
            round.games.push(game);
        }
        round
    }

    fn game_mut(&mut self, round: u32, board: u32) -> Result<&mut Game, Error> {
        let r = self
            .rounds
            .get_mut(round.wrapping_sub(1) as usize)
            .ok_or(Error::UnknownRound(round))?;
        r.games
            .iter_mut()
            .find(|g| g.board == board)
            .ok_or(Error::UnknownBoard { round, board })
    }

    /// Records (or corrects) the result of a game.
    pub fn set_result(&mut self, round: u32, board: u32, outcome: Outcome) -> Result<(), Error> {
        self.game_mut(round, board)?.outcome = Some(outcome);
        Ok(())
    }

    /// Records the infractions/fouls of both sides in a game.
    pub fn set_fouls(&mut self, round: u32, board: u32, fouls: [u32; 2]) -> Result<(), Error> {
        self.game_mut(round, board)?.fouls = fouls;
        Ok(())
    }

    /// Everyone's record, with annulled players' games removed.
    pub fn history(&self) -> History {
        History::build(
            self.players.len(),
            &self.rounds,
            &self.settings.scoring,
            &self.excluded(),
        )
    }

    /// The standings after the results entered so far.
    pub fn standings(&self) -> Standings {
        Standings::compute(&self.history(), &self.settings.tiebreaks)
    }

    /// The player with number `p`.
    pub fn player(&self, p: PlayerId) -> Option<&Player> {
        self.players.get(p.index())
    }
}
