//! A misbehaving engine for the test suite: `xiangqi-test-engine MODE`.
//!
//! Modes: `random` (UCI, random legal moves), `ucci` (UCCI only; exits on any other first
//! command, as ElephantEye does), `fsf` (offers `UCI_Variant`, ranks 1–10 once set),
//! `illegal` (answers an illegal move), `crash` (exits on `go`), `hang` (never answers
//! `go`), `hang-boot` (never answers `uci`), `garbage` (malformed lines, no `bestmove`),
//! `long-line` (one endless line), `nomove` (`bestmove (none)`), `slow` (moves after 1.5 s).

use std::io::{BufRead, StdoutLock, Write};
use std::time::Duration;

use xiangqi::Position;
use xiangqi_engine::{Dialect, GuiCommand, parse_gui_line};

fn main() {
    let mode = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "random".to_owned());
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut pos = Position::start();
    let mut dialect = Dialect::Uci;
    let mut seed: u64 = 0x1234_5678;
    let mut first = true;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let Ok(cmd) = parse_gui_line(&line) else {
            continue;
        };
        if first {
            first = false;
            if mode == "ucci" && cmd != GuiCommand::Ucci {
                return;
            }
        }
        match cmd {
            GuiCommand::Uci => introduce_uci(&mut out, &mode),
            GuiCommand::Ucci => {
                dialect = Dialect::Ucci;
                introduce_ucci(&mut out);
            }
            GuiCommand::SetOption { name, value }
                if name == "UCI_Variant" && value == "xiangqi" =>
            {
                dialect = Dialect::UciRanks10;
            }
            GuiCommand::IsReady => say(&mut out, "readyok"),
            GuiCommand::Position { fen, moves } => {
                let Some(p) = set_up(fen, moves, dialect) else {
                    return;
                };
                pos = p;
            }
            GuiCommand::Go(_) => go(&mut out, &mode, &pos, dialect, &mut seed),
            GuiCommand::Quit => return,
            _ => {}
        }
    }
}

/// Writes one line and flushes it; a write that fails is ignored.
fn say(out: &mut StdoutLock, s: &str) {
    let _ = writeln!(out, "{s}");
    let _ = out.flush();
}

/// The answer to `uci`, an hour late in `hang-boot` mode: the name, and `UCI_Variant` in
/// `fsf` mode.
fn introduce_uci(out: &mut StdoutLock, mode: &str) {
    if mode == "hang-boot" {
        std::thread::sleep(Duration::from_secs(3600));
    }
    say(out, &format!("id name test-{mode}"));
    if mode == "fsf" {
        say(
            out,
            "option name UCI_Variant type combo default chess var chess var xiangqi",
        );
    }
    say(out, "uciok");
}

/// The answer to `ucci`.
fn introduce_ucci(out: &mut StdoutLock) {
    say(out, "id name test-ucci");
    say(out, "option usemillisec type check default false");
    say(out, "ucciok");
}

/// The position of a `position` command; `None` for a FEN it cannot read.
fn set_up(fen: Option<String>, moves: Vec<String>, dialect: Dialect) -> Option<Position> {
    let mut pos = match fen {
        None => Position::start(),
        Some(f) => Position::from_fen(&f).ok()?,
    };
    for t in moves {
        match dialect.read_move(&pos, &t) {
            Ok(m) => {
                pos.play_unchecked(m);
            }
            // A GUI that sends an illegal move: exit, as Pikafish does.
            Err(_) => std::process::exit(1),
        }
    }
    Some(pos)
}

/// The answer to `go`, as the mode misbehaves.
fn go(out: &mut StdoutLock, mode: &str, pos: &Position, dialect: Dialect, seed: &mut u64) {
    match mode {
        "crash" => std::process::exit(3),
        "hang" => std::thread::sleep(Duration::from_secs(3600)),
        "garbage" => loop {
            say(out, "info depth x score banana");
            std::thread::sleep(Duration::from_millis(1));
        },
        "long-line" => loop {
            let _ = out.write_all(&[b'x'; 4096]);
        },
        "nomove" => say(out, "bestmove (none)"),
        "illegal" => {
            // The king two squares forward is never legal.
            let k = pos.king(pos.turn());
            let to = if k.rank().index() < 5 {
                k.index() + 18
            } else {
                k.index() - 18
            };
            let m = xiangqi::Move::new(k, xiangqi::Square::new(to).unwrap_or(k));
            say(out, &format!("bestmove {}", dialect.write_move(m)));
        }
        _ => {
            if mode == "slow" {
                std::thread::sleep(Duration::from_millis(1500));
            }
            play_random(out, pos, dialect, seed);
        }
    }
}

/// A random legal move from the xorshift `seed`, or `bestmove (none)` when there is none.
fn play_random(out: &mut StdoutLock, pos: &Position, dialect: Dialect, seed: &mut u64) {
    let moves = pos.legal_moves();
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    if moves.is_empty() {
        say(out, "bestmove (none)");
    } else {
        let m = moves[(*seed % moves.len() as u64) as usize];
        say(out, "info depth 1 score cp 0 pv x");
        say(out, &format!("bestmove {}", dialect.write_move(m)));
    }
}
