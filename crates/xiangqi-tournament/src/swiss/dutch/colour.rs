//! Colour preferences and colour allocation of the Dutch system: FIDE Handbook C.04.3
//! (effective 1 February 2026) articles 1.7 and 5.

use crate::Mover;

/// How strongly a player wants a colour (C.04.3 art. 1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No game played yet (1.7.4).
    None,
    /// Colour difference 0: alternate from the last game (1.7.3).
    Mild,
    /// Colour difference ±1 (1.7.2).
    Strong,
    /// Colour difference beyond ±1, or the same colour in the two latest games (1.7.1).
    Absolute,
}

/// A player's colour history as the Dutch system reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Colours {
    /// Colours of the games actually played, oldest first.
    pub played: Vec<Mover>,
}

impl Colours {
    /// Whites minus blacks (first mover = white).
    pub fn difference(&self) -> i32 {
        self.played
            .iter()
            .map(|s| if *s == Mover::First { 1 } else { -1 })
            .sum()
    }

    /// The preferred colour and its strength (1.7).
    ///
    /// ```
    /// use xiangqi_tournament::{Mover, swiss::dutch::{Colours, Strength}};
    /// let c = Colours { played: vec![Mover::Second, Mover::Second] };
    /// assert_eq!(c.preference(), (Some(Mover::First), Strength::Absolute));
    /// let c = Colours { played: vec![Mover::First, Mover::Second] };
    /// assert_eq!(c.preference(), (Some(Mover::First), Strength::Mild));
    /// ```
    pub fn preference(&self) -> (Option<Mover>, Strength) {
        let cd = self.difference();
        let n = self.played.len();
        let Some(&last) = self.played.last() else {
            return (None, Strength::None);
        };
        if cd < -1 {
            return (Some(Mover::First), Strength::Absolute);
        }
        if cd > 1 {
            return (Some(Mover::Second), Strength::Absolute);
        }
        if n >= 2 && self.played[n - 2] == last {
            return (Some(last.other()), Strength::Absolute);
        }
        match cd {
            -1 => (Some(Mover::First), Strength::Strong),
            1 => (Some(Mover::Second), Strength::Strong),
            _ => (Some(last.other()), Strength::Mild),
        }
    }

    /// Whether playing `side` next would give a colour difference beyond ±2 (C10).
    pub fn beyond_two_after(&self, side: Mover) -> bool {
        let d = self.difference() + if side == Mover::First { 1 } else { -1 };
        d.abs() > 2
    }

    /// Whether playing `side` next would be the third game running on that side (C11).
    pub fn three_in_a_row_after(&self, side: Mover) -> bool {
        let n = self.played.len();
        n >= 2 && self.played[n - 1] == side && self.played[n - 2] == side
    }
}

/// One player of a pair, as colour allocation sees him.
#[derive(Clone, Copy, Debug)]
pub struct Claim<'a> {
    /// History.
    pub colours: &'a Colours,
    /// Pairing number as art. 5.2.5 reads it ([`colour_numbers`]).
    pub tpn: u32,
}

/// The pairing numbers art. 5.2.5 reads, one for each of `tpns` (the pairing numbers of the
/// players paired in round `round`, each once).
///
/// In round 1 a player's number is his place among the players paired in that round, so
/// that an absentee (a requested bye, a player not yet arrived) counts for nothing: FIDE
/// C.04.3 (2026) art. 1.2.2 has the pairing numbers follow the initial ranking list "and
/// subsequent modifications depending on possible late entries", and a player absent from
/// round 1 is in a late entrant's place for that round — one who entered late would have no
/// number in it at all, and the two must not pair round 1 differently. Art. 5.1 draws the
/// initial colour for the top of that list, and TRF-2026 tag `152` names the initial colour
/// as "the colour of the highest ranked participant who was paired in the first round": the
/// highest-ranked player present takes it, whatever his number in the full list, and the
/// boards below alternate from him. bbpPairings v6 (FIDE-endorsed) counts the same way (its
/// issue #30 asked about this case). From round 2 on the number is the TPN: a pair of
/// players who have both never played is then rare, and the list is no longer that round's.
///
/// ```
/// use xiangqi_tournament::swiss::dutch::colour_numbers;
/// // Round 1 with players 1 and 4 absent: 2, 3, 5, 6 are numbered 1, 2, 3, 4.
/// assert_eq!(colour_numbers(&[2, 3, 5, 6], 1), [1, 2, 3, 4]);
/// assert_eq!(colour_numbers(&[6, 2, 5, 3], 1), [4, 1, 3, 2]);
/// // Later rounds read the TPN.
/// assert_eq!(colour_numbers(&[2, 3, 5, 6], 2), [2, 3, 5, 6]);
/// ```
pub fn colour_numbers(tpns: &[u32], round: u32) -> Vec<u32> {
    if round != 1 {
        return tpns.to_vec();
    }
    let mut sorted = tpns.to_vec();
    sorted.sort_unstable();
    tpns.iter()
        .map(|t| sorted.partition_point(|x| x < t) as u32 + 1)
        .collect()
}

/// Whether `hi` (the higher-ranked player of the pair by art. 1.2) gets white, by art. 5.2;
/// `initial` is the colour the top of the initial ranking got in round 1 (art. 5.1).
///
/// ```
/// use xiangqi_tournament::{Mover, swiss::dutch::{Claim, Colours, hi_gets_white}};
/// let none = Colours::default();
/// // Round 1, art. 5.2.5: an odd TPN takes the initial colour.
/// assert!(hi_gets_white(Claim { colours: &none, tpn: 1 }, Claim { colours: &none, tpn: 5 }, Mover::First));
/// assert!(!hi_gets_white(Claim { colours: &none, tpn: 2 }, Claim { colours: &none, tpn: 6 }, Mover::First));
/// ```
pub fn hi_gets_white(hi: Claim<'_>, lo: Claim<'_>, initial: Mover) -> bool {
    let (ph, sh) = hi.colours.preference();
    let (pl, sl) = lo.colours.preference();
    // 5.2.1: grant both preferences (or the only one there is).
    match (ph, pl) {
        (Some(a), Some(b)) if a != b => return a == Mover::First,
        (Some(a), None) => return a == Mover::First,
        (None, Some(b)) => return b == Mover::Second,
        _ => {}
    }
    if let (Some(p), Some(_)) = (ph, pl) {
        // 5.2.2: the stronger preference; both absolute: the wider colour difference.
        if sh != sl {
            let hi_wins = sh > sl;
            return (p == Mover::First) == hi_wins;
        }
        if sh == Strength::Absolute {
            let (dh, dl) = (hi.colours.difference().abs(), lo.colours.difference().abs());
            if dh != dl {
                return (p == Mover::First) == (dh > dl);
            }
        }
        // 5.2.3: alternate to the latest game in which one had white and the other black.
        let (a, b) = (&hi.colours.played, &lo.colours.played);
        for k in 1..=a.len().min(b.len()) {
            let (x, y) = (a[a.len() - k], b[b.len() - k]);
            if x != y {
                return x == Mover::Second;
            }
        }
        // 5.2.4: the higher-ranked player's preference.
        return p == Mover::First;
    }
    // 5.2.5: no preferences at all: the higher-ranked player takes the initial colour if his
    // pairing number is odd, the other one if it is even.
    (hi.tpn % 2 == 1) == (initial == Mover::First)
}
