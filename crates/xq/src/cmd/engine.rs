//! `xq engine`: the built-in engine on standard input and output, speaking UCI or UCCI
//! (the first command, `uci` or `ucci`, chooses), so that any GUI or match runner can load
//! it.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use xiangqi::Move;
use xiangqi_engine::search::Limits;
use xiangqi_engine::{ServerOptions, serve};
use xiangqi_referee::RuleSet;

/// Run the built-in engine over UCI/UCCI on stdin/stdout. Levels: --depth, --nodes,
/// --movetime cap every search (also settable as the options Depth, Nodes, MoveTime).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Search at most this many plies (0: no cap).
    #[arg(long, default_value_t = 0)]
    depth: u32,
    /// Search at most this many nodes a move (0: no cap).
    #[arg(long, default_value_t = 0)]
    nodes: u64,
    /// Think at most this many milliseconds a move (0: no cap).
    #[arg(long, default_value_t = 0)]
    movetime: u64,
    /// The rule set the search follows: chinese, asian or chinese1960 (also the option RuleSet).
    #[arg(long, default_value = "chinese")]
    rules: RuleSet,
    /// Hash table size in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Speak Fairy-Stockfish's dialect: offer UCI_Variant and use ranks 1-10 once it is set.
    #[arg(long)]
    fsf: bool,
    /// Play random legal moves (seeded): a sparring partner for testing runners.
    #[arg(long, value_name = "SEED")]
    random: Option<u64>,
    /// Play the first legal move of this list (ICCS, space-separated) whenever there is
    /// one, before any search: for reproducing repetition cycles.
    #[arg(long, value_name = "MOVES", hide = true)]
    script: Option<String>,
}

/// Runs `xq engine` until `quit` or the end of input.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let script = match &args.script {
        None => Vec::new(),
        Some(text) => text
            .split_ascii_whitespace()
            .map(|m| m.parse::<Move>().with_context(|| format!("--script {m:?}")))
            .collect::<anyhow::Result<_>>()?,
    };
    let caps = Limits {
        depth: (args.depth > 0).then_some(args.depth),
        nodes: (args.nodes > 0).then_some(args.nodes),
        movetime: (args.movetime > 0).then(|| Duration::from_millis(args.movetime)),
        clock: None,
    };
    let opts = ServerOptions {
        fsf: args.fsf,
        caps,
        random: args.random,
        rules: args.rules,
        hash_mb: args.hash.clamp(1, 4096),
        script,
    };
    let stdin = std::io::stdin();
    serve(stdin.lock(), std::io::stdout(), opts)?;
    Ok(ExitCode::SUCCESS)
}
