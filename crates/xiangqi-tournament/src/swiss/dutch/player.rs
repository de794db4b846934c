//! One player and one round as the Dutch system sees them (FIDE Handbook C.04.3 art. 1):
//! score, colours, floats, opponents, and what the round's pairing depends on.

use super::colour::Colours;
use crate::{Mover, PlayerId, Points};

/// A float received in a round (C.04.3 art. 1.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Float {
    /// Paired within his score, or not at all without points.
    #[default]
    None,
    /// Paired against a lower score, or a PAB, or more than a loss's points without playing.
    Down,
    /// Paired against a higher score.
    Up,
}

/// One player as the Dutch system sees him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DutchPlayer {
    /// Pairing number (TPN).
    pub id: PlayerId,
    /// Pairing score (with any acceleration's fictitious points).
    pub score: Points,
    /// Colours of the games played.
    pub colours: Colours,
    /// Floats of the previous rounds, oldest first.
    pub floats: Vec<Float>,
    /// Opponents met over the board (forfeited games are not played: C.04.1 b).
    pub opponents: Vec<PlayerId>,
    /// Already had a PAB, or scored a win's points in one round without playing (C2).
    pub pab_ineligible: bool,
    /// Rounds without a game played (C9).
    pub unplayed: u32,
    /// Club, for same-club avoidance.
    pub club: Option<String>,
}

impl DutchPlayer {
    /// A player with `score` who has played no game yet: no colours, floats or opponents, no
    /// club, eligible for the PAB. Fill in the history the round depends on.
    ///
    /// ```
    /// use xiangqi_tournament::swiss::dutch::DutchPlayer;
    /// use xiangqi_tournament::{PlayerId, Points};
    /// let p = DutchPlayer::new(PlayerId(3), Points::whole(1));
    /// assert!(p.opponents.is_empty() && !p.pab_ineligible && p.club.is_none());
    /// ```
    pub fn new(id: PlayerId, score: Points) -> DutchPlayer {
        DutchPlayer {
            id,
            score,
            colours: Colours::default(),
            floats: Vec::new(),
            opponents: Vec::new(),
            pab_ineligible: false,
            unplayed: 0,
            club: None,
        }
    }
}

/// What the round's pairing depends on besides the players.
#[derive(Clone, Debug)]
pub struct DutchRound {
    /// The round being paired, from 1.
    pub round: u32,
    /// Rounds in the event.
    pub rounds: u32,
    /// Points of a win (for the topscorer threshold, art. 1.8).
    pub win: Points,
    /// The initial colour (art. 5.1): the colour of the highest-ranked player present in
    /// round 1 ([`colour_numbers`](super::colour_numbers)).
    pub initial_colour: Mover,
    /// Pairs that may not meet this round.
    pub forbidden: Vec<(PlayerId, PlayerId)>,
    /// Same-club pairs are forbidden this round.
    pub clubs_apart: bool,
}

impl DutchRound {
    /// Round `round` of `rounds`, a win worth one point, the top player moving first in round
    /// 1 (art. 5.1), no forbidden pairs, clubs not kept apart.
    ///
    /// ```
    /// use xiangqi_tournament::swiss::dutch::DutchRound;
    /// use xiangqi_tournament::{Points, Mover};
    /// let r = DutchRound::new(2, 5);
    /// assert_eq!((r.round, r.rounds, r.win, r.initial_colour), (2, 5, Points::whole(1), Mover::First));
    /// ```
    pub fn new(round: u32, rounds: u32) -> DutchRound {
        DutchRound {
            round,
            rounds,
            win: Points::whole(1),
            initial_colour: Mover::First,
            forbidden: Vec::new(),
            clubs_apart: false,
        }
    }
}
