//! Openings for `xq match`: the games of a PGN (or any record file xq reads), or an EPD/FEN
//! file of one position a line. Each opening is played twice, each engine once with Red.

use std::path::Path;

use anyhow::{Context, bail};
use xiangqi::{Move, Position};

/// A start position and the book moves from it.
#[derive(Clone, Debug)]
pub struct Opening {
    pub start: Position,
    pub moves: Vec<Move>,
}

/// The openings used without `--openings`: one move by each side from the start, in the
/// openings most played (中炮 against 屏风马 and 顺炮, 仙人指路, 飞相, 起马, 过宫炮), so that
/// deterministic engines do not play the same game over and over.
const DEFAULT_BOOK: [&str; 12] = [
    "h2e2 h9g7",
    "h2e2 b7e7",
    "c3c4 g6g5",
    "g3g4 c6c5",
    "c0e2 h9g7",
    "h0g2 b9c7",
    "b2e2 h9g7",
    "h2f2 b9c7",
    "c3c4 b7e7",
    "h2e2 c6c5",
    "g0e2 b9c7",
    "b0c2 g6g5",
];

/// The default openings (see [`DEFAULT_BOOK`]).
pub fn default_book() -> Vec<Opening> {
    DEFAULT_BOOK
        .iter()
        .map(|line| Opening {
            start: Position::start(),
            moves: line
                .split(' ')
                .filter_map(|m| m.parse::<Move>().ok())
                .collect(),
        })
        .collect()
}

/// Reads an openings file. EPD lines are `board side [fields] [; operations]`; blank
/// lines and lines starting with `#` are skipped. A line or game that cannot be read is an
/// error naming its place.
pub fn read(path: &Path) -> anyhow::Result<Vec<Opening>> {
    let bytes = std::fs::read(path).with_context(|| format!("--openings {}", path.display()))?;
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase());
    let openings = if matches!(ext.as_deref(), Some("epd" | "fen" | "txt")) {
        fen_lines(&String::from_utf8_lossy(&bytes), path)?
    } else {
        let games = xiangqi_records::read_games(&bytes)
            .map_err(|e| anyhow::anyhow!("--openings {}: {e}", path.display()))?;
        let mut out = Vec::new();
        for (i, g) in games.into_iter().enumerate() {
            let g = g.map_err(|e| {
                anyhow::anyhow!("--openings {} game {}: {e}", path.display(), i + 1)
            })?;
            if let Some(p) = g.problems.first() {
                bail!("--openings {} game {}: {p}", path.display(), i + 1);
            }
            out.push(Opening {
                moves: g.mainline(),
                start: g.start,
            });
        }
        out
    };
    if openings.is_empty() {
        bail!("--openings {}: no openings in the file", path.display());
    }
    Ok(openings)
}

fn fen_lines(text: &str, path: &Path) -> anyhow::Result<Vec<Opening>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split(';').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_ascii_whitespace().collect();
        // A full FEN first; an EPD's four fields (no move counters) fit the first two.
        let start = Position::from_fen(line)
            .or_else(|_| Position::from_fen(&fields[..fields.len().min(2)].join(" ")))
            .map_err(|e| anyhow::anyhow!("--openings {} line {}: {e}", path.display(), n + 1))?;
        out.push(Opening {
            start,
            moves: Vec::new(),
        });
    }
    Ok(out)
}
