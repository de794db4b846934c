//! The one ruling's JSON, byte for byte: the referee's rulings and the arbiter's endings off
//! the board share the shape `xq judge --json`, the API and the stored games have always
//! written, and every stored ruling loads — old ones without `offender` or `rule`, and ones
//! whose reason this version does not know.

use xiangqi::{Color, Position};
use xiangqi_referee::{
    ArbiterRole, Ending, ForfeitReason, GameResult, Options, Reason, Ruling, Signer, judge,
};

#[test]
fn an_ongoing_ruling_writes_a_null_reason_and_no_optional_field() {
    let json = serde_json::to_string(&Ruling::ongoing(12)).unwrap();
    assert_eq!(
        json,
        r#"{"result":"ongoing","reason":null,"ply":12,"offender":null,"rule":"","explanation":"Nothing has decided the game yet.","explanation_zh":"对局尚未结束。"}"#
    );
    assert_eq!(
        serde_json::from_str::<Ruling>(&json).unwrap(),
        Ruling::ongoing(12)
    );
}

#[test]
fn a_board_ruling_names_the_referees_reason_in_the_contracts_order() {
    let pos = Position::from_fen("3k5/9/2R6/9/9/9/9/9/9/4K4 w").unwrap();
    let ruling = judge(&pos, &["c7c8".parse().unwrap()], &Options::default());
    assert_eq!(ruling.board_reason(), Some(Reason::Stalemate));
    assert_eq!(ruling.reason, Some(Ending::Board(Reason::Stalemate)));
    let json = serde_json::to_string(&ruling).unwrap();
    let prefix = r#"{"result":"red_wins","reason":"stalemate","ply":1,"offender":null,"rule":""#;
    assert!(json.starts_with(prefix), "{json}");
    let keys = ["\"rule\"", "\"explanation\"", "\"explanation_zh\""];
    let at: Vec<usize> = keys.iter().map(|k| json.find(k).unwrap()).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{json}");
    for absent in [
        "cycle",
        "order",
        "claimable",
        "ordered_at",
        "claimed_by",
        "by",
    ] {
        assert!(!json.contains(&format!("\"{absent}\"")), "{absent}: {json}");
    }
    assert_eq!(serde_json::from_str::<Ruling>(&json).unwrap(), ruling);
}

#[test]
fn an_arbiters_ending_carries_its_signer_last() {
    let mut ruling = Ruling::ended(
        GameResult::RedWins,
        Ending::Forfeit(ForfeitReason::Misconduct),
        7,
        Some(Color::Black),
        "current rules 4.1.10 (严重违反纪律)",
        (
            "Black loses: serious misconduct.".into(),
            "黑方严重违反纪律，判负。".into(),
        ),
    );
    assert_eq!(ruling.board_reason(), None);
    ruling.by = Some(Signer {
        role: ArbiterRole::Board,
        name: "李".into(),
    });
    let json = serde_json::to_string(&ruling).unwrap();
    assert_eq!(
        json,
        r#"{"result":"red_wins","reason":"misconduct","ply":7,"offender":"black","rule":"current rules 4.1.10 (严重违反纪律)","explanation":"Black loses: serious misconduct.","explanation_zh":"黑方严重违反纪律，判负。","by":{"role":"board","name":"李"}}"#
    );
    assert_eq!(serde_json::from_str::<Ruling>(&json).unwrap(), ruling);
}

#[test]
fn old_stored_rulings_load() {
    // No offender, rule or Chinese explanation: older stored games.
    let old: Ruling = serde_json::from_str(
        r#"{"result":"black_wins","reason":"perpetual_check","ply":9,"explanation":"x"}"#,
    )
    .unwrap();
    assert_eq!(old.board_reason(), Some(Reason::PerpetualCheck));
    assert_eq!((old.offender, old.rule.as_str()), (None, ""));
    // A reason this version does not know is kept, and written back as it was.
    let future: Ruling = serde_json::from_str(
        r#"{"result":"draw","reason":"a_name_from_the_future","ply":3,"offender":null,"rule":"r","explanation":"e","explanation_zh":"z"}"#,
    )
    .unwrap();
    assert_eq!(
        future.reason,
        Some(Ending::Unknown("a_name_from_the_future".into()))
    );
    assert_eq!(future.reason_name(), "a_name_from_the_future");
    assert_eq!(
        serde_json::to_string(&future).unwrap(),
        r#"{"result":"draw","reason":"a_name_from_the_future","ply":3,"offender":null,"rule":"r","explanation":"e","explanation_zh":"z"}"#
    );
    // The arbiter's names read as theirs, not as unknown ones.
    let late: Ruling = serde_json::from_str(
        r#"{"result":"both_lose","reason":"late_arrival","ply":0,"rule":"","explanation":""}"#,
    )
    .unwrap();
    assert_eq!(
        late.reason,
        Some(Ending::Forfeit(ForfeitReason::LateArrival))
    );
    assert_eq!(late.result, GameResult::BothLose);
}

#[test]
fn every_ending_name_reads_back_as_itself() {
    let board = Reason::ALL.into_iter().map(Ending::Board);
    let every: Vec<Ending> = Ending::OFF_BOARD.into_iter().chain(board).collect();
    assert_eq!(every.len(), 21);
    let mut names: Vec<&str> = every.iter().map(Ending::name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), every.len(), "two endings share a name");
    for ending in every {
        assert_eq!(Ending::parse(ending.name()), ending);
        let json = serde_json::to_string(&ending).unwrap();
        assert_eq!(json, format!("\"{}\"", ending.name()));
        assert_eq!(serde_json::from_str::<Ending>(&json).unwrap(), ending);
    }
}
