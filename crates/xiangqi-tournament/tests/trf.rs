//! TRF in and out: our own files round-trip in both layouts, other programs' files read and
//! pair as their authors' tests expect, and bad files are refused with line and column.

use xiangqi_tournament::trf::{ResultCode, TrfFile, TrfVersion, rules_comment};
use xiangqi_tournament::{Outcome, Player, PlayerId, Scoring, Settings, Tournament};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The pairing of the next round as bbpPairings prints it: "white black" per board, the
/// PAB as "id 0".
fn next_round(t: &mut Tournament) -> Vec<(u32, u32)> {
    let r = t.pair_next_round().expect("pairs") as usize;
    let round = &t.rounds[r - 1];
    let mut v: Vec<(u32, u32)> = round
        .games
        .iter()
        .map(|g| (g.first.0, g.second.0))
        .collect();
    v.extend(round.bye.map(|(p, _)| (p.0, 0)));
    v
}

/// bbpPairings `test/tests/dutch_2025_C5`: player 4 is absent in round 3 (a `Z` entered
/// before the round); the PAB goes to the lowest score, 6, and the rest can only be paired
/// 1 v 5, 3 v 2 (1 has met 2, 2 has met 5).
#[test]
fn bbp_dutch_2025_c5() {
    let f = TrfFile::parse(&data("bbpPairings/dutch_2025_C5.trf")).expect("reads");
    assert_eq!(f.version, TrfVersion::Trf16);
    let mut t = f.to_tournament(None).expect("converts");
    assert_eq!(t.rounds.len(), 2);
    assert_eq!(
        t.settings.swiss.requested_byes,
        [(3, PlayerId(4), xiangqi_tournament::Points::ZERO)]
    );
    assert_eq!(next_round(&mut t), [(1, 5), (3, 2), (6, 0)]);
}

/// bbpPairings `test/tests/dutch_2025_C9`: among the lowest scorers 3, 4, 5, player 5 has an
/// unplayed round, so C9 gives the PAB to 4 rather than leaving 5 out.
#[test]
fn bbp_dutch_2025_c9() {
    let f = TrfFile::parse(&data("bbpPairings/dutch_2025_C9.trf")).expect("reads");
    let mut t = f.to_tournament(None).expect("converts");
    assert_eq!(
        t.rounds[0].rests,
        [(PlayerId(5), xiangqi_tournament::Points::ZERO)]
    );
    assert_eq!(next_round(&mut t), [(2, 1), (3, 5), (4, 0)]);
}

fn sample(scoring: Scoring) -> Tournament {
    let players = [
        "胡荣华",
        "Lü Qin",
        "Xu Yinchuan",
        "Wang Tianyi",
        "Zheng Weitong",
    ]
    .iter()
    .enumerate()
    .map(|(i, n)| {
        Player::new(*n)
            .with_rating(2600 - 10 * i as u32)
            .with_club("CHN")
    })
    .collect();
    let mut settings = Settings::swiss(3);
    settings.system = xiangqi_tournament::System::Swiss {
        rounds: 3,
        variant: xiangqi_tournament::swiss::SwissVariant::Dutch,
        first_round: xiangqi_tournament::swiss::FirstRound::Split,
    };
    settings.scoring = scoring;
    let mut t = Tournament::new("Open", players, settings).expect("valid");
    let results = [
        Outcome::FirstWins,
        Outcome::Draw,
        Outcome::SecondWinsByForfeit,
    ];
    for r in 1..=2 {
        t.pair_next_round().expect("pairs");
        for (k, b) in (1..=2).enumerate() {
            t.set_result(r, b, results[(k + r as usize) % 3])
                .expect("board");
        }
    }
    t.pair_next_round().expect("pairs"); // round 3 paired, no results yet
    t
}

