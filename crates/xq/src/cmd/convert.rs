//! `xq convert`: read a record file in any format and write it in another.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use xiangqi::notation::Notation;
use xiangqi_records::dhtmlxq::write_dhtmlxq;
use xiangqi_records::pgn::{PgnOptions, write_pgn_bytes};
use xiangqi_records::xqf::write_xqf;
use xiangqi_records::{Encoding, GameRecord, RecordError, read_games};

/// The formats `xq convert` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// PGN (xqbase dialect, with variations and comments).
    Pgn,
    /// DhtmlXQ / UBB.
    Dhtmlxq,
    /// XQF (one game a file).
    Xqf,
}

/// The move formats PGN can be written in.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFormat {
    /// 炮二平五 马８进７.
    Chinese,
    /// C2.5 H8+7.
    Wxf,
    /// H2-E2 H9-G7.
    Iccs,
}

/// Text encodings for PGN output.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextEncoding {
    /// UTF-8.
    Utf8,
    /// GBK (what ElephantEye, XQWizard and other older programs read).
    Gbk,
}

/// Convert game records between PGN, DhtmlXQ and XQF. The input format is detected from
/// the bytes; the output format is `--to`, else OUT's extension (.pgn, .xqf, .txt/.ubb/.dhtml
/// for DhtmlXQ).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file to read (PGN, DhtmlXQ, XQF, or FEN + moves).
    input: PathBuf,
    /// The file to write; `-` for standard output (then `--to` is needed).
    output: PathBuf,
    /// The output format.
    #[arg(long, value_enum)]
    to: Option<Target>,
    /// The move format of PGN output.
    #[arg(long, value_enum, default_value = "chinese")]
    notation: MoveFormat,
    /// The encoding of PGN output.
    #[arg(long, value_enum, default_value = "utf8")]
    encoding: TextEncoding,
    /// CRLF line ends in PGN output (as ElephantEye writes them).
    #[arg(long)]
    crlf: bool,
    /// Convert only this game of the input (from 1); XQF holds one game, so an input with
    /// several needs it.
    #[arg(long)]
    game: Option<usize>,
}

fn target_of(path: &Path) -> Option<Target> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "pgn" => Some(Target::Pgn),
        "xqf" => Some(Target::Xqf),
        "ubb" | "dhtml" | "dhtmlxq" | "txt" | "htm" | "html" => Some(Target::Dhtmlxq),
        _ => None,
    }
}

/// Runs `xq convert`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let to_stdout = args.output.as_os_str() == "-";
    let target = match args.to.or_else(|| target_of(&args.output)) {
        Some(t) => t,
        None => anyhow::bail!(
            "cannot tell the output format from {:?}: give --to pgn|dhtmlxq|xqf",
            args.output
        ),
    };
    let bytes =
        std::fs::read(&args.input).with_context(|| format!("reading {}", args.input.display()))?;
    let games = read_games(&bytes).with_context(|| format!("reading {}", args.input.display()))?;
    let (kept, lost) = chosen_games(&args, games);
    if kept.is_empty() {
        anyhow::bail!("{}: no game to convert", args.input.display());
    }
    let out = write_games(&args, target, &kept)?;
    if to_stdout {
        std::io::stdout().lock().write_all(&out)?;
    } else {
        std::fs::write(&args.output, &out)
            .with_context(|| format!("writing {}", args.output.display()))?;
    }
    Ok(if lost {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The games to convert (the one chosen with `--game`, else all that read), each problem and
/// each game that failed told on standard error; and whether anything was lost so.
fn chosen_games(
    args: &Args,
    games: Vec<Result<GameRecord, RecordError>>,
) -> (Vec<GameRecord>, bool) {
    let mut lost = false;
    let mut kept: Vec<GameRecord> = Vec::new();
    for (i, game) in games.into_iter().enumerate() {
        if args.game.is_some_and(|n| n != i + 1) {
            continue;
        }
        match game {
            Ok(g) => {
                for p in &g.problems {
                    eprintln!(
                        "xq: {}: {p} (dropped from the output)",
                        args.input.display()
                    );
                    lost = true;
                }
                kept.push(g);
            }
            Err(e) => {
                eprintln!("xq: {}: {e} (game skipped)", args.input.display());
                lost = true;
            }
        }
    }
    (kept, lost)
}

/// The games written in the target format.
fn write_games(args: &Args, target: Target, kept: &[GameRecord]) -> anyhow::Result<Vec<u8>> {
    let notation = match args.notation {
        MoveFormat::Chinese => Notation::Chinese,
        MoveFormat::Wxf => Notation::Wxf,
        MoveFormat::Iccs => Notation::Iccs,
    };
    let opts = PgnOptions {
        notation,
        encoding: match args.encoding {
            TextEncoding::Utf8 => Encoding::Utf8,
            TextEncoding::Gbk => Encoding::Gbk,
        },
        crlf: args.crlf,
        ..PgnOptions::default()
    };
    let mut out = Vec::new();
    match target {
        Target::Xqf => {
            if kept.len() > 1 {
                anyhow::bail!(
                    "{} holds {} games and an XQF file holds one: choose one with --game N",
                    args.input.display(),
                    kept.len()
                );
            }
            out = write_xqf(&kept[0])?;
        }
        Target::Pgn => {
            for (i, g) in kept.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(if args.crlf { b"\r\n" } else { b"\n" });
                }
                out.extend(write_pgn_bytes(g, &opts).with_context(|| format!("game {}", i + 1))?);
            }
        }
        Target::Dhtmlxq => {
            for (i, g) in kept.iter().enumerate() {
                out.extend(
                    write_dhtmlxq(g)
                        .with_context(|| format!("game {}", i + 1))?
                        .into_bytes(),
                );
            }
        }
    }
    Ok(out)
}
