//! Golden tests for every tie-break chain, on small events worked out by hand. The comments
//! give the arithmetic; the expected values are what a person gets with pencil and paper.

use xiangqi_tournament::history::{Game, History, Round};
use xiangqi_tournament::{Outcome, PlayerId, Points, Scoring, Standings, TieBreak, TieBreakPreset};

use Outcome::{Draw, FirstWins as F, SecondWins as S};

/// `(round, first, second, outcome, [fouls first, fouls second])`
type G = (u32, u32, u32, Outcome, [u32; 2]);

fn history(players: usize, games: &[G], byes: &[(u32, u32, Points)], scoring: Scoring) -> History {
    let last = games
        .iter()
        .map(|g| g.0)
        .chain(byes.iter().map(|b| b.0))
        .max()
        .unwrap_or(0);
    let rounds: Vec<Round> = (1..=last)
        .map(|r| Round {
            number: r,
            games: games
                .iter()
                .filter(|g| g.0 == r)
                .enumerate()
                .map(|(i, g)| Game {
                    board: i as u32 + 1,
                    first: PlayerId(g.1),
                    second: PlayerId(g.2),
                    outcome: Some(g.3),
                    fouls: g.4,
                })
                .collect(),
            bye: byes.iter().find(|b| b.0 == r).map(|b| (PlayerId(b.1), b.2)),
            rests: vec![],
            notes: vec![],
        })
        .collect();
    History::build(players, &rounds, &scoring, &[])
}

/// (place label, player) in order.
fn order(s: &Standings) -> Vec<(String, u32)> {
    s.rows
        .iter()
        .map(|r| (Standings::place_label(r), r.player.0))
        .collect()
}

fn col(s: &Standings, c: TieBreak, p: u32) -> String {
    let k = s
        .criteria
        .iter()
        .position(|&x| x == c)
        .expect("criterion in chain");
    let row = s
        .rows
        .iter()
        .find(|r| r.player.0 == p)
        .expect("player ranked");
    row.values[k].map(|v| v.to_string()).unwrap_or_default()
}

fn labels(v: &[(&str, u32)]) -> Vec<(String, u32)> {
    v.iter().map(|&(l, p)| (l.to_string(), p)).collect()
}

const NO: [u32; 2] = [0, 0];

/// 1960 §13 二, single games, 2/1/0. Four players:
/// 1 beats 2; 3–4 drawn; 3 beats 1; 2 beats 4; 1–4 drawn; 2–3 drawn.
/// Points: 1 = 2+0+1 = 3; 2 = 0+2+1 = 3; 3 = 1+2+1 = 4; 4 = 1+0+1 = 2.
/// 1 and 2 are level on 3: their own game decides (1 won it), so 3, 1, 2, 4.
#[test]
fn single_1960_head_to_head() {
    let g: Vec<G> = vec![
        (1, 1, 2, F, NO),
        (1, 3, 4, Draw, NO),
        (2, 3, 1, F, NO),
        (2, 2, 4, F, NO),
        (3, 1, 4, Draw, NO),
        (3, 2, 3, Draw, NO),
    ];
    let s = Standings::compute(
        &history(4, &g, &[], Scoring::rules_1960()),
        &TieBreakPreset::Single1960.chain(),
    );
    assert_eq!(order(&s), labels(&[("1", 3), ("2", 1), ("3", 2), ("4", 4)]));
    // DE within {1, 2}: 1 scored 2 against 2, 2 scored 0.
    assert_eq!(
        (
            col(&s, TieBreak::HeadToHead, 1),
            col(&s, TieBreak::HeadToHead, 2)
        ),
        ("2".into(), "0".into())
    );
    // DE is not shown for players who were never level with anyone.
    assert_eq!(col(&s, TieBreak::HeadToHead, 3), "");
}

/// 1960 §13 二: drawn game between the two → the unbeaten one first.
/// 1 draws 2, 3 and 4 (3 points, unbeaten); 2 beats 3 and loses to 4 (1+2+0 = 3, one loss);
/// 3–4 drawn: 3 = 1+0+1 = 2, 4 = 1+2+1 = 4. Order 4, 1, 2, 3.
#[test]
fn single_1960_unbeaten_after_drawn_encounter() {
    let g: Vec<G> = vec![
        (1, 1, 2, Draw, NO),
        (1, 3, 4, Draw, NO),
        (2, 1, 3, Draw, NO),
        (2, 4, 2, F, NO),
        (3, 4, 1, Draw, NO),
        (3, 2, 3, F, NO),
    ];
    let s = Standings::compute(
        &history(4, &g, &[], Scoring::rules_1960()),
        &TieBreakPreset::Single1960.chain(),
    );
    assert_eq!(order(&s), labels(&[("1", 4), ("2", 1), ("3", 2), ("4", 3)]));
    assert_eq!(
        (
            col(&s, TieBreak::Unbeaten, 1),
            col(&s, TieBreak::Unbeaten, 2)
        ),
        ("1".into(), "0".into())
    );
}

