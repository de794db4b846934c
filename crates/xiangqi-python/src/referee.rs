//! The referee: a game ruled move by move (`Referee`), a whole game at once (`judge`), and
//! the rule options. Rulings cross into Python as the JSON `xq judge --json` prints; the
//! Python `Ruling` class reads its typed attributes from it, so the two never disagree.

use pyo3::prelude::*;
use xiangqi::{Move, Position};
use xiangqi_referee::{Options, PlayError, Referee, RuleSet, Ruling};

use crate::errors::{GameOverError, MoveError};
use crate::mv::{PyMove, move_arg};
use crate::position::{PyPosition, position_arg};

/// The referee's options from Python's keyword arguments, as `xq judge` takes them:
/// `rules` `"chinese"` (CXA) or `"asian"` (AXF); `repetitions` the occurrence that triggers
/// a repetition ruling (0 off; 1 is refused, as `xq judge` refuses it); `natural_limit` in
/// moves by each side (None: the rule set's, 0: off).
pub fn options_arg(rules: &str, repetitions: u32, natural_limit: Option<u32>) -> PyResult<Options> {
    let rules: RuleSet = rules
        .parse()
        .map_err(|e: xiangqi_referee::ParseRuleSetError| {
            pyo3::exceptions::PyValueError::new_err(format!("rules={rules:?}: {e}"))
        })?;
    if repetitions == 1 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "repetitions=1: a repetition needs at least 2 occurrences (0 turns rulings off)",
        ));
    }
    Ok(Options {
        rules,
        repetitions,
        natural_limit,
    })
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
    #[pyo3(signature = (fen=None, rules="chinese", repetitions=3, natural_limit=None))]
    fn new(
        fen: Option<&str>,
        rules: &str,
        repetitions: u32,
        natural_limit: Option<u32>,
    ) -> PyResult<PyReferee> {
        let start = position_arg(fen)?;
        let options = options_arg(rules, repetitions, natural_limit)?;
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

    /// The options: `(rules, repetitions, natural_limit)`.
    fn options(&self) -> (String, u32, Option<u32>) {
        let o = self.referee.options();
        (o.rules.to_string(), o.repetitions, o.natural_limit)
    }

    fn __copy__(&self) -> PyReferee {
        self.clone()
    }
}

/// Rules on a whole game as `xq judge --json` does; returns the ruling's JSON.
pub fn judge_json(start: &Position, moves: &[Move], options: &Options) -> String {
    ruling_json(&xiangqi_referee::judge(start, moves, options))
}

/// `judge(moves, fen=None, rules="chinese", repetitions=3, natural_limit=None)`: the JSON of
/// the ruling on a game, exactly as `xq judge --json` prints it.
#[pyfunction]
#[pyo3(signature = (moves, fen=None, rules="chinese", repetitions=3, natural_limit=None))]
pub fn judge_to_json(
    py: Python<'_>,
    moves: &Bound<'_, PyAny>,
    fen: Option<&str>,
    rules: &str,
    repetitions: u32,
    natural_limit: Option<u32>,
) -> PyResult<String> {
    let start = position_arg(fen)?;
    let options = options_arg(rules, repetitions, natural_limit)?;
    let moves = crate::board::moves_or_text(&start, moves)?;
    Ok(py.detach(move || judge_json(&start, &moves, &options)))
}
