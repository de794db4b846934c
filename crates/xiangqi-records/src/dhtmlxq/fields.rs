//! What the DhtmlXQ reader and writer share (dpxq.com's tag list): the field names with the PGN
//! tags they stand for, and squares written as two digits from the top left; and the reader's
//! errors, each at its place.

use crate::{ErrorKind, Place, RecordError};

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

/// An error of game number `game` (counted from 1) at `place`.
pub(crate) fn error(game: usize, place: Place, kind: ErrorKind) -> RecordError {
    RecordError {
        game,
        ply: None,
        place,
        kind,
    }
}
