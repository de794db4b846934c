//! Which criterion separates two pairings of one round (the checking mode's report): the
//! absolute criteria first, then bracket by bracket from the top, the first quality
//! criterion (C6–C21, FIDE Handbook C.04.3) on which the first differing bracket differs.

use super::bracket::Bracket;
use super::field::Field;
use super::player::{DutchPlayer, DutchRound};
use super::quality::{c8_at, c9_at};
use crate::PlayerId;
use crate::swiss::SwissPairing;

/// Why a pairing is what it is: the last criterion that separated the chosen candidate from
/// the one generated before it in the bracket where they differ.
pub const CRITERIA: [&str; 17] = [
    "C6 number of downfloaters",
    "C7 pairing score differences (PSD)",
    "C8 pairs and score differences in the following bracket",
    "C9 unplayed games of the PAB assignee",
    "C10 topscorers beyond a colour difference of 2",
    "C11 topscorers with the same colour three times",
    "C12 colour preferences not met",
    "C13 strong colour preferences not met",
    "C14 repeated downfloats (previous round)",
    "C15 repeated upfloats (previous round)",
    "C16 repeated downfloats (two rounds before)",
    "C17 repeated upfloats (two rounds before)",
    "C18 score differences of repeated downfloats (previous round)",
    "C19 score differences of repeated upfloats (previous round)",
    "C20 score differences of repeated downfloats (two rounds before)",
    "C21 score differences of repeated upfloats (two rounds before)",
    "generation order (art. 3.8)",
];

/// Which criterion separates two pairings of the same round: the first bracket (from the top)
/// where their pairs differ is judged for both, and the first criterion on which they differ
/// is named ([`CRITERIA`]); the absolute criteria are checked first.
pub fn deciding_criterion(
    players: &[DutchPlayer],
    round: &DutchRound,
    ours: &SwissPairing,
    theirs: &SwissPairing,
) -> String {
    let Ok(field) = Field::new(players, round) else {
        return "C4 completion (no legal pairing exists)".into();
    };
    let index: std::collections::HashMap<PlayerId, usize> =
        players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let to_idx = |p: &SwissPairing| -> Option<Vec<(usize, usize)>> {
        p.boards
            .iter()
            .map(|(a, b)| Some((*index.get(a)?, *index.get(b)?)))
            .collect()
    };
    let (Some(o), Some(t)) = (to_idx(ours), to_idx(theirs)) else {
        return "a player who is not in this round's pairing".into();
    };
    let their_bye = theirs.bye.and_then(|b| index.get(&b)).copied();
    if let Some(breach) = absolute_breach(&field, &t, their_bye) {
        return breach;
    }
    first_bracket_difference(&field, &o, &t)
}

/// The absolute criterion the pairs `t` (and the bye to `bye`) break, if any: C1, C3 or a
/// forbidden pair, C2.
fn absolute_breach(field: &Field<'_>, t: &[(usize, usize)], bye: Option<usize>) -> Option<String> {
    let players = field.players;
    for &(a, b) in t {
        if players[a].opponents.contains(&players[b].id) {
            return Some(format!(
                "C1 (players {} and {} have met)",
                players[a].id, players[b].id
            ));
        }
        if !field.compatible(a, b) {
            return Some(format!(
                "C3 or a forbidden pair ({} and {} may not meet)",
                players[a].id, players[b].id
            ));
        }
    }
    let b = bye.filter(|&b| players[b].pab_ineligible)?;
    Some(format!(
        "C2 (player {} may not have the bye)",
        players[b].id
    ))
}

/// The score groups in art. 1.2 order, and each player's group.
fn score_groups(field: &Field<'_>) -> (Vec<Vec<usize>>, Vec<usize>) {
    let players = field.players;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &field.order {
        match groups.last_mut() {
            Some(g) if players[g[0]].score == players[i].score => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut group_of = vec![0usize; players.len()];
    for (g, members) in groups.iter().enumerate() {
        for &i in members {
            group_of[i] = g;
        }
    }
    (groups, group_of)
}

/// Bracket by bracket from the top, each pairing with its own downfloaters: the criterion on
/// which the first bracket where `o` and `t` pair differently separates them.
fn first_bracket_difference(
    field: &Field<'_>,
    o: &[(usize, usize)],
    t: &[(usize, usize)],
) -> String {
    let (groups, group_of) = score_groups(field);
    let key = |(a, b): (usize, usize)| (a.min(b), a.max(b));
    let (mut mdps_o, mut mdps_t) = (Vec::new(), Vec::new());
    for g in 0..groups.len() {
        let lower: Vec<usize> = groups[g + 1..].concat();
        let next = groups.get(g + 1).map(Vec::as_slice);
        let in_bracket = |pairs: &[(usize, usize)]| -> Vec<(usize, usize)> {
            let mut v: Vec<(usize, usize)> = pairs
                .iter()
                .copied()
                .filter(|&(a, b)| group_of[a].max(group_of[b]) == g)
                .map(key)
                .collect();
            v.sort();
            v
        };
        let (po, pt) = (in_bracket(o), in_bracket(t));
        let downs = |mdps: &[usize], pairs: &[(usize, usize)]| -> Vec<usize> {
            let mut d: Vec<usize> = mdps
                .iter()
                .chain(&groups[g])
                .copied()
                .filter(|&i| !pairs.iter().any(|&(a, b)| a == i || b == i))
                .collect();
            d.sort_by_key(|&i| field.rank[i]);
            d
        };
        let (dn_o, dn_t) = (downs(&mdps_o, &po), downs(&mdps_t, &pt));
        if po != pt {
            let qo = Bracket::new(field, &mdps_o, &groups[g], &lower, next).quality(&po, &dn_o);
            let qt = Bracket::new(field, &mdps_t, &groups[g], &lower, next).quality(&pt, &dn_t);
            return match (qo, qt) {
                (Some(qo), Some(qt)) => criterion_at(&qo, &qt),
                (Some(_), None) => "C4 completion (the rest of the round cannot be paired)".into(),
                _ => "C4 completion".into(),
            };
        }
        mdps_o = dn_o;
        mdps_t = dn_t;
    }
    "art. 5 colour allocation".into()
}

/// The name of the first criterion on which two quality vectors of one bracket differ.
fn criterion_at(a: &[i64], b: &[i64]) -> String {
    let Some(k) = (0..a.len().min(b.len())).find(|&k| a[k] != b[k]) else {
        return CRITERIA[16].into();
    };
    if k == 0 {
        return CRITERIA[0].into();
    }
    let (c8, c9) = (c8_at(a), c9_at(a));
    if k < c8 {
        return CRITERIA[1].into();
    }
    if k < c9 {
        return CRITERIA[2].into();
    }
    let rest = k - c9; // 0: C9, 1..: C10…C21
    CRITERIA[(3 + rest).min(16)].into()
}
