//! The `KEY=VALUE` groups of `xq match`: engines, resign and draw rules, the SPRT.

use std::time::Duration;

use anyhow::{Context, bail};
use xiangqi_engine::stats::Sprt;
use xiangqi_engine::{Dialect, DrawRule, EngineConfig, Go, ResignRule, Timeouts};

/// One `--engine` group.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    pub config: EngineConfig,
    /// Fixed limits sent with every `go` (the engine's level as the runner sets it).
    pub limits: Go,
}

fn pairs(words: &[String], flag: &str) -> anyhow::Result<Vec<(String, String)>> {
    words
        .iter()
        .map(|w| {
            w.split_once('=')
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .with_context(|| format!("{flag}: {w:?} is not KEY=VALUE"))
        })
        .collect()
}

fn number<T: std::str::FromStr>(flag: &str, key: &str, v: &str) -> anyhow::Result<T> {
    v.parse()
        .map_err(|_| anyhow::anyhow!("{flag} {key}={v}: not a number"))
}

/// Reads `name=… cmd=… [arg=…]… [proto=…] [option.X=…]… [depth=…] [nodes=…] [movetime=MS]`.
/// `cmd=builtin` is this program's `xq engine`; a `cmd` with spaces is split into the
/// program and its arguments.
pub fn engine(words: &[String], index: usize, timeouts: Timeouts) -> anyhow::Result<EngineSpec> {
    let mut name = None;
    let mut cmd: Option<Vec<String>> = None;
    let mut args = Vec::new();
    let mut dialect = None;
    let mut options = Vec::new();
    let mut limits = Go::default();
    for (k, v) in pairs(words, "--engine")? {
        match k.as_str() {
            "name" => name = Some(v),
            "cmd" => cmd = Some(v.split_ascii_whitespace().map(str::to_owned).collect()),
            "arg" => args.push(v),
            "proto" => {
                dialect = match v.as_str() {
                    "auto" => None,
                    _ => Some(v.parse::<Dialect>()?),
                }
            }
            "depth" => limits.depth = Some(number("--engine", &k, &v)?),
            "nodes" => limits.nodes = Some(number("--engine", &k, &v)?),
            "movetime" => {
                limits.movetime = Some(Duration::from_millis(number("--engine", &k, &v)?))
            }
            _ => match k.strip_prefix("option.") {
                Some(opt) if !opt.is_empty() => options.push((opt.to_owned(), v)),
                _ => bail!(
                    "--engine: unknown key {k:?} (name, cmd, arg, proto, option.NAME, depth, nodes, movetime)"
                ),
            },
        }
    }
    let Some(mut cmd) = cmd.filter(|c| !c.is_empty()) else {
        bail!("--engine #{}: cmd=PROGRAM is required", index + 1);
    };
    if cmd[0] == "builtin" {
        let exe = std::env::current_exe().context("finding this program for cmd=builtin")?;
        cmd[0] = "engine".to_owned();
        cmd.insert(0, exe.display().to_string());
    }
    let program = cmd.remove(0);
    cmd.extend(args);
    let name = name.unwrap_or_else(|| format!("engine{}", index + 1));
    Ok(EngineSpec {
        config: EngineConfig {
            name,
            program,
            args: cmd,
            dialect,
            options,
            timeouts,
        },
        limits,
    })
}

fn flag(v: &str) -> anyhow::Result<bool> {
    match v {
        "true" | "1" | "yes" => Ok(true),
        "false" | "0" | "no" => Ok(false),
        _ => bail!("{v:?} is not true or false"),
    }
}

/// `--resign movecount=N score=CP [twosided=true]`.
pub fn resign(words: &[String]) -> anyhow::Result<ResignRule> {
    let mut rule = ResignRule {
        moves: 3,
        score: 1000,
        twosided: false,
    };
    for (k, v) in pairs(words, "--resign")? {
        match k.as_str() {
            "movecount" => rule.moves = number("--resign", &k, &v)?,
            "score" => rule.score = number("--resign", &k, &v)?,
            "twosided" => rule.twosided = flag(&v)?,
            _ => bail!("--resign: unknown key {k:?} (movecount, score, twosided)"),
        }
    }
    if rule.moves < 2 {
        bail!(
            "--resign movecount={}: at least 2 (never on a single score)",
            rule.moves
        );
    }
    Ok(rule)
}

/// `--draw movenumber=M movecount=N score=CP`.
pub fn draw(words: &[String]) -> anyhow::Result<DrawRule> {
    let mut rule = DrawRule {
        after_move: 40,
        moves: 8,
        score: 10,
    };
    for (k, v) in pairs(words, "--draw")? {
        match k.as_str() {
            "movenumber" => rule.after_move = number("--draw", &k, &v)?,
            "movecount" => rule.moves = number("--draw", &k, &v)?,
            "score" => rule.score = number("--draw", &k, &v)?,
            _ => bail!("--draw: unknown key {k:?} (movenumber, movecount, score)"),
        }
    }
    if rule.moves < 2 {
        bail!(
            "--draw movecount={}: at least 2 (never on a single score)",
            rule.moves
        );
    }
    Ok(rule)
}

/// `--sprt elo0=… elo1=… [alpha=0.05] [beta=0.05]`.
pub fn sprt(words: &[String]) -> anyhow::Result<Sprt> {
    let mut s = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (k, v) in pairs(words, "--sprt")? {
        let x: f64 = number("--sprt", &k, &v)?;
        match k.as_str() {
            "elo0" => s.elo0 = x,
            "elo1" => s.elo1 = x,
            "alpha" => s.alpha = x,
            "beta" => s.beta = x,
            _ => bail!("--sprt: unknown key {k:?} (elo0, elo1, alpha, beta)"),
        }
    }
    let ok = |p: f64| p > 0.0 && p < 0.5;
    if s.elo1 <= s.elo0 || !ok(s.alpha) || !ok(s.beta) {
        bail!("--sprt: need elo0 < elo1 and 0 < alpha, beta < 0.5");
    }
    Ok(s)
}
