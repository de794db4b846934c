//! The layout of an XQF header, shared by the reader and the writer (`xqbase/eleeye`
//! `XQFTOOLS/XQF.TXT`): where each string field sits, the game types, the order of the piece
//! slots, the header's size.

/// Header string fields: offset, capacity (length byte included) and tag name.
pub(crate) const STRINGS: [(usize, usize, &str); 11] = [
    (0x50, 64, "Title"),
    (0xD0, 64, "Event"),
    (0x110, 16, "Date"),
    (0x120, 16, "Site"),
    (0x130, 16, "Red"),
    (0x140, 16, "Black"),
    (0x150, 64, "TimeControl"),
    (0x190, 16, "RedTime"),
    (0x1A0, 16, "BlackTime"),
    (0x1D0, 16, "Annotator"),
    (0x1E0, 16, "Author"),
];

/// Game types of header byte 0x40 (0 = 全局, a whole game, is not written as a tag).
pub(crate) const TYPES: [&str; 4] = ["全局", "布局", "中局", "残局"];

/// The roles of the 32 piece slots of a side, in order (§4.3).
pub(crate) const SLOTS: [xiangqi::Role; 16] = {
    use xiangqi::Role::*;
    [
        Rook, Horse, Elephant, Advisor, King, Advisor, Elephant, Horse, Rook, Cannon, Cannon, Pawn,
        Pawn, Pawn, Pawn, Pawn,
    ]
};

/// The size of the header; moves start here.
pub(crate) const HEADER: usize = 0x400;