/// 1960 §13 二 and §15 二: all six games drawn → everyone on 3, DE 3 each, all unbeaten;
/// infractions recorded: player 2 twice, player 3 once. Players 1 and 4 stay level and share
/// first place (名次并列), then 3 (third), then 2 (fourth).
#[test]
fn single_1960_infractions_then_shared_place() {
    let g: Vec<G> = vec![
        (1, 1, 2, Draw, [0, 1]),
        (1, 3, 4, Draw, [1, 0]),
        (2, 4, 2, Draw, [0, 1]),
        (2, 1, 3, Draw, NO),
        (3, 2, 3, Draw, NO),
        (3, 4, 1, Draw, NO),
    ];
    let s = Standings::compute(
        &history(4, &g, &[], Scoring::rules_1960()),
        &TieBreakPreset::Single1960.chain(),
    );
    assert_eq!(
        order(&s),
        labels(&[("1=", 1), ("1=", 4), ("3", 3), ("4", 2)])
    );
    assert_eq!(col(&s, TieBreak::FewerFouls, 2), "2");
    assert_eq!(col(&s, TieBreak::HeadToHead, 2), "3");
}

/// 1960 §13 三, two games per opponent, 2/1/0 per game (小分), 1/½/0 per opponent (大分).
/// 1–2: 1 wins both (小分 4:0, 大分 1:0). 3–4: win and draw for 3 (3:1, 大分 1:0).
/// 1–3: two draws (2:2, ½ each). 2–4: 2 wins both (4:0, 1:0). 1–4: one win each (2:2, ½).
/// 2–3: two draws (2:2, ½).
/// 大分: 1 = 1+½+½ = 2; 2 = 0+1+½ = 1.5; 3 = 1+½+½ = 2; 4 = 0+0+½ = ½.
/// 小分: 1 = 4+2+2 = 8; 2 = 0+4+2 = 6; 3 = 3+2+2 = 7; 4 = 1+0+2 = 3 → 1 before 3 on 小分.
/// Order 1, 3, 2, 4.
#[test]
fn two_game_1960_match_points_then_game_points() {
    let g: Vec<G> = vec![
        (1, 1, 2, F, NO),
        (1, 3, 4, F, NO),
        (2, 2, 1, S, NO),
        (2, 4, 3, Draw, NO),
        (3, 1, 3, Draw, NO),
        (3, 2, 4, F, NO),
        (4, 3, 1, Draw, NO),
        (4, 4, 2, S, NO),
        (5, 1, 4, F, NO),
        (5, 2, 3, Draw, NO),
        (6, 4, 1, F, NO),
        (6, 3, 2, Draw, NO),
    ];
    let s = Standings::compute(
        &history(4, &g, &[], Scoring::rules_1960()),
        &TieBreakPreset::TwoGame1960.chain(),
    );
    assert_eq!(order(&s), labels(&[("1", 1), ("2", 3), ("3", 2), ("4", 4)]));
    let mp: Vec<String> = (1..=4).map(|p| col(&s, TieBreak::MatchPoints, p)).collect();
    assert_eq!(mp, ["2", "1.5", "2", "0.5"]);
    let gp: Vec<String> = (1..=4).map(|p| col(&s, TieBreak::Points, p)).collect();
    assert_eq!(gp, ["8", "6", "7", "3"]);
}

/// 1960 §13 三 when 大分 and 小分 do not separate: three players, each pair two games, a cycle.
/// 1–2: 1 wins one, one drawn (3:1, 大分 1:0); 2–3: same for 2 (3:1); 3–1: same for 3 (3:1).
/// 大分 1 each, 小分 4 each, head-to-head among all three 4 each, everyone has lost a game;
/// infractions: 2 and 3 one each → 1 first, 2 and 3 share second.
#[test]
fn two_game_1960_cycle_falls_through_to_infractions() {
    let g: Vec<G> = vec![
        (1, 1, 2, F, NO),
        (2, 2, 1, Draw, [1, 0]),
        (3, 2, 3, F, NO),
        (4, 3, 2, Draw, NO),
        (5, 3, 1, F, [1, 0]),
        (6, 1, 3, Draw, NO),
    ];
    let s = Standings::compute(
        &history(3, &g, &[], Scoring::rules_1960()),
        &TieBreakPreset::TwoGame1960.chain(),
    );
    assert_eq!(order(&s), labels(&[("1", 1), ("2=", 2), ("2=", 3)]));
    assert!(
        (1..=3).all(
            |p| col(&s, TieBreak::MatchPoints, p) == "1" && col(&s, TieBreak::Points, p) == "4"
        )
    );
    assert!(
        (1..=3)
            .all(|p| col(&s, TieBreak::HeadToHead, p) == "4"
                && col(&s, TieBreak::Unbeaten, p) == "0")
    );
}

