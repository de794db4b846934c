//! Same-club avoidance (同队不相遇) and the last-rounds colour priority of the Chinese system.

use xiangqi_tournament::swiss::{FirstRound, SwissPlayer, SwissVariant, pair_round_with};
use xiangqi_tournament::tournament::{ClubRule, LastRoundsPriority};
use xiangqi_tournament::{Lots, Mover, Outcome, Player, PlayerId, Points, Settings, Tournament};

fn event(clubs: ClubRule, seed: u64) -> Tournament {
    let mut lots = Lots::new(seed);
    // 16 players in 4 clubs of 4.
    let players = (0..16)
        .map(|i| {
            Player::new(format!("P{i}"))
                .with_club(format!("C{}", i % 4))
                .with_rating(2000 - i)
        })
        .collect();
    let mut settings = Settings::swiss(7);
    settings.swiss.clubs = clubs;
    let mut t = Tournament::new("clubs", players, settings).expect("valid");
    for r in 1..=7 {
        if t.pair_next_round().is_err() {
            break;
        }
        let boards: Vec<u32> = t.rounds[r - 1].games.iter().map(|g| g.board).collect();
        for b in boards {
            let o =
                [Outcome::FirstWins, Outcome::Draw, Outcome::SecondWins][lots.below(3) as usize];
            t.set_result(r as u32, b, o).expect("board");
        }
    }
    t
}

fn same_club_games(t: &Tournament, rounds: std::ops::RangeInclusive<u32>) -> usize {
    t.rounds
        .iter()
        .filter(|r| rounds.contains(&r.number))
        .flat_map(|r| &r.games)
        .filter(|g| t.players[g.first.index()].club == t.players[g.second.index()].club)
        .count()
}

/// With the rule off, club-mates meet (the adjacent first round pairs 1–2, 3–4, … who are in
/// different clubs, but later rounds do meet team-mates); with it on they never do in the
/// rounds it covers.
#[test]
fn club_mates_are_kept_apart_in_the_rounds_chosen() {
    let mut met_without = 0;
    for seed in 0..20 {
        let off = event(ClubRule::Off, seed);
        met_without += same_club_games(&off, 1..=7);
        let always = event(ClubRule::Always, seed);
        assert_eq!(always.rounds.len(), 7, "seed {seed}");
        assert_eq!(same_club_games(&always, 1..=7), 0, "seed {seed}");
        let early = event(ClubRule::FirstRounds { rounds: 3 }, seed);
        assert_eq!(same_club_games(&early, 1..=3), 0, "seed {seed}");
    }
    assert!(
        met_without > 0,
        "the test events must give club-mates a chance to meet"
    );
}

/// The higher scorer A (balanced, last game first: prefers second) meets B (one first too
/// many). Balance alone gives A the first move (B's claim to it is weaker); with the
/// last-rounds priority in force A gets the side he prefers, and the hard rules still hold.
#[test]
fn last_rounds_priority_gives_the_higher_scorer_his_side() {
    let a = SwissPlayer {
        id: PlayerId(1),
        score: Points::whole(2),
        sides: vec![Mover::Second, Mover::First],
        opponents: vec![PlayerId(3), PlayerId(4)],
        byes: 0,
    };
    let b = SwissPlayer {
        id: PlayerId(2),
        score: Points::whole(1),
        sides: vec![Mover::First, Mover::Second, Mover::First],
        opponents: vec![PlayerId(5), PlayerId(6), PlayerId(7)],
        byes: 0,
    };
    let players = [a, b];
    let plain = pair_round_with(
        &players,
        4,
        SwissVariant::Chinese,
        FirstRound::Adjacent,
        None,
    )
    .expect("pairs");
    assert_eq!(plain.boards, [(PlayerId(1), PlayerId(2))]);
    let priority = LastRoundsPriority {
        rounds: 3,
        gap: Points::from_halves(1),
    };
    let with = pair_round_with(
        &players,
        4,
        SwissVariant::Chinese,
        FirstRound::Adjacent,
        Some(priority),
    )
    .expect("pairs");
    assert_eq!(with.boards, [(PlayerId(2), PlayerId(1))]);
    // A gap below the threshold leaves the ordinary rule in force.
    let wide = LastRoundsPriority {
        rounds: 3,
        gap: Points::whole(2),
    };
    let unchanged = pair_round_with(
        &players,
        4,
        SwissVariant::Chinese,
        FirstRound::Adjacent,
        Some(wide),
    )
    .expect("pairs");
    assert_eq!(unchanged.boards, plain.boards);
}
