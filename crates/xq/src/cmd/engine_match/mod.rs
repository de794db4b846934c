//! `xq match`: engine against engine (or a round robin of several), every game refereed by
//! the rules as `xq judge` rules it, with time controls from the clock crate, openings with
//! both colours, score adjudication, PGN output, a progress bar and the statistics
//! (Elo ± 95 %, LOS, pentanomial counts, SPRT).

mod openings;
mod report;
mod spec;
mod tally;
mod worker;

use std::collections::VecDeque;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, bail};
use xiangqi::notation::Notation;
use xiangqi_clock::TimeControl;
use xiangqi_engine::stats::Sprt;
use xiangqi_engine::{Adjudication, Timeouts};
use xiangqi_referee::{Options, Procedure, RuleSet};

use spec::EngineSpec;
use tally::{PgnTags, Tally};
use worker::{Done, Job, Plan, worker};

/// Play engines against each other under the rules.
///
/// Example: `xq match --engine name=d2 cmd=builtin depth=2 --engine name=d4 cmd=builtin
/// depth=4 --games 20 --tc 10s+0.1s --pgn out.pgn`
#[derive(clap::Args, Debug)]
pub struct Args {
    /// An engine: name=NAME cmd=PROGRAM [arg=ARG]… [proto=uci|fsf|ucci|auto]
    /// [option.NAME=VALUE]… [depth=N] [nodes=N] [movetime=MS], as separate words or one
    /// quoted word (as `xq serve --engine` takes it). cmd=builtin is this program's built-in
    /// engine (`xq engine`). Twice, or more for a round robin.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", action = clap::ArgAction::Append, required = true)]
    engine: Vec<String>,
    /// Games per pairing (rounded up to an even number: each opening with both colours).
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// The time control, in the clock's text form (`10s+100ms`, `5m`, `2m/40`, `40/90m` …)
    /// or as engine testers write it in seconds (`10+0.1`, `40/60+0.5`); a flag loses. Without it, engines play by their depth=/nodes=/movetime= limits.
    #[arg(long, value_name = "CONTROL")]
    tc: Option<TimeControl>,
    /// Write every game to this PGN file.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// The PGN's move notation: chinese, wxf or iccs.
    #[arg(long, default_value = "chinese")]
    pgn_notation: Notation,
    /// Openings: a PGN (or any record file xq reads) or an EPD/FEN file (.epd, .fen, .txt),
    /// played in order, each with both colours. Default: twelve common first-move pairs
    /// (中炮, 仙人指路, 飞相, 起马, 过宫炮).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// The rule set: chinese (CXA), asian (AXF) or chinese1960 (the 1960 book).
    #[arg(long, default_value = "chinese")]
    rules: RuleSet,
    /// The occurrence of a repeated position that triggers a ruling (as in xq judge).
    #[arg(long, default_value_t = 3)]
    repetitions: u32,
    /// The natural move limit in moves by each side (0: none); default: the rule set's.
    #[arg(long)]
    natural_limit: Option<u32>,
    /// What a cycle at the ruling occurrence does: immediate (default: the game ends there,
    /// as engine testers expect) or book (an order to vary, lost only by not varying; an
    /// allowed cycle draws one turn later, since engines do not claim).
    #[arg(long, default_value = "immediate")]
    procedure: Procedure,
    /// Tell a side that must vary which moves the referee forbids (UCCI banmoves, UCI go
    /// searchmoves with the rest): under --procedure book the order's `forbidden` list;
    /// under immediate, the moves that would complete a cycle lost for their author.
    #[arg(long)]
    enforce_variation: bool,
    /// Resign adjudication: movecount=N score=CP [twosided=true].
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    resign: Option<Vec<String>>,
    /// Draw adjudication: movenumber=M movecount=N score=CP.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    draw: Option<Vec<String>>,
    /// Adjudicate a draw after this many plies (0: never).
    #[arg(long, default_value_t = 0)]
    maxplies: u32,
    /// Stop when the SPRT decides (two engines only): elo0=… elo1=… [alpha=0.05] [beta=0.05].
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    sprt: Option<Vec<String>>,
    /// Seconds an engine may think without a clock (fixed depth or nodes) before it loses.
    #[arg(long, default_value_t = 60)]
    move_timeout: u64,
}

