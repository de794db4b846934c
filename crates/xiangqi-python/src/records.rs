//! Game records: `GameRecord` (tags, start, the move tree), `read_games` (any format `xq
//! convert` reads, PGN streamed game by game from a file), and the writers.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Cursor, Read};

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use xiangqi_records::pgn::{PgnOptions, PgnReader, write_pgn, write_pgn_bytes};
use xiangqi_records::{Encoding, Format, GameRecord, RecordError, detect_format, read_games};

use crate::errors::{file_error, record_error};
use crate::mv::PyMove;
use crate::position::{PyPosition, position_arg};

/// One game of a record: tags, start position, main line with variations and comments.
#[pyclass(module = "xiangqi_arbiter", name = "GameRecord")]
#[derive(Clone)]
pub struct PyGameRecord {
    pub record: GameRecord,
}

fn write_error(e: xiangqi_records::WriteError) -> PyErr {
    crate::errors::RecordError::new_err(e.to_string())
}

#[pymethods]
impl PyGameRecord {
    /// A record of bare moves (Moves, indices or texts in any notation) from `fen` (the
    /// standard start by default), with optional tags and result (`"1-0"`, `"0-1"`,
    /// `"1/2-1/2"`, `"*"`). Moves must be legal: raises `MoveError` naming the ply.
    #[staticmethod]
    #[pyo3(signature = (moves, fen=None, tags=None, result=None))]
    fn from_moves(
        moves: &Bound<'_, PyAny>,
        fen: Option<&str>,
        tags: Option<Vec<(String, String)>>,
        result: Option<&str>,
    ) -> PyResult<PyGameRecord> {
        let start = position_arg(fen)?;
        let line = crate::board::moves_or_text(&start, moves)?;
        let mut pos = start.clone();
        for (ply, &m) in line.iter().enumerate() {
            pos.play(m)
                .map_err(|e| crate::errors::MoveError::new_err(format!("ply {}: {e}", ply + 1)))?;
        }
        let mut record = GameRecord::from_moves(start, line);
        for (name, value) in tags.unwrap_or_default() {
            record.tags.set(&name, value);
        }
        if let Some(result) = result {
            let outcome: xiangqi_records::GameResult = result.parse().map_err(|e| {
                pyo3::exceptions::PyValueError::new_err(format!("result={result:?}: {e}"))
            })?;
            record.tags.set("Result", outcome.pgn());
        }
        Ok(PyGameRecord { record })
    }

    /// The tags in file order, as a dict.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.record.tags.iter() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The start position (a fresh `Position`).
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition::wrap(self.record.start.clone())
    }

    /// The start position's FEN.
    #[getter]
    fn fen(&self) -> String {
        self.record.start.fen()
    }

    /// The main line.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        self.record.mainline().into_iter().map(PyMove).collect()
    }

    /// The recorded result: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[getter]
    fn result(&self) -> &'static str {
        self.record.outcome().pgn()
    }

    /// What the reader had to drop (an illegal or unreadable move ends its line), as
    /// `RecordError` instances with game, ply and place; empty for a clean record.
    #[getter]
    fn problems(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.record
            .problems
            .iter()
            .map(|e| record_error(py, e).into_value(py).into_any())
            .collect()
    }

    /// How many moves the tree holds, variations included.
    #[getter]
    fn node_count(&self) -> usize {
        self.record.moves.node_count()
    }

    /// The main line plus, for a main-line move the reader found illegal, that move: the
    /// game as `xq judge FILE` rules it (its author loses).
    fn moves_to_judge(&self) -> Vec<PyMove> {
        judged_moves(&self.record).into_iter().map(PyMove).collect()
    }

    /// PGN text: moves in `chinese` (default), `wxf` or `iccs`; variations and comments kept.
    #[pyo3(signature = (notation="chinese"))]
    fn to_pgn(&self, notation: &str) -> PyResult<String> {
        write_pgn(&self.record, &pgn_options(notation, Encoding::Utf8)?).map_err(write_error)
    }

    /// PGN bytes in `utf-8` or `gbk` (for old programs).
    #[pyo3(signature = (notation="chinese", encoding="utf-8"))]
    fn to_pgn_bytes<'py>(
        &self,
        py: Python<'py>,
        notation: &str,
        encoding: &str,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let encoding = match encoding.to_ascii_lowercase().replace('_', "-").as_str() {
            "utf-8" | "utf8" => Encoding::Utf8,
            "gbk" | "gb18030" | "gb2312" => Encoding::Gbk,
            other => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "encoding={other:?}: expected utf-8 or gbk"
                )));
            }
        };
        let bytes = write_pgn_bytes(&self.record, &pgn_options(notation, encoding)?)
            .map_err(write_error)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// DhtmlXQ (UBB) text.
    fn to_dhtmlxq(&self) -> PyResult<String> {
        xiangqi_records::dhtmlxq::write_dhtmlxq(&self.record).map_err(write_error)
    }

    /// XQF bytes (version 11, unscrambled).
    fn to_xqf<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = xiangqi_records::xqf::write_xqf(&self.record).map_err(write_error)?;
        Ok(PyBytes::new(py, &bytes))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGameRecord>()
            .is_ok_and(|o| o.borrow().record == self.record)
    }

    fn __repr__(&self) -> String {
        let name = |k: &str| self.record.tags.get(k).unwrap_or("?").to_owned();
        format!(
            "<GameRecord {} vs {} {} plies {}>",
            name("Red"),
            name("Black"),
            self.record.mainline().len(),
            self.record.outcome().pgn()
        )
    }
}

