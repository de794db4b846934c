//! FIDE Tournament Report Files: TRF16 and TRF-2026, read and written.
//!
//! Layouts from the FIDE documents (TRF-2026: handbook.fide.com `files/handbook/TRF26.pdf`,
//! "Approved by FIDE Council on 12/05/2025", as `echecsjs/trf` `SPEC.md` transcribes it) and
//! the JaVaFo/bbpPairings extensions (`XXR` rounds, `XXC` initial colour, `XXA` accelerations,
//! `XXP` forbidden pairs). The `001` record (both versions): starting rank 5–8, sex 10, title
//! 11–13, name 15–47, rating 49–52, federation 54–56, FIDE id 58–68, birth date 70–79, points
//! 81–84, rank 86–89, then ten columns per round from 92 (opponent 92–95, colour 97, result 99).
//!
//! [`TrfFile`] is the file as written, lossless for every record this crate uses and keeping
//! every other line verbatim; [`TrfFile::to_tournament`] and [`TrfFile::from_tournament`]
//! convert. Reading never panics: every refusal is an [`Error::File`](crate::Error::File) with the line and column.

mod check;
mod coded_type;
mod convert;
mod read;
mod write;

pub use coded_type::{rules_comment, written_coded_type};

use crate::{Mover, Points};

/// Which TRF layout a file is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrfVersion {
    /// The 2016 layout with the JaVaFo `XX?` extensions.
    Trf16,
    /// TRF-2026 (tags `142`–`222`, records `240`, `250`, `260`, comment lines `###`).
    Trf2026,
}

/// One round's result code (column 99 of the round cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultCode {
    /// `1`
    Win,
    /// `=`
    Draw,
    /// `0`
    Loss,
    /// `+` forfeit win
    ForfeitWin,
    /// `-` forfeit loss
    ForfeitLoss,
    /// `W` win, game of under one move (not rated)
    UnratedWin,
    /// `D` draw, game of under one move
    UnratedDraw,
    /// `L` loss, game of under one move
    UnratedLoss,
    /// `H` half-point bye
    HalfBye,
    /// `F` full-point bye
    FullBye,
    /// `U` pairing-allocated bye
    Pab,
    /// `Z` (or blank) zero-point bye, known absence
    ZeroBye,
    /// Blank next to an opponent: paired, no result yet
    Pending,
}

impl ResultCode {
    fn parse(c: char, paired: bool) -> Option<ResultCode> {
        use ResultCode::*;
        Some(match c.to_ascii_uppercase() {
            '1' => Win,
            '=' => Draw,
            '0' => Loss,
            '+' => ForfeitWin,
            '-' => ForfeitLoss,
            'W' => UnratedWin,
            'D' => UnratedDraw,
            'L' => UnratedLoss,
            'H' => HalfBye,
            'F' => FullBye,
            'U' => Pab,
            'Z' => ZeroBye,
            ' ' if paired => Pending,
            ' ' => ZeroBye,
            _ => return None,
        })
    }

    /// The character written in column 99.
    pub fn symbol(self) -> char {
        use ResultCode::*;
        match self {
            Win => '1',
            Draw => '=',
            Loss => '0',
            ForfeitWin => '+',
            ForfeitLoss => '-',
            UnratedWin => 'W',
            UnratedDraw => 'D',
            UnratedLoss => 'L',
            HalfBye => 'H',
            FullBye => 'F',
            Pab => 'U',
            ZeroBye => 'Z',
            Pending => ' ',
        }
    }
}

/// One round of a player's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrfCell {
    /// The scheduled opponent's starting rank (`None` for `0000` or blanks).
    pub opponent: Option<u32>,
    /// `w` (first mover) or `b`; `None` for `-` or blank.
    pub colour: Option<Mover>,
    /// The result.
    pub result: ResultCode,
}

/// A `001` record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfPlayer {
    /// Starting rank (columns 5–8).
    pub id: u32,
    /// Sex (column 10), title (11–13), FIDE id (58–68), birth date (70–79), as written.
    pub sex: String,
    /// Title.
    pub title: String,
    /// Name (15–47).
    pub name: String,
    /// Rating (49–52).
    pub rating: Option<u32>,
    /// Federation (54–56).
    pub federation: String,
    /// FIDE id.
    pub fide_id: String,
    /// Birth date.
    pub birth: String,
    /// Points (81–84), in half-points of the file's scale.
    pub points: Option<Points>,
    /// Rank (86–89).
    pub rank: Option<u32>,
    /// Round cells, round 1 first.
    pub cells: Vec<TrfCell>,
}

/// A `250` (or `XXA`) acceleration: fictitious points for players `ids` in `rounds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Acceleration {
    /// Fictitious points, in half-points.
    pub points: Points,
    /// First and last round (inclusive).
    pub rounds: (u32, u32),
    /// First and last player id (inclusive).
    pub ids: (u32, u32),
}

/// The point system of tag `162` (or `BBW`…`BBU`), in half-points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrfScoring {
    /// `W`: win, forfeit win, full-point bye.
    pub win: Points,
    /// `D`: draw, half-point bye.
    pub draw: Points,
    /// `L`: loss over the board.
    pub loss: Points,
    /// `A`: absence (zero-point bye, forfeit loss).
    pub absence: Points,
    /// `P`: pairing-allocated bye.
    pub pab: Points,
}

impl Default for TrfScoring {
    fn default() -> TrfScoring {
        TrfScoring {
            win: Points::whole(1),
            draw: Points::from_halves(1),
            loss: Points::ZERO,
            absence: Points::ZERO,
            pab: Points::whole(1),
        }
    }
}

/// A whole TRF file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfFile {
    /// The layout it was read in (or will be written in).
    pub version: TrfVersion,
    /// `012` tournament name.
    pub name: String,
    /// Planned rounds (`142` or `XXR`).
    pub rounds: Option<u32>,
    /// Initial colour of the top player (`152` or `XXC white1/black1`).
    pub initial_colour: Option<Mover>,
    /// Point system (`162` or `BBW`…).
    pub scoring: TrfScoring,
    /// `092` type text and `192` coded type, as written.
    pub kind: String,
    /// Coded tournament type (`192`), e.g. `FIDE_DUTCH_2026_BAKU`.
    pub coded_type: String,
    /// Players.
    pub players: Vec<TrfPlayer>,
    /// `240`: (type F/H/Z, round, ids).
    pub byes: Vec<(char, u32, Vec<u32>)>,
    /// `250` / `XXA`.
    pub accelerations: Vec<Acceleration>,
    /// `260` / `XXP`: (first round, last round (999: to the end), ids no two of whom may meet).
    pub forbidden: Vec<(u32, u32, Vec<u32>)>,
    /// Every other line, verbatim, in order (other tags, `###` comments, team records).
    pub other: Vec<String>,
}
