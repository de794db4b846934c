//! Telling formats apart from the bytes, and reading any record file.

use std::fmt;
use std::path::Path;

use crate::pgn::{GameBuilder, PgnReader, Skip, Visitor};
use crate::text::decode;
use crate::{ErrorKind, GameRecord, GameResult, Place, RecordError};

/// A record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// PGN (any dialect; several games a file).
    Pgn,
    /// DhtmlXQ / UBB text (several diagrams a file).
    DhtmlXq,
    /// XQF binary (one game).
    Xqf,
    /// A FEN on the first line (or before a comma), then moves in any notation and
    /// optionally a result: the layout of `test1_move.txt` and `uci_test_move.txt` in the
    /// corpus, and of `xq judge --fen … --moves …`.
    FenMoves,
    /// CCBridge CBF, XML (one game).
    Cbf,
    /// CCBridge CBR, binary (one game).
    Cbr,
    /// CCBridge CBL, binary (a library of CBR records).
    Cbl,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Pgn => "PGN",
            Format::DhtmlXq => "DhtmlXQ",
            Format::Xqf => "XQF",
            Format::FenMoves => "FEN and moves",
            Format::Cbf => "CBF",
            Format::Cbr => "CBR",
            Format::Cbl => "CBL",
        })
    }
}

/// Why a file's format cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsupportedFormat(pub &'static str);

impl fmt::Display for UnsupportedFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} files are not supported", self.0)
    }
}

impl std::error::Error for UnsupportedFormat {}

/// Tells the format from the bytes.
///
/// ```
/// use xiangqi_records::{detect_format, Format};
/// assert_eq!(detect_format(b"[Game \"Chinese Chess\"]\n"), Ok(Format::Pgn));
/// assert_eq!(detect_format(b"XQ\x0a"), Ok(Format::Xqf));
/// assert_eq!(detect_format(b"9/3k5/4c4/4N4/9/6R2/9/5p3/4r4/5K3 w, g4g8 d8d9"), Ok(Format::FenMoves));
/// assert_eq!(detect_format(b"CCBridge Record\0"), Ok(Format::Cbr));
/// assert_eq!(detect_format(b"CCBridgeLibrary\0"), Ok(Format::Cbl));
/// assert!(detect_format(b"CCBridge Notebook").is_err());
/// ```
pub fn detect_format(bytes: &[u8]) -> Result<Format, UnsupportedFormat> {
    if bytes.starts_with(b"XQ") {
        return Ok(Format::Xqf);
    }
    if bytes.starts_with(crate::ccbridge::CBR_MAGIC) {
        return Ok(Format::Cbr);
    }
    if bytes.starts_with(crate::ccbridge::CBL_MAGIC) {
        return Ok(Format::Cbl);
    }
    if bytes.starts_with(b"CCBridge") {
        return Err(UnsupportedFormat(
            "CCBridge binary files other than CBR and CBL",
        ));
    }
    let head = &bytes[..bytes.len().min(1 << 16)];
    let (text, _) = decode(head);
    // An XML document, not a PGN comment that happens to name the element.
    if text
        .trim_start_matches('\u{FEFF}')
        .trim_start()
        .starts_with('<')
        && text.contains("ChineseChessRecord")
    {
        return Ok(Format::Cbf);
    }
    if find_ci(&text, "dhtmlxq") {
        return Ok(Format::DhtmlXq);
    }
    let trimmed = text.trim_start();
    if trimmed.starts_with('[') {
        return Ok(Format::Pgn);
    }
    let first = trimmed.split(['\n', ',']).next().unwrap_or("");
    if xiangqi::fen::parse_fen(first.trim()).is_ok() {
        return Ok(Format::FenMoves);
    }
    Ok(Format::Pgn)
}

fn find_ci(hay: &str, needle: &str) -> bool {
    hay.as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Reads every game of a record file's bytes, whatever the format. Each game is read or
/// fails on its own.
///
/// ```
/// let games = xiangqi_records::read_games(b"[Game \"Chinese Chess\"]\n1. h2e2 h9g7 1-0\n").unwrap();
/// assert_eq!(games[0].as_ref().unwrap().mainline().len(), 2);
/// ```
pub fn read_games(bytes: &[u8]) -> Result<Vec<Result<GameRecord, RecordError>>, UnsupportedFormat> {
    Ok(match detect_format(bytes)? {
        Format::Pgn => crate::pgn::read_all(bytes),
        Format::DhtmlXq => crate::dhtmlxq::read_dhtmlxq(bytes),
        Format::Xqf => vec![crate::xqf::read_xqf(bytes)],
        Format::FenMoves => vec![read_fen_moves(bytes)],
        Format::Cbf => vec![crate::ccbridge::read_cbf(bytes)],
        Format::Cbr => vec![crate::ccbridge::read_cbr(bytes)],
        Format::Cbl => match crate::ccbridge::read_cbl(bytes) {
            Ok(library) => library.games,
            Err(e) => vec![Err(e)],
        },
    })
}

/// Reads a record file (see [`read_games`]).
pub fn read_file(
    path: impl AsRef<Path>,
) -> Result<Vec<Result<GameRecord, RecordError>>, ReadFileError> {
    let bytes = std::fs::read(path.as_ref()).map_err(|e| ReadFileError::Io(e.to_string()))?;
    read_games(&bytes).map_err(ReadFileError::Unsupported)
}

/// A game as the referee needs it: where it starts, the main line, and the tags.
///
/// ```
/// let games = xiangqi_records::read_mainlines(b"[Game \"Chinese Chess\"]\n1. h2e2 h9g7 *\n").unwrap();
/// let game = games[0].as_ref().unwrap();
/// assert_eq!(game.moves.len(), 2);
/// assert!(game.problem.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mainline {
    /// The start position.
    pub start: xiangqi::Position,
    /// The main line up to the first move that could not be read, if any.
    pub moves: Vec<xiangqi::Move>,
    /// The tags (see [`crate::Tags`]).
    pub tags: crate::Tags,
    /// The recorded result.
    pub outcome: GameResult,
    /// The first main-line move that could not be read or was illegal, and why.
    pub problem: Option<RecordError>,
}

