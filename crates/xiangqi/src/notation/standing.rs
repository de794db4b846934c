//! Where a moving piece stands among pieces of its kind, as the writers of Chinese and WXF
//! notation name it (1960 rules §6; xqbase `cchess_move.htm`; the WXF notation page): by its
//! file, or by its place on a file that holds two or more (前/后, `+`/`-`).

use crate::{Piece, Position, Role, Square};

/// Where a moving piece stands among pieces of its kind, for the writers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Standing {
    /// Whether the piece is named by its place on the file (前/后 in Chinese, `+`/`-` in WXF)
    /// instead of by the file: a rook, horse, cannon or pawn with another of its kind on its
    /// file. Advisors and elephants keep their file even in pairs.
    pub by_place: bool,
    /// How many of the piece stand on its file (1 when alone).
    pub on_file: usize,
    /// Its place on the file, 0 = front.
    pub index: usize,
    /// How many files hold two or more of the piece.
    pub doubled_files: usize,
}

/// How the piece on `from` stands among its kind.
pub(crate) fn standing(pos: &Position, piece: Piece, from: Square) -> Standing {
    let mut per_file = [0u8; 9];
    for sq in pos.squares_of(piece) {
        per_file[sq.file().index() as usize] += 1;
    }
    let file = from.file().index() as usize;
    let on_file = per_file[file] as usize;
    let mut index = 0;
    if on_file > 1 {
        let mine = from.rank().relative_to(piece.color);
        for sq in pos.squares_of(piece) {
            if sq.file() == from.file() && sq.rank().relative_to(piece.color) > mine {
                index += 1;
            }
        }
    }
    let tandem = matches!(
        piece.role,
        Role::Rook | Role::Horse | Role::Cannon | Role::Pawn
    );
    Standing {
        by_place: tandem && on_file >= 2,
        on_file,
        index,
        doubled_files: per_file.iter().filter(|&&c| c >= 2).count(),
    }
}
