//! The exceptions the package raises. Every one subclasses `ValueError` (a bad argument is a
//! bad value), through `XiangqiError`, and its message says what is wrong and where: the FEN
//! field, the move and its ply, the game, line, column or byte offset of a record.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    xiangqi_arbiter,
    XiangqiError,
    PyValueError,
    "The base of every error of xiangqi_arbiter; a ValueError."
);
create_exception!(
    xiangqi_arbiter,
    FenError,
    XiangqiError,
    "A FEN that cannot be read, or a position that cannot occur (what and which field)."
);
create_exception!(
    xiangqi_arbiter,
    MoveError,
    XiangqiError,
    "A move that cannot be read in its notation, or is not legal where it is played (the move, \
     the ply and why)."
);
create_exception!(
    xiangqi_arbiter,
    GameOverError,
    XiangqiError,
    "A move played after the referee has decided the game."
);
create_exception!(
    xiangqi_arbiter,
    ClaimError,
    XiangqiError,
    "A repetition draw claimed when there is none to claim: no allowed cycle has reached the \
     ruling occurrence, the cycle is forbidden to one side (who must vary), or the game is over. \
     Attribute: code (`no_repetition`, `repetition_forbidden`, `game_over`)."
);
create_exception!(
    xiangqi_arbiter,
    RecordError,
    XiangqiError,
    "A record (file or bytes) that cannot be read or written. Attributes: game (1-based, or \
     None), ply (or None), line and column (text formats) or offset (binary formats), or None."
);

/// Registers the exceptions on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("XiangqiError", py.get_type::<XiangqiError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("ClaimError", py.get_type::<ClaimError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    Ok(())
}

/// A `FenError` for `text`.
pub fn fen_error(text: &str, why: impl std::fmt::Display) -> PyErr {
    FenError::new_err(format!("bad FEN {text:?}: {why}"))
}

/// A `RecordError` carrying where it happened as attributes.
pub fn record_error(py: Python<'_>, e: &xiangqi_records::RecordError) -> PyErr {
    let err = RecordError::new_err(e.to_string());
    let value = err.value(py);
    let (line, column, offset) = match e.place {
        xiangqi_records::Place::Text { line, column } => (Some(line), Some(column), None),
        xiangqi_records::Place::Byte(offset) => (None, None, Some(offset)),
        xiangqi_records::Place::Game => (None, None, None),
    };
    // Setting attributes on a fresh exception instance cannot fail short of memory
    // exhaustion; the message alone still says everything if it does.
    let _ = value.setattr("game", e.game);
    let _ = value.setattr("ply", e.ply);
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    let _ = value.setattr("offset", offset);
    err
}

/// A `RecordError` that concerns no single game (unsupported format, unreadable file).
pub fn file_error(py: Python<'_>, message: String) -> PyErr {
    let err = RecordError::new_err(message);
    let value = err.value(py);
    for name in ["game", "ply", "line", "column", "offset"] {
        let _ = value.setattr(name, py.None());
    }
    err
}