fn pgn_options(notation: &str, encoding: Encoding) -> PyResult<PgnOptions> {
    let notation = crate::mv::notation(notation)?;
    Ok(PgnOptions {
        notation,
        encoding,
        ..PgnOptions::default()
    })
}

/// The main line, plus the first main-line move the reader found illegal (as `xq judge FILE`
/// hands it to the referee).
pub fn judged_moves(record: &GameRecord) -> Vec<xiangqi::Move> {
    let mut moves = record.mainline();
    let next = moves.len() as u32 + 1;
    let illegal = record.problems.iter().find_map(|p| match &p.kind {
        xiangqi_records::ErrorKind::IllegalMove { mv, .. } if p.ply == Some(next) => Some(*mv),
        _ => None,
    });
    moves.extend(illegal);
    moves
}

type Source = Box<dyn BufRead + Send + Sync>;

/// The games still to come: a PGN stream read one game at a time, or the games of a format
/// that is read whole (one game, or a CBL library).
enum Pending {
    Pgn(Box<PgnReader<Source>>),
    Whole(VecDeque<Result<GameRecord, RecordError>>),
}

/// An iterator over the games of a record, yielding `GameRecord`s. A game that cannot be read
/// raises `RecordError` (game, ply, line/column or offset) when `errors="raise"`, and the
/// iterator can go on with the next game; with `errors="skip"` it is left out and its error
/// kept in `errors`.
#[pyclass(module = "xiangqi_arbiter", name = "GameReader")]
pub struct PyGameReader {
    pending: Pending,
    skip: bool,
    skipped: Vec<RecordError>,
    format: Format,
}

#[pymethods]
impl PyGameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyGameRecord>> {
        loop {
            let next = match &mut self.pending {
                Pending::Pgn(reader) => {
                    let mut builder = xiangqi_records::pgn::GameBuilder::new();
                    py.detach(|| reader.read_game(&mut builder).map(Result::flatten))
                }
                Pending::Whole(games) => games.pop_front(),
            };
            match next {
                None => return Ok(None),
                Some(Ok(record)) => return Ok(Some(PyGameRecord { record })),
                Some(Err(e)) if self.skip => self.skipped.push(e),
                Some(Err(e)) => return Err(record_error(py, &e)),
            }
        }
    }

    /// The errors of the games left out with `errors="skip"`, as `RecordError` instances.
    #[getter]
    fn errors(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.skipped
            .iter()
            .map(|e| record_error(py, e).into_value(py).into_any())
            .collect()
    }

    fn __repr__(&self) -> String {
        format!("<GameReader {}>", self.format)
    }

    /// The detected format: `PGN`, `DhtmlXQ`, `XQF`, `FEN and moves`, `CBF`, `CBR`, `CBL`.
    #[getter]
    fn format(&self) -> String {
        self.format.to_string()
    }
}

/// Opens `source` (bytes-like, or a path as str or os.PathLike) for reading games.
fn open(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<(Vec<u8>, Option<File>)> {
    if let Ok(bytes) = source.extract::<Vec<u8>>()
        && !source.is_instance_of::<pyo3::types::PyString>()
    {
        return Ok((bytes, None));
    }
    let path: std::path::PathBuf = source.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "read_games takes bytes, bytearray, memoryview, or a path (str or os.PathLike)",
        )
    })?;
    let mut file = File::open(&path)
        .map_err(|e| file_error(py, format!("cannot open {}: {e}", path.display())))?;
    // The head tells the format; a PGN is then streamed from the head and the rest.
    let mut head = Vec::with_capacity(1 << 16);
    (&mut file)
        .take(1 << 16)
        .read_to_end(&mut head)
        .map_err(|e| file_error(py, format!("cannot read {}: {e}", path.display())))?;
    Ok((head, Some(file)))
}

/// Every byte of `source` (bytes-like, or a path).
pub fn source_bytes(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let (mut bytes, file) = open(py, source)?;
    if let Some(mut file) = file {
        file.read_to_end(&mut bytes)
            .map_err(|e| file_error(py, format!("cannot read: {e}")))?;
    }
    Ok(bytes)
}

/// `read_games(source, errors="raise")`: see `PyGameReader`.
#[pyfunction]
#[pyo3(signature = (source, errors="raise"))]
pub fn read_games_iter(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    errors: &str,
) -> PyResult<PyGameReader> {
    let skip = match errors {
        "raise" => false,
        "skip" => true,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "errors={other:?}: expected \"raise\" or \"skip\""
            )));
        }
    };
    let (head, file) = open(py, source)?;
    let format = detect_format(&head).map_err(|e| file_error(py, e.to_string()))?;
    let pending = if format == Format::Pgn {
        let src: Source = match file {
            Some(file) => Box::new(BufReader::new(Cursor::new(head).chain(file))),
            None => Box::new(Cursor::new(head)),
        };
        Pending::Pgn(Box::new(PgnReader::new(src)))
    } else {
        let mut bytes = head;
        if let Some(mut file) = file {
            file.read_to_end(&mut bytes)
                .map_err(|e| file_error(py, format!("cannot read: {e}")))?;
        }
        let games = py
            .detach(move || read_games(&bytes))
            .map_err(|e| file_error(py, e.to_string()))?;
        Pending::Whole(games.into())
    };
    Ok(PyGameReader {
        pending,
        skip,
        skipped: Vec::new(),
        format,
    })
}