/// Our TRF, read back, is the same tournament: players, every game and result (unfinished
/// games too), the PAB; in both layouts and on both point scales.
#[test]
fn own_files_round_trip() {
    for scoring in [Scoring::modern(), Scoring::rules_1960()] {
        let t = sample(scoring);
        for v in [TrfVersion::Trf16, TrfVersion::Trf2026] {
            let text = TrfFile::from_tournament(&t, v).write(v);
            let back = TrfFile::parse(&text)
                .expect("reads")
                .to_tournament(Some(scoring))
                .expect("converts");
            assert_eq!(back.players, t.players, "{v:?}");
            assert_eq!(back.rounds.len(), 3);
            for (a, b) in back.rounds.iter().zip(&t.rounds) {
                let key = |r: &xiangqi_tournament::history::Round| {
                    let mut g: Vec<_> = r
                        .games
                        .iter()
                        .map(|g| (g.first, g.second, g.outcome))
                        .collect();
                    g.sort_by_key(|x| (x.0, x.1));
                    (g, r.bye)
                };
                assert_eq!(key(a), key(b), "{v:?} round {}", a.number);
            }
            // Scores agree (the tie-break chain is not part of a TRF).
            let pts = |t: &Tournament| {
                let h = t.history();
                (1..=5).map(|i| h.points(PlayerId(i))).collect::<Vec<_>>()
            };
            assert_eq!(pts(&back), pts(&t), "{v:?}");
            // The scale is 1/½/0 whatever the event's: a 2/1/0 win is written as 1.
            let line = text
                .lines()
                .find(|l| l.starts_with("001    1"))
                .expect("player 1");
            let points: String = line.chars().skip(80).take(4).collect();
            assert!(
                points.trim().parse::<f64>().expect("points") <= 3.0,
                "{line}"
            );
            if v == TrfVersion::Trf2026 {
                // bbpPairings v6 reads `FIDE_DUTCH_2025` (the same rules) and refuses
                // `FIDE_DUTCH_2026`; the comment after it keeps the rules' TRF-2026 code.
                assert!(text.contains("\n142 3\n"), "{text}");
                assert!(
                    text.contains(&format!(
                        "\n192 FIDE_DUTCH_2025\n{}\n",
                        rules_comment("FIDE_DUTCH_2026")
                    )),
                    "{text}"
                );
                let f = TrfFile::parse(&text).expect("reads");
                assert_eq!(f.coded_type, "FIDE_DUTCH_2026");
                assert!(f.other.is_empty(), "{:?}", f.other);
            } else {
                assert!(text.contains("\nXXR 3\n") && !text.contains("\n142"));
            }
        }
    }
}

/// TRF-2026 records read: `162` point system, `152` initial colour, `240` byes, `250`
/// accelerations, `260` forbidden pairs, `###` comments; and they write back the same.
#[test]
fn trf2026_records() {
    let line = |id: u32, cell: &str| {
        format!(
            "001 {id:>4}      {:<33} {:>4} {:3} {:>11} {:10} {:>4} {:>4}  {cell}",
            format!("P{id}"),
            2000,
            "",
            "",
            "",
            "",
            ""
        )
    };
    let text = format!(
        "### made by hand\n012 Test\n142 5\n152 B\n162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0\n\
         {}\n{}\n{}\n240 H   2    3\n250      1.0   1   2    1    2\n260   1   5    1    2\n",
        line(1, "   2 w 1"),
        line(2, "   1 b 0"),
        line(3, "0000 - U"),
    );
    let f = TrfFile::parse(&text).expect("reads");
    assert_eq!(f.version, TrfVersion::Trf2026);
    assert_eq!(f.scoring.win.halves(), 6);
    assert_eq!(f.initial_colour, Some(xiangqi_tournament::Mover::Second));
    assert_eq!(f.byes, [('H', 2, vec![3])]);
    assert_eq!(f.accelerations.len(), 1);
    assert_eq!(f.forbidden, [(1, 5, vec![1, 2])]);
    assert_eq!(f.players[2].cells[0].result, ResultCode::Pab);
    let again = TrfFile::parse(&f.write(TrfVersion::Trf2026)).expect("reads back");
    assert_eq!(again, f);
    // TRF16 has no 240/250/260: the forbidden pair becomes XXP, the acceleration XXA.
    let old = f.write(TrfVersion::Trf16);
    assert!(
        old.contains("\nXXP 1 2\n") && old.contains("\nXXA    1"),
        "{old}"
    );
}

