//! `xq match`: engine against engine (or a round robin of several), every game refereed by
//! the rules as `xq judge` rules it, with time controls from the clock crate, openings with
//! both colours, score adjudication, PGN output, a progress bar and the statistics
//! (Elo ± 95 %, LOS, pentanomial counts, SPRT).

mod openings;
mod report;
mod spec;

use std::collections::VecDeque;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use xiangqi::notation::Notation;
use xiangqi_clock::TimeControl;
use xiangqi_engine::stats::{Sprt, SprtState};
use xiangqi_engine::{
    Adjudication, Engine, EngineError, GameEnd, GameOutcome, GameSetup, Player, Reply, Request,
    Timeouts, play_game,
};
use xiangqi_referee::{Options, Procedure, RuleSet};

use openings::Opening;
use report::{Pairing, PgnGame};
use spec::EngineSpec;

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

struct Job {
    pairing: usize,
    pair: u32,
    /// Whether the pairing's first engine has Red.
    a_red: bool,
    opening: usize,
}

struct Done {
    job: Job,
    outcome: Result<GameOutcome, String>,
}

struct Plan {
    specs: Vec<EngineSpec>,
    pairs: Vec<(usize, usize)>,
    openings: Vec<Opening>,
    options: Options,
    control: Option<TimeControl>,
    enforce: bool,
    adjudication: Adjudication,
}

/// Runs `xq match`. Exit code 0 when every game was played (whatever the results).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
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
    let names: Vec<String> = specs.iter().map(|s| s.config.name.clone()).collect();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            bail!("--engine: the name {n:?} is given twice");
        }
    }
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
    let mut pairs = Vec::new();
    for a in 0..specs.len() {
        for b in a + 1..specs.len() {
            pairs.push((a, b));
        }
    }
    let game_pairs = args.games.div_ceil(2).max(1);
    let mut jobs = VecDeque::new();
    for (pi, _) in pairs.iter().enumerate() {
        for pair in 0..game_pairs {
            for a_red in [true, false] {
                jobs.push_back(Job {
                    pairing: pi,
                    pair,
                    a_red,
                    opening: pair as usize % openings.len(),
                });
            }
        }
    }
    let total = jobs.len() as u64;
    let mut pgn_out = match &args.pgn {
        Some(p) => Some(std::io::BufWriter::new(
            std::fs::File::create(p).with_context(|| format!("--pgn {}", p.display()))?,
        )),
        None => None,
    };
    let plan = Arc::new(Plan {
        specs,
        pairs: pairs.clone(),
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
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{bar:40}] {pos}/{len} games {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    let mut stats: Vec<Pairing> = pairs.iter().map(|&(a, b)| Pairing::new(a, b)).collect();
    let mut played = 0u64;
    let mut errors = Vec::new();
    let mut decided = None;
    for done in rx {
        let (a, b) = plan.pairs[done.job.pairing];
        let (red, black) = if done.job.a_red { (a, b) } else { (b, a) };
        let outcome = match done.outcome {
            Ok(o) => o,
            Err(e) => {
                errors.push(e);
                bar.inc(1);
                continue;
            }
        };
        played += 1;
        stats[done.job.pairing].add(done.job.pair, done.job.a_red, outcome.result);
        bar.println(format!(
            "game {played}: {} vs {}: {} {}",
            names[red],
            names[black],
            outcome.result.score(),
            outcome.termination
        ));
        if let Some(out) = pgn_out.as_mut() {
            let opening = &plan.openings[done.job.opening];
            let text = report::pgn(&PgnGame {
                round: format!(
                    "{}.{}",
                    done.job.pair + 1,
                    if done.job.a_red { 1 } else { 2 }
                ),
                red: &names[red],
                black: &names[black],
                start: &opening.start,
                outcome: &outcome,
                time_control: args.tc.as_ref().map(|t| t.to_string()),
                rules: args.rules.name(),
                notation: args.pgn_notation,
            })?;
            out.write_all(text.as_bytes())?;
            out.write_all(b"\n")?;
            out.flush()?;
        }
        bar.inc(1);
        let w = stats[done.job.pairing].wdl;
        bar.set_message(format!("+{} ={} -{}", w.wins, w.draws, w.losses));
        if let Some(s) = &sprt
            && decided.is_none()
        {
            let state = s.state(&stats[0].penta);
            if state != SprtState::Continue {
                decided = Some(state);
                stop.store(true, Ordering::Relaxed);
            }
        }
    }
    for w in workers {
        let _ = w.join();
    }
    bar.finish_and_clear();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    write!(out, "{}", report::table(&names, &stats, sprt.as_ref()))?;
    if let Some(state) = decided {
        writeln!(
            out,
            "SPRT decided ({state:?}) after {played} games; the rest were not played."
        )?;
    }
    for e in &errors {
        writeln!(out, "not played: {e}")?;
    }
    Ok(if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
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

/// A player whose engine could not be started: it forfeits at the start of the game.
struct Unstartable {
    name: String,
    error: EngineError,
}

impl Player for Unstartable {
    fn name(&self) -> &str {
        &self.name
    }
    fn new_game(&mut self) -> Result<(), EngineError> {
        Err(self.error.clone())
    }
    fn go(&mut self, _: &Request) -> Result<Reply, EngineError> {
        Err(self.error.clone())
    }
}

fn worker(plan: &Plan, queue: &Mutex<VecDeque<Job>>, stop: &AtomicBool, tx: &mpsc::Sender<Done>) {
    // This worker's processes, one per engine, started when first needed and restarted
    // after a failure.
    let mut engines: Vec<Option<Box<dyn Player + Send>>> =
        plan.specs.iter().map(|_| None).collect();
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let Some(job) = queue.lock().ok().and_then(|mut q| q.pop_front()) else {
            return;
        };
        let (a, b) = plan.pairs[job.pairing];
        let (red, black) = if job.a_red { (a, b) } else { (b, a) };
        for i in [red, black] {
            if engines[i].is_none() {
                let spec = &plan.specs[i];
                engines[i] = Some(match Engine::start(spec.config.clone()) {
                    Ok(e) => Box::new(e),
                    Err(error) => Box::new(Unstartable {
                        name: spec.config.name.clone(),
                        error,
                    }),
                });
            }
        }
        let opening = &plan.openings[job.opening];
        let setup = GameSetup {
            start: opening.start.clone(),
            opening: opening.moves.clone(),
            options: plan.options,
            control: plan.control.clone(),
            limits: [plan.specs[red].limits, plan.specs[black].limits],
            enforce_variation: plan.enforce,
            adjudication: plan.adjudication,
        };
        let (mut r, mut bl) = match (engines[red].take(), engines[black].take()) {
            (Some(r), Some(b)) => (r, b),
            _ => return,
        };
        let outcome = play_game(&setup, r.as_mut(), bl.as_mut()).map_err(|e| e.to_string());
        // An engine that failed, or lost on time mid-search, is started afresh next game.
        let failed = match &outcome {
            Ok(o) => match o.end {
                GameEnd::Forfeit { loser, .. } | GameEnd::Flag { loser } => Some(loser),
                _ => None,
            },
            Err(_) => None,
        };
        if failed != Some(xiangqi::Color::Red) {
            engines[red] = Some(r);
        }
        if failed != Some(xiangqi::Color::Black) {
            engines[black] = Some(bl);
        }
        if tx.send(Done { job, outcome }).is_err() {
            return;
        }
    }
}
