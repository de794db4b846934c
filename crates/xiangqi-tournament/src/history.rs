//! Every player's games, round by round: the facts that scores and tie-breaks are computed
//! from.

use serde::{Deserialize, Serialize};

use crate::{Mover, Outcome, PlayerId, PlayerResult, Points, Scoring};

/// One scheduled game as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// Board number, from 1.
    pub board: u32,
    /// The player who moves first.
    pub first: PlayerId,
    /// The player who moves second.
    pub second: PlayerId,
    /// The result, once known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Infractions (1960 §7 违例) or fouls (犯规) recorded against each side: `[first, second]`.
    /// The 1960 rules (§15 二) have every infraction recorded as the last tie-break.
    #[serde(default, skip_serializing_if = "no_fouls")]
    pub fouls: [u32; 2],
}

fn no_fouls(f: &[u32; 2]) -> bool {
    f == &[0, 0]
}

impl Game {
    /// A game without a result yet.
    pub fn new(board: u32, first: PlayerId, second: PlayerId) -> Game {
        Game {
            board,
            first,
            second,
            outcome: None,
            fouls: [0, 0],
        }
    }

    /// The side `p` plays, if `p` is in this game.
    pub fn side_of(&self, p: PlayerId) -> Option<Mover> {
        if self.first == p {
            Some(Mover::First)
        } else if self.second == p {
            Some(Mover::Second)
        } else {
            None
        }
    }
}

/// One round as recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// Round number, from 1.
    pub number: u32,
    /// The games, board by board.
    pub games: Vec<Game>,
    /// The player with the bye (轮空) and the points it is worth (a Swiss bye scores as
    /// the scoring says; a round-robin bye is a rest and scores nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<(PlayerId, Points)>,
    /// Players not paired this round for another reason (a requested half- or full-point
    /// bye, a known absence: TRF `H`, `F`, `Z`) and the points each scores. They are not
    /// pairing-allocated byes: they do not stop a later bye (FIDE C.04.1 d) unless they score
    /// a win's worth.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rests: Vec<(PlayerId, Points)>,
    /// What the pairing program noted about this round's pairing (e.g. a Dutch bracket whose
    /// search reached its work budget, so that the pairing is not proven the rules' own).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl Round {
    /// Boards still without a result.
    pub fn unfinished(&self) -> Vec<u32> {
        self.games
            .iter()
            .filter(|g| g.outcome.is_none())
            .map(|g| g.board)
            .collect()
    }
}

/// What a player did in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// A game (possibly forfeited).
    Game {
        /// The opponent.
        opponent: PlayerId,
        /// The side played.
        side: Mover,
        /// The result.
        result: PlayerResult,
    },
    /// A pairing-allocated bye.
    Bye,
    /// Not paired for another reason (requested bye, absence), with the points it scored.
    Rest,
}

/// One round of one player's record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Round number.
    pub round: u32,
    /// What happened.
    pub kind: EntryKind,
    /// Points earned.
    pub points: Points,
    /// Fouls recorded against this player in the game.
    pub fouls: u32,
}

impl Entry {
    /// The opponent, for a game.
    pub fn opponent(&self) -> Option<PlayerId> {
        match self.kind {
            EntryKind::Game { opponent, .. } => Some(opponent),
            EntryKind::Bye | EntryKind::Rest => None,
        }
    }

    /// The result, for a game.
    pub fn result(&self) -> Option<PlayerResult> {
        match self.kind {
            EntryKind::Game { result, .. } => Some(result),
            EntryKind::Bye | EntryKind::Rest => None,
        }
    }

    /// The side, for a game.
    pub fn side(&self) -> Option<Mover> {
        match self.kind {
            EntryKind::Game { side, .. } => Some(side),
            EntryKind::Bye | EntryKind::Rest => None,
        }
    }
}

/// All players' records, built from finished games. Games without a result are left out;
/// players in `excluded` (withdrawn with their games annulled) are left out together with
/// every game against them, as 1960 §14 strikes them from the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// `records[i]` is player `i + 1`'s record, in round order.
    pub records: Vec<Vec<Entry>>,
    /// Players whose games do not count.
    pub excluded: Vec<bool>,
}

impl History {
    /// Builds the records of `players` players from `rounds`.
    ///
    /// ```
    /// use xiangqi_tournament::{history::{History, Game, Round}, Outcome, PlayerId, Scoring};
    /// let mut g = Game::new(1, PlayerId(1), PlayerId(2));
    /// g.outcome = Some(Outcome::FirstWins);
    /// let h = History::build(2, &[Round { number: 1, games: vec![g], bye: None, rests: vec![], notes: vec![] }], &Scoring::rules_1960(), &[]);
    /// assert_eq!(h.points(PlayerId(1)).to_string(), "2");
    /// ```
    pub fn build(
        players: usize,
        rounds: &[Round],
        scoring: &Scoring,
        excluded: &[PlayerId],
    ) -> History {
        let mut ex = vec![false; players];
        for p in excluded {
            if let Some(e) = ex.get_mut(p.index()) {
                *e = true;
            }
        }
        let mut records = vec![Vec::new(); players];
        for round in rounds {
            for g in &round.games {
                let Some(outcome) = g.outcome else { continue };
                if ex[g.first.index()] || ex[g.second.index()] {
                    continue;
                }
                for (me, opp, side, fouls) in [
                    (g.first, g.second, Mover::First, g.fouls[0]),
                    (g.second, g.first, Mover::Second, g.fouls[1]),
                ] {
                    let result = outcome.for_side(side);
                    records[me.index()].push(Entry {
                        round: round.number,
                        kind: EntryKind::Game {
                            opponent: opp,
                            side,
                            result,
                        },
                        points: scoring.points(result),
                        fouls,
                    });
                }
            }
            if let Some((p, points)) = round.bye
                && !ex[p.index()]
            {
                records[p.index()].push(Entry {
                    round: round.number,
                    kind: EntryKind::Bye,
                    points,
                    fouls: 0,
                });
            }
            for &(p, points) in &round.rests {
                if p.index() < players && !ex[p.index()] {
                    records[p.index()].push(Entry {
                        round: round.number,
                        kind: EntryKind::Rest,
                        points,
                        fouls: 0,
                    });
                }
            }
        }
        History {
            records,
            excluded: ex,
        }
    }

    /// Player `p`'s entries.
    pub fn entries(&self, p: PlayerId) -> &[Entry] {
        &self.records[p.index()]
    }

    /// Player `p`'s total points.
    pub fn points(&self, p: PlayerId) -> Points {
        self.entries(p).iter().map(|e| e.points).sum()
    }

    /// Number of players.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether there are no players.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
}
