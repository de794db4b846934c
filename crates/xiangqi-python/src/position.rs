//! `Position`: a board with its side to move, the laws of movement, notations, perft, the
//! zobrist key and the board as bytes for numpy.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyMemoryView};
use xiangqi::notation::{Notation, parse_line, write_line, write_move};
use xiangqi::{Move, Position, Undo, perft, perft_divide};

use crate::errors::{MoveError, fen_error};
use crate::mv::{PyMove, index_of, move_arg, notation};

/// A position: pieces, side to move, half-move clock and move number, with a stack of the
/// moves pushed on it (so `pop` takes them back).
///
/// `Position()` is the standard start; `Position(fen)` reads a FEN (raises `FenError`).
#[pyclass(module = "xiangqi_arbiter", name = "Position")]
#[derive(Clone)]
pub struct PyPosition {
    pub pos: Position,
    stack: Vec<(Move, Undo)>,
}

impl PyPosition {
    pub fn wrap(pos: Position) -> PyPosition {
        PyPosition {
            pos,
            stack: Vec::new(),
        }
    }
}

/// Reads a FEN, or the standard start when `None`.
pub fn position_arg(fen: Option<&str>) -> PyResult<Position> {
    match fen {
        None => Ok(Position::start()),
        Some(text) => Position::from_fen(text).map_err(|e| fen_error(text, e)),
    }
}

fn notation_opt(name: Option<&str>) -> PyResult<Option<Notation>> {
    name.map(notation).transpose()
}

