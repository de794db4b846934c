//! The pairing score difference (PSD) that C8 of the Dutch system (FIDE Handbook C.04.3,
//! 2026) minimises in the following bracket, after the number of its pairs (C6 and C7 applied
//! to that bracket, and only to it).
//!
//! The PSD is the list of score differences, highest first: a pair's is the difference of its
//! two scores; a downfloater's is his score minus a value one point (a win's points) below the
//! score of the bracket's lowest player — a resident, since a bracket's lowest players are the
//! scoregroup's own. Lists of one length are compared lexicographically.

use super::field::Field;

/// The PSD of a bracket whose residents score `resident` (in half points), paired as `pairs`
/// with `down` left over; `win` is a win's points in half points.
pub(crate) fn psd(
    f: &Field<'_>,
    pairs: &[(usize, usize)],
    down: &[usize],
    resident: i64,
    win: i64,
) -> Vec<i64> {
    let score = |i: usize| i64::from(f.players[i].score.halves());
    let mut list: Vec<i64> = pairs
        .iter()
        .map(|&(a, b)| (score(a) - score(b)).abs())
        .chain(down.iter().map(|&d| score(d) - resident + win))
        .collect();
    list.sort_unstable_by(|a, b| b.cmp(a));
    list
}

/// A PSD no pairing of the bracket of `mdps` and `residents` (who share the score `resident`)
/// can go below when `down` of its players float and `len` entries are listed. An MDP paired
/// keeps his score difference `d` to the residents; one who floats gets `d` plus a win; a
/// resident who floats gets a win; pairs of residents get 0. With `k` MDPs floating, the least
/// list bumps the `k` smallest differences (bumping a larger one instead only raises the
/// list's top); the bound is the least over every `k` the numbers allow, compatibility aside.
pub(crate) fn psd_bound(
    f: &Field<'_>,
    mdps: &[usize],
    residents: usize,
    resident: i64,
    win: i64,
    down: usize,
    len: usize,
) -> Vec<i64> {
    let mut d: Vec<i64> = mdps
        .iter()
        .map(|&m| i64::from(f.players[m].score.halves()) - resident)
        .collect();
    d.sort_unstable();
    let mut best: Option<Vec<i64>> = None;
    for k in 0..=down.min(d.len()) {
        if down - k > residents || d.len() - k > residents {
            continue;
        }
        let mut list: Vec<i64> = d
            .iter()
            .enumerate()
            .map(|(i, &x)| if i < k { x + win } else { x })
            .collect();
        list.extend(std::iter::repeat_n(win, down - k));
        list.sort_unstable_by(|a, b| b.cmp(a));
        list.resize(len, 0);
        if best.as_ref().is_none_or(|b| list < *b) {
            best = Some(list);
        }
    }
    best.unwrap_or_else(|| vec![0; len])
}
