//! The Dutch system criterion by criterion, on small hand-made rounds whose correct pairing
//! is worked out here from the text of FIDE Handbook C.04.3 (effective 1 February 2026).
//! Colours: `W` = first mover.

use xiangqi_tournament::swiss::dutch::{
    Claim, Colours, DutchPlayer, DutchRound, Float, hi_gets_white, pair,
};
use xiangqi_tournament::{Mover, PlayerId, Points};

use Mover::{First as W, Second as B};

fn player(id: u32, halves: i32) -> DutchPlayer {
    DutchPlayer::new(PlayerId(id), Points::from_halves(halves))
}

fn round(number: u32, rounds: u32) -> DutchRound {
    DutchRound::new(number, rounds)
}

fn met(players: &mut [DutchPlayer], a: u32, b: u32) {
    players[a as usize - 1].opponents.push(PlayerId(b));
    players[b as usize - 1].opponents.push(PlayerId(a));
}

/// Boards as (first mover, second mover) numbers, and the bye.
fn boards(players: &[DutchPlayer], r: &DutchRound) -> (Vec<(u32, u32)>, Option<u32>) {
    let p = pair(players, r).expect("a pairing exists");
    (
        p.boards.iter().map(|(a, b)| (a.0, b.0)).collect(),
        p.bye.map(|b| b.0),
    )
}

/// Art. 3.3: S1 = the top half against S2 = the bottom half, S1[i] v S2[i]; art. 5.2.5: with
/// no preferences the higher-ranked player takes the initial colour if his TPN is odd.
#[test]
fn round_one_is_top_half_against_bottom_half() {
    let ps: Vec<_> = (1..=6).map(|i| player(i, 0)).collect();
    assert_eq!(boards(&ps, &round(1, 5)).0, [(1, 4), (5, 2), (3, 6)]);
    let mut r = round(1, 5);
    r.initial_colour = B;
    assert_eq!(boards(&ps, &r).0, [(4, 1), (2, 5), (6, 3)]);
}

/// C1 and art. 4.2: 1 v 3 is a rematch, so the next transposition of S2 (4, 3) is used.
#[test]
fn c1_rematch_takes_the_next_transposition() {
    let mut ps: Vec<_> = (1..=4).map(|i| player(i, 2)).collect();
    met(&mut ps, 1, 3);
    let (b, _) = boards(&ps, &round(2, 5));
    let mut pairs: Vec<(u32, u32)> = b.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    pairs.sort();
    assert_eq!(pairs, [(1, 4), (2, 3)]);
}

/// Art. 4.3: when no transposition works (1 has met 3 and 4), S1 and S2 exchange the pair
/// with the smallest BSN difference, taking the highest BSN out of S1: 2 for 3, so that
/// S1 = {1, 3}, S2 = {2, 4}: 1 v 2, 3 v 4.
#[test]
fn exchange_in_article_4_3_order() {
    let mut ps: Vec<_> = (1..=4).map(|i| player(i, 2)).collect();
    met(&mut ps, 1, 3);
    met(&mut ps, 1, 4);
    let (b, _) = boards(&ps, &round(3, 5));
    let mut pairs: Vec<(u32, u32)> = b.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    pairs.sort();
    assert_eq!(pairs, [(1, 2), (3, 4)]);
}

/// C2: 5 already had the PAB, so the candidate leaving 5 unpaired is refused; the next one
/// (S2 transposed to 3, 5, 4) leaves 4, who takes the bye.
#[test]
fn c2_no_second_bye() {
    let mut ps: Vec<_> = (1..=5).map(|i| player(i, 0)).collect();
    ps[4].pab_ineligible = true;
    let (b, bye) = boards(&ps, &round(1, 3));
    assert_eq!(bye, Some(4));
    let mut pairs: Vec<(u32, u32)> = b.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    pairs.sort();
    assert_eq!(pairs, [(1, 3), (2, 5)]);
}

/// C3: 1 and 3 both played white twice (absolute preference for black) and are not
/// topscorers, so they may not meet: 1 v 4, 2 v 3. Art. 5.2.1/5.2.2: 4 (mild, white) gets
/// white against 1 (absolute, black); 2 (mild, white) against 3 (absolute, black).
#[test]
fn c3_same_absolute_preference_never_meets() {
    let mut ps: Vec<_> = (1..=4).map(|i| player(i, 2)).collect();
    for i in [0, 2] {
        ps[i].colours.played = vec![W, W];
    }
    for i in [1, 3] {
        ps[i].colours.played = vec![W, B];
    }
    assert_eq!(boards(&ps, &round(3, 5)).0, [(4, 1), (2, 3)]);
}

