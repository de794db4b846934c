//! A seeded random tournament generator for testing pairing programs (as FIDE's endorsement
//! asks for, C.04A "Random Tournament Generator"; JaVaFo's `-g`): players with ratings,
//! results drawn from the rating difference, every round paired by the Dutch system.

use crate::swiss::{FirstRound, SwissVariant};
use crate::tournament::SwissOptions;
use crate::{Error, Lots, Outcome, Player, PlayerId, Points, Settings, System, Tournament};

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorConfig {
    /// Number of players.
    pub players: u32,
    /// Number of rounds.
    pub rounds: u32,
    /// The seed: the same seed gives the same tournament.
    pub seed: u64,
    /// Forfeits per thousand games.
    pub forfeits_per_mille: u32,
    /// Requested half- or zero-point byes per thousand player-rounds (late entries and
    /// absences).
    pub byes_per_mille: u32,
    /// Baku acceleration.
    pub baku: bool,
    /// The pairing system.
    pub variant: SwissVariant,
}

impl Default for GeneratorConfig {
    fn default() -> GeneratorConfig {
        GeneratorConfig {
            players: 20,
            rounds: 5,
            seed: 1,
            forfeits_per_mille: 20,
            byes_per_mille: 20,
            baku: false,
            variant: SwissVariant::Dutch,
        }
    }
}

/// Generates and plays a whole tournament.
///
/// Ratings are drawn uniformly from 1000–2599 (a few unrated); a game's expected score for the
/// first player is the Elo curve `1 / (1 + 10^(−d/400))` of the rating difference `d`, draws
/// take a third of the probability mass where it allows, and the rest is a win or loss.
///
/// ```
/// use xiangqi_tournament::generate::{generate, GeneratorConfig};
/// let c = GeneratorConfig { players: 11, rounds: 5, seed: 7, ..GeneratorConfig::default() };
/// let (a, b) = (generate(&c).unwrap(), generate(&c).unwrap());
/// assert_eq!(a, b);
/// assert_eq!(a.rounds.len(), 5);
/// ```
pub fn generate(c: &GeneratorConfig) -> Result<Tournament, Error> {
    let mut lots = Lots::new(c.seed);
    let players: Vec<Player> = (0..c.players)
        .map(|i| {
            let p = Player::new(format!("Player {:04}", i + 1));
            if lots.below(20) == 0 {
                p
            } else {
                p.with_rating(1000 + lots.below(1600) as u32)
            }
        })
        .collect();
    let mut settings = Settings::swiss(c.rounds);
    settings.system = System::Swiss {
        rounds: c.rounds,
        variant: c.variant,
        first_round: FirstRound::Split,
    };
    settings.scoring = crate::Scoring::modern();
    settings.tiebreaks = crate::TieBreakPreset::FideSwiss.chain();
    settings.swiss = SwissOptions {
        baku: c.baku,
        ..SwissOptions::default()
    };
    let mut t = Tournament::new("Random tournament", players, settings)?;
    // Requested byes decided in advance (TRF 240 style): a half point or nothing.
    for r in 1..=c.rounds {
        for p in 0..c.players {
            if lots.below(1000) < u64::from(c.byes_per_mille) {
                let pts = if lots.below(2) == 0 {
                    Points::from_halves(1)
                } else {
                    Points::ZERO
                };
                t.settings
                    .swiss
                    .requested_byes
                    .push((r, PlayerId(p + 1), pts));
            }
        }
    }
    for r in 1..=c.rounds {
        t.pair_next_round()?;
        let games: Vec<(u32, PlayerId, PlayerId)> = t.rounds[r as usize - 1]
            .games
            .iter()
            .map(|g| (g.board, g.first, g.second))
            .collect();
        for (board, a, b) in games {
            let rating = |p: PlayerId| f64::from(t.players[p.index()].rating.unwrap_or(1000));
            let outcome = if lots.below(1000) < u64::from(c.forfeits_per_mille) {
                match lots.below(3) {
                    0 => Outcome::FirstWinsByForfeit,
                    1 => Outcome::SecondWinsByForfeit,
                    _ => Outcome::DoubleForfeit,
                }
            } else {
                let expected = 1.0 / (1.0 + 10f64.powf(-(rating(a) - rating(b)) / 400.0));
                let draw = (2.0 * expected.min(1.0 - expected)).min(1.0 / 3.0);
                let win = expected - draw / 2.0;
                let x = lots.below(1_000_000) as f64 / 1_000_000.0;
                if x < win {
                    Outcome::FirstWins
                } else if x < win + draw {
                    Outcome::Draw
                } else {
                    Outcome::SecondWins
                }
            };
            t.set_result(r, board, outcome)?;
        }
    }
    // The byes have been used; keep the file as another program would have written it.
    t.settings.swiss.requested_byes.clear();
    Ok(t)
}
