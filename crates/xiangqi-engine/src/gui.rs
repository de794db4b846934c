//! The GUI → engine half of UCI and UCCI: one line from a GUI, read into a [`GuiCommand`].
//!
//! Sources: Pikafish `src/uci.cpp` (`parse_limits`: `go wtime … searchmoves` last); the UCCI
//! spec, `xqbase/eleeye` `PROTOCOL/cchess_ucci.htm` (`setoption NAME VALUE`, `banmoves`,
//! `go time … increment … opptime …`).

/// One line from a GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuiCommand {
    /// `uci`.
    Uci,
    /// `ucci`.
    Ucci,
    /// `isready`.
    IsReady,
    /// `ucinewgame`.
    NewGame,
    /// `setoption name N value V` (UCI) or `setoption N V` (UCCI).
    SetOption {
        /// The name.
        name: String,
        /// The value (may be empty for a button).
        value: String,
    },
    /// `position startpos|fen F [moves …]`.
    Position {
        /// The FEN; `None` for `startpos`.
        fen: Option<String>,
        /// The moves, as text.
        moves: Vec<String>,
    },
    /// UCCI `banmoves …`.
    BanMoves(Vec<String>),
    /// `go …`.
    Go(GoCommand),
    /// `stop`.
    Stop,
    /// `quit`.
    Quit,
    /// Anything else (ignored).
    Unknown(String),
}

/// The parameters of `go`, in either protocol. Times are as sent (UCI: ms; UCCI: seconds
/// or ms per `usemillisec`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    /// UCI `wtime`.
    pub wtime: Option<u64>,
    /// UCI `btime`.
    pub btime: Option<u64>,
    /// UCI `winc`.
    pub winc: Option<u64>,
    /// UCI `binc`.
    pub binc: Option<u64>,
    /// UCCI `time` (own).
    pub time: Option<u64>,
    /// UCCI `increment`.
    pub increment: Option<u64>,
    /// UCCI `opptime`.
    pub opptime: Option<u64>,
    /// UCCI `oppincrement`.
    pub oppincrement: Option<u64>,
    /// `movestogo`.
    pub movestogo: Option<u32>,
    /// `depth`.
    pub depth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// UCI `movetime` (ms).
    pub movetime: Option<u64>,
    /// `infinite`.
    pub infinite: bool,
    /// UCI `searchmoves` (last).
    pub searchmoves: Vec<String>,
}

/// A GUI line that is malformed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuiParseError(pub String);

impl std::fmt::Display for GuiParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GuiParseError {}

/// Reads a GUI line.
///
/// ```
/// use xiangqi_engine::{parse_gui_line, GuiCommand};
/// let c = parse_gui_line("position startpos moves h2e2 h9g7").unwrap();
/// assert_eq!(c, GuiCommand::Position { fen: None, moves: vec!["h2e2".into(), "h9g7".into()] });
/// assert!(parse_gui_line("go depth deep").is_err());
/// ```
pub fn parse_gui_line(line: &str) -> Result<GuiCommand, GuiParseError> {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let Some(&first) = words.first() else {
        return Ok(GuiCommand::Unknown(String::new()));
    };
    Ok(match first {
        "uci" => GuiCommand::Uci,
        "ucci" => GuiCommand::Ucci,
        "isready" => GuiCommand::IsReady,
        "ucinewgame" => GuiCommand::NewGame,
        "stop" => GuiCommand::Stop,
        "quit" => GuiCommand::Quit,
        "setoption" => {
            if words.get(1) == Some(&"name") {
                let v = words.iter().position(|&w| w == "value");
                let end = v.unwrap_or(words.len());
                GuiCommand::SetOption {
                    name: words[2..end].join(" "),
                    value: v.map(|v| words[v + 1..].join(" ")).unwrap_or_default(),
                }
            } else {
                let name = words
                    .get(1)
                    .ok_or_else(|| GuiParseError("setoption without a name".into()))?;
                GuiCommand::SetOption {
                    name: (*name).to_owned(),
                    value: words.get(2..).map(|w| w.join(" ")).unwrap_or_default(),
                }
            }
        }
        "position" => {
            let m = words.iter().position(|&w| w == "moves");
            let head = &words[1..m.unwrap_or(words.len())];
            let fen = match head.first() {
                Some(&"startpos") => None,
                Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
                _ => return Err(GuiParseError("position needs startpos or fen <FEN>".into())),
            };
            let moves = m.map(|m| words[m + 1..].iter().map(|s| (*s).to_owned()).collect());
            GuiCommand::Position {
                fen,
                moves: moves.unwrap_or_default(),
            }
        }
        "banmoves" => GuiCommand::BanMoves(words[1..].iter().map(|s| (*s).to_owned()).collect()),
        "go" => GuiCommand::Go(parse_go(&words)?),
        _ => GuiCommand::Unknown(line.chars().take(200).collect()),
    })
}

fn parse_go(words: &[&str]) -> Result<GoCommand, GuiParseError> {
    let mut go = GoCommand::default();
    let mut i = 1;
    while i < words.len() {
        let key = words[i];
        let num = || -> Result<u64, GuiParseError> {
            words
                .get(i + 1)
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| GuiParseError(format!("go {key}: expected a number")))
        };
        let small = || -> Result<u32, GuiParseError> {
            num().and_then(|n| {
                u32::try_from(n).map_err(|_| GuiParseError(format!("go {key}: too large")))
            })
        };
        match key {
            "wtime" => go.wtime = Some(num()?),
            "btime" => go.btime = Some(num()?),
            "winc" => go.winc = Some(num()?),
            "binc" => go.binc = Some(num()?),
            "time" => go.time = Some(num()?),
            "increment" => go.increment = Some(num()?),
            "opptime" => go.opptime = Some(num()?),
            "oppincrement" => go.oppincrement = Some(num()?),
            "movestogo" => go.movestogo = Some(small()?),
            "oppmovestogo" => {
                small()?;
            }
            "depth" => go.depth = Some(small()?),
            "nodes" => go.nodes = Some(num()?),
            "movetime" => go.movetime = Some(num()?),
            "infinite" => {
                go.infinite = true;
                i += 1;
                continue;
            }
            "searchmoves" => {
                go.searchmoves = words[i + 1..].iter().map(|s| (*s).to_owned()).collect();
                break;
            }
            // `ponder`, `draw` and words we do not know take no value.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    Ok(go)
}
