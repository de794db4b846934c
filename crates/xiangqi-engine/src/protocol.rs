//! The engine → GUI half of UCI and UCCI: one line of an engine's output, read into a
//! [`EngineMessage`]. Moves stay text here; the [`Dialect`](crate::Dialect) reads them.
//!
//! Sources: Pikafish `src/uci.cpp` (`info … score cp|mate … wdl … pv`) and `src/search.cpp`
//! (`bestmove (none)`); xqbase `PROTOCOL/cchess_ucci.htm` (`ucciok`, `bestmove m [ponder p]
//! [draw|resign]`, `nobestmove`, `bye`); Fairy-Stockfish `src/uci.cpp`.

use std::fmt;

/// A score as engines report it, from the side to move's point of view.
///
/// ```
/// use xiangqi_engine::Score;
/// assert!(Score::Mate(3).as_cp() > Score::Cp(5000).as_cp());
/// assert!(Score::Mate(-2).as_cp() < 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (UCCI engines report their own units, usually pawns = 100).
    Cp(i32),
    /// Mate in this many moves (negative: being mated). Some engines report rule verdicts
    /// (perpetual check won or lost) as mates: never adjudicate on one such score.
    Mate(i32),
}

impl Score {
    /// The score as centipawns, a mate counting as ±(100 000 − moves).
    pub fn as_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// Whether a score is exact or a bound of a failed aspiration window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// One `info` line. Fields the engine did not send are `None` (or empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// Nominal depth.
    pub depth: Option<u32>,
    /// Selective depth.
    pub seldepth: Option<u32>,
    /// Which of several principal variations.
    pub multipv: Option<u32>,
    /// The score.
    pub score: Option<Score>,
    /// Bound of the score, if not exact.
    pub bound: Option<Bound>,
    /// Win, draw, loss in per mille (Pikafish `UCI_ShowWDL`).
    pub wdl: Option<[u32; 3]>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Milliseconds searched.
    pub time_ms: Option<u64>,
    /// Hash table use in per mille.
    pub hashfull: Option<u32>,
    /// The principal variation, as the engine wrote it.
    pub pv: Vec<String>,
    /// `info string …` text.
    pub string: Option<String>,
}

/// One `option` line of the handshake.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineOption {
    /// The option's name (UCI: may contain spaces).
    pub name: String,
    /// `check`, `spin`, `combo`, `button`, `string`, `label`.
    pub kind: String,
    /// The default, if given.
    pub default: Option<String>,
    /// The values of a `combo`.
    pub vars: Vec<String>,
}

/// The engine's answer to `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BestMove {
    /// The move text; `None` for `(none)`, `0000`, `null`: the engine has no move.
    pub mv: Option<String>,
    /// The move it would ponder on.
    pub ponder: Option<String>,
    /// UCCI: the engine offers (or accepts) a draw.
    pub draw: bool,
    /// UCCI: the engine resigns.
    pub resign: bool,
}

/// A line of engine output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMessage {
    /// `id name …`, `id author …`.
    Id {
        /// `name`, `author`, …
        key: String,
        /// The rest of the line.
        value: String,
    },
    /// `option …`.
    Option(EngineOption),
    /// `uciok`.
    UciOk,
    /// `ucciok`.
    UcciOk,
    /// `readyok`.
    ReadyOk,
    /// `info …`.
    Info(Info),
    /// `bestmove …`.
    BestMove(BestMove),
    /// UCCI `nobestmove`.
    NoBestMove,
    /// UCCI `bye` (answer to `quit`).
    Bye,
    /// A line the protocols do not define (ignored, as UCI asks), or an empty line.
    Unknown(String),
}

/// A line that starts like a message of the protocol but is malformed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line (cut to 200 bytes).
    pub line: String,
    /// The word that is wrong (0-based word index).
    pub word: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "engine line {:?}, word {}: {}",
            self.line,
            self.word + 1,
            self.message
        )
    }
}

impl std::error::Error for ParseError {}

fn shorten(line: &str) -> String {
    let mut end = line.len().min(200);
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    line[..end].to_owned()
}

