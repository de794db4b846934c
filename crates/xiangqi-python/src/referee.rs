//! The referee: a game ruled move by move (`Referee`), a whole game at once (`judge`), and
//! the rule options. Rulings cross into Python as the JSON `xq judge --json` prints; the
//! Python `Ruling` class reads its typed attributes from it, so the two never disagree.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use xiangqi::{Color, Move, Position};
use xiangqi_referee::{Claimant, Options, PlayError, Referee, Ruling};

use crate::errors::{ClaimError, GameOverError, MoveError};
use crate::mv::{PyMove, move_arg};
use crate::position::{PyPosition, position_arg};

/// The referee's options from the keyword arguments the Python functions collect in a dict,
/// as `xq judge` takes them: `rules` `"chinese"` (CXA) or `"asian"` (AXF); `repetitions` the
/// occurrence that triggers a repetition ruling (0 off; 1 refused, as `xq judge` refuses it);
/// `natural_limit` in moves by each side (None: the rule set's, 0: off); `procedure`
/// `"book"` (an order to vary, a claimable draw) or `"immediate"` (the game ends at the
/// ruling occurrence). A key not known here is refused rather than ignored. An option the referee gains is one more arm here.
pub fn options_arg(options: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut out = Options::default();
    let Some(options) = options else {
        return Ok(out);
    };
    for (key, value) in options.iter() {
        let key: String = key.extract()?;
        match key.as_str() {
            "rules" => {
                let text: String = value.extract()?;
                out.rules = text
                    .parse()
                    .map_err(|e: xiangqi_referee::ParseRuleSetError| {
                        PyValueError::new_err(format!("rules={text:?}: {e}"))
                    })?;
            }
            "procedure" => {
                let text: String = value.extract()?;
                out.procedure =
                    text.parse()
                        .map_err(|e: xiangqi_referee::ParseProcedureError| {
                            PyValueError::new_err(format!("procedure={text:?}: {e}"))
                        })?;
            }
            "repetitions" => out.repetitions = value.extract()?,
            "natural_limit" => out.natural_limit = value.extract()?,
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown referee option {other:?}: expected rules, repetitions, natural_limit, procedure"
                )));
            }
        }
    }
    if out.repetitions == 1 {
        return Err(PyValueError::new_err(
            "repetitions=1: a repetition needs at least 2 occurrences (0 turns rulings off)",
        ));
    }
    Ok(out)
}

/// The ruling as `xq judge --json` prints it.
pub fn ruling_json(r: &Ruling) -> String {
    // Serialising plain strings and numbers to a String cannot fail.
    serde_json::to_string(r).unwrap_or_default()
}

/// A game ruled after every move: the native half of `xiangqi_arbiter.Game`.
#[pyclass(module = "xiangqi_arbiter._native", name = "Referee")]
#[derive(Clone)]
pub struct PyReferee {
    referee: Referee,
}

#[pymethods]
impl PyReferee {
    #[new]
    #[pyo3(signature = (fen=None, options=None))]
    fn new(fen: Option<&str>, options: Option<&Bound<'_, PyDict>>) -> PyResult<PyReferee> {
        let start = position_arg(fen)?;
        let options = options_arg(options)?;
        Ok(PyReferee {
            referee: Referee::new(start, options),
        })
    }

    /// Plays a move and returns the ruling's JSON. Raises `MoveError` for an illegal or
    /// unreadable move and `GameOverError` after the game is decided; either changes nothing.
    #[pyo3(signature = (r#move, notation=None))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>, notation: Option<&str>) -> PyResult<String> {
        let notation = notation.map(crate::mv::notation).transpose()?;
        let ply = self.referee.moves().len() + 1;
        let m = move_arg(self.referee.position(), r#move, notation)
            .map_err(|e| MoveError::new_err(format!("ply {ply}: {}", e.value(r#move.py()))))?;
        match self.referee.play(m) {
            Ok(r) => Ok(ruling_json(r)),
            Err(e @ PlayError::GameOver { .. }) => Err(GameOverError::new_err(e.to_string())),
            Err(e) => Err(MoveError::new_err(format!(
                "ply {ply}: {e} (FEN {})",
                self.referee.position().fen()
            ))),
        }
    }

    /// Claims the repetition draw the ruling says is claimable, for `by` (`"red"`, `"black"`
    /// or `"arbiter"`); returns the ruling's JSON (a draw). Raises `ClaimError` with the
    /// referee's reason when there is no draw to claim; the game then goes on unchanged.
    fn claim(&mut self, py: Python<'_>, by: &str) -> PyResult<String> {
        let claimant = match by {
            "red" => Claimant::Player(Color::Red),
            "black" => Claimant::Player(Color::Black),
            "arbiter" => Claimant::Arbiter,
            other => {
                return Err(PyValueError::new_err(format!(
                    "claim by {other:?}: expected \"red\", \"black\" or \"arbiter\""
                )));
            }
        };
        match self.referee.claim(claimant) {
            Ok(r) => Ok(ruling_json(r)),
            Err(e) => {
                let err = ClaimError::new_err(e.to_string());
                // Setting an attribute on a fresh exception cannot fail short of memory
                // exhaustion; the message says everything without it.
                let _ = err.value(py).setattr("code", e.code());
                Err(err)
            }
        }
    }

    /// The ruling so far, as JSON.
    fn ruling_json(&self) -> String {
        ruling_json(self.referee.ruling())
    }

    /// Whether the game is decided.
    fn is_over(&self) -> bool {
        self.referee.ruling().is_decided()
    }

    /// The current position (a copy).
    fn position(&self) -> PyPosition {
        PyPosition::wrap(self.referee.position().clone())
    }

    /// The start position's FEN.
    fn start_fen(&self) -> String {
        self.referee.start().fen()
    }

    /// The moves played.
    fn moves(&self) -> Vec<PyMove> {
        self.referee.moves().iter().map(|&m| PyMove(m)).collect()
    }

    /// The options, as a dict of the keyword arguments that give them.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let o = self.referee.options();
        let d = PyDict::new(py);
        d.set_item("rules", o.rules.to_string())?;
        d.set_item("repetitions", o.repetitions)?;
        d.set_item("natural_limit", o.natural_limit)?;
        d.set_item("procedure", o.procedure.to_string())?;
        Ok(d)
    }

    fn __copy__(&self) -> PyReferee {
        self.clone()
    }
}

/// Rules on a whole game as `xq judge --json` does; returns the ruling's JSON.
pub fn judge_json(start: &Position, moves: &[Move], options: &Options) -> String {
    ruling_json(&xiangqi_referee::judge(start, moves, options))
}

/// `judge_to_json(moves, fen=None, options=None)`: the JSON of the ruling on a game, exactly
/// as `xq judge --json` prints it.
#[pyfunction]
#[pyo3(signature = (moves, fen=None, options=None))]
pub fn judge_to_json(
    py: Python<'_>,
    moves: &Bound<'_, PyAny>,
    fen: Option<&str>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let start = position_arg(fen)?;
    let options = options_arg(options)?;
    let moves = crate::board::moves_or_text(&start, moves)?;
    Ok(py.detach(move || judge_json(&start, &moves, &options)))
}
