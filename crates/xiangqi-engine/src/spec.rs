//! An engine named on a command line: `name=… cmd=… [arg=…]… [proto=…] [option.X=…]…
//! [depth=…] [nodes=…] [movetime=MS]`, as `xq match --engine` and `xq serve --engine` take it.
//!
//! One parser for every form a shell gives it: the pairs as separate words
//! (`--engine name=pf cmd=./pikafish`), as one quoted word (`--engine "name=pf cmd=./pikafish"`),
//! or any mix. Inside a word, pairs are separated by spaces, and a piece that does not start
//! with a known key (or `option.`) continues the value before it, so `"cmd=./engine -x"` keeps
//! its argument, `"name=Pika fish"` and `"option.Skill Level=5"` their spaces.

use std::time::Duration;

use crate::client::{EngineConfig, Timeouts};
use crate::dialect::{Dialect, Go};

/// What is wrong with an engine named on a command line; its text names the flag and the word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// A word (or a piece of one) without `=`.
    NotKeyValue {
        /// The flag the word was given to.
        flag: String,
        /// The word as given.
        word: String,
    },
    /// A key the spec does not have.
    UnknownKey(String),
    /// `depth`, `nodes` or `movetime` whose value is not a whole number.
    NotANumber {
        /// The key.
        key: String,
        /// Its value as given.
        value: String,
    },
    /// `proto=` naming no protocol this crate speaks.
    Protocol(String),
    /// No `cmd=PROGRAM` in the `index`-th (from 0) engine.
    NoProgram {
        /// Which `--engine`, from 0.
        index: usize,
    },
    /// `cmd=builtin`, and this program could not find its own path.
    OwnPath(String),
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpecError::NotKeyValue { flag, word } => write!(f, "{flag}: {word:?} is not KEY=VALUE"),
            SpecError::UnknownKey(k) => write!(
                f,
                "--engine: unknown key {k:?} (name, cmd, arg, proto, option.NAME, depth, nodes, movetime)"
            ),
            SpecError::NotANumber { key, value } => {
                write!(f, "--engine {key}={value}: not a number")
            }
            SpecError::Protocol(e) => write!(f, "--engine: {e}"),
            SpecError::NoProgram { index } => {
                write!(f, "--engine #{}: cmd=PROGRAM is required", index + 1)
            }
            SpecError::OwnPath(e) => write!(f, "finding this program for cmd=builtin: {e}"),
        }
    }
}

impl std::error::Error for SpecError {}

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
pub fn key_values(words: &[String], flag: &str) -> Result<Vec<(String, String)>, SpecError> {
    words
        .iter()
        .map(|w| {
            w.split_once('=')
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .ok_or_else(|| SpecError::NotKeyValue {
                    flag: flag.to_owned(),
                    word: w.clone(),
                })
        })
        .collect()
}

/// The keys of an engine spec; `option.NAME` is the one with a free part.
const KEYS: [&str; 7] = ["name", "cmd", "arg", "proto", "depth", "nodes", "movetime"];

/// Whether `piece` starts a new pair: a known key and `=`, or `option.` (a UCI option's
/// name may hold spaces: `option.Skill Level=5`).
fn starts_pair(piece: &str) -> bool {
    piece.len() > "option.".len() && piece.starts_with("option.")
        || piece
            .split_once('=')
            .is_some_and(|(k, _)| KEYS.contains(&k))
}

/// The `KEY=VALUE` pairs of an engine spec, however the shell cut it into words: each word
/// (and each line of a word) is one pair or more, a new pair starting at a space followed
/// by a known key and `=`.
fn spec_pairs(words: &[String]) -> Result<Vec<(String, String)>, SpecError> {
    let mut pairs = Vec::new();
    for line in words.iter().flat_map(|w| w.lines()) {
        let mut segments: Vec<String> = Vec::new();
        for piece in line.split_ascii_whitespace() {
            match segments.last_mut() {
                Some(last) if !starts_pair(piece) => {
                    last.push(' ');
                    last.push_str(piece);
                }
                _ => segments.push(piece.to_owned()),
            }
        }
        for segment in segments {
            let Some((k, v)) = segment.split_once('=') else {
                return Err(SpecError::NotKeyValue {
                    flag: "--engine".to_owned(),
                    word: segment,
                });
            };
            pairs.push((k.to_owned(), v.to_owned()));
        }
    }
    Ok(pairs)
}

fn number<T: std::str::FromStr>(key: &str, v: &str) -> Result<T, SpecError> {
    v.parse().map_err(|_| SpecError::NotANumber {
        key: key.to_owned(),
        value: v.to_owned(),
    })
}

