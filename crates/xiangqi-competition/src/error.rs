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

impl SpecError {
    /// What is wrong, in Chinese: the field's reason, or serde's message said in Chinese
    /// ([`json_zh`]).
    ///
    /// ```
    /// use xiangqi_competition::SpecError;
    /// assert_eq!(SpecError::field("boards", "1 to 20", "台数应为1至20").zh(), "台数应为1至20");
    /// assert_eq!(
    ///     SpecError::Json("missing field `name` at line 1 column 2".into()).zh(),
    ///     "请求内容缺少字段name（第1行第2列）"
    /// );
    /// ```
    pub fn zh(&self) -> String {
        match self {
            SpecError::Json(m) => json_zh(m),
            SpecError::Field { zh, .. } => zh.clone(),
        }
    }
}

/// serde's message on a JSON body (`missing field `name` at line 1 column 2`) in Chinese:
/// what is wrong with which field, and where.
///
/// ```
/// use xiangqi_competition::error::json_zh;
/// assert_eq!(json_zh("expected value at line 1 column 1"), "请求内容无法读取（第1行第1列）");
/// assert_eq!(json_zh("unknown field `x`"), "请求内容没有字段x");
/// // A message the server prefixed with the field it read (an event's game options):
/// assert_eq!(
///     json_zh("options.control: invalid type: integer `5`, expected a string"),
///     "请求内容options.control一项的值类型不对（如数字写成了文字）"
/// );
/// assert_eq!(json_zh("options: unknown field `colour`"), "请求内容options没有字段colour");
/// ```
pub fn json_zh(m: &str) -> String {
    let (field, m) = match m.split_once(": ") {
        Some((field, rest))
            if !field.is_empty()
                && field
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '_' || c == '.') =>
        {
            (field, rest)
        }
        _ => ("", m),
    };
    let (detail, place) = match m.rsplit_once(" at line ") {
        Some((what, at)) => match at.split_once(" column ") {
            Some((line, col)) => (what, format!("（第{line}行第{col}列）")),
            None => (what, String::new()),
        },
        None => (m, String::new()),
    };
    let quoted = |s: &str| s.split('`').nth(1).unwrap_or("").to_owned();
    let text = if detail.starts_with("missing field") {
        format!("缺少字段{}", quoted(detail))
    } else if detail.starts_with("unknown field") {
        format!("没有字段{}", quoted(detail))
    } else if detail.starts_with("duplicate field") {
        format!("字段{}重复", quoted(detail))
    } else if detail.starts_with("invalid type") || detail.starts_with("invalid value") {
        if field.is_empty() {
            "有一项的值类型不对（如数字写成了文字）".to_owned()
        } else {
            "一项的值类型不对（如数字写成了文字）".to_owned()
        }
    } else if detail.starts_with("unknown variant") {
        format!("没有{}这个选项", quoted(detail))
    } else {
        "无法读取".to_owned()
    };
    format!("请求内容{field}{text}{place}")
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

/// A change the event's state does not allow: why, in English and in Chinese (the same
/// things named; the Chinese pages show [`Refused::zh`]).
///
/// ```
/// use xiangqi_competition::Refused;
/// let r = Refused::Missing("no player 9".into(), "没有9号选手".into());
/// assert_eq!(r.to_string(), "no player 9");
/// assert_eq!(r.zh(), "没有9号选手");
/// let t = Refused::from(xiangqi_tournament::Error::UnknownRound(4));
/// assert_eq!(t.zh(), "第4轮尚未编排");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The tournament crate refused it (pairing, a result, a withdrawal); its Chinese text
    /// is [`crate::refused_zh::tournament_zh`]'s.
    Tournament(xiangqi_tournament::Error),
    /// No such player, team, arbiter, round, board or stage in the event: English, Chinese.
    Missing(String, String),
    /// The event's procedure does not allow it, or not now (too late, not started, not this
    /// kind of event, out of the books' bounds): English, Chinese.
    Procedure(String, String),
}

impl Refused {
    /// Why, in Chinese.
    ///
    /// ```
    /// use xiangqi_competition::Refused;
    /// assert_eq!(Refused::Procedure("not started".into(), "比赛尚未开始".into()).zh(), "比赛尚未开始");
    /// ```
    pub fn zh(&self) -> String {
        match self {
            Refused::Tournament(e) => crate::refused_zh::tournament_zh(e),
            Refused::Missing(_, zh) | Refused::Procedure(_, zh) => zh.clone(),
        }
    }
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
            Refused::Missing(m, _) | Refused::Procedure(m, _) => f.write_str(m),
        }
    }
}

impl std::error::Error for Refused {}

/// A refusal by the event's procedure, in English and in Chinese.
pub(crate) fn refuse<T>(en: impl Into<String>, zh: impl Into<String>) -> Result<T, Refused> {
    Err(Refused::Procedure(en.into(), zh.into()))
}

/// A refusal naming something the event does not have, in English and in Chinese.
pub(crate) fn missing<T>(en: impl Into<String>, zh: impl Into<String>) -> Result<T, Refused> {
    Err(Refused::Missing(en.into(), zh.into()))
}
