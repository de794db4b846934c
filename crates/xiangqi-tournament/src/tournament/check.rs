//! Checking mode, as FIDE-endorsed programs have it (C.04A: the "Free Pairings Checker"):
//! re-pair every round from the results before it and compare with the file.

use crate::swiss::{SwissPairing, SwissVariant};
use crate::{Error, PlayerId, System, Tournament};

/// The first place where a file's pairing is not the rules' own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The round.
    pub round: u32,
    /// The board (in the rules' pairing) where the two first differ; 0 for the bye.
    pub board: u32,
    /// The rules' pairing there: (first mover, second mover), or the bye as (p, 0).
    pub rules: (PlayerId, PlayerId),
    /// What the file has for the rules' first player on that board.
    pub file: String,
    /// The criterion that decides between the two.
    pub criterion: String,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (a, b) = self.rules;
        if self.board == 0 {
            write!(
                f,
                "round {}: the bye goes to {a}; the file has {}",
                self.round, self.file
            )?;
        } else {
            write!(
                f,
                "round {} board {}: the rules pair {a}-{b}; the file has {}",
                self.round, self.board, self.file
            )?;
        }
        write!(f, "; decided by {}", self.criterion)
    }
}

/// What checking found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Rounds re-paired and compared.
    pub rounds_checked: u32,
    /// Boards compared.
    pub boards_checked: u32,
    /// The first difference, if any.
    pub difference: Option<Difference>,
    /// The notes of the re-pairings, by round (e.g. a Dutch bracket's search that reached its
    /// work budget: that round's comparison is then not a proof).
    pub notes: Vec<(u32, String)>,
}

impl Tournament {
    /// Re-pairs every Swiss round of the file from the results before it (players the file
    /// leaves unpaired in a round are left out of it, as requested byes) and reports the first
    /// board where the file differs from the rules.
    ///
    /// ```
    /// use xiangqi_tournament::{generate::{generate, GeneratorConfig}};
    /// let t = generate(&GeneratorConfig { players: 9, rounds: 4, seed: 3, ..GeneratorConfig::default() }).unwrap();
    /// let report = t.check_pairings().unwrap();
    /// assert_eq!((report.rounds_checked, report.difference), (4, None));
    /// ```
    pub fn check_pairings(&self) -> Result<CheckReport, Error> {
        let System::Swiss { variant, .. } = self.settings.system else {
            return Err(Error::Settings("checking mode is for Swiss events".into()));
        };
        let mut report = CheckReport {
            rounds_checked: 0,
            boards_checked: 0,
            difference: None,
            notes: Vec::new(),
        };
        for (k, round) in self.rounds.iter().enumerate() {
            let mut replay = self.clone();
            replay.rounds.truncate(k);
            for &(p, pts) in &round.rests {
                replay
                    .settings
                    .swiss
                    .requested_byes
                    .push((round.number, p, pts));
            }
            replay.pair_next_round()?;
            let ours = &replay.rounds[k];
            report.rounds_checked += 1;
            report
                .notes
                .extend(ours.notes.iter().map(|n| (round.number, n.clone())));
            let as_pairing = |r: &crate::history::Round| SwissPairing {
                boards: r.games.iter().map(|g| (g.first, g.second)).collect(),
                bye: r.bye.map(|b| b.0),
                notes: Vec::new(),
            };
            let (po, pt) = (as_pairing(ours), as_pairing(round));
            let diff = first_difference(&po, &pt, &mut report.boards_checked);
            if let Some((board, rules, file)) = diff {
                let criterion = replay.deciding(k, round.number, variant, &po, &pt);
                report.difference = Some(Difference {
                    round: round.number,
                    board,
                    rules,
                    file,
                    criterion,
                });
                return Ok(report);
            }
        }
        Ok(report)
    }

    /// The criterion that decides between our pairing `po` of round `number` (the `k`th)
    /// and the file's `pt`: for the Dutch system, the first that tells them apart.
    fn deciding(
        &self,
        k: usize,
        number: u32,
        variant: SwissVariant,
        po: &SwissPairing,
        pt: &SwissPairing,
    ) -> String {
        if variant != SwissVariant::Dutch {
            return format!("the {variant:?} pairing rules");
        }
        let mut before = self.clone();
        before.rounds.truncate(k);
        let (players, r) = before.dutch_input(number, &before.history());
        let active: Vec<_> = players
            .into_iter()
            .filter(|p| {
                po.bye == Some(p.id) || po.boards.iter().any(|&(a, b)| a == p.id || b == p.id)
            })
            .collect();
        crate::swiss::dutch::deciding_criterion(&active, &r, po, pt)
    }
}

/// The first board where our pairing `po` differs from the file's `pt` (board 0: the bye),
/// with our pair and what the file has instead; every board compared is counted.
fn first_difference(
    po: &SwissPairing,
    pt: &SwissPairing,
    boards_checked: &mut u32,
) -> Option<(u32, (PlayerId, PlayerId), String)> {
    for (b, &(x, y)) in po.boards.iter().enumerate() {
        *boards_checked += 1;
        if !pt.boards.contains(&(x, y)) {
            let file = match pt.boards.iter().find(|&&(a, c)| a == x || c == x) {
                Some(&(a, c)) => format!("{a}-{c}"),
                None if pt.bye == Some(x) => format!("the bye for {x}"),
                None => format!("{x} unpaired"),
            };
            return Some((b as u32 + 1, (x, y), file));
        }
    }
    let x = po.bye.filter(|_| po.bye != pt.bye)?;
    Some((
        0,
        (x, PlayerId(0)),
        pt.bye
            .map_or("no bye".into(), |b| format!("the bye for {b}")),
    ))
}