/// Reads every game's main line from a record file's bytes, for `xq judge FILE`.
pub fn read_mainlines(
    bytes: &[u8],
) -> Result<Vec<Result<Mainline, RecordError>>, UnsupportedFormat> {
    let games = read_games(bytes)?;
    Ok(games
        .into_iter()
        .map(|g| {
            g.map(|g| {
                let moves = g.mainline();
                let len = moves.len() as u32;
                let problem = g.problems.iter().find(|p| p.ply == Some(len + 1)).cloned();
                Mainline {
                    outcome: g.outcome(),
                    start: g.start,
                    moves,
                    tags: g.tags,
                    problem,
                }
            })
        })
        .collect())
}

/// Why a record file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadFileError {
    /// The file could not be opened or read.
    Io(String),
    /// Its format is not one we read.
    Unsupported(UnsupportedFormat),
}

impl fmt::Display for ReadFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadFileError::Io(e) => write!(f, "cannot read the file: {e}"),
            ReadFileError::Unsupported(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadFileError {}

/// Passes everything on, adding a `FEN` tag before the movetext.
struct WithFen<'a> {
    inner: &'a mut GameBuilder,
    fen: String,
}

impl Visitor for WithFen<'_> {
    type Output = Result<GameRecord, RecordError>;
    fn begin_game(&mut self) {
        self.inner.begin_game();
    }
    fn end_tags(&mut self) -> Skip {
        self.inner.tag("FEN", &self.fen);
        self.inner.end_tags()
    }
    fn mv(&mut self, text: &str, at: Place) {
        self.inner.mv(text, at);
    }
    fn comment(&mut self, text: &str, at: Place) {
        self.inner.comment(text, at);
    }
    fn begin_variation(&mut self, at: Place) -> Skip {
        self.inner.begin_variation(at)
    }
    fn end_variation(&mut self) {
        self.inner.end_variation();
    }
    fn outcome(&mut self, outcome: GameResult) {
        self.inner.outcome(outcome);
    }
    fn end_game(&mut self) -> Self::Output {
        self.inner.end_game()
    }
}

/// Reads a FEN followed by moves (see [`Format::FenMoves`]).
///
/// ```
/// let game = xiangqi_records::read_fen_moves(
///     b"9/3k5/4c4/4N4/9/6R2/9/5p3/4r4/5K3 w, g4g8 d8d9 e6c7 d9e9 g8g9, 1-0").unwrap();
/// assert_eq!(game.mainline().len(), 5);
/// assert_eq!(game.outcome(), xiangqi_records::GameResult::RedWins);
/// ```
pub fn read_fen_moves(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    let (text, _) = decode(bytes);
    let start = text.len() - text.trim_start().len();
    let rest = &text[start..];
    let cut = rest.find(['\n', ',']).unwrap_or(rest.len());
    let fen = rest[..cut].trim().to_owned();
    let body = &rest[cut.min(rest.len())..];
    let first_line = text[..start + cut].matches('\n').count() as u64 + 1;
    let mut builder = GameBuilder::new();
    let mut visitor = WithFen {
        inner: &mut builder,
        fen,
    };
    let mut reader = PgnReader::new(body.as_bytes());
    match reader.read_game(&mut visitor) {
        Some(result) => result.flatten().map_err(|mut e| {
            if let Place::Text { line, .. } = &mut e.place {
                *line += first_line - 1;
            }
            e
        }),
        None => {
            // Only a FEN: a game with no moves.
            visitor.begin_game();
            visitor.end_tags();
            visitor.end_game()
        }
    }
    .map_err(|e| RecordError {
        kind: match e.kind {
            ErrorKind::BadTag(_) => ErrorKind::UnreadableMove {
                text: String::new(),
                why: "a tag in a FEN-and-moves file".to_owned(),
            },
            k => k,
        },
        ..e
    })
}