/// A four-round Swiss of six, 1/½/0 (first mover listed first):
/// R1 1–4 1-0, 2–5 ½, 3–6 0-1 · R2 6–1 0-1, 4–2 ½, 5–3 1-0 ·
/// R3 1–5 ½, 2–3 1-0, 6–4 ½ · R4 2–1 0-1, 3–4 0-1, 5–6 ½.
/// Points: 1 = 3.5, 2 = 2, 3 = 0, 4 = 2, 5 = 2.5, 6 = 2.
fn swiss_six() -> History {
    let g: Vec<G> = vec![
        (1, 1, 4, F, NO),
        (1, 2, 5, Draw, NO),
        (1, 3, 6, S, NO),
        (2, 6, 1, S, NO),
        (2, 4, 2, Draw, NO),
        (2, 5, 3, F, NO),
        (3, 1, 5, Draw, NO),
        (3, 2, 3, F, NO),
        (3, 6, 4, Draw, NO),
        (4, 2, 1, S, NO),
        (4, 3, 4, S, NO),
        (4, 5, 6, Draw, NO),
    ];
    history(6, &g, &[], Scoring::modern())
}

/// 对手分 (Buchholz): 2 met 5, 4, 3, 1 → 2.5+2+0+3.5 = 8; 4 met 1, 2, 6, 3 → 3.5+2+2+0 = 7.5;
/// 6 met 3, 1, 4, 5 → 0+3.5+2+2.5 = 8. 累进分: 2 → ½, 1, 2, 2 = 5.5; 6 → 1, 1, 1.5, 2 = 5.5;
/// 4 → 0, ½, 1, 2 = 3.5. So 2 and 6 share third; 4 is fifth.
#[test]
fn chinese_swiss_buchholz_progressive() {
    let h = swiss_six();
    let s = Standings::compute(&h, &TieBreakPreset::ChineseSwiss.chain());
    assert_eq!(
        order(&s),
        labels(&[("1", 1), ("2", 5), ("3=", 2), ("3=", 6), ("5", 4), ("6", 3)])
    );
    let bh: Vec<String> = (1..=6).map(|p| col(&s, TieBreak::Buchholz, p)).collect();
    // 1: 2+2+2.5+2 = 8.5; 3: 2+2.5+2+2 = 8.5; 5: 2+0+3.5+2 = 7.5.
    assert_eq!(bh, ["8.5", "8", "8.5", "7.5", "7.5", "8"]);
    // 1: 1, 2, 2.5, 3.5 → 9; 5: ½, 1.5, 2, 2.5 → 6.5.
    assert_eq!(col(&s, TieBreak::Progressive, 1), "9");
    assert_eq!(col(&s, TieBreak::Progressive, 5), "6.5");
    assert_eq!(col(&s, TieBreak::Progressive, 6), "5.5");
}

/// Match BP's ACDEF chain: 2 and 6 are level on points, 对手分 (8) and 胜局 (one win each)
/// and fouls (none); 后手胜局: 6 won as the second mover in R1, 2's win (R3) was as first → 6
/// before 2. 后手局: 2 played second once (R2), 6 twice (R1, R4).
#[test]
fn chinese_swiss_full_wins_as_second() {
    let s = Standings::compute(&swiss_six(), &TieBreakPreset::ChineseSwissFull.chain());
    assert_eq!(order(&s)[2..4], labels(&[("3", 6), ("4", 2)])[..]);
    assert_eq!(
        (col(&s, TieBreak::Wins, 2), col(&s, TieBreak::Wins, 6)),
        ("1".into(), "1".into())
    );
    assert_eq!(
        (
            col(&s, TieBreak::WinsAsSecond, 2),
            col(&s, TieBreak::WinsAsSecond, 6)
        ),
        ("0".into(), "1".into())
    );
    assert_eq!(col(&s, TieBreak::GamesAsSecond, 6), "2");
    // 1 won three games, two of them (R2, R4) as the second mover.
    assert_eq!(
        (
            col(&s, TieBreak::Wins, 1),
            col(&s, TieBreak::WinsAsSecond, 1)
        ),
        ("3".into(), "2".into())
    );
}

