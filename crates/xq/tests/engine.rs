//! `xq engine` over real pipes, in UCI, UCCI and Fairy-Stockfish's ranks 1–10, driven by the
//! engine crate's own client.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use xiangqi::{Move, Position};
use xiangqi_engine::search::Limits;
use xiangqi_engine::{
    Adjudication, Builtin, Dialect, Engine, EngineConfig, EngineMessage, GameSetup, Go, Player,
    Reply, Request, Score, parse_engine_line, play_game,
};
use xiangqi_referee::{GameResult, Options};

fn config(args: &[&str], dialect: Option<Dialect>) -> EngineConfig {
    let mut c = EngineConfig::new("xq", env!("CARGO_BIN_EXE_xq"));
    c.args = std::iter::once("engine")
        .chain(args.iter().copied())
        .map(str::to_owned)
        .collect();
    c.dialect = dialect;
    c
}

/// Asks a player for a move at a fixed depth from `start`.
fn go_depth(player: &mut dyn Player, start: &Position, depth: u32) -> Reply {
    player
        .go(&Request {
            start,
            moves: &[],
            position: start,
            go: Go {
                depth: Some(depth),
                ..Go::default()
            },
            banned: &[],
            allowed: &[],
            deadline: None,
        })
        .unwrap()
}

fn ask(engine: &mut Engine, fen: &str, depth: u32) -> (Move, Option<Score>) {
    let start = Position::from_fen(fen).unwrap();
    let reply = go_depth(engine, &start, depth);
    let m = engine
        .dialect()
        .read_move(&start, reply.mv.as_deref().unwrap())
        .unwrap();
    (m, reply.info.and_then(|i| i.score))
}

/// 马后炮 (horse on e7, cannon to e0): mate in one.
const MATE_IN_ONE: &str = "4k4/9/4H4/9/9/9/9/9/9/3K1C3 w";

#[test]
fn finds_the_mate_in_every_dialect() {
    for (args, dialect, expect) in [
        (&[][..], None, Dialect::Uci),
        (&[][..], Some(Dialect::Ucci), Dialect::Ucci),
        (&["--fsf"][..], None, Dialect::UciRanks10),
    ] {
        let mut engine = Engine::start(config(args, dialect)).unwrap();
        assert_eq!(engine.dialect(), expect);
        assert_eq!(engine.id_name(), Some("Xiangqi Arbiter built-in engine"));
        let (m, score) = ask(&mut engine, MATE_IN_ONE, 3);
        assert_eq!(m.to_string(), "f0e0", "{expect}");
        assert_eq!(score, Some(Score::Mate(1)), "{expect}");
    }
}

#[test]
fn options_set_the_level() {
    let mut c = config(&[], None);
    c.options = vec![
        ("Depth".into(), "2".into()),
        ("RuleSet".into(), "asian".into()),
    ];
    let mut engine = Engine::start(c).unwrap();
    let reply = go_depth(&mut engine, &Position::start(), 9);
    // The Depth option caps the search below the GUI's depth 9.
    assert_eq!(reply.info.unwrap().depth, Some(2));
}

#[test]
fn plays_a_refereed_game_through_the_pipes() {
    let mut xq = Engine::start(config(&["--depth", "2"], None)).unwrap();
    let mut random = Builtin::random("random", 11);
    let setup = GameSetup {
        start: Position::start(),
        opening: Vec::new(),
        options: Options::default(),
        control: Some("20s".parse().unwrap()),
        limits: [Go::default(); 2],
        enforce_variation: false,
        adjudication: Adjudication::default(),
    };
    let outcome = play_game(&setup, &mut xq, &mut random).unwrap();
    assert_eq!(
        outcome.result,
        GameResult::RedWins,
        "{}",
        outcome.termination
    );
}

/// Raw lines: bad input gets an `info string` and no crash; `stop` ends an infinite search.
#[test]
fn bad_input_and_stop() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xq"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut next_until = |pred: &dyn Fn(&str) -> bool| -> Vec<String> {
        let mut seen = Vec::new();
        for l in lines.by_ref() {
            let l = l.unwrap();
            let done = pred(&l);
            seen.push(l);
            if done {
                break;
            }
        }
        seen
    };
    writeln!(stdin, "uci").unwrap();
    next_until(&|l| l == "uciok");
    writeln!(stdin, "position fen rnbakabnr/9/banana w").unwrap();
    writeln!(stdin, "go depth 3").unwrap();
    let seen = next_until(&|l| l.starts_with("bestmove"));
    assert!(
        seen.iter()
            .any(|l| l.starts_with("info string error: bad FEN")),
        "{seen:?}"
    );
    assert_eq!(seen.last().map(String::as_str), Some("bestmove (none)"));
    writeln!(stdin, "position startpos moves h2e2 a0a5").unwrap();
    writeln!(stdin, "go depth 1").unwrap();
    let seen = next_until(&|l| l.starts_with("bestmove"));
    assert!(
        seen.iter().any(|l| l.contains("move 2 \"a0a5\"")),
        "{seen:?}"
    );
    writeln!(stdin, "position startpos").unwrap();
    writeln!(stdin, "go infinite").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // `isready` is answered during the search, without ending it.
    writeln!(stdin, "isready").unwrap();
    let seen = next_until(&|l| l == "readyok" || l.starts_with("bestmove"));
    assert_eq!(seen.last().map(String::as_str), Some("readyok"), "{seen:?}");
    let t = Instant::now();
    writeln!(stdin, "stop").unwrap();
    let seen = next_until(&|l| l.starts_with("bestmove"));
    assert!(t.elapsed() < Duration::from_secs(2));
    let infos: Vec<_> = seen
        .iter()
        .filter_map(|l| match parse_engine_line(l) {
            Ok(EngineMessage::Info(i)) => Some(i),
            _ => None,
        })
        .collect();
    assert!(
        infos
            .iter()
            .all(|i| i.depth.is_some() && i.score.is_some() && !i.pv.is_empty())
    );
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn the_built_in_player_and_the_process_agree() {
    // The same search in our process and behind the pipes gives the same move.
    let mut xq = Engine::start(config(&[], None)).unwrap();
    let mut inside = Builtin::new("inside", Limits::depth(3));
    let fen = "3akab2/9/9/9/9/9/9/7C1/4C4/3K5 w";
    let start = Position::from_fen(fen).unwrap();
    assert_eq!(
        go_depth(&mut xq, &start, 3).mv,
        go_depth(&mut inside, &start, 3).mv
    );
}
