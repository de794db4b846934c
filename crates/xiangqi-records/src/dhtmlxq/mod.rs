//! DhtmlXQ / UBB, the forum and web format of dpxq.com's 动态棋盘 (formats notes §5).
//!
//! Reading is lenient, as forum text needs: `\uXXXX` escapes are undone first (the 1956
//! rules' diagrams write every `[` as `\u005B`), the `[DhtmlXQ]` wrapper may be missing, and several
//! diagrams may follow one another (a field name seen again starts the next game).
//!
//! Fields map onto PGN tag names: `title` → `Title`, `event` → `Event`, `date` → `Date`,
//! `place` → `Site`, `round` → `Round`, `red`/`black` → `Red`/`Black`,
//! `redteam`/`blackteam` → `RedTeam`/`BlackTeam`, `result` → `Result`, `open` → `Opening`,
//! `author` → `Author`; any other field keeps its own name, so nothing is lost either way.
//! The start position is `binit` (or vschess's `fen`, which wins when both are present);
//! the writer adds `fen` only when Black moves first, which `binit` cannot say.

mod read;
mod write;

pub use read::{read_dhtmlxq, read_dhtmlxq_text};
pub use write::write_dhtmlxq;

/// DhtmlXQ field names and the PGN tag names they stand for.
pub(crate) const FIELDS: [(&str, &str); 11] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("black", "Black"),
    ("redteam", "RedTeam"),
    ("blackteam", "BlackTeam"),
    ("open", "Opening"),
    ("author", "Author"),
];

/// A DhtmlXQ square `xy` (x from Red's left, y from the top) as an ICCS square.
pub(crate) fn square(x: u8, y: u8) -> Option<xiangqi::Square> {
    let file = xiangqi::File::new(x)?;
    let rank = xiangqi::Rank::new(9u8.checked_sub(y)?)?;
    Some(xiangqi::Square::from_coords(file, rank))
}

/// The DhtmlXQ digits of a square.
pub(crate) fn digits(sq: xiangqi::Square) -> [u8; 2] {
    [b'0' + sq.file().index(), b'0' + (9 - sq.rank().index())]
}