/// C5: the PAB goes to the lowest score: 3 has ½ fewer than everyone else.
#[test]
fn c5_bye_to_the_lowest_score() {
    let mut ps: Vec<_> = (1..=3).map(|i| player(i, 2)).collect();
    ps[1].score = Points::ZERO;
    assert_eq!(boards(&ps, &round(2, 3)).1, Some(2));
}

/// C9: in the last bracket {5, 6, 7} one player takes the PAB. S1 = {5}, S2 = {6, 7}: the
/// first candidate leaves 7, who has an unplayed game; the next leaves 6, who has none, and
/// C9 prefers it to the earlier candidate.
#[test]
fn c9_bye_to_the_player_with_fewer_unplayed_games() {
    let mut ps: Vec<_> = (1..=7)
        .map(|i| player(i, if i <= 4 { 2 } else { 0 }))
        .collect();
    ps[6].unplayed = 1;
    let (b, bye) = boards(&ps, &round(2, 5));
    assert_eq!(bye, Some(6));
    assert!(b.iter().any(|&(x, y)| (x.min(y), x.max(y)) == (5, 7)));
}

/// C6/C7 and art. 3.2: the MDP 1 (one point) meets the top resident 2; the remainder
/// {3, 4, 5, 6} is paired as a homogeneous bracket: 3 v 5, 4 v 6.
#[test]
fn heterogeneous_bracket_pairs_the_mdp_first() {
    let mut ps: Vec<_> = (1..=6).map(|i| player(i, 0)).collect();
    ps[0].score = Points::whole(1);
    let (b, _) = boards(&ps, &round(2, 5));
    let mut pairs: Vec<(u32, u32)> = b.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    pairs.sort();
    assert_eq!(pairs, [(1, 2), (3, 5), (4, 6)]);
}

/// C12: 1 and 3 want white, 2 and 4 black. The first candidate 1 v 3, 2 v 4 leaves two
/// preferences unmet; the transposition 1 v 4, 2 v 3 meets all, and C12 outranks
/// generation order.
#[test]
fn c12_colour_preferences_beat_generation_order() {
    let mut ps: Vec<_> = (1..=4).map(|i| player(i, 2)).collect();
    for (i, last) in [(0, B), (1, W), (2, B), (3, W)] {
        ps[i].colours.played = vec![last.other(), last];
    }
    assert_eq!(boards(&ps, &round(3, 5)).0, [(1, 4), (3, 2)]);
}

/// C14: in the top bracket {1, 2, 3} one player floats. The first candidate (1 v 2) floats
/// 3, who floated down last round too; 1 v 3 floats 2 instead.
#[test]
fn c14_no_repeated_downfloat() {
    let mut ps: Vec<_> = (1..=6)
        .map(|i| player(i, if i <= 3 { 2 } else { 0 }))
        .collect();
    for p in &mut ps {
        p.floats = vec![Float::None];
    }
    ps[2].floats = vec![Float::Down];
    let (b, _) = boards(&ps, &round(2, 5));
    let pairs: Vec<(u32, u32)> = b.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    assert!(pairs.contains(&(1, 3)), "{pairs:?}");
    assert!(pairs.contains(&(2, 4)), "{pairs:?}");
}

/// Same-club avoidance and forbidden pairs are absolute: 1 and 3 share a club, so the pairing
/// is that of C1 with 1 v 3 ruled out.
#[test]
fn same_club_and_forbidden_pairs_are_absolute() {
    let mut ps: Vec<_> = (1..=4).map(|i| player(i, 0)).collect();
    ps[0].club = Some("上海".into());
    ps[2].club = Some("上海".into());
    let mut r = round(1, 3);
    r.clubs_apart = true;
    let flat = |b: Vec<(u32, u32)>| {
        let mut v: Vec<(u32, u32)> = b.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
        v.sort();
        v
    };
    assert_eq!(flat(boards(&ps, &r).0), [(1, 4), (2, 3)]);
    r.clubs_apart = false;
    assert_eq!(flat(boards(&ps, &r).0), [(1, 3), (2, 4)]);
    r.forbidden = vec![(PlayerId(3), PlayerId(1))];
    assert_eq!(flat(boards(&ps, &r).0), [(1, 4), (2, 3)]);
}

fn claim(colours: &Colours, tpn: u32) -> Claim<'_> {
    Claim { colours, tpn }
}

