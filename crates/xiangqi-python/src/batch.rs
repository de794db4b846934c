//! Ruling many games at once on every core, the GIL released: a list of games, or every game
//! of a record file (as `xq judge FILE --json` rules them).

use std::num::NonZeroUsize;
use std::thread;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use xiangqi::{Move, Position};
use xiangqi_referee::Options;

use crate::errors::record_error;
use crate::position::position_arg;
use crate::records::{PyGameRecord, judged_moves};
use crate::referee::{judge_json, options_arg};

/// The worker count: `threads`, or every core the process may use.
fn workers(threads: Option<usize>, jobs: usize) -> usize {
    let cores = thread::available_parallelism().map_or(1, NonZeroUsize::get);
    threads.unwrap_or(cores).clamp(1, jobs.max(1))
}

/// Runs `f` on every item on `threads` workers, keeping the items' order. Items are dealt in
/// interleaved stripes so that long and short games spread evenly.
fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> PyResult<Vec<R>> {
    let mut slots: Vec<Option<R>> = Vec::with_capacity(items.len());
    slots.resize_with(items.len(), || None);
    thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> = (0..threads)
            .map(|w| {
                scope.spawn(move || {
                    (w..items.len())
                        .step_by(threads)
                        .map(|i| (i, f(&items[i])))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            // A worker only panics if the referee does, which its own tests rule out; its
            // empty slots then raise an error below instead of aborting the interpreter.
            if let Ok(done) = h.join() {
                for (i, r) in done {
                    slots[i] = Some(r);
                }
            }
        }
    });
    slots
        .into_iter()
        .collect::<Option<Vec<R>>>()
        .ok_or_else(|| {
            pyo3::exceptions::PyRuntimeError::new_err("a worker thread failed (a referee panic)")
        })
}

/// A game given to `judge_many`: a `GameRecord`, or a pair `(fen or None, moves)`, or just
/// the moves (from the standard start).
fn game_arg(item: &Bound<'_, PyAny>) -> PyResult<(Position, Vec<Move>)> {
    if let Ok(record) = item.cast::<PyGameRecord>() {
        let r = &record.borrow().record;
        return Ok((r.start.clone(), judged_moves(r)));
    }
    if let Ok(pair) = item.cast::<PyTuple>()
        && pair.len() == 2
    {
        let fen = pair.get_item(0)?;
        let fen: Option<String> = if fen.is_none() {
            None
        } else {
            fen.extract().ok().filter(|f: &String| f.contains('/'))
        };
        if fen.is_some() || pair.get_item(0)?.is_none() {
            let start = position_arg(fen.as_deref())?;
            let moves = crate::board::moves_or_text(&start, &pair.get_item(1)?)?;
            return Ok((start, moves));
        }
    }
    let start = Position::start();
    let moves = crate::board::moves_or_text(&start, item)?;
    Ok((start, moves))
}

/// `judge_many_json(games, options=None, threads=None)`: the rulings' JSON, in order.
/// Arguments are read with the GIL, the games ruled without it.
#[pyfunction]
#[pyo3(signature = (games, options=None, threads=None))]
pub fn judge_many_json(
    py: Python<'_>,
    games: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    let options = options_arg(options)?;
    let mut inputs = Vec::new();
    for (i, item) in games.try_iter()?.enumerate() {
        let game = game_arg(&item?).map_err(|e| {
            crate::errors::MoveError::new_err(format!("game {}: {}", i + 1, e.value(py)))
        })?;
        inputs.push(game);
    }
    let n = workers(threads, inputs.len());
    py.detach(|| {
        parallel_map(&inputs, n, |(start, moves)| {
            judge_json(start, moves, &options)
        })
    })
}

/// `judge_file(source, …)`: every game of a record (bytes or a path) ruled as `xq judge FILE
/// --json` rules it; a list with, per game, the ruling's JSON or the `RecordError` of a game
/// that could not be read.
#[pyfunction]
#[pyo3(signature = (source, options=None, threads=None))]
pub fn judge_file_json(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    threads: Option<usize>,
) -> PyResult<Vec<Py<PyAny>>> {
    let options: Options = options_arg(options)?;
    let bytes = crate::records::source_bytes(py, source)?;
    let games = py
        .detach(|| xiangqi_records::read_games(&bytes))
        .map_err(|e| crate::errors::file_error(py, e.to_string()))?;
    let n = workers(threads, games.len());
    let rulings = py.detach(|| {
        parallel_map(&games, n, |g| {
            g.as_ref()
                .map(|r| judge_json(&r.start, &judged_moves(r), &options))
                .map_err(Clone::clone)
        })
    })?;
    rulings
        .into_iter()
        .map(|r| match r {
            Ok(json) => Ok(json.into_pyobject(py)?.into_any().unbind()),
            Err(e) => Ok(record_error(py, &e).into_value(py).into_any()),
        })
        .collect()
}
