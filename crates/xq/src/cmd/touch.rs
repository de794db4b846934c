//! `xq touch`: touch-move (摸子动子), 1960 rules §7.4 and current text 5.1–5.5.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use xiangqi::{Position, Square, fen::START_FEN};
use xiangqi_referee::{Obligation, touch_obligation};

/// The moves a player is bound to after touching pieces, in the books' order of obligations.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position (FEN), the player to move being the one who touched; the standard start
    /// if not given.
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// The touched pieces' squares in the order touched, comma-separated (`b0,c9`).
    #[arg(long, value_delimiter = ',', required = true)]
    touched: Vec<String>,
    /// The pieces were touched at the same time (5.5: ruled as opponent's piece first).
    #[arg(long)]
    simultaneous: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `xq touch`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pos = Position::from_fen(&args.fen).with_context(|| format!("--fen {:?}", args.fen))?;
    let mut touched = Vec::with_capacity(args.touched.len());
    for text in &args.touched {
        let sq: Square = text
            .trim()
            .parse()
            .with_context(|| format!("--touched {text:?}"))?;
        touched.push(sq);
    }
    if args.simultaneous {
        // 5.5: pieces touched at once are ruled as in 5.4, the opponent's first.
        let us = pos.turn();
        touched.sort_by_key(|&sq| pos.piece_at(sq).is_some_and(|p| p.color == us));
    }
    let ruling = touch_obligation(&pos, &touched).context("--touched")?;
    let moves: Vec<String> = ruling.bound_moves.iter().map(|m| m.to_string()).collect();
    let obligation = match ruling.obligation {
        Obligation::MoveTouched(_) => "move_touched",
        Obligation::CaptureWithTouched { .. } => "capture_with_touched",
        Obligation::Capture(_) => "capture",
        Obligation::Free => "free",
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        let json = serde_json::json!({
            "obligation": obligation,
            "bound_moves": moves,
            "rule": ruling.rule,
            "explanation": ruling.explanation,
            "explanation_zh": ruling.explanation_zh,
        });
        writeln!(out, "{json}")?;
    } else {
        if moves.is_empty() {
            writeln!(out, "bound:       none (any legal move)")?;
        } else {
            writeln!(out, "bound:       {}", moves.join(" "))?;
        }
        writeln!(out, "rule:        {}", ruling.rule)?;
        writeln!(out, "explanation: {}", ruling.explanation)?;
        writeln!(out, "说明:        {}", ruling.explanation_zh)?;
    }
    Ok(ExitCode::SUCCESS)
}
