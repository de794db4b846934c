//! The `KEY=VALUE` groups of `xq match`: engines, resign and draw rules, the SPRT.

use anyhow::bail;
pub use xiangqi_engine::EngineSpec;
use xiangqi_engine::stats::Sprt;
use xiangqi_engine::{DrawRule, ResignRule, Timeouts, key_values};

fn pairs(words: &[String], flag: &str) -> anyhow::Result<Vec<(String, String)>> {
    key_values(words, flag).map_err(anyhow::Error::msg)
}

fn number<T: std::str::FromStr>(flag: &str, key: &str, v: &str) -> anyhow::Result<T> {
    v.parse()
        .map_err(|_| anyhow::anyhow!("{flag} {key}={v}: not a number"))
}

/// Reads one `--engine` group (the parser is the engine crate's, shared with `xq serve`).
pub fn engine(words: &[String], index: usize, timeouts: Timeouts) -> anyhow::Result<EngineSpec> {
    EngineSpec::parse(words, index, timeouts).map_err(anyhow::Error::msg)
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
