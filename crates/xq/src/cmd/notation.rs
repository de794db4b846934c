//! `xq notation`: convert a line of moves between notations.
//!
//! ```text
//! xq notation --moves "炮二平五 马8进7" --to wxf          # C2.5 H8+7
//! xq notation --fen FEN --moves "h3e3 h10g8" --from uci10 --to chinese
//! ```
//!
//! The input's notation is detected move by move unless `--from` names it (Fairy-Stockfish's
//! `uci10` is never detected). The converted moves are printed on one line, separated by
//! spaces, or as a JSON array with `--json`. A move that does not read is an error naming its
//! ply and text.

use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::{Context, bail};
use xiangqi::Position;
use xiangqi::fen::START_FEN;
use xiangqi::notation::{Notation, parse_line, write_line};

/// Convert a line of moves between notations (ICCS, UCI, UCI ranks 1–10, WXF, Chinese).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position the line starts from (FEN); the start position if not given.
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// The moves, separated by blanks or commas; move numbers and bracketed comments are
    /// skipped. Read from standard input when not given.
    #[arg(long)]
    moves: Option<String>,
    /// The notation to write: iccs, uci, uci10, chinese (zh, cn) or wxf.
    #[arg(long)]
    to: Notation,
    /// The notation of the input; detected move by move when not given (uci10 never is).
    #[arg(long)]
    from: Option<Notation>,
    /// Print a JSON array of strings instead of one line.
    #[arg(long)]
    json: bool,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Position::from_fen(&args.fen).with_context(|| format!("--fen {:?}", args.fen))?;
    let text = match args.moves {
        Some(moves) => moves,
        None => {
            let mut buf = String::new();
            std::io::stdin()
                .read_to_string(&mut buf)
                .context("reading moves from standard input")?;
            buf
        }
    };
    let moves = match parse_line(&start, &text, args.from) {
        Ok(moves) => moves,
        Err(err) => bail!("--moves: {err}"),
    };
    let written = write_line(&start, &moves, args.to).context("writing the line")?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&written)?)?;
    } else {
        writeln!(out, "{}", written.join(" "))?;
    }
    Ok(ExitCode::SUCCESS)
}
