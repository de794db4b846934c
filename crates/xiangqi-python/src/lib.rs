//! The native half of the `xiangqi_arbiter` Python package: the rules core, the referee and
//! the records of the Xiangqi Arbiter as Python classes and functions. The Python half
//! (`python/xiangqi_arbiter/`) adds the `Ruling` objects, the `Game` wrapper and the board
//! view; `python/xiangqi_arbiter/_native.pyi` documents every item here.
//!
//! Built by maturin (`pyproject.toml`), which alone turns on pyo3's `extension-module`
//! feature; a plain `cargo build` or `cargo clippy` of the workspace compiles this crate
//! without it.

use pyo3::prelude::*;

mod batch;
mod board;
mod errors;
mod mv;
mod position;
mod records;
mod referee;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<mv::PyMove>()?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<referee::PyReferee>()?;
    m.add_class::<records::PyGameRecord>()?;
    m.add_class::<records::PyGameReader>()?;
    m.add_function(wrap_pyfunction!(referee::judge_to_json, m)?)?;
    m.add_function(wrap_pyfunction!(records::read_games_iter, m)?)?;
    m.add_function(wrap_pyfunction!(batch::judge_many_json, m)?)?;
    m.add_function(wrap_pyfunction!(batch::judge_file_json, m)?)?;
    m.add("MOVE_INDICES", mv::MOVE_INDICES)?;
    Ok(())
}
