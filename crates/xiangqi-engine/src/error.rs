//! What can go wrong with an engine.

use std::fmt;

/// An engine that failed us. Each names the engine and says what we were waiting for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The program could not be started.
    Spawn {
        /// The engine's name.
        engine: String,
        /// Why.
        error: String,
    },
    /// The start-up conversation failed (no `uciok`/`ucciok`, a missing option).
    Handshake {
        /// The engine's name.
        engine: String,
        /// What went wrong.
        what: String,
    },
    /// No answer in time.
    Timeout {
        /// The engine's name.
        engine: String,
        /// What we waited for.
        waiting_for: String,
    },
    /// The process closed its output or exited (crashed).
    Exited {
        /// The engine's name.
        engine: String,
        /// What we waited for.
        waiting_for: String,
        /// Its exit status, if it could be read.
        status: Option<String>,
        /// Its last lines of output.
        last_lines: Vec<String>,
    },
    /// Too much or too malformed output.
    Babbling {
        /// The engine's name.
        engine: String,
        /// What it did.
        why: String,
    },
}

impl EngineError {
    /// The engine's name.
    pub fn engine(&self) -> &str {
        match self {
            EngineError::Spawn { engine, .. }
            | EngineError::Handshake { engine, .. }
            | EngineError::Timeout { engine, .. }
            | EngineError::Exited { engine, .. }
            | EngineError::Babbling { engine, .. } => engine,
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Spawn { engine, error } => {
                write!(f, "engine {engine}: cannot start: {error}")
            }
            EngineError::Handshake { engine, what } => {
                write!(f, "engine {engine}: handshake failed: {what}")
            }
            EngineError::Timeout {
                engine,
                waiting_for,
            } => {
                write!(
                    f,
                    "engine {engine}: no answer while waiting for {waiting_for}"
                )
            }
            EngineError::Exited {
                engine,
                waiting_for,
                status,
                last_lines,
            } => {
                write!(
                    f,
                    "engine {engine} exited while we waited for {waiting_for}"
                )?;
                if let Some(s) = status {
                    write!(f, " ({s})")?;
                }
                if let Some(l) = last_lines.last() {
                    write!(f, "; its last line: {l:?}")?;
                }
                Ok(())
            }
            EngineError::Babbling { engine, why } => write!(f, "engine {engine} babbles: {why}"),
        }
    }
}

impl std::error::Error for EngineError {}