/// The board as 90 signed bytes, square by square (`rank * 9 + file`): 0 for empty, Red's
/// king, advisor, elephant, horse, rook, cannon, pawn 1–7, Black's the same negated.
pub fn board_bytes(pos: &Position) -> [u8; 90] {
    let mut out = [0u8; 90];
    for (sq, piece) in pos.pieces() {
        let code = piece.role as i8;
        let signed = match piece.color {
            xiangqi::Color::Red => code,
            xiangqi::Color::Black => -code,
        };
        out[usize::from(sq.index())] = signed.to_ne_bytes()[0];
    }
    out
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (fen=None))]
    fn new(fen: Option<&str>) -> PyResult<PyPosition> {
        Ok(PyPosition::wrap(position_arg(fen)?))
    }

    /// The FEN (`rnbakabnr/9/… w - - 0 1`).
    #[getter]
    fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The side to move: `"red"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.pos.turn().name()
    }

    /// Plies since the last capture (the FEN's half-move clock).
    #[getter]
    fn halfmoves(&self) -> u32 {
        self.pos.halfmoves()
    }

    /// The FEN's move number.
    #[getter]
    fn fullmoves(&self) -> u32 {
        self.pos.fullmoves()
    }

    /// The 64-bit zobrist key of pieces and side to move (kept incrementally).
    #[getter]
    fn zobrist(&self) -> u64 {
        self.pos.hash()
    }

    /// The moves pushed since this object was made, oldest first.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.stack.iter().map(|(m, _)| PyMove(*m)).collect()
    }

    /// Every legal move, in the generator's order.
    fn legal_moves(&self) -> Vec<PyMove> {
        self.pos.legal_moves().iter().map(|&m| PyMove(m)).collect()
    }

    /// The indices (`from * 90 + to`) of the legal moves.
    fn legal_move_indices(&self) -> Vec<u32> {
        self.pos
            .legal_moves()
            .iter()
            .map(|&m| index_of(m))
            .collect()
    }

    /// 8100 bytes, 1 at the index of every legal move and 0 elsewhere: a policy mask
    /// (`numpy.frombuffer(mask, dtype=numpy.uint8)`).
    fn legal_move_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut mask = vec![0u8; 8100];
        for &m in self.pos.legal_moves().iter() {
            mask[index_of(m) as usize] = 1;
        }
        PyBytes::new(py, &mask)
    }

    /// Whether `move` (a Move, an index, or a text in any notation) is legal here.
    #[pyo3(signature = (r#move, notation=None))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>, notation: Option<&str>) -> PyResult<bool> {
        match move_arg(&self.pos, r#move, notation_opt(notation)?) {
            Ok(m) => Ok(self.pos.is_legal(m)),
            Err(e) if e.is_instance_of::<MoveError>(r#move.py()) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Plays a legal move (a Move, an index, or a text in any notation, detected unless
    /// `notation` names it) and returns it; raises `MoveError` and changes nothing if it
    /// cannot be read or is illegal.
    #[pyo3(signature = (r#move, notation=None))]
    fn push(&mut self, r#move: &Bound<'_, PyAny>, notation: Option<&str>) -> PyResult<PyMove> {
        let m = move_arg(&self.pos, r#move, notation_opt(notation)?)?;
        match self.pos.play(m) {
            Ok(undo) => {
                self.stack.push((m, undo));
                Ok(PyMove(m))
            }
            Err(e) => Err(MoveError::new_err(format!(
                "{e} (push {} on this Position, FEN {})",
                self.stack.len() + 1,
                self.pos.fen()
            ))),
        }
    }

    /// Takes back the last pushed move and returns it; `IndexError` if none.
    fn pop(&mut self) -> PyResult<PyMove> {
        let (m, undo) = self.stack.pop().ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err("pop from a position with no pushed move")
        })?;
        self.pos.undo(m, undo);
        Ok(PyMove(m))
    }

    /// A copy, with the same move stack.
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __copy__(&self) -> PyPosition {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        self.clone()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.pos.is_checkmate()
    }

    /// Whether the side to move has no legal move and is not in check (困毙; it loses).
    fn is_stalemate(&self) -> bool {
        self.pos.is_stalemate()
    }

    /// The piece on a square (`"e0"` or an index 0–89) as its FEN letter, or `None`.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let sq = crate::board::square_arg(square)?;
        Ok(self.pos.piece_at(sq).map(|p| p.fen_char().to_string()))
    }

    /// Leaves of the legal move tree to `depth` (the GIL is released while counting).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.pos.clone();
        py.detach(move || perft(&pos, depth))
    }

    /// `perft(depth - 1)` after each legal move, keyed by ICCS.
    fn perft_divide<'py>(&self, py: Python<'py>, depth: u32) -> PyResult<Bound<'py, PyDict>> {
        let pos = self.pos.clone();
        let rows = py.detach(move || perft_divide(&pos, depth));
        let out = PyDict::new(py);
        for (m, n) in rows {
            out.set_item(m.to_string(), n)?;
        }
        Ok(out)
    }

    /// Reads one move in a notation (`iccs`, `uci`, `uci10`, `chinese`, `wxf`; detected when
    /// `None`) and checks it is legal here; raises `MoveError` naming the text and why.
    #[pyo3(signature = (text, notation=None))]
    fn parse_move(&self, text: &str, notation: Option<&str>) -> PyResult<PyMove> {
        let n = notation_opt(notation)?;
        let read = match n {
            Some(n) => xiangqi::notation::parse_move(&self.pos, text, n),
            None => xiangqi::notation::parse_move_auto(&self.pos, text),
        };
        read.map(PyMove)
            .map_err(|e| MoveError::new_err(format!("move {text:?}: {e}")))
    }

    /// Writes a legal move in a notation (default Chinese).
    #[pyo3(signature = (r#move, notation="chinese"))]
    fn write_move(&self, r#move: &Bound<'_, PyAny>, notation: &str) -> PyResult<String> {
        let n = crate::mv::notation(notation)?;
        let m = move_arg(&self.pos, r#move, None)?;
        if let Err(e) = self.pos.clone().play(m) {
            return Err(MoveError::new_err(format!("{e} (FEN {})", self.pos.fen())));
        }
        Ok(write_move(&self.pos, m, n))
    }

    /// Reads a line of moves from here (`"1. 炮二平五 马8进7"`, `"h2e2 h9g7"`), each checked
    /// legal; raises `MoveError` naming the failing ply (1-based) and text.
    #[pyo3(signature = (text, notation=None))]
    fn parse_line(&self, text: &str, notation: Option<&str>) -> PyResult<Vec<PyMove>> {
        parse_line(&self.pos, text, notation_opt(notation)?)
            .map(|v| v.into_iter().map(PyMove).collect())
            .map_err(|e| {
                MoveError::new_err(format!(
                    "ply {} ({:?}, byte {}): {}",
                    e.ply + 1,
                    e.token,
                    e.offset,
                    e.error
                ))
            })
    }

    /// Writes a line of moves played from here, one text per move (default Chinese).
    #[pyo3(signature = (moves, notation="chinese"))]
    fn write_line(&self, moves: Vec<Bound<'_, PyAny>>, notation: &str) -> PyResult<Vec<String>> {
        let n = crate::mv::notation(notation)?;
        let line = crate::board::moves_arg(&self.pos, &moves)?;
        write_line(&self.pos, &line, n).map_err(|e| {
            MoveError::new_err(format!("ply {} ({}): {}", e.ply + 1, e.token, e.error))
        })
    }

    /// The board as 90 signed bytes indexed by square (`rank * 9 + file`, rank 0 Red's back
    /// rank): 0 empty; Red king 1, advisor 2, elephant 3, horse 4, rook 5, cannon 6, pawn 7;
    /// Black's negated. See `board()` for the 10×9 view.
    fn board_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &board_bytes(&self.pos))
    }

    /// The board as a read-only 10×9 `memoryview` of signed bytes (format `b`), indexed
    /// `[rank][file]` like `board_bytes`; `numpy.asarray(pos.board())` is an `int8` array of
    /// shape (10, 9), without numpy being needed here.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let bytes = PyBytes::new(py, &board_bytes(&self.pos));
        PyMemoryView::from(bytes.as_any())?.call_method1("cast", ("b", (10, 9)))
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.pos.fen())
    }

    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPosition>()
            .is_ok_and(|o| o.borrow().pos == self.pos)
    }

    fn __hash__(&self) -> u64 {
        self.pos.hash()
    }

    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (String,)) {
        (
            py.get_type::<PyPosition>().into_any().unbind(),
            (self.pos.fen(),),
        )
    }
}
