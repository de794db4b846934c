//! Double elimination (双败淘汰): the losers' bracket built beside the single bracket.

use super::{Bracket, BracketMatch, Source};
use crate::Error;

impl Bracket {
    /// Double elimination: a player is out after two defeats. Losers drop into a losers'
    /// bracket (dropping in reverse order to put off rematches); the winners' bracket
    /// champion meets the losers' bracket champion in the grand final; with `reset`, a second
    /// final is played if the losers' champion wins the first (so the winners' champion too
    /// has lost twice).
    ///
    /// ```
    /// use xiangqi_tournament::knockout::Bracket;
    /// let b = Bracket::double(4, true).unwrap();
    /// let labels: Vec<&str> = b.matches.iter().map(|m| m.label.as_str()).collect();
    /// assert_eq!(labels, ["W1-1", "W1-2", "W2-1", "L1-1", "L2-1", "GF", "GF2"]);
    /// assert!(Bracket::double(2, false).is_err());
    /// ```
    pub fn double(entrants: u32, reset: bool) -> Result<Bracket, Error> {
        if entrants < 3 {
            return Err(Error::Settings(
                "a double knockout needs at least three players".into(),
            ));
        }
        let mut b = Bracket::single(entrants, false)?;
        let wb = winners_rounds(entrants);
        let mut matches = b.matches.clone();
        let lb = losers_bracket(&wb, &mut matches);
        let wb_final = *wb
            .last()
            .and_then(|r| r.first())
            .ok_or(Error::Settings("empty bracket".into()))?;
        let final_sides = [Source::Winner(wb_final), Source::Winner(lb[0])];
        push_match(&mut matches, "GF".into(), final_sides);
        if reset {
            push_match(&mut matches, "GF2".into(), final_sides);
        }
        b.matches = matches;
        b.settle_byes();
        Ok(b)
    }
}

/// The winners' bracket rounds of a single bracket of `entrants`, as lists of match indices.
fn winners_rounds(entrants: u32) -> Vec<Vec<usize>> {
    let mut wb: Vec<Vec<usize>> = Vec::new();
    let mut k = 0;
    let mut width = entrants.next_power_of_two() as usize / 2;
    while width >= 1 {
        wb.push((k..k + width).collect());
        k += width;
        width /= 2;
    }
    wb
}

/// The losers' bracket, appended to `matches`: round 1 pairs the losers of the winners'
/// round 1; then each winners' round's losers drop in (reversed) against the survivors, who
/// are paired among themselves between drop-ins. Returns the last round's matches.
fn losers_bracket(wb: &[Vec<usize>], matches: &mut Vec<BracketMatch>) -> Vec<usize> {
    let mut lb = pair_neighbours(matches, &wb[0], 1, Source::Loser);
    let mut lround = 2;
    for (r, wround) in wb.iter().enumerate().skip(1) {
        // Drop-in round: LB survivors against this WB round's losers, reversed.
        let losers: Vec<usize> = wround.iter().rev().copied().collect();
        lb = lb
            .iter()
            .zip(&losers)
            .enumerate()
            .map(|(i, (&l, &w))| {
                let label = format!("L{lround}-{}", i + 1);
                push_match(matches, label, [Source::Winner(l), Source::Loser(w)])
            })
            .collect();
        lround += 1;
        if r + 1 < wb.len() {
            lb = pair_neighbours(matches, &lb, lround, Source::Winner);
            lround += 1;
        }
    }
    lb
}

/// Matches `L{round}-n` between neighbours of `from` (the 1st and 2nd, the 3rd and 4th, …),
/// each side the `side` of its match.
fn pair_neighbours(
    matches: &mut Vec<BracketMatch>,
    from: &[usize],
    round: u32,
    side: fn(usize) -> Source,
) -> Vec<usize> {
    from.chunks(2)
        .enumerate()
        .map(|(i, p)| {
            let label = format!("L{round}-{}", i + 1);
            push_match(matches, label, [side(p[0]), side(p[1])])
        })
        .collect()
}

/// Appends a match; its index.
fn push_match(matches: &mut Vec<BracketMatch>, label: String, sides: [Source; 2]) -> usize {
    matches.push(BracketMatch {
        label,
        sides,
        winner: None,
    });
    matches.len() - 1
}
