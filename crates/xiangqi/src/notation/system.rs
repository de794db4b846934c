//! The notations a move can be written in, by name: ICCS, UCI (nine or ten ranks), Chinese
//! and WXF.

use std::fmt;
use std::str::FromStr;

/// A move notation.
///
/// `FromStr` reads the lower-case names (`iccs`, `uci`, `uci10`, `chinese` — also `zh`, `cn`
/// — and `wxf`, any case); `Display` writes them.
///
/// ```
/// use xiangqi::notation::Notation;
/// assert_eq!("zh".parse::<Notation>(), Ok(Notation::Chinese));
/// assert_eq!(Notation::Uci10.to_string(), "uci10");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates: `h2e2`, also read as `H2-E2` (files a–i from Red's left, ranks 0–9
    /// from Red's side). Written lower case without the hyphen, as UCCI uses it.
    Iccs,
    /// UCI as Pikafish speaks it: the same text as ICCS (`h2e2`, ranks 0–9).
    Uci,
    /// UCI as Fairy-Stockfish speaks it (`UCI_Variant xiangqi`): ranks 1–10, so `h3e3`,
    /// `h10g8`. Never detected; only used when chosen.
    Uci10,
    /// Chinese vertical-line notation: `炮二平五`, `马8进7`, `前车进一`.
    ///
    /// Written in the modern standard form: simplified characters (帅仕相马车炮兵 /
    /// 将士象马车炮卒), Red's numbers 一…九 and Black's 1…9 (ASCII); 前/后 for two of a kind on
    /// a file, 前/中/后 for three pawns, 一二三四五 (Chinese numerals for both sides, as
    /// xqbase) for four or five, and 前兵九平八 (place, piece, file) for pawns doubled on two
    /// files. Advisors and elephants never take 前/后 (the direction tells them apart).
    Chinese,
    /// WXF notation: `C2.5`, `H8+7`, `R+.3`, `C--1`, tandem pawns `++.4`, `P3.4`, `3+.4`.
    ///
    /// Written as the official WXF table has it: letters K A E H R C P in upper case, `.` for
    /// sideways, `+`/`-` in place of the file digit for the front and rear of two (or three)
    /// on a file, `++`/`--` for the foremost and rearmost of four or five, and the file digit
    /// first without a letter for pawns doubled on two files.
    Wxf,
}

impl Notation {
    /// All notations.
    pub const ALL: [Notation; 5] = [
        Notation::Iccs,
        Notation::Uci,
        Notation::Uci10,
        Notation::Chinese,
        Notation::Wxf,
    ];

    /// The lower-case name (`iccs`, `uci`, `uci10`, `chinese`, `wxf`).
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Uci => "uci",
            Notation::Uci10 => "uci10",
            Notation::Chinese => "chinese",
            Notation::Wxf => "wxf",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A notation name that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownNotation(pub String);

impl fmt::Display for UnknownNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown notation {:?} (expected iccs, uci, uci10, chinese or wxf)",
            self.0
        )
    }
}

impl std::error::Error for UnknownNotation {}

impl FromStr for Notation {
    type Err = UnknownNotation;
    fn from_str(s: &str) -> Result<Notation, UnknownNotation> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "iccs" => Notation::Iccs,
            "uci" => Notation::Uci,
            "uci10" => Notation::Uci10,
            "chinese" | "zh" | "cn" => Notation::Chinese,
            "wxf" => Notation::Wxf,
            _ => return Err(UnknownNotation(s.to_owned())),
        })
    }
}
