//! The engine options of `xq serve` ([`EngineOpt`], flattened into the server's
//! [`super::Config`]): the search pool's size and the external engines offered as opponents.

use xiangqi_engine::{EngineSpec, Timeouts};

/// The engine options of `xq serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct EngineOpt {
    /// Search threads for computer games and analysis (0: the cores less one, at least 1).
    #[arg(long, env = "XQ_ENGINE_THREADS", default_value_t = 0)]
    pub engine_threads: usize,
    /// Searches that may wait for a thread (at least 1); beyond, analysis is refused (503)
    /// and a computer move retried.
    #[arg(long, env = "XQ_ENGINE_QUEUE", default_value_t = 32)]
    pub engine_queue: usize,
    /// Transposition table of each search thread, MB.
    #[arg(long, env = "XQ_ENGINE_HASH", default_value_t = 16)]
    pub engine_hash_mb: usize,
    /// Time one analysis request may search, ms.
    #[arg(long, env = "XQ_ANALYSIS_MS", default_value_t = 1000)]
    pub analysis_ms: u64,
    /// An external engine offered as an opponent, its words separate or in one quoted word:
    /// "name=NAME cmd=PROGRAM [arg=ARG]… [proto=uci|fsf|ucci|auto] [option.X=V]…
    /// [depth=N] [nodes=N] [movetime=MS]" (as `xq match --engine` takes them). Repeatable.
    #[arg(long = "engine", value_parser = parse_engine)]
    pub engines: Vec<EngineSpec>,
}

fn parse_engine(text: &str) -> Result<EngineSpec, String> {
    // The engine crate's one parser: separate words or one quoted word alike, a value keeping
    // its spaces up to the next known key (`cmd=./e -x`).
    let spec =
        EngineSpec::parse(&[text.to_owned()], 0, Timeouts::default()).map_err(|e| e.to_string())?;
    if !text
        .split_ascii_whitespace()
        .any(|w| w.starts_with("name="))
    {
        return Err("--engine: name=NAME is required (the home page offers it by name)".into());
    }
    if spec.config.name == "builtin" {
        return Err("--engine: the name \"builtin\" is the built-in engine's".into());
    }
    Ok(spec)
}

impl Default for EngineOpt {
    fn default() -> EngineOpt {
        EngineOpt {
            engine_threads: 0,
            engine_queue: 32,
            engine_hash_mb: 16,
            analysis_ms: 1000,
            engines: Vec::new(),
        }
    }
}