/// Art. 5.2: colour allocation step by step.
#[test]
fn colour_allocation_article_5_2() {
    let c = |v: &[Mover]| Colours { played: v.to_vec() };
    // 5.2.1: different preferences are both granted.
    let (a, b) = (c(&[B]), c(&[W]));
    assert!(hi_gets_white(claim(&a, 1), claim(&b, 2), W));
    // 5.2.2: the stronger preference (strong over mild) wins.
    let (a, b) = (c(&[W, B, B, W]), c(&[W, B, W]));
    assert_eq!(a.preference().0, Some(B));
    assert!(hi_gets_white(claim(&a, 1), claim(&b, 2), W));
    // 5.2.2: both absolute, the wider colour difference wins.
    let (a, b) = (c(&[B, B]), c(&[B, W, B, B, B]));
    assert!(!hi_gets_white(claim(&a, 1), claim(&b, 2), W));
    // 5.2.3: both mild for white; latest round where they differ: 2 had white there.
    let (a, b) = (c(&[W, B, W, B]), c(&[B, W, W, B]));
    assert!(hi_gets_white(claim(&a, 1), claim(&b, 2), W));
    // 5.2.4: identical histories: the higher-ranked player's preference.
    let (a, b) = (c(&[W, B]), c(&[W, B]));
    assert!(hi_gets_white(claim(&a, 1), claim(&b, 2), W));
}

/// C10/C11 are quality criteria only for topscorers in the final round (art. 1.8): two
/// topscorers with the same absolute preference may meet then (C3 exempts them).
#[test]
fn topscorers_may_meet_in_the_final_round() {
    let mut ps: Vec<_> = (1..=2).map(|i| player(i, 6)).collect();
    for p in &mut ps {
        p.colours.played = vec![B, W, W];
    }
    // Round 4 of 4: 3 points of 3 is over 50 %: both are topscorers.
    assert_eq!(boards(&ps, &round(4, 4)).0.len(), 1);
    // Not the final round: C3 forbids it, and there is no pairing at all.
    assert!(pair(&ps, &round(4, 5)).is_err());
}

/// C8 compares the following bracket's pairing score difference (PSD), not only its pairs.
/// Bracket 2 points: 1, 2, 3 (one must float; C6 and C7 are equal whoever floats: the PSD of
/// 1 v 2 with 3 floating is [2 − (2 − 1), 0] = [1, 0], the same for 1 v 3 with 2 floating).
/// 3 has met 4 and 5, so if 3 floats the bracket of 1 point {3, 4, 5} pairs 4 v 5 and 3
/// floats again: PSD [2 − 0, 0] = [2, 0]; if 2 floats it pairs 2 v 4 and 5 floats:
/// [1, 1] (in points), lower. Both have one pair there, so counting pairs alone took the
/// first candidate (1 v 2); the text's C8 takes 1 v 3, then 2 v 4 and 5 v 6.
#[test]
fn c8_minimises_the_following_brackets_psd() {
    let mut ps = vec![
        player(1, 4),
        player(2, 4),
        player(3, 4),
        player(4, 2),
        player(5, 2),
        player(6, 0),
    ];
    met(&mut ps, 3, 4);
    met(&mut ps, 3, 5);
    let (b, bye) = boards(&ps, &round(3, 5));
    let mut pairs: Vec<(u32, u32)> = b.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    pairs.sort();
    assert_eq!((pairs, bye), (vec![(1, 3), (2, 4), (5, 6)], None));
}

/// C8 judges the following bracket by the pairings it may really have: those that leave the
/// rest of the round pairable (C4). As above, but 6 (the only player with 0) has also met 4
/// and 5. If 2 floats, {2, 4, 5} could pair 2 v 4 with PSD [1, 1] by C1–C3 alone, but then
/// 5 is left with 6, whom he has met; its only pairing that completes the round is 4 v 5 with
/// 2 floating to 6: [2, 0], as when 3 floats ({3, 4, 5}: 4 v 5, 3 to 6). C8 is then equal
/// and the first candidate in art. 4 order stands: 1 v 2, 4 v 5, 3 v 6.
#[test]
fn c8_and_c4_leave_the_round_complete() {
    let mut ps = vec![
        player(1, 4),
        player(2, 4),
        player(3, 4),
        player(4, 2),
        player(5, 2),
        player(6, 0),
    ];
    met(&mut ps, 6, 4);
    met(&mut ps, 6, 5);
    met(&mut ps, 3, 4);
    met(&mut ps, 3, 5);
    let (b, _) = boards(&ps, &round(3, 5));
    let mut pairs: Vec<(u32, u32)> = b.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
    pairs.sort();
    assert_eq!(pairs, [(1, 2), (3, 6), (4, 5)]);
}
