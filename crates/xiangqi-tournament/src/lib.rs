//! Xiangqi (Chinese chess) tournaments as the rule books run them.
//!
//! The 1960 rules (《中国象棋竞赛规则（1960）》 §8–§14 and the appendix) and the current text
//! spend more pages on running competitions than on the moves; this crate is that
//! part as software:
//!
//! * round robin by the Berger tables ([`berger`]), Swiss pairing in the 1960 and the modern
//!   Chinese style ([`swiss`]), knockouts including the re-drawn card knockout of the current
//!   text's 2.9 ([`knockout`]), seeded groups ([`groups`]), team events with board order
//!   ([`team`]) and multi-game matches ([`matchplay`]);
//! * results, scoring (2/1/0 or 1/½/0 counted exactly in half-points), forfeits and byes
//!   ([`score`]);
//! * tie-break chains with the 1960 and modern presets ([`tiebreak`]), standings
//!   ([`standings`]), withdrawals by 1960 §14 or the FIDE rule;
//! * a resumable [`Tournament`] file and exports: crosstables in text, CSV and HTML, and
//!   FIDE TRF16 ([`export`]).
//!
//! It knows nothing of boards or moves.
//!
//! ```
//! use xiangqi_tournament::{Player, Settings, System, Tournament, Outcome};
//! let players = (1..=4).map(|i| Player::new(format!("P{i}"))).collect();
//! let mut t = Tournament::new("club", players, Settings::round_robin_1960()).unwrap();
//! t.pair_next_round().unwrap();
//! t.set_result(1, 1, Outcome::FirstWins).unwrap();
//! t.set_result(1, 2, Outcome::Draw).unwrap();
//! let table = t.standings();
//! assert_eq!(table.rows[0].points.to_string(), "2");
//! ```

pub mod berger;
mod error;
pub mod export;
pub mod generate;
pub mod groups;
pub mod history;
pub mod knockout;
pub mod matching;
pub mod matchplay;
pub mod player;
mod rng;
pub mod score;
pub mod standings;
pub mod swiss;
pub mod team;
pub mod tiebreak;
pub mod tournament;
pub mod trf;

pub use error::Error;
pub use player::{Player, PlayerId};
pub use rng::Lots;
pub use score::{Mover, Outcome, PlayerResult, Points, Scoring};
pub use standings::{Standings, StandingsRow};
pub use tiebreak::{TieBreak, TieBreakPreset};
pub use tournament::check::{CheckReport, Difference};
pub use tournament::{Settings, System, Tournament, WithdrawalRule};
