//! Art. 3.9 (the collapsed last bracket) and C7 on the full PSD, from a state the bracket
//! search itself never reaches: with C4 applied in every bracket (2026), a bracket leaves only
//! downfloaters with whom the rest of the round can be paired, and two compatible floaters of
//! different brackets would have been paired in the lower one (an MDP may meet a resident), so
//! the last bracket fails only if the search found nothing. The route is tested here from a
//! failing state built by hand, on both pairers.

use super::reference;
use super::{DutchPlayer, DutchRound, Field};
use crate::{Mover, PlayerId, Points};

fn player(id: u32, points: i32) -> DutchPlayer {
    DutchPlayer::new(PlayerId(id), Points::whole(points))
}

/// Players 1–4 (2 points), 5–6 (1), 7–8 (0), round 3 of 5, no colour preferences (they
/// decide nothing here). 1 has met 3 and 4, 2 has met 3 and 4; 3 and 4 have met everyone
/// below. The failing state: the bracket of 2 paired 1 v 2 and floated 3 and 4; the bracket of
/// 1 could pair neither (they have met 5 and 6) and paired 5 v 6; the last bracket {3, 4 | 7,
/// 8} cannot be completed: an MDP meets only a resident (art. 3–4) and 3, 4 have met 7, 8.
///
/// Art. 3.9: the bracket above the last (score 1) is re-paired as the PPB: its MDPs 3 and 4
/// still cannot be paired there, and with 7, 8 they do not form a CLB that can be paired. The
/// PPB moves up to the bracket of 2 (no MDPs); the CLB is {5, 6, 7, 8}. Re-paired with C4 as
/// "the CLB can be paired": 1 v 2 and 3 v 4 (its only pairing without floaters: 1 and 2 have
/// met 3 and 4) leaves 5–8, who can pair. In the CLB everyone is a resident whatever his
/// score: S1 = {5, 6}, S2 = {7, 8}; the first candidate 5 v 7, 6 v 8 has the PSD [1, 1] (in
/// points), the exchange 6 ↔ 7 gives 5 v 6, 7 v 8 with the PSD [0, 0]: C7 takes the latter
/// (by the downfloaters' scores alone, with none floating, the two would tie and the first
/// would stand).
#[test]
fn collapsed_last_bracket_from_a_failing_state() {
    let mut ps = vec![
        player(1, 2),
        player(2, 2),
        player(3, 2),
        player(4, 2),
        player(5, 1),
        player(6, 1),
        player(7, 0),
        player(8, 0),
    ];
    let mut met = |a: usize, b: usize| {
        let (ia, ib) = (ps[a - 1].id, ps[b - 1].id);
        ps[a - 1].opponents.push(ib);
        ps[b - 1].opponents.push(ia);
    };
    for (a, b) in [(1, 3), (1, 4), (2, 3), (2, 4)] {
        met(a, b);
    }
    for a in [3, 4] {
        for b in 5..=8 {
            met(a, b);
        }
    }
    let round = DutchRound {
        round: 3,
        rounds: 5,
        win: Points::whole(1),
        initial_colour: Mover::First,
        forbidden: Vec::new(),
        clubs_apart: false,
    };
    // Indices are ids − 1, already in art. 1.2 order.
    let groups = vec![vec![0, 1, 2, 3], vec![4, 5], vec![6, 7]];
    let mdps_at = vec![vec![], vec![2, 3], vec![2, 3]];
    let pairs_at = vec![vec![(0, 1)], vec![(4, 5)]];
    let want = vec![(1, 2), (3, 4), (5, 6), (7, 8)];
    let sorted_want = want.clone();
    let sorted = |boards: &[(PlayerId, PlayerId)]| {
        let mut v: Vec<(u32, u32)> = boards
            .iter()
            .map(|(a, b)| (a.0.min(b.0), a.0.max(b.0)))
            .collect();
        v.sort();
        v
    };

    let field = Field::new(&ps, &round).expect("the round can be paired");
    let mut notes = Vec::new();
    let (pairs, bye) = field
        .collapse(&groups, &mdps_at, &pairs_at, &mut notes)
        .expect("art. 3.9 completes the round");
    let main = field.finish(pairs, bye, notes);
    assert_eq!((sorted(&main.boards), main.bye), (want.clone(), None));
    assert!(
        main.notes
            .iter()
            .any(|n| n.contains("art. 3.9") && n.contains("score 2")),
        "{:?}",
        main.notes
    );

    let ours = reference::collapse_from(&ps, &round, &groups, &mdps_at, pairs_at)
        .expect("art. 3.9 completes the round");
    assert_eq!((sorted(&ours.boards), ours.bye), (want, None));
    let want = sorted_want;

    // The ordinary route reaches the same pairing: C6 pairs 1 v 2 and 3 v 4 at once, and
    // 5 v 6, 7 v 8 follow in their own brackets.
    let direct = super::pair(&ps, &round).expect("pairs");
    assert_eq!(sorted(&direct.boards), want);
}