/// Reads one line of engine output.
///
/// ```
/// use xiangqi_engine::{parse_engine_line, EngineMessage, Score};
/// let m = parse_engine_line("info depth 12 seldepth 18 score cp -35 wdl 120 700 180 nodes 99 pv h2e2 h9g7").unwrap();
/// let EngineMessage::Info(info) = m else { panic!() };
/// assert_eq!((info.depth, info.score, info.wdl), (Some(12), Some(Score::Cp(-35)), Some([120, 700, 180])));
/// assert_eq!(info.pv, ["h2e2", "h9g7"]);
/// let EngineMessage::BestMove(b) = parse_engine_line("bestmove (none)").unwrap() else { panic!() };
/// assert_eq!(b.mv, None);
/// assert!(parse_engine_line("info depth twelve").is_err());
/// ```
pub fn parse_engine_line(line: &str) -> Result<EngineMessage, ParseError> {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let err = |word: usize, message: &str| ParseError {
        line: shorten(line),
        word,
        message: message.to_owned(),
    };
    let Some(&first) = words.first() else {
        return Ok(EngineMessage::Unknown(String::new()));
    };
    match first {
        "uciok" => Ok(EngineMessage::UciOk),
        "ucciok" => Ok(EngineMessage::UcciOk),
        "readyok" => Ok(EngineMessage::ReadyOk),
        "nobestmove" => Ok(EngineMessage::NoBestMove),
        "bye" => Ok(EngineMessage::Bye),
        "id" => {
            let key = words.get(1).ok_or_else(|| err(1, "id without a key"))?;
            Ok(EngineMessage::Id {
                key: (*key).to_owned(),
                value: words[2..].join(" "),
            })
        }
        "option" => parse_option(&words)
            .map(EngineMessage::Option)
            .map_err(|(w, m)| err(w, &m)),
        "info" => parse_info(&words)
            .map(EngineMessage::Info)
            .map_err(|(w, m)| err(w, &m)),
        "bestmove" => {
            let mv = words
                .get(1)
                .ok_or_else(|| err(1, "bestmove without a move"))?;
            let mut best = BestMove {
                mv: (!matches!(*mv, "(none)" | "0000" | "null" | "none")).then(|| (*mv).to_owned()),
                ..BestMove::default()
            };
            let mut i = 2;
            while i < words.len() {
                match words[i] {
                    "ponder" => {
                        best.ponder = words.get(i + 1).map(|s| (*s).to_owned());
                        i += 1;
                    }
                    "draw" => best.draw = true,
                    "resign" => best.resign = true,
                    _ => return Err(err(i, "expected ponder, draw or resign")),
                }
                i += 1;
            }
            Ok(EngineMessage::BestMove(best))
        }
        _ => Ok(EngineMessage::Unknown(shorten(line))),
    }
}

type WordError = (usize, String);

fn number<T: std::str::FromStr>(words: &[&str], i: usize, what: &str) -> Result<T, WordError> {
    let w = words
        .get(i)
        .ok_or_else(|| (i, format!("{what} without a value")))?;
    w.parse()
        .map_err(|_| (i, format!("{what}: {w:?} is not a number in range")))
}

fn parse_info(words: &[&str]) -> Result<Info, WordError> {
    let mut info = Info::default();
    let mut i = 1;
    while i < words.len() {
        let key = words[i];
        match key {
            "depth" => info.depth = Some(number(words, i + 1, key)?),
            "seldepth" => info.seldepth = Some(number(words, i + 1, key)?),
            "multipv" => info.multipv = Some(number(words, i + 1, key)?),
            "nodes" => info.nodes = Some(number(words, i + 1, key)?),
            "nps" => info.nps = Some(number(words, i + 1, key)?),
            "time" => info.time_ms = Some(number(words, i + 1, key)?),
            "hashfull" => info.hashfull = Some(number(words, i + 1, key)?),
            "tbhits" | "currmovenumber" | "cpuload" | "sbhits" => {
                number::<u64>(words, i + 1, key)?;
            }
            "currmove" | "refutation" | "currline" => {
                i += 1;
            }
            "score" => {
                let kind = words.get(i + 1).copied();
                let value: i32 = number(words, i + 2, "score")?;
                info.score = Some(match kind {
                    Some("cp") => Score::Cp(value),
                    Some("mate") => Score::Mate(value),
                    _ => return Err((i + 1, "score must be cp or mate".to_owned())),
                });
                i += 1;
                if let Some(&b) = words.get(i + 2) {
                    let bound = match b {
                        "lowerbound" => Some(Bound::Lower),
                        "upperbound" => Some(Bound::Upper),
                        _ => None,
                    };
                    if bound.is_some() {
                        info.bound = bound;
                        i += 1;
                    }
                }
            }
            "wdl" => {
                let w = number(words, i + 1, "wdl")?;
                let d = number(words, i + 2, "wdl")?;
                let l = number(words, i + 3, "wdl")?;
                info.wdl = Some([w, d, l]);
                i += 2;
            }
            "pv" => {
                info.pv = words[i + 1..].iter().map(|s| (*s).to_owned()).collect();
                return Ok(info);
            }
            "string" => {
                info.string = Some(words[i + 1..].join(" "));
                return Ok(info);
            }
            // UCI asks GUIs to ignore what they do not know; a value-less word is skipped.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    Ok(info)
}

fn parse_option(words: &[&str]) -> Result<EngineOption, WordError> {
    // UCI: `option name <words> type <t> [default <words>] [min n] [max n] [var v]*`.
    // UCCI: `option <name> type <t> [min n] [max n] [var v …] [default v]`.
    const KEYS: [&str; 5] = ["type", "default", "min", "max", "var"];
    let mut opt = EngineOption::default();
    let mut i = 1;
    if words.get(1) == Some(&"name") {
        i = 2;
    }
    let mut field = "name";
    let mut current: Vec<&str> = Vec::new();
    let flush = |opt: &mut EngineOption, field: &str, current: &mut Vec<&str>| {
        let text = current.join(" ");
        current.clear();
        match field {
            "name" => opt.name = text,
            "type" => opt.kind = text,
            "default" => opt.default = Some(text),
            "var" => opt.vars.push(text),
            _ => {}
        }
    };
    while i < words.len() {
        let w = words[i];
        if KEYS.contains(&w) {
            flush(&mut opt, field, &mut current);
            field = w;
        } else {
            current.push(w);
        }
        i += 1;
    }
    flush(&mut opt, field, &mut current);
    if opt.name.is_empty() {
        return Err((1, "option without a name".to_owned()));
    }
    Ok(opt)
}

#[cfg(test)]
mod tests;