/// Runs `xq match`. Exit code 0 when every game was played (whatever the results).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let specs = engine_specs(&args)?;
    let names: Vec<String> = specs.iter().map(|s| s.config.name.clone()).collect();
    let sprt: Option<Sprt> = args.sprt.as_deref().map(spec::sprt).transpose()?;
    if sprt.is_some() && specs.len() != 2 {
        bail!("--sprt needs exactly two engines");
    }
    let adjudication = Adjudication {
        resign: args.resign.as_deref().map(spec::resign).transpose()?,
        draw: args.draw.as_deref().map(spec::draw).transpose()?,
        max_plies: args.maxplies,
    };
    if args.repetitions == 1 {
        bail!("--repetitions 1: a repetition needs at least 2 occurrences (0 turns rulings off)");
    }
    let openings = match &args.openings {
        Some(p) => openings::read(p)?,
        None => openings::default_book(),
    };
    let pairs = round_robin(specs.len());
    let jobs = jobs(pairs.len(), args.games, openings.len());
    let total = jobs.len() as u64;
    let pgn_out = match &args.pgn {
        Some(p) => Some(std::io::BufWriter::new(
            std::fs::File::create(p).with_context(|| format!("--pgn {}", p.display()))?,
        )),
        None => None,
    };
    let plan = Arc::new(Plan {
        specs,
        pairs,
        openings,
        options: Options {
            rules: args.rules,
            repetitions: args.repetitions,
            natural_limit: args.natural_limit,
            procedure: args.procedure,
        },
        control: args.tc.clone(),
        enforce: args.enforce_variation,
        adjudication,
    });
    let queue = Arc::new(Mutex::new(jobs));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Done>();
    let workers: Vec<_> = (0..args.concurrency.clamp(1, 256))
        .map(|_| {
            let (plan, queue, stop, tx) = (plan.clone(), queue.clone(), stop.clone(), tx.clone());
            std::thread::spawn(move || worker(&plan, &queue, &stop, &tx))
        })
        .collect();
    drop(tx);
    let tags = PgnTags {
        time_control: args.tc.as_ref().map(|t| t.to_string()),
        rules: args.rules.name(),
        notation: args.pgn_notation,
    };
    let mut tally = Tally::new(&plan, tags, &names, sprt.as_ref(), total, pgn_out);
    for done in rx {
        if tally.add(done)? {
            stop.store(true, Ordering::Relaxed);
        }
    }
    for w in workers {
        let _ = w.join();
    }
    tally.finish()
}

/// The engines of the `--engine` options, each named once.
fn engine_specs(args: &Args) -> anyhow::Result<Vec<EngineSpec>> {
    let groups = engine_groups(std::env::args().collect());
    if groups.len() < 2 || groups.iter().map(Vec::len).sum::<usize>() != args.engine.len() {
        bail!("--engine: give at least two engines, each --engine followed by its KEY=VALUE words");
    }
    let timeouts = Timeouts {
        move_without_clock: Duration::from_secs(args.move_timeout.max(1)),
        ..Timeouts::default()
    };
    let specs: Vec<EngineSpec> = groups
        .iter()
        .enumerate()
        .map(|(i, w)| spec::engine(w, i, timeouts))
        .collect::<anyhow::Result<_>>()?;
    for (i, s) in specs.iter().enumerate() {
        let n = &s.config.name;
        if specs[..i].iter().any(|o| &o.config.name == n) {
            bail!("--engine: the name {n:?} is given twice");
        }
    }
    Ok(specs)
}

/// Every engine against every other once: pairs of engine indices, the first the lower.
fn round_robin(engines: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for a in 0..engines {
        for b in a + 1..engines {
            pairs.push((a, b));
        }
    }
    pairs
}

/// The games to play, in order: for each pairing, `games` rounded up to pairs, each pair one
/// opening (in turn) played with both colours.
fn jobs(pairings: usize, games: u32, openings: usize) -> VecDeque<Job> {
    let game_pairs = games.div_ceil(2).max(1);
    let mut jobs = VecDeque::new();
    for pi in 0..pairings {
        for pair in 0..game_pairs {
            for a_red in [true, false] {
                jobs.push_back(Job {
                    pairing: pi,
                    pair,
                    a_red,
                    opening: pair as usize % openings,
                });
            }
        }
    }
    jobs
}

/// The words of each `--engine` on the command line. clap's derive keeps one flat list of
/// the values of a repeated option; the groups come from the command line itself: each
/// `--engine` takes the words up to the next option.
fn engine_groups(argv: Vec<String>) -> Vec<Vec<String>> {
    let mut groups: Vec<Vec<String>> = Vec::new();
    let mut inside = false;
    for word in argv {
        if word == "--engine" {
            groups.push(Vec::new());
            inside = true;
        } else if let Some(first) = word.strip_prefix("--engine=") {
            groups.push(vec![first.to_owned()]);
            inside = true;
        } else if word.starts_with("--") {
            inside = false;
        } else if inside && let Some(g) = groups.last_mut() {
            g.push(word);
        }
    }
    groups
}
