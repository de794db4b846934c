//! An engine named on a command line: `name=… cmd=… [arg=…]… [proto=…] [option.X=…]…
//! [depth=…] [nodes=…] [movetime=MS]`, as `xq match --engine` and `xq serve --engine` take it.

use std::time::Duration;

use crate::client::{EngineConfig, Timeouts};
use crate::dialect::{Dialect, Go};

/// One `--engine` group, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// How to start it.
    pub config: EngineConfig,
    /// Fixed limits sent with every `go` (the engine's level as the runner sets it).
    pub limits: Go,
}

/// The `KEY=VALUE` words of a flag, in order.
///
/// # Errors
///
/// A word without `=`, named with its flag.
pub fn key_values(words: &[String], flag: &str) -> Result<Vec<(String, String)>, String> {
    words
        .iter()
        .map(|w| {
            w.split_once('=')
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .ok_or_else(|| format!("{flag}: {w:?} is not KEY=VALUE"))
        })
        .collect()
}

fn number<T: std::str::FromStr>(key: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("--engine {key}={v}: not a number"))
}

impl EngineSpec {
    /// Reads the words of the `index`-th (from 0) `--engine`. `cmd=builtin` is this program's
    /// `engine` subcommand (`xq engine`); a `cmd` with spaces is split into the program and
    /// its arguments. Without `name=`, the engine is `engine1`, `engine2`, ….
    ///
    /// # Errors
    ///
    /// What is wrong, naming the key.
    ///
    /// ```
    /// use xiangqi_engine::{EngineSpec, Timeouts};
    /// let words: Vec<String> = ["name=pf", "cmd=/usr/bin/pikafish", "proto=uci", "option.Threads=2", "depth=8"]
    ///     .iter().map(|s| s.to_string()).collect();
    /// let spec = EngineSpec::parse(&words, 0, Timeouts::default()).unwrap();
    /// assert_eq!(spec.config.name, "pf");
    /// assert_eq!(spec.config.options, vec![("Threads".to_string(), "2".to_string())]);
    /// assert_eq!(spec.limits.depth, Some(8));
    /// assert!(EngineSpec::parse(&["name=x".to_string()], 0, Timeouts::default()).is_err());
    /// ```
    pub fn parse(words: &[String], index: usize, timeouts: Timeouts) -> Result<EngineSpec, String> {
        let mut name = None;
        let mut cmd: Option<Vec<String>> = None;
        let mut args = Vec::new();
        let mut dialect = None;
        let mut options = Vec::new();
        let mut limits = Go::default();
        for (k, v) in key_values(words, "--engine")? {
            match k.as_str() {
                "name" => name = Some(v),
                "cmd" => cmd = Some(v.split_ascii_whitespace().map(str::to_owned).collect()),
                "arg" => args.push(v),
                "proto" => {
                    dialect = match v.as_str() {
                        "auto" => None,
                        _ => Some(v.parse::<Dialect>().map_err(|e| format!("--engine: {e}"))?),
                    }
                }
                "depth" => limits.depth = Some(number(&k, &v)?),
                "nodes" => limits.nodes = Some(number(&k, &v)?),
                "movetime" => limits.movetime = Some(Duration::from_millis(number(&k, &v)?)),
                _ => match k.strip_prefix("option.") {
                    Some(opt) if !opt.is_empty() => options.push((opt.to_owned(), v)),
                    _ => {
                        return Err(format!(
                            "--engine: unknown key {k:?} (name, cmd, arg, proto, option.NAME, depth, nodes, movetime)"
                        ));
                    }
                },
            }
        }
        let Some(mut cmd) = cmd.filter(|c| !c.is_empty()) else {
            return Err(format!("--engine #{}: cmd=PROGRAM is required", index + 1));
        };
        if cmd[0] == "builtin" {
            let exe = std::env::current_exe()
                .map_err(|e| format!("finding this program for cmd=builtin: {e}"))?;
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
}
