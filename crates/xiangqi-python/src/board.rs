//! Arguments shared by the classes: squares and lists of moves.

use pyo3::prelude::*;
use xiangqi::notation::{LineError, NotationError, parse_line};
use xiangqi::{Move, Position, Square};

use crate::errors::MoveError;
use crate::mv::move_arg;

/// A square given as its name (`"e0"`) or its index (`rank * 9 + file`, 0–89).
pub fn square_arg(obj: &Bound<'_, PyAny>) -> PyResult<Square> {
    if let Ok(i) = obj.extract::<u32>() {
        return u8::try_from(i)
            .ok()
            .and_then(Square::new)
            .ok_or_else(|| MoveError::new_err(format!("square index {i} is not in 0..90")));
    }
    let text: String = obj.extract()?;
    text.parse::<Square>()
        .map_err(|e| MoveError::new_err(format!("square {text:?}: {e}")))
}

/// A game's moves from `start`: each a `Move`, an index, or a text in any notation read at
/// the position it is played in. Reading stops after the first illegal move, which is kept
/// (the referee rules on it: its author loses); what follows it is never played.
pub fn moves_arg(start: &Position, items: &[Bound<'_, PyAny>]) -> PyResult<Vec<Move>> {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(items.len());
    for (ply, item) in items.iter().enumerate() {
        let m = move_arg(&pos, item, None)
            .map_err(|e| MoveError::new_err(format!("ply {}: {}", ply + 1, e.value(item.py()))))?;
        moves.push(m);
        if pos.play(m).is_err() {
            break;
        }
    }
    Ok(moves)
}

/// `moves_arg` for a sequence, or for one string of moves as `xq judge --moves` takes it:
/// coordinates taken as written; any other notation (move numbers and annotations allowed)
/// read up to a move that fits no legal move, which is kept if the text still names it.
pub fn moves_or_text(start: &Position, moves: &Bound<'_, PyAny>) -> PyResult<Vec<Move>> {
    let Ok(text) = moves.extract::<String>() else {
        let items: Vec<Bound<'_, PyAny>> = moves.try_iter()?.collect::<PyResult<_>>()?;
        return moves_arg(start, &items);
    };
    let coords: Result<Vec<Move>, _> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::parse::<Move>)
        .collect();
    if let Ok(coords) = coords {
        return Ok(coords);
    }
    match parse_line(start, &text, None) {
        Ok(line) => Ok(line),
        Err(LineError {
            error: NotationError::Illegal(illegal),
            offset,
            ..
        }) => {
            let mut line = parse_line(start, text.get(..offset).unwrap_or_default(), None)
                .map_err(|e| MoveError::new_err(format!("ply {}: {}", e.ply + 1, e.error)))?;
            line.push(illegal.mv);
            Ok(line)
        }
        Err(e) => Err(MoveError::new_err(format!(
            "ply {} ({:?}, byte {}): {}",
            e.ply + 1,
            e.token,
            e.offset,
            e.error
        ))),
    }
}
