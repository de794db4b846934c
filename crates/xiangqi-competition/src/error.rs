//! What a competition refuses, typed: a request body that is not the API's
//! ([`SpecError`]), and a change the event's state does not allow ([`Refused`]).

use std::fmt;

/// A request body that cannot be read: what is wrong and where.
///
/// ```
/// use xiangqi_competition::SpecError;
/// let e = SpecError::field("rounds", "expected 1 to 50", "应为1至50");
/// assert_eq!(e.to_string(), "rounds: expected 1 to 50");
/// assert!(SpecError::Json("expected value at line 1 column 2".into()).to_string().starts_with("bad request"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecError {
    /// Not the request's JSON: serde's message (what, line, column).
    Json(String),
    /// A field's value is wrong.
    Field {
        /// The field at fault (`rounds`, `result`, …).
        field: String,
        /// Why, in English.
        en: String,
        /// Why, in Chinese.
        zh: String,
    },
}

impl SpecError {
    /// A wrong `field`, with the reason in both languages.
    ///
    /// ```
    /// use xiangqi_competition::SpecError;
    /// let SpecError::Field { field, .. } = SpecError::field("boards", "1 to 20", "1至20") else {
    ///     unreachable!()
    /// };
    /// assert_eq!(field, "boards");
    /// ```
    pub fn field(field: &str, en: impl Into<String>, zh: impl Into<String>) -> SpecError {
        SpecError::Field {
            field: field.to_owned(),
            en: en.into(),
            zh: zh.into(),
        }
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Json(m) => write!(f, "bad request: JSON body: {m}"),
            SpecError::Field { field, en, .. } => write!(f, "{field}: {en}"),
        }
    }
}

impl std::error::Error for SpecError {}

/// A change the event's state does not allow: the message says why.
///
/// ```
/// use xiangqi_competition::Refused;
/// let r = Refused::Missing("no player 9".into());
/// assert_eq!(r.to_string(), "no player 9");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The tournament crate refused it (pairing, a result, a withdrawal).
    Tournament(xiangqi_tournament::Error),
    /// No such player, team, arbiter, round, board or stage in the event.
    Missing(String),
    /// The event's procedure does not allow it, or not now (too late, not started, not this
    /// kind of event, out of the books' bounds).
    Procedure(String),
}

impl From<xiangqi_tournament::Error> for Refused {
    fn from(e: xiangqi_tournament::Error) -> Refused {
        Refused::Tournament(e)
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Tournament(e) => write!(f, "{e}"),
            Refused::Missing(m) | Refused::Procedure(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Refused {}

/// A refusal by the event's procedure.
pub(crate) fn refuse<T>(m: impl Into<String>) -> Result<T, Refused> {
    Err(Refused::Procedure(m.into()))
}

/// A refusal naming something the event does not have.
pub(crate) fn missing<T>(m: impl Into<String>) -> Result<T, Refused> {
    Err(Refused::Missing(m.into()))
}