/// Bad files are refused with the line and column of the problem.
#[test]
fn bad_files_say_where() {
    let bad_rating = format!("012 x\n001    1      {:<33} 20x0\n", "A");
    let err = TrfFile::parse(&bad_rating).unwrap_err().to_string();
    assert!(err.contains("line 2, column 49"), "{err}");
    let err = TrfFile::parse("XXR many\n").unwrap_err().to_string();
    assert!(err.contains("line 1, column 5"), "{err}");
    // Opponents must name each other back.
    let line =
        |id: u32, cell: &str| format!("001 {id:>4}      {:<33} {:>4}{:37}  {cell}", "x", 2000, "");
    let good = format!("{}\n{}\n", line(1, "   2 w 1"), line(2, "   1 b 0"));
    assert!(TrfFile::parse(&good).is_ok());
    let text = format!("{}\n{}\n", line(1, "   2 w 1"), line(2, "   1 w 0"));
    let err = TrfFile::parse(&text).unwrap_err().to_string();
    assert!(
        err.contains("round 1") && err.contains("column 92"),
        "{err}"
    );
    // A fuzzer's find: a value too wide for its field is refused, not written back wrongly.
    assert!(TrfFile::parse(&data("fuzz-trf-xxa-overflow.trf")).is_err());
    // Another: a `250` acceleration of -70 points, which reads but cannot be written back
    // into its four columns; refused at its place.
    let err = TrfFile::parse(&data("fuzz-trf-250-negative.trf")).expect_err("refused");
    assert!(err.to_string().contains("four-column"), "{err}");
    // And: two `250` records of 51 points each over the same players and rounds, each of
    // which fits, whose sum (102) does not fit TRF16's `XXA` field.
    let err = TrfFile::parse(&data("fuzz-trf-250-sum.trf")).expect_err("refused");
    assert!(err.to_string().contains("add up to 102.0"), "{err}");
    // And: a requested bye for a player number that is no one's (0) made the next round's
    // pairing index the player list at -1; it is now no one's request.
    let mut t = TrfFile::parse(&data("fuzz-trf-bye-of-nobody.trf"))
        .expect("reads")
        .to_tournament(None)
        .expect("converts");
    let _ = t.pair_next_round();
}

/// bbpPairings `test/tests/issue_7`: a 60-player, 14-round tournament written by bbpPairings'
/// own random generator (CR line ends, as TRF's Remark 1 has them). Checking mode re-pairs
/// every one of its 14 rounds and finds each to be our Dutch pairing, board for board and
/// colour for colour.
#[test]
fn bbp_issue_7_history_checks_clean() {
    let text = data("bbpPairings/issue_7.trf");
    assert!(text.contains('\r') && !text.contains('\n'));
    let t = TrfFile::parse(&text)
        .expect("reads")
        .to_tournament(None)
        .expect("converts");
    assert_eq!(
        (t.players.len(), t.rounds.len(), t.planned_rounds()),
        (60, 14, 15)
    );
    let report = t.check_pairings().expect("checks");
    assert_eq!(report.difference, None);
    assert_eq!(
        (report.rounds_checked, report.boards_checked),
        (14, 14 * 30)
    );
}

/// bbpPairings `test/tests/issue_7.output.expected` (the version of commit 16a000f9, written
/// for the 2025 rules): round 15 of the same tournament, board for board and colour for
/// colour. Boards 21–30 turn on C8: the following bracket's pairing that completes the round
/// (C4) and its PSD, not its pairs counted by C1–C3 alone.
#[test]
fn bbp_issue_7_round_15_pairs_as_expected() {
    let text = data("bbpPairings/issue_7.trf");
    let mut t = TrfFile::parse(&text)
        .expect("reads")
        .to_tournament(None)
        .expect("converts");
    let expected: [(u32, u32); 30] = [
        (1, 15),
        (3, 2),
        (11, 17),
        (7, 10),
        (8, 14),
        (4, 6),
        (5, 12),
        (9, 16),
        (13, 25),
        (24, 22),
        (18, 29),
        (20, 23),
        (19, 33),
        (21, 38),
        (39, 26),
        (28, 36),
        (31, 40),
        (37, 35),
        (44, 46),
        (30, 32),
        (27, 48),
        (47, 42),
        (51, 55),
        (34, 50),
        (49, 45),
        (53, 58),
        (41, 59),
        (56, 43),
        (60, 52),
        (54, 57),
    ];
    assert_eq!(next_round(&mut t), expected);
}
