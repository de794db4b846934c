//! Chinese vertical-line notation (中文纵线记谱): `炮二平五`, `马8进7`, `前车进一`.
//!
//! Reading accepts every variant in use (see the `tables` module); writing produces the modern
//! standard form, decided as follows (1960 rules §6; current text 7.5; xqbase
//! `cchess_move.htm` and ElephantEye `cchess/cchess.cpp`):
//!
//! * piece, file, direction, number: 炮二平五 / 马8进7 — Red's numbers in Chinese numerals,
//!   Black's in ASCII digits, simplified characters (帅仕相马车炮兵 / 将士象马车炮卒);
//! * two of a kind on one file: 前/后 before the piece (前车进一, 后马退四);
//! * three pawns on a file: 前/中/后 (中兵平四);
//! * four or five pawns on a file: 一 二 三 四 五 from the front, Chinese numerals for both
//!   sides as in the xqbase standard (二兵平四, 三卒平4);
//! * pawns doubled on two files: the place word, the piece and the file (前兵九平八, 后卒3平4)
//!   — the form the issue names; the 4-character 前九平八 and the xqbase numbering (一兵平八)
//!   are read too;
//! * advisors and elephants never take 前/后: on one file the front one can only retreat and
//!   the rear one only advance, so the direction decides.

mod reader;
pub(crate) mod tables;
mod writer;

pub(crate) use reader::read_spec;
pub(crate) use writer::write;
