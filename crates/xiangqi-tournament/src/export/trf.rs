//! FIDE TRF output: TRF16 and TRF-2026 (the layouts are in [`crate::trf`]).

use crate::Tournament;
use crate::trf::{TrfFile, TrfVersion};

/// The tournament as a TRF16 file (lines end with `\n`). The first mover is written as
/// white (`w`); points on the 1/½/0 scale; a pairing-allocated bye is `0000 - U`, a rest
/// `F`, `H` or `Z`.
///
/// ```
/// use xiangqi_tournament::{export::to_trf, Player, Settings, Tournament, Outcome};
/// let mut t = Tournament::new("Open", vec![Player::new("Li"), Player::new("Wang")], Settings::swiss(1)).unwrap();
/// t.pair_next_round().unwrap();
/// t.set_result(1, 1, Outcome::Draw).unwrap();
/// let trf = to_trf(&t);
/// let line = trf.lines().find(|l| l.starts_with("001    1")).unwrap();
/// assert_eq!(&line[91..99], "   2 w =");
/// assert_eq!(&line[14..16], "Li");
/// ```
pub fn to_trf(t: &Tournament) -> String {
    TrfFile::from_tournament(t, TrfVersion::Trf16).write(TrfVersion::Trf16)
}

/// The tournament as a TRF-2026 file.
///
/// ```
/// use xiangqi_tournament::{export::to_trf2026, Player, Settings, Tournament};
/// let t = Tournament::new("Open", vec![Player::new("Li"), Player::new("Wang")], Settings::swiss(1)).unwrap();
/// assert!(to_trf2026(&t).contains("\n142 1\n"));
/// ```
pub fn to_trf2026(t: &Tournament) -> String {
    TrfFile::from_tournament(t, TrfVersion::Trf2026).write(TrfVersion::Trf2026)
}
