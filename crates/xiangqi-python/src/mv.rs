//! `Move`: a move as a Python value, and the move-index encoding for training pipelines.
//!
//! Squares are numbered as the rules core numbers them: `rank * 9 + file`, files `a`–`i`
//! from Red's left (0–8), ranks `0`–`9` from Red's side, so `a0` is 0, `i9` is 89. A move's
//! index is `from * 90 + to` (0–8099): dense, stable, and the same numbering as the rows and
//! columns of the board array (`board[rank][file]`).

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::PyString;
use xiangqi::notation::{Notation, parse_move, parse_move_auto};
use xiangqi::{Move, Position, Square};

use crate::errors::MoveError;

/// The number of move indices: every (from, to) pair of squares.
pub const MOVE_INDICES: u32 = 90 * 90;

/// A move from one square to another (xiangqi has no promotion, castling or drop).
///
/// `Move("h2e2")` reads ICCS (also `H2-E2`); `str(m)` writes it. A `Move` equals the ICCS
/// string it spells and hashes like it, so `"h2e2" in position.legal_moves()` works.
#[pyclass(module = "xiangqi_arbiter", frozen, name = "Move")]
#[derive(Clone, Copy)]
pub struct PyMove(pub Move);

fn square(index: u32) -> PyResult<Square> {
    u8::try_from(index)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| MoveError::new_err(format!("square index {index} is not in 0..90")))
}

#[pymethods]
impl PyMove {
    #[new]
    fn new(text: &str) -> PyResult<PyMove> {
        text.parse::<Move>()
            .map(PyMove)
            .map_err(|e| MoveError::new_err(format!("move {text:?}: {e}")))
    }

    /// The move from square `from_square` to `to_square` (indices 0–89, `rank * 9 + file`).
    #[staticmethod]
    fn from_squares(from_square: u32, to_square: u32) -> PyResult<PyMove> {
        Ok(PyMove(Move::new(square(from_square)?, square(to_square)?)))
    }

    /// The move with index `from * 90 + to` (0–8099).
    #[staticmethod]
    fn from_index(index: u32) -> PyResult<PyMove> {
        if index >= MOVE_INDICES {
            return Err(MoveError::new_err(format!(
                "move index {index} is not in 0..8100"
            )));
        }
        Ok(PyMove(Move::new(square(index / 90)?, square(index % 90)?)))
    }

    /// The index of the square the piece leaves (`rank * 9 + file`).
    #[getter(from_square)]
    fn origin(&self) -> u32 {
        self.0.from().index().into()
    }

    /// The index of the square it goes to.
    #[getter(to_square)]
    fn destination(&self) -> u32 {
        self.0.to().index().into()
    }

    /// `from_square * 90 + to_square`, 0–8099.
    #[getter]
    fn index(&self) -> u32 {
        index_of(self.0)
    }

    /// ICCS text, `h2e2`.
    #[getter]
    fn iccs(&self) -> String {
        self.0.to_string()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    fn __hash__(slf: &Bound<'_, Self>) -> PyResult<isize> {
        PyString::new(slf.py(), &slf.get().0.to_string()).hash()
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let other = if let Ok(m) = other.cast::<PyMove>() {
            Some(m.get().0)
        } else if let Ok(s) = other.extract::<String>() {
            s.parse::<Move>().ok()
        } else {
            return Ok(py.NotImplemented());
        };
        let equal = other == Some(self.0);
        let answer = match op {
            CompareOp::Eq => equal,
            CompareOp::Ne => !equal,
            _ => return Ok(py.NotImplemented()),
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __reduce__(&self) -> (Py<PyAny>, (String,)) {
        Python::attach(|py| {
            (
                py.get_type::<PyMove>().into_any().unbind(),
                (self.0.to_string(),),
            )
        })
    }
}

/// A move's index, `from * 90 + to`.
pub fn index_of(m: Move) -> u32 {
    u32::from(m.from().index()) * 90 + u32::from(m.to().index())
}

/// Reads a notation name (`iccs`, `uci`, `uci10`, `chinese`, `wxf`).
pub fn notation(name: &str) -> PyResult<Notation> {
    name.parse::<Notation>().map_err(|_| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "unknown notation {name:?}: expected iccs, uci, uci10, chinese or wxf"
        ))
    })
}

/// A move given by a Python caller at `pos`: a `Move`, an index (int), or a text in any
/// notation (detected unless `notation` is given). A coordinate text is taken as written,
/// legal or not: legality is the caller's question, so that it can say which ply is illegal.
pub fn move_arg(
    pos: &Position,
    obj: &Bound<'_, PyAny>,
    notation: Option<Notation>,
) -> PyResult<Move> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(m.get().0);
    }
    if let Ok(i) = obj.extract::<u32>() {
        return PyMove::from_index(i).map(|m| m.0);
    }
    let Ok(text) = obj.extract::<String>() else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "a move is a Move, a str or an int index, not {}",
            obj.get_type().name()?
        )));
    };
    if matches!(notation, None | Some(Notation::Iccs | Notation::Uci))
        && let Ok(m) = text.trim().parse::<Move>()
    {
        return Ok(m);
    }
    let read = match notation {
        Some(n) => parse_move(pos, &text, n),
        None => parse_move_auto(pos, &text),
    };
    read.map_err(|e| MoveError::new_err(format!("move {text:?}: {e}")))
}
