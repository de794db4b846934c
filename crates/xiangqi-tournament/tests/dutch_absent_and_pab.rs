//! Two rules of FIDE C.04.3 (effective 1 February 2026) where pairing programs have read the
//! text differently, worked out by hand and checked on both of our pairers (the main one and
//! the independent reference): the pairing numbers art. 5.2.5 reads in round 1 when players
//! are absent, and C9 choosing the PAB assignee in a bracket above the last.

use xiangqi_tournament::swiss::SwissPairing;
use xiangqi_tournament::swiss::dutch::{
    DutchPlayer, DutchRound, deciding_criterion, pair, reference,
};
use xiangqi_tournament::trf::TrfFile;
use xiangqi_tournament::{Mover, PlayerId, Points};

type Pairer = fn(&[DutchPlayer], &DutchRound) -> Result<SwissPairing, xiangqi_tournament::Error>;

const PAIRERS: [(&str, Pairer); 2] = [("main", pair), ("reference", reference::pair)];

fn boards(players: &[DutchPlayer], r: &DutchRound, f: Pairer) -> (Vec<(u32, u32)>, Option<u32>) {
    let p = f(players, r).expect("a pairing exists");
    (
        p.boards.iter().map(|(a, b)| (a.0, b.0)).collect(),
        p.bye.map(|b| b.0),
    )
}

/// Players `ids` with no points and no history.
fn newcomers(ids: &[u32]) -> Vec<DutchPlayer> {
    ids.iter()
        .map(|&i| DutchPlayer::new(PlayerId(i), Points::ZERO))
        .collect()
}

/// Round 1 of 8 registered players, 1 and 4 absent. The six present are numbered 1–6 in
/// that round (2, 3, 5, 6, 7, 8); S1 = {2, 3, 5} meets S2 = {6, 7, 8} (art. 3.3). Art. 5.2.5:
/// the higher-ranked player of a pair takes the initial colour if his number is odd: 2
/// (number one) takes it, 3 (number two) the other, 5 (number three) takes it. Reading the
/// full list's numbers instead would turn the first two boards round (2 is even, 3 odd
/// there).
#[test]
fn round_one_colours_count_only_the_players_present() {
    let present: Vec<DutchPlayer> = newcomers(&[2, 3, 5, 6, 7, 8]);
    for (name, f) in PAIRERS {
        let mut r = DutchRound::new(1, 5);
        assert_eq!(
            boards(&present, &r, f).0,
            [(2, 6), (7, 3), (5, 8)],
            "{name}"
        );
        // The other initial colour turns every board round.
        r.initial_colour = Mover::Second;
        assert_eq!(
            boards(&present, &r, f).0,
            [(6, 2), (3, 7), (8, 5)],
            "{name}"
        );
    }
}

/// Where it changes nothing: of 1–7, only 6 is absent. Everyone above him keeps his number
/// (1–5), so S1 = {1, 2, 3} against S2 = {4, 5, 7} is coloured as by the full list: 1 takes
/// the initial colour, 2 the other, 3 the initial one; and in round 2 the TPN stands.
#[test]
fn an_absentee_below_everyone_paired_changes_no_colour() {
    let present: Vec<DutchPlayer> = newcomers(&[1, 2, 3, 4, 5, 7]);
    for (name, f) in PAIRERS {
        let r = DutchRound::new(1, 5);
        assert_eq!(
            boards(&present, &r, f).0,
            [(1, 4), (5, 2), (3, 7)],
            "{name}"
        );
    }
    // Round 2, two players who have not played yet (late entrants 2 and 3 of 2, 3 present):
    // 2 is the higher-ranked, his TPN even: the other colour.
    let late: Vec<DutchPlayer> = newcomers(&[2, 3]);
    for (name, f) in PAIRERS {
        assert_eq!(
            boards(&late, &DutchRound::new(2, 5), f).0,
            [(3, 2)],
            "{name}"
        );
    }
}

