//! The built-in engine's front end: UCI and UCCI on a line stream (`xq engine` runs it on
//! standard input and output). The first command chooses the protocol: `uci` or `ucci`.
//!
//! With [`ServerOptions::fsf`] the engine also offers `UCI_Variant` and, once a GUI sets it
//! to `xiangqi`, writes and reads ranks 1–10 as Fairy-Stockfish does (`src/uci.cpp`,
//! `UCI::square`). A bad FEN or an illegal move in `position` is reported in `info string`
//! and the position refused (Pikafish exits instead: `std::exit(1)` since its commit
//! 828deb60, "Exit on setting invalid position via UCI"; a GUI learns more from a message).

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use xiangqi::{Move, Position};
use xiangqi_referee::{Options, Referee, RuleSet};

use crate::builtin::Rng;
use crate::dialect::Dialect;
use crate::gui::{GuiCommand, parse_gui_line};
use crate::search::{Limits, Searcher};

/// How `xq engine` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerOptions {
    /// Offer `UCI_Variant` and speak ranks 1–10 once it is set (Fairy-Stockfish's dialect).
    pub fsf: bool,
    /// The level's caps (depth, nodes, time).
    pub caps: Limits,
    /// Play random legal moves (a seed), for testing runners.
    pub random: Option<u64>,
    /// The rule set.
    pub rules: RuleSet,
    /// Hash table megabytes.
    pub hash_mb: usize,
    /// Moves to play whenever one is legal (the first legal one in the list), before any
    /// search: for reproducing a cycle in a test of a runner.
    pub script: Vec<Move>,
}

impl Default for ServerOptions {
    fn default() -> ServerOptions {
        ServerOptions {
            fsf: false,
            caps: Limits::default(),
            random: None,
            rules: RuleSet::Chinese,
            hash_mb: 16,
            script: Vec::new(),
        }
    }
}

mod go;

type Out = Arc<Mutex<dyn Write + Send>>;

fn say(out: &Out, line: &str) {
    if let Ok(mut o) = out.lock() {
        let _ = writeln!(o, "{line}").and_then(|()| o.flush());
    }
}

struct State {
    opts: ServerOptions,
    dialect: Dialect,
    millis: bool,
    referee: Option<Referee>,
    banned: Vec<Move>,
    searcher: Arc<Mutex<Searcher>>,
    stop: Arc<AtomicBool>,
    running: Option<std::thread::JoinHandle<()>>,
    rng: Option<Rng>,
}

/// Runs the engine on a line stream until `quit` or the end of input.
pub fn serve(
    input: impl BufRead,
    output: impl Write + Send + 'static,
    opts: ServerOptions,
) -> std::io::Result<()> {
    let out: Out = Arc::new(Mutex::new(output));
    let searcher = Searcher::new(opts.hash_mb.max(1));
    let stop = searcher.stop_flag();
    let mut st = State {
        dialect: Dialect::Uci,
        millis: false,
        referee: Some(Referee::new(Position::start(), Options::new(opts.rules))),
        banned: Vec::new(),
        searcher: Arc::new(Mutex::new(searcher)),
        stop,
        running: None,
        rng: opts.random.map(Rng::new),
        opts,
    };
    for line in input.lines() {
        let line = line?;
        let command = match parse_gui_line(&line) {
            Ok(c) => c,
            Err(e) => {
                say(&out, &format!("info string error: {e}"));
                continue;
            }
        };
        if !obey(&out, &mut st, command) {
            break;
        }
    }
    st.stop.store(true, Ordering::Relaxed);
    wait(&mut st);
    if st.dialect == Dialect::Ucci {
        say(&out, "bye");
    }
    Ok(())
}

/// Does what one command of the GUI says; `false` when it says to quit.
fn obey(out: &Out, st: &mut State, command: GuiCommand) -> bool {
    match command {
        GuiCommand::Uci | GuiCommand::Ucci => {
            let ucci = command == GuiCommand::Ucci;
            st.dialect = if ucci { Dialect::Ucci } else { Dialect::Uci };
            handshake(out, st, ucci);
        }
        // Answered at once, even during a search, as UCI asks.
        GuiCommand::IsReady => say(out, "readyok"),
        GuiCommand::NewGame => {
            st.stop.store(true, Ordering::Relaxed);
            wait(st);
            if let Ok(mut s) = st.searcher.lock() {
                s.clear();
            }
        }
        GuiCommand::SetOption { name, value } => set_option(out, st, &name, &value),
        GuiCommand::Position { fen, moves } => {
            st.banned.clear();
            st.referee = match position(st, fen.as_deref(), &moves) {
                Ok(r) => Some(r),
                Err(e) => {
                    say(out, &format!("info string error: {e}"));
                    None
                }
            };
        }
        GuiCommand::BanMoves(list) => {
            if let Some(r) = &st.referee {
                st.banned = list
                    .iter()
                    .filter_map(|t| st.dialect.read_move(r.position(), t).ok())
                    .collect();
            }
        }
        GuiCommand::Go(go) => {
            // A `go` during a search ends the running one first (a GUI should have sent
            // `stop`; an infinite search would otherwise never end).
            st.stop.store(true, Ordering::Relaxed);
            wait(st);
            st.go(out, go);
        }
        GuiCommand::Stop => {
            st.stop.store(true, Ordering::Relaxed);
            wait(st);
        }
        GuiCommand::Quit => return false,
        GuiCommand::Unknown(_) => {}
    }
    true
}