impl EngineSpec {
    /// Reads the words of the `index`-th (from 0) `--engine`, in any of the forms above.
    /// `cmd=builtin` is this program's `engine` subcommand (`xq engine`); a `cmd` with spaces
    /// is split into the program and its arguments. Without `name=`, the engine is
    /// `engine1`, `engine2`, ….
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
    /// // The same engine as one quoted word.
    /// let one = ["name=pf cmd=/usr/bin/pikafish proto=uci option.Threads=2 depth=8".to_string()];
    /// assert_eq!(EngineSpec::parse(&one, 0, Timeouts::default()).unwrap(), spec);
    /// ```
    pub fn parse(
        words: &[String],
        index: usize,
        timeouts: Timeouts,
    ) -> Result<EngineSpec, SpecError> {
        let mut name = None;
        let mut cmd: Option<Vec<String>> = None;
        let mut args = Vec::new();
        let mut dialect = None;
        let mut options = Vec::new();
        let mut limits = Go::default();
        for (k, v) in spec_pairs(words)? {
            match k.as_str() {
                "name" => name = Some(v),
                "cmd" => cmd = Some(v.split_ascii_whitespace().map(str::to_owned).collect()),
                "arg" => args.push(v),
                "proto" => {
                    dialect = match v.as_str() {
                        "auto" => None,
                        _ => Some(
                            v.parse::<Dialect>()
                                .map_err(|e| SpecError::Protocol(e.to_string()))?,
                        ),
                    }
                }
                "depth" => limits.depth = Some(number(&k, &v)?),
                "nodes" => limits.nodes = Some(number(&k, &v)?),
                "movetime" => limits.movetime = Some(Duration::from_millis(number(&k, &v)?)),
                _ => match k.strip_prefix("option.") {
                    Some(opt) if !opt.is_empty() => options.push((opt.to_owned(), v)),
                    _ => {
                        return Err(SpecError::UnknownKey(k));
                    }
                },
            }
        }
        let Some(mut cmd) = cmd.filter(|c| !c.is_empty()) else {
            return Err(SpecError::NoProgram { index });
        };
        if cmd[0] == "builtin" {
            let exe = std::env::current_exe().map_err(|e| SpecError::OwnPath(e.to_string()))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(words: &[&str]) -> Result<EngineSpec, SpecError> {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        EngineSpec::parse(&words, 1, Timeouts::default())
    }

    #[test]
    fn separate_words_one_quoted_word_and_a_mix_read_alike() {
        let separate = spec(&[
            "name=pf",
            "cmd=./pikafish",
            "option.Hash=64",
            "movetime=500",
        ]);
        let separate = separate.unwrap();
        assert_eq!(separate.config.name, "pf");
        assert_eq!(separate.config.program, "./pikafish");
        assert_eq!(separate.limits.movetime, Some(Duration::from_millis(500)));
        for words in [
            &["name=pf cmd=./pikafish option.Hash=64 movetime=500"][..],
            &["name=pf cmd=./pikafish", "option.Hash=64 movetime=500"],
            &["name=pf\ncmd=./pikafish\noption.Hash=64\nmovetime=500"],
            &[
                "  name=pf   cmd=./pikafish option.Hash=64",
                "movetime=500  ",
            ],
        ] {
            assert_eq!(spec(words).unwrap(), separate, "{words:?}");
        }
    }

    #[test]
    fn a_value_keeps_its_spaces_until_the_next_known_key() {
        let s = spec(&["name=Pika fish cmd=./engine -x --threads=2 option.Skill Level=5"]).unwrap();
        assert_eq!(s.config.name, "Pika fish");
        assert_eq!(s.config.program, "./engine");
        assert_eq!(s.config.args, ["-x", "--threads=2"]);
        assert_eq!(
            s.config.options,
            [("Skill Level".to_string(), "5".to_string())]
        );
        // The same, the shell having cut it into words.
        let t = spec(&[
            "name=Pika fish",
            "cmd=./engine -x --threads=2",
            "option.Skill Level=5",
        ]);
        assert_eq!(t.unwrap(), s);
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let unknown = spec(&["name=a", "cmd=b", "colour=red"])
            .unwrap_err()
            .to_string();
        assert!(unknown.contains("unknown key \"colour\""), "{unknown}");
        let bare = spec(&["name=a", "cmd=b", "fast"]).unwrap_err().to_string();
        assert!(bare.contains("\"fast\" is not KEY=VALUE"), "{bare}");
        let first = spec(&["pikafish cmd=b"]).unwrap_err().to_string();
        assert!(first.contains("\"pikafish\" is not KEY=VALUE"), "{first}");
        let depth = spec(&["name=a cmd=b depth=deep"]).unwrap_err().to_string();
        assert!(depth.contains("depth=deep: not a number"), "{depth}");
        assert_eq!(
            spec(&["name=a depth=3"]),
            Err(SpecError::NoProgram { index: 1 })
        );
        let no_cmd = spec(&["name=a depth=3"]).unwrap_err().to_string();
        assert!(no_cmd.contains("#2: cmd=PROGRAM is required"), "{no_cmd}");
    }
}
