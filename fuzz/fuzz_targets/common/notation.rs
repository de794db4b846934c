//! What every notation's fuzz target checks: arbitrary bytes never panic or hang the move
//! reader or the line reader, on the start position and on a mid-game position with tandem
//! pieces; a move that reads is legal and writes back to a text that reads to it.

use xiangqi::Position;
use xiangqi::notation::{Notation, parse_line, parse_move, parse_move_auto, write_move};

/// Mid-game, Red to move, with rooks and pawns doubled on files.
const MIDGAME: &str = "2bak4/4a4/4b1n2/2P2R3/2P2R3/4c4/4P4/4B4/4A4/2BAK4 w - - 0 1";

/// Reads `data` as `notation` (and, without a check of the result, as each of `also`).
pub fn read_as(data: &[u8], notation: Notation, also: &[Notation]) {
    let text = String::from_utf8_lossy(data);
    let mut positions = vec![Position::start()];
    if let Ok(pos) = Position::from_fen(MIDGAME) {
        positions.push(pos);
    }
    for pos in &positions {
        if let Ok(m) = parse_move(pos, &text, notation) {
            assert!(pos.is_legal(m));
            let again = write_move(pos, m, notation);
            assert_eq!(parse_move(pos, &again, notation), Ok(m));
        }
        for &other in also {
            let _ = parse_move(pos, &text, other);
        }
        let _ = parse_move_auto(pos, &text);
        let _ = parse_line(pos, &text, Some(notation));
        let _ = parse_line(pos, &text, None);
    }
}