/// A file without `152` (TRF-2026: the initial colour is then "the colour of the highest
/// ranked participant who was paired in the first round"): 1 is absent in round 1 and 2,
/// the highest-ranked player paired, had black. He is number 1 of that round, so the
/// initial colour is black, not white as the full list's even number 2 would make it.
#[test]
fn a_file_without_its_initial_colour_reads_it_from_the_top_player_present() {
    let line = |id: u32, cell: &str| {
        format!(
            "001 {id:>4}      {:<33} {:>4}{:28}{:>4}{:>5}  {cell}",
            format!("P{id}"),
            2000,
            "",
            "0.0",
            id
        )
    };
    let text = [
        line(1, "0000 - Z"),
        line(2, "   4 b ="),
        line(3, "   5 w ="),
        line(4, "   2 w ="),
        line(5, "   3 b ="),
        "XXR 3".to_string(),
    ]
    .join("\n")
    .replace("0.0    2", "0.5    2")
    .replace("0.0    3", "0.5    3")
    .replace("0.0    4", "0.5    4")
    .replace("0.0    5", "0.5    5");
    let t = TrfFile::parse(&text)
        .expect("reads")
        .to_tournament(None)
        .expect("converts");
    assert_eq!(t.settings.swiss.initial_colour, Some(Mover::Second));
    // And the round re-checks as our own pairing with that colour: 2 (number 1) black
    // against 4, 3 (number 2) white against 5.
    let report = t.check_pairings().expect("checks");
    assert_eq!((report.rounds_checked, report.difference), (1, None));
}

/// C9 above the last bracket. Round 3 of 5: 1, 2, 3 have 2 points, 4 and 5 have 1 and may
/// not take the PAB (C2: each has had one). Five players: the PAB goes to one of 1–3 (C5).
/// The top bracket pairs two of them and floats the third; in the last bracket 4 v 5 is the
/// only pairing that leaves a player who may take the PAB, so the floater takes it. C6–C8
/// cannot tell the candidates apart (one floater of the same score; the following bracket
/// pairs 4 v 5 whoever floats). The first candidate, 1 v 2, floats 3; but 3 has a round
/// without a game, and C9 (the fewest unplayed games of the PAB assignee) takes 1 v 3 and the
/// PAB for 2. With the unplayed round 2's instead, generation order stands: 1 v 2, PAB 3.
#[test]
fn c9_chooses_the_floater_who_takes_the_pab_from_the_bracket_above() {
    let field = |unplayed: u32| -> Vec<DutchPlayer> {
        (1..=5)
            .map(|i| {
                let mut p =
                    DutchPlayer::new(PlayerId(i), Points::whole(if i <= 3 { 2 } else { 1 }));
                p.pab_ineligible = i >= 4;
                p.unplayed = u32::from(i == unplayed);
                p
            })
            .collect()
    };
    let pairs = |b: &[(u32, u32)]| -> Vec<(u32, u32)> {
        let mut v: Vec<_> = b.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
        v.sort();
        v
    };
    let r = DutchRound::new(3, 5);
    for (name, f) in PAIRERS {
        let (b, bye) = boards(&field(3), &r, f);
        assert_eq!((pairs(&b), bye), (vec![(1, 3), (4, 5)], Some(2)), "{name}");
        let (b, bye) = boards(&field(2), &r, f);
        assert_eq!((pairs(&b), bye), (vec![(1, 2), (4, 5)], Some(3)), "{name}");
    }
    // Checking mode (`xq tournament check`) names C9 as what decides against a file that
    // gives the PAB to 3 instead.
    let ps = field(3);
    let ours = pair(&ps, &r).expect("pairs");
    let id = PlayerId;
    let theirs = SwissPairing {
        boards: vec![(id(1), id(2)), (id(4), id(5))],
        bye: Some(id(3)),
        notes: Vec::new(),
    };
    let why = deciding_criterion(&ps, &r, &ours, &theirs);
    assert!(why.starts_with("C9"), "{why}");
}
