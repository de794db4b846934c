//! # xiangqi-referee
//!
//! The referee of the Xiangqi Arbiter: it rules on a game — a start position and its moves —
//! the way a chief arbiter does, naming the result, the reason, the ply, the side at fault,
//! the rule (book and article) and an explanation in English and Chinese.
//!
//! * [`judge`] rules on a whole game at once; [`Referee`] rules move by move (the play server
//!   keeps one per board); both follow the same code, so they always agree.
//! * Endings: checkmate and stalemate (困毙, the side to move loses), no attacking material
//!   on either side (draw), the natural move limit (自然限着, per [`RuleSet::natural_limit`]),
//!   an illegal move (its author loses), and repetitions: when a position occurs for the
//!   third time ([`Options::repetitions`]) the cycle goes to [`cycle::rule_cycle`], which
//!   classifies every move under the chosen [`RuleSet`] (Chinese, Asian or Chinese 1960).
//! * The book's procedure ([`Procedure::Book`], the default): a forbidden cycle gives an
//!   [`Order`] to vary, lost only if the side does not vary (`ordered_at`); an allowed cycle
//!   makes the draw [`Claimable`] ([`Referee::claim`]). [`Procedure::Immediate`] ends the game
//!   at the ruling occurrence instead.
//! * Handicap games ([`Handicap`], [`piece_odds`]) and touch-move ([`touch_obligation`]).
//! * [`Ruling`] is the one ruling of the workspace: its reason is an [`Ending`], the
//!   referee's [`Reason`] on the board or an arbiter's ending off it ([`Ruling::ended`],
//!   signed by a [`Signer`]); its result is the rules core's [`GameResult`].
//!
//! ```
//! use xiangqi::Position;
//! use xiangqi_referee::{judge, GameResult, Options, Reason};
//! // 1960 rules §4.2(一), 图四: Red's rook checks for ever.
//! let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/7R1/3K5 w").unwrap();
//! let moves: Vec<_> = "h1h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9"
//!     .split(' ')
//!     .map(|m| m.parse().unwrap())
//!     .collect();
//! // The position after ply 1 occurs for the third time at ply 9: Red is ordered to vary.
//! let ruling = judge(&pos, &moves, &Options::default());
//! assert_eq!((ruling.result, ruling.ply), (GameResult::Ongoing, 9));
//! assert_eq!(ruling.order.map(|o| o.reason), Some(Reason::PerpetualCheck));
//! // Red checks on h8 again instead of varying, and loses.
//! let more: Vec<_> = ["f9f8", "h9h8"].iter().map(|m| m.parse().unwrap()).collect();
//! let ruling = judge(&pos, &[moves, more].concat(), &Options::default());
//! assert_eq!((ruling.result, ruling.ply, ruling.ordered_at), (GameResult::BlackWins, 11, Some(9)));
//! ```
//!
//! Decisions where the books are silent or differ are recorded on the items they concern:
//! the natural limit on [`RuleSet::natural_limit`], attacking material on
//! [`has_attacking_material`], move odds on [`Handicap`], touch-move order on
//! [`touch_obligation`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod articles;
pub mod cycle;
mod ending;
mod endings;
mod game;
mod handicap;
mod limit;
mod options;
mod order;
mod pending;
mod play_error;
mod procedure;
mod reason;
mod referee;
mod repetition;
mod rules;
mod ruling;
mod signer;
mod touch;

pub use ending::{Ending, ForfeitReason};
pub use endings::{has_attacking_material, has_legal_move};
pub use game::{Game, judge};
pub use handicap::{Handicap, HandicapError, OddsViolation, PieceOddsError, piece_odds};
pub use limit::NaturalLimit;
pub use options::Options;
pub use order::{ClaimError, Claimable, Claimant, Order};
pub use play_error::PlayError;
pub use procedure::{ParseProcedureError, Procedure};
pub use reason::Reason;
pub use referee::Referee;
pub use rules::{ParseRuleSetError, RuleSet};
pub use ruling::Ruling;
pub use signer::{ArbiterRole, Signer};
pub use touch::{Obligation, TouchError, TouchRuling, touch_obligation};
/// The result of a game: the rules core's one result type, re-exported.
pub use xiangqi::GameResult;
