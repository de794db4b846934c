//! Engine lines of both protocols read: options, scores with bounds, `info string`, `bestmove`
//! with its extras, and the lines refused.

use super::*;

/// The option an `option` line reads as.
fn option(line: &str) -> EngineOption {
    let EngineMessage::Option(o) = parse_engine_line(line).unwrap() else {
        panic!()
    };
    o
}

#[test]
fn options_of_both_protocols() {
    let o = option("option name UCI_Variant type combo default chess var chess var xiangqi");
    assert_eq!(o.name, "UCI_Variant");
    assert_eq!(o.kind, "combo");
    assert_eq!(o.default.as_deref(), Some("chess"));
    assert_eq!(o.vars, ["chess", "xiangqi"]);
    let o = option("option usemillisec type check default true");
    assert_eq!((o.name.as_str(), o.kind.as_str()), ("usemillisec", "check"));
    let o = option("option name Move Overhead type spin default 10 min 0 max 5000");
    assert_eq!(o.name, "Move Overhead");
}

#[test]
fn scores_bounds_and_strings() {
    let EngineMessage::Info(i) =
        parse_engine_line("info depth 5 score mate -3 upperbound nodes 10 string hello world")
            .unwrap()
    else {
        panic!()
    };
    assert_eq!(i.score, Some(Score::Mate(-3)));
    assert_eq!(i.bound, Some(Bound::Upper));
    assert_eq!(i.nodes, Some(10));
    assert_eq!(i.string.as_deref(), Some("hello world"));
    assert!(parse_engine_line("info score pawns 3").is_err());
    assert!(parse_engine_line("info nodes -5").is_err());
    assert!(parse_engine_line("bestmove").is_err());
    assert!(parse_engine_line("bestmove h2e2 sideways").is_err());
    let EngineMessage::BestMove(b) = parse_engine_line("bestmove h2e2 ponder h9g7 draw").unwrap()
    else {
        panic!()
    };
    assert_eq!(
        (b.mv.as_deref(), b.ponder.as_deref(), b.draw),
        (Some("h2e2"), Some("h9g7"), true)
    );
    assert!(matches!(
        parse_engine_line("ok ok"),
        Ok(EngineMessage::Unknown(_))
    ));
}