/// Sonneborn–Berger and Buchholz cut 1 on the same event.
/// SB 1: beat 4, 6, 2 (2 each) + half of drawn 5's 2.5 → 6 + 1.25 = 7.25.
/// SB 2: beat 3 (0) + half of (5's 2.5 + 4's 2) → 2.25; SB 6: beat 3 (0) + half of (4 + 5) →
/// 2.25; SB 5: beat 3 (0) + half of (2 + 3.5 + 2) = 3.75. BH-C1 drops the lowest opponent:
/// 2 → 8 − 0 = 8, 6 → 8 − 0 = 8, 4 → 7.5 − 0 = 7.5. 2 and 6 stay level through PS (5.5 each).
#[test]
fn fide_swiss_sonneborn_berger_and_cut() {
    let s = Standings::compute(&swiss_six(), &TieBreakPreset::FideSwiss.chain());
    assert_eq!(
        order(&s),
        labels(&[("1", 1), ("2", 5), ("3=", 2), ("3=", 6), ("5", 4), ("6", 3)])
    );
    let sb: Vec<String> = (1..=6)
        .map(|p| col(&s, TieBreak::SonnebornBerger, p))
        .collect();
    assert_eq!(sb, ["7.25", "2.25", "0", "2", "3.75", "2.25"]);
    let cut: Vec<String> = (1..=6)
        .map(|p| col(&s, TieBreak::BuchholzCut1, p))
        .collect();
    // 1: 8.5 − 2; 3: 8.5 − 2; 5: 7.5 − 0.
    assert_eq!(cut, ["6.5", "8", "6.5", "7.5", "7.5", "8"]);
}

/// A modern round robin (points, DE, SB, wins, wins as second) on the first 1960 example
/// scored 1/½/0: 1 = 1.5, 2 = 1.5, 3 = 2, 4 = 1. 1 beat 2 → 1 second. SB 1: beat 2 (1.5) +
/// half of 4's 1 = 2; SB 2: beat 4 (1) + half of 3's 2 = 2; SB 3: beat 1 (1.5) + half of
/// (1 + 1.5) = 2.75.
#[test]
fn round_robin_modern() {
    let g: Vec<G> = vec![
        (1, 1, 2, F, NO),
        (1, 3, 4, Draw, NO),
        (2, 3, 1, F, NO),
        (2, 2, 4, F, NO),
        (3, 1, 4, Draw, NO),
        (3, 2, 3, Draw, NO),
    ];
    let s = Standings::compute(
        &history(4, &g, &[], Scoring::modern()),
        &TieBreakPreset::RoundRobinModern.chain(),
    );
    assert_eq!(order(&s), labels(&[("1", 3), ("2", 1), ("3", 2), ("4", 4)]));
    assert_eq!(col(&s, TieBreak::SonnebornBerger, 3), "2.75");
    assert_eq!(col(&s, TieBreak::SonnebornBerger, 1), "2");
}

/// Byes: three players, 1960 scoring. R1 1–2 1-0, 3 bye (2 points); R2 3–1 draw, 2 bye;
/// R3 2–3 0-1, 1 bye. Points: 1 = 2+1+2 = 5; 2 = 0+2+0 = 2; 3 = 2+1+2 = 5.
/// 对手分 ignores the bye: 1 met 2 and 3 → 2+5 = 7; 3 met 1 and 2 → 5+2 = 7; level.
/// 累进分 counts the bye points: 1 → 2, 3, 5 = 10; 3 → 2, 3, 5 = 10: level; shared first.
/// Fewer losses (a custom chain) still level, wins: 1 has 1 (+ the bye is no win), 3 has 1.
#[test]
fn byes_in_buchholz_and_progressive() {
    let g: Vec<G> = vec![(1, 1, 2, F, NO), (2, 3, 1, Draw, NO), (3, 2, 3, S, NO)];
    let two = Points::whole(2);
    let h = history(
        3,
        &g,
        &[(1, 3, two), (2, 2, two), (3, 1, two)],
        Scoring::rules_1960(),
    );
    let chain = [
        TieBreak::Points,
        TieBreak::Buchholz,
        TieBreak::Progressive,
        TieBreak::FewerLosses,
        TieBreak::Wins,
    ];
    let s = Standings::compute(&h, &chain);
    assert_eq!(order(&s), labels(&[("1=", 1), ("1=", 3), ("3", 2)]));
    assert_eq!(
        (
            col(&s, TieBreak::Buchholz, 1),
            col(&s, TieBreak::Progressive, 1)
        ),
        ("7".into(), "10".into())
    );
    assert_eq!(col(&s, TieBreak::Wins, 3), "1");
}
