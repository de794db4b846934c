//! `xq perft`: count the legal move tree, optionally split by root move.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use xiangqi::{Position, fen::START_FEN, perft, perft_divide};

/// Count the leaves of the legal move tree to a depth.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position (FEN); the start position if not given.
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Depth in plies.
    depth: u32,
    /// One line per root move (`h2e2: 1234`) before the total.
    #[arg(long)]
    divide: bool,
    /// Print the time taken and nodes per second to standard error.
    #[arg(long)]
    time: bool,
}

/// Reads the FEN; a board that breaks no law of movement but has impossible material (some
/// published perft positions do) is accepted with a warning, since perft is about movement.
fn read_position(fen: &str) -> anyhow::Result<Position> {
    let setup = xiangqi::fen::parse_fen(fen).with_context(|| format!("--fen {fen:?}"))?;
    match Position::from_setup(setup) {
        Ok(pos) => Ok(pos),
        Err(err) => {
            let warning = err.to_string();
            let pos = err
                .ignore_placement()
                .with_context(|| format!("--fen {fen:?}"))?;
            eprintln!("xq: warning: {warning}; counting anyway");
            Ok(pos)
        }
    }
}

/// Runs the subcommand: prints `nodes N` last, always.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pos = read_position(&args.fen)?;
    let started = Instant::now();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let nodes = if args.divide {
        let split = perft_divide(&pos, args.depth);
        for (m, n) in &split {
            writeln!(out, "{m}: {n}")?;
        }
        split.iter().map(|&(_, n)| n).sum()
    } else {
        perft(&pos, args.depth)
    };
    writeln!(out, "nodes {nodes}")?;
    if args.time {
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "{:.3} s, {:.1} M nodes/s",
            secs,
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    Ok(ExitCode::SUCCESS)
}
