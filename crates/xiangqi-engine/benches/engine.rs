//! Engine benchmarks, printed as a table (`cargo bench -p xiangqi-engine --bench engine`):
//!
//! * nodes per second of the built-in search over fixed positions (300 000 nodes each);
//! * time to fixed depths from the start position (fresh table each);
//! * the runner's overhead per move: refereed games between two random movers, in our
//!   process and over pipes (the test engine), in microseconds per ply.
//!
//! A plain timing harness (no criterion): each figure is one short run; compare the rows
//! of one run with each other, not runs on different days.

use std::time::{Duration, Instant};

use xiangqi::Position;
use xiangqi_engine::search::{Limits, Searcher};
use xiangqi_engine::{
    Adjudication, Builtin, Engine, EngineConfig, GameSetup, Go, Player, play_game,
};
use xiangqi_referee::{Options, Referee};

/// Positions for the nodes-per-second figure: the start, an opening (中炮对屏风马 after
/// five moves each), a middlegame with rooks off, and a rook-and-pawn ending.
const POSITIONS: &[(&str, &str)] = &[
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ),
    (
        "opening",
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 3",
    ),
    (
        "middlegame",
        "2bakab2/9/2n1c1n2/p1p1p1p1p/9/9/P1P1P1P1P/2N1C1N2/9/2BAKAB2 w - - 0 20",
    ),
    ("ending", "3k5/4a4/4b4/9/2p6/9/9/4B4/4A4/2R1K4 w - - 0 60"),
];

fn nps() {
    println!("search speed (300 000 nodes per position)");
    let mut total = (0u64, Duration::ZERO);
    for (name, fen) in POSITIONS {
        let referee = Referee::new(Position::from_fen(fen).unwrap(), Options::default());
        let mut s = Searcher::new(64);
        let t = Instant::now();
        let r = s.search(&referee, &Limits::nodes(300_000), None, &mut |_| {});
        let took = t.elapsed();
        total.0 += r.info.nodes;
        total.1 += took;
        println!(
            "  {name:<11} {:>8} nodes {:>7.1} ms {:>9.0} nps  depth {}",
            r.info.nodes,
            took.as_secs_f64() * 1e3,
            r.info.nodes as f64 / took.as_secs_f64(),
            r.info.depth
        );
    }
    println!(
        "  all         {:>9.0} nps",
        total.0 as f64 / total.1.as_secs_f64()
    );
}

fn depth_times() {
    println!("time to depth from the start position");
    let referee = Referee::new(Position::start(), Options::default());
    for d in [4, 5, 6, 7, 8] {
        let mut s = Searcher::new(64);
        let t = Instant::now();
        let r = s.search(&referee, &Limits::depth(d), None, &mut |_| {});
        println!(
            "  depth {d}: {:>8.1} ms {:>9} nodes  best {}",
            t.elapsed().as_secs_f64() * 1e3,
            r.info.nodes,
            r.best.map_or("-".to_owned(), |m| m.to_string())
        );
    }
}

fn games(red: &mut dyn Player, black: &mut dyn Player, n: usize) -> (usize, Duration) {
    let setup = GameSetup {
        start: Position::start(),
        opening: Vec::new(),
        options: Options::default(),
        control: Some("10m".parse().unwrap()),
        limits: [Go::default(); 2],
        enforce_variation: false,
        adjudication: Adjudication {
            max_plies: 100,
            ..Adjudication::default()
        },
    };
    let (mut plies, t) = (0, Instant::now());
    for _ in 0..n {
        plies += play_game(&setup, red, black).unwrap().moves.len();
    }
    (plies, t.elapsed())
}

fn runner_overhead() {
    println!("runner overhead: random movers, 10m clock, referee on every ply");
    // Warm-up: the first games pay for page faults and the CPU's frequency ramp.
    games(
        &mut Builtin::random("r", 1),
        &mut Builtin::random("b", 2),
        20,
    );
    let (p1, t1) = games(
        &mut Builtin::random("r", 1),
        &mut Builtin::random("b", 2),
        20,
    );
    let per1 = t1.as_secs_f64() * 1e6 / p1 as f64;
    println!("  in process: {p1} plies, {per1:.1} µs per ply");
    let config = |name: &str| {
        let mut c = EngineConfig::new(name, env!("CARGO_BIN_EXE_xiangqi-test-engine"));
        c.args = vec!["random".into()];
        c
    };
    let mut red = Engine::start(config("red")).unwrap();
    let mut black = Engine::start(config("black")).unwrap();
    let (p2, t2) = games(&mut red, &mut black, 20);
    let per2 = t2.as_secs_f64() * 1e6 / p2 as f64;
    println!(
        "  over pipes: {p2} plies, {per2:.1} µs per ply ({:.1}x in process)",
        per2 / per1
    );
}

fn main() {
    // `cargo bench … -- runner` runs one part only.
    let only = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let wants = |name: &str| only.as_deref().is_none_or(|o| name.contains(o));
    if wants("nps") {
        nps();
    }
    if wants("depth") {
        depth_times();
    }
    if wants("runner") {
        runner_overhead();
    }
}