fn wait(st: &mut State) {
    if let Some(h) = st.running.take() {
        let _ = h.join();
    }
}

fn handshake(out: &Out, st: &State, ucci: bool) {
    say(out, "id name Xiangqi Arbiter built-in engine");
    say(out, "id author the Xiangqi Arbiter team");
    let o = &st.opts;
    let opt = |name: &str, rest: &str| {
        if ucci {
            say(out, &format!("option {name} {rest}"));
        } else {
            say(out, &format!("option name {name} {rest}"));
        }
    };
    opt(
        "Hash",
        &format!("type spin default {} min 1 max 4096", o.hash_mb),
    );
    let rules = if ucci {
        "type combo var chinese var asian var chinese1960 default"
    } else {
        "type combo default"
    };
    if ucci {
        opt("RuleSet", &format!("{rules} {}", o.rules));
    } else {
        opt(
            "RuleSet",
            &format!(
                "type combo default {} var chinese var asian var chinese1960",
                o.rules
            ),
        );
    }
    opt(
        "Depth",
        &format!(
            "type spin default {} min 0 max 99",
            o.caps.depth.unwrap_or(0)
        ),
    );
    opt(
        "Nodes",
        &format!(
            "type spin default {} min 0 max 1000000000",
            o.caps.nodes.unwrap_or(0)
        ),
    );
    let mt = o.caps.movetime.map_or(0, |d| d.as_millis());
    opt(
        "MoveTime",
        &format!("type spin default {mt} min 0 max 3600000"),
    );
    if ucci {
        opt("usemillisec", "type check default false");
    } else if o.fsf {
        opt("UCI_Variant", "type combo default xiangqi var xiangqi");
    }
    say(out, if ucci { "ucciok" } else { "uciok" });
}

fn set_option(out: &Out, st: &mut State, name: &str, value: &str) {
    let n = |v: &str| v.trim().parse::<u64>().ok();
    match name.to_ascii_lowercase().as_str() {
        "hash" | "hashsize" => match (n(value), st.searcher.try_lock()) {
            (Some(mb), Ok(mut s)) => s.set_hash(mb.clamp(1, 4096) as usize),
            (None, _) => say(
                out,
                &format!("info string error: Hash {value:?} is not a number"),
            ),
            (_, Err(_)) => say(out, "info string error: Hash cannot change during a search"),
        },
        "ruleset" => match value.parse() {
            Ok(r) => st.opts.rules = r,
            Err(e) => say(out, &format!("info string error: {e}")),
        },
        "depth" => st.opts.caps.depth = n(value).filter(|&d| d > 0).map(|d| d.min(99) as u32),
        "nodes" => st.opts.caps.nodes = n(value).filter(|&d| d > 0),
        "movetime" => {
            st.opts.caps.movetime = n(value).filter(|&d| d > 0).map(Duration::from_millis)
        }
        "usemillisec" => st.millis = value.trim() == "true",
        "uci_variant" if st.opts.fsf => {
            if value.trim() == "xiangqi" {
                st.dialect = Dialect::UciRanks10;
            } else {
                say(
                    out,
                    &format!(
                        "info string error: only the xiangqi variant is played, not {value:?}"
                    ),
                );
            }
        }
        _ => say(out, &format!("info string error: no option {name:?}")),
    }
}

fn position(st: &State, fen: Option<&str>, moves: &[String]) -> Result<Referee, String> {
    let start = match fen {
        None => Position::start(),
        Some(f) => Position::from_fen(f).map_err(|e| format!("bad FEN {f:?}: {e}"))?,
    };
    let options = Options::new(st.opts.rules);
    let mut referee = Referee::new(start, options);
    for (i, text) in moves.iter().enumerate() {
        let m = st
            .dialect
            .read_move(referee.position(), text)
            .map_err(|e| format!("move {} {text:?}: {e}", i + 1))?;
        if referee.play(m).is_err() {
            // The game is decided already; go on from the position as a new game.
            let mut pos = referee.position().clone();
            pos.play_unchecked(m);
            referee = Referee::new(pos, options);
        }
    }
    Ok(referee)
}
