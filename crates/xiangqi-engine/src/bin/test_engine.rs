//! A misbehaving engine for the test suite: `xiangqi-test-engine MODE`.
//!
//! Modes: `random` (UCI, random legal moves), `ucci` (UCCI only; exits on any other first
//! command, as ElephantEye does), `fsf` (offers `UCI_Variant`, ranks 1–10 once set),
//! `illegal` (answers an illegal move), `crash` (exits on `go`), `hang` (never answers
//! `go`), `hang-boot` (never answers `uci`), `garbage` (malformed lines, no `bestmove`),
//! `long-line` (one endless line), `nomove` (`bestmove (none)`), `slow` (moves after 1.5 s).

use std::io::{BufRead, Write};
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
        let say = |out: &mut std::io::StdoutLock, s: &str| {
            let _ = writeln!(out, "{s}");
            let _ = out.flush();
        };
        match cmd {
            GuiCommand::Uci => {
                if mode == "hang-boot" {
                    std::thread::sleep(Duration::from_secs(3600));
                }
                say(&mut out, &format!("id name test-{mode}"));
                if mode == "fsf" {
                    say(
                        &mut out,
                        "option name UCI_Variant type combo default chess var chess var xiangqi",
                    );
                }
                say(&mut out, "uciok");
            }
            GuiCommand::Ucci => {
                dialect = Dialect::Ucci;
                say(&mut out, "id name test-ucci");
                say(&mut out, "option usemillisec type check default false");
                say(&mut out, "ucciok");
            }
            GuiCommand::SetOption { name, value }
                if name == "UCI_Variant" && value == "xiangqi" =>
            {
                dialect = Dialect::UciRanks10;
            }
            GuiCommand::IsReady => say(&mut out, "readyok"),
            GuiCommand::Position { fen, moves } => {
                pos = match fen {
                    None => Position::start(),
                    Some(f) => match Position::from_fen(&f) {
                        Ok(p) => p,
                        Err(_) => return,
                    },
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
            }
            GuiCommand::Go(_) => match mode.as_str() {
                "crash" => std::process::exit(3),
                "hang" => std::thread::sleep(Duration::from_secs(3600)),
                "garbage" => loop {
                    say(&mut out, "info depth x score banana");
                    std::thread::sleep(Duration::from_millis(1));
                },
                "long-line" => loop {
                    let _ = out.write_all(&[b'x'; 4096]);
                },
                "nomove" => say(&mut out, "bestmove (none)"),
                "illegal" => {
                    // The king two squares forward is never legal.
                    let k = pos.king(pos.turn());
                    let to = if k.rank().index() < 5 {
                        k.index() + 18
                    } else {
                        k.index() - 18
                    };
                    let m = xiangqi::Move::new(k, xiangqi::Square::new(to).unwrap_or(k));
                    say(&mut out, &format!("bestmove {}", dialect.write_move(m)));
                }
                _ => {
                    if mode == "slow" {
                        std::thread::sleep(Duration::from_millis(1500));
                    }
                    let moves = pos.legal_moves();
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if moves.is_empty() {
                        say(&mut out, "bestmove (none)");
                    } else {
                        let m = moves[(seed % moves.len() as u64) as usize];
                        say(&mut out, "info depth 1 score cp 0 pv x");
                        say(&mut out, &format!("bestmove {}", dialect.write_move(m)));
                    }
                }
            },
            GuiCommand::Quit => return,
            _ => {}
        }
    }
}
