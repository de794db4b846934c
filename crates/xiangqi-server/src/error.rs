//! The one error type of the API, and the one place it becomes an HTTP status.

use std::fmt;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::refusal_zh::refusal_zh;
use xiangqi_game::Refusal;

/// Whose token an event's action needs (named in its refusals).
///
/// ```
/// use xiangqi_server::error::Holder;
/// assert_eq!(Holder::Organiser.en(), "the organiser");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    /// The organiser's link.
    Organiser,
    /// The organiser's or an arbiter's link.
    OrganiserOrArbiter,
    /// The organiser's or the team captain's link.
    OrganiserOrCaptain,
    /// A player's link.
    Player,
}

impl Holder {
    /// In English.
    pub fn en(self) -> &'static str {
        match self {
            Holder::Organiser => "the organiser",
            Holder::OrganiserOrArbiter => "the organiser or an arbiter",
            Holder::OrganiserOrCaptain => "the organiser or the team's captain",
            Holder::Player => "a player",
        }
    }

    /// In Chinese.
    pub fn zh(self) -> &'static str {
        match self {
            Holder::Organiser => "组织者",
            Holder::OrganiserOrArbiter => "组织者或裁判",
            Holder::OrganiserOrCaptain => "组织者或该队领队",
            Holder::Player => "选手",
        }
    }
}

/// A field of a request that is wrong: which, and why in English and in Chinese.
///
/// ```
/// use xiangqi_server::error::Invalid;
/// let e = Invalid::new("rounds", "expected 1 to 50", "应为1至50");
/// assert_eq!(e.field, "rounds");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    /// The field at fault (`rounds`, `result`, `control`, …).
    pub field: String,
    /// Why, in English.
    pub en: String,
    /// Why, in Chinese.
    pub zh: String,
}

impl Invalid {
    /// A wrong `field`, with the reason in both languages.
    pub fn new(field: &str, en: impl Into<String>, zh: impl Into<String>) -> Invalid {
        Invalid {
            field: field.to_owned(),
            en: en.into(),
            zh: zh.into(),
        }
    }

    /// A game option refused ([`ApiError::InvalidOptions`]): `option`, and why in English
    /// and in Chinese.
    ///
    /// ```
    /// use xiangqi_server::error::Invalid;
    /// let e = Invalid::option("foul_limit", "foul_limit 0: expected 1 to 20", "犯规判负次数0：应为1至20");
    /// assert_eq!(e.body()["field"], "foul_limit");
    /// assert_eq!(e.body()["error"], "invalid_options");
    /// assert!(e.zh().ends_with("应为1至20"));
    /// ```
    pub fn option(option: &str, en: impl Into<String>, zh: impl Into<String>) -> ApiError {
        ApiError::InvalidOptions(Invalid::new(option, en, zh))
    }
}

/// Everything a request can fail with. [`ApiError::status`] is the only mapping to HTTP
/// status codes; WebSocket clients get the same `error` names and status numbers.
///
/// ```
/// use xiangqi_server::ApiError;
/// use axum::http::StatusCode;
/// assert_eq!(ApiError::NotFound.status(), StatusCode::NOT_FOUND);
/// assert_eq!(ApiError::MissingToken.name(), "missing_token");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// The request could not be read: what was wrong.
    BadRequest(String),
    /// The request's options are well-formed but unacceptable (bad time control, FEN…):
    /// which option, and why in English and in Chinese.
    InvalidOptions(Invalid),
    /// No `Authorization: Bearer` token where one is needed.
    MissingToken,
    /// A token that belongs to neither player of this game.
    WrongToken,
    /// No such game.
    NotFound,
    /// No such event.
    NoEvent,
    /// No such page or API route (or that method on it).
    NoRoute,
    /// An event's action without a token: whose it needs.
    TokenNeeded(Holder),
    /// An event's action with a token that is not the one it needs: whose it needs.
    NotHolder(Holder),
    /// A request's field is wrong (not a game option): which, and why.
    Invalid(Invalid),
    /// The body is larger than the limit (bytes).
    TooLarge(usize),
    /// The route exists but not with this method.
    MethodNotAllowed,
    /// The game refused the action (not your turn, illegal move, game over…).
    Refused(Refusal),
    /// An event refused the request (a round still being played, …): why, in English and
    /// in Chinese.
    EventRefused(String, String),
    /// Too many requests on this connection or from this address.
    RateLimited,
    /// A feature whose building block has not landed yet.
    NotImplemented(&'static str),
    /// The database failed; the action was not taken.
    Storage(String),
    /// The server itself failed (answered as [`ApiError::Storage`] is, see [`crate::fault`]).
    Fault(crate::fault::Fault),
    /// A rematch asked for before the game's end.
    GameNotOver,
    /// The game's task is gone (the server is shutting down).
    Unavailable,
    /// Analysis is not allowed now (a game on without `analysis`, or asked by a player).
    AnalysisNotAllowed(&'static str),
    /// Every engine thread is busy and the queue is full.
    EngineBusy,
    /// Several nodes: the game is not this node's to serve now (its owner cannot be reached
    /// yet, or ownership is moving): why. Worth retrying in a moment.
    Cluster(String),
    /// Several nodes: the request was sent to the owner, which failed to answer: why (the
    /// action may or may not have been taken).
    BadGateway(String),
}

impl ApiError {
    /// The HTTP status for this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::InvalidOptions(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::MissingToken => StatusCode::UNAUTHORIZED,
            ApiError::WrongToken => StatusCode::FORBIDDEN,
            ApiError::NotFound | ApiError::NoEvent | ApiError::NoRoute => StatusCode::NOT_FOUND,
            ApiError::TokenNeeded(_) => StatusCode::UNAUTHORIZED,
            ApiError::NotHolder(_) => StatusCode::FORBIDDEN,
            ApiError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Refused(r) if r.is_illegal_move() => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Refused(Refusal::NotYours) => StatusCode::FORBIDDEN,
            ApiError::Refused(_) | ApiError::EventRefused(..) => StatusCode::CONFLICT,
            ApiError::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ApiError::NotImplemented(_) => StatusCode::NOT_IMPLEMENTED,
            ApiError::Storage(_) | ApiError::Fault(_) | ApiError::Unavailable => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::AnalysisNotAllowed(_) | ApiError::GameNotOver => StatusCode::CONFLICT,
            ApiError::EngineBusy | ApiError::Cluster(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::BadGateway(_) => StatusCode::BAD_GATEWAY,
        }
    }

    /// A short machine-readable name (`"illegal_move"`, `"not_your_turn"`, …).
    pub fn name(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::InvalidOptions(_) => "invalid_options",
            ApiError::MissingToken => "missing_token",
            ApiError::WrongToken => "wrong_token",
            ApiError::NotFound | ApiError::NoEvent | ApiError::NoRoute => "not_found",
            ApiError::TokenNeeded(_) => "missing_token",
            ApiError::NotHolder(_) => "wrong_token",
            ApiError::Invalid(_) => "invalid_request",
            ApiError::TooLarge(_) => "too_large",
            ApiError::MethodNotAllowed => "method_not_allowed",
            ApiError::Refused(r) => r.name(),
            ApiError::EventRefused(..) => "event_refused",
            ApiError::RateLimited => "rate_limited",
            ApiError::NotImplemented(_) => "not_implemented",
            ApiError::Storage(_) | ApiError::Fault(_) => "storage",
            ApiError::GameNotOver => "game_not_over",
            ApiError::Unavailable => "unavailable",
            ApiError::AnalysisNotAllowed(_) => "analysis_not_allowed",
            ApiError::EngineBusy => "engine_busy",
            ApiError::Cluster(_) => "not_owner",
            ApiError::BadGateway(_) => "owner_failed",
        }
    }

    /// The JSON body: `{"error": name, "status": code, "message": text, "message_zh":
    /// 中文}`, `field` when a request's field is at fault, and for an illegal move
    /// `"reason"`, the stable name of why (see [`illegal_reason`]), so that a client can say
    /// it in its reader's language.
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_server::ApiError;
    /// use xiangqi_server::game::Refusal;
    /// let body = ApiError::NoEvent.body();
    /// assert_eq!(body["message"], "no such event");
    /// assert_eq!(body["message_zh"], "没有这个比赛");
    /// let mut pos = Position::start();
    /// let refused = pos.play("h0h2".parse().unwrap()).unwrap_err();
    /// let body = ApiError::Refused(Refusal::Illegal(refused)).body();
    /// assert_eq!(body["error"], "illegal_move");
    /// assert_eq!(body["reason"], "own_piece");
    /// assert!(ApiError::NotFound.body().get("reason").is_none());
    /// ```
    pub fn body(&self) -> serde_json::Value {
        let mut body = serde_json::json!({
            "error": self.name(),
            "status": self.status().as_u16(),
            "message": self.to_string(),
            "message_zh": self.zh(),
        });
        if let (ApiError::Invalid(i) | ApiError::InvalidOptions(i), Some(map)) =
            (self, body.as_object_mut())
        {
            map.insert("field".into(), i.field.clone().into());
        }
        if let ApiError::Refused(Refusal::Illegal(m)) = self {
            body["reason"] = illegal_reason(m.reason).into();
        }
        body
    }

    /// The message in Chinese, for the Chinese pages.
    pub fn zh(&self) -> String {
        match self {
            ApiError::BadRequest(m) => crate::refusal_zh::bad_request_zh(m),
            ApiError::InvalidOptions(i) => format!("对局设置有误：{}", i.zh),
            ApiError::MissingToken => {
                "需要选手或裁判的链接（Authorization: Bearer <token>）".into()
            }
            ApiError::WrongToken => "此链接不属于本局的选手或裁判".into(),
            ApiError::NotFound => "没有这盘对局（请核对链接）".into(),
            ApiError::NoEvent => "没有这个比赛".into(),
            ApiError::NoRoute => "没有这个页面或接口".into(),
            ApiError::TokenNeeded(h) => format!("需要{}的链接", h.zh()),
            ApiError::NotHolder(h) => format!("此链接不是本比赛{}的链接", h.zh()),
            ApiError::Invalid(i) => i.zh.clone(),
            ApiError::TooLarge(n) => format!("请求过大（最多{n}字节）"),
            ApiError::MethodNotAllowed => "此接口不接受这种请求方法".into(),
            ApiError::Refused(r) => refusal_zh(r),
            ApiError::EventRefused(_, zh) => zh.clone(),
            ApiError::RateLimited => "请求过于频繁，请稍候".into(),
            ApiError::NotImplemented(what) => format!("尚未实现：{what}"),
            ApiError::Storage(_) | ApiError::Fault(_) => "数据库暂不可用，没有做任何改动".into(),
            ApiError::Unavailable => "服务器正在关闭".into(),
            ApiError::AnalysisNotAllowed(why) => format!("现在不能分析：{why}"),
            ApiError::EngineBusy => "引擎都在忙，请稍候再试".into(),
            ApiError::GameNotOver => "对局结束后才能提出再战".into(),
            ApiError::Cluster(why) => format!("请稍候再试：{why}"),
            ApiError::BadGateway(why) => format!("对局所在的节点出错：{why}"),
        }
    }

    /// The API's error for a response the router or an extractor made by itself (a body
    /// over the limit, a method the route does not have, a path it cannot read), so that
    /// every refusal is the same JSON.
    ///
    /// ```
    /// use axum::http::StatusCode;
    /// use xiangqi_server::ApiError;
    /// assert_eq!(ApiError::of_status(StatusCode::PAYLOAD_TOO_LARGE, 4096), ApiError::TooLarge(4096));
    /// ```
    pub fn of_status(status: StatusCode, max_body: usize) -> ApiError {
        match status {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge(max_body),
            StatusCode::NOT_FOUND => ApiError::NoRoute,
            StatusCode::METHOD_NOT_ALLOWED => ApiError::MethodNotAllowed,
            s => ApiError::BadRequest(format!(
                "{} {}",
                s.as_u16(),
                s.canonical_reason().unwrap_or("")
            )),
        }
    }
}

/// The stable name of why a move is illegal: `no_piece`, `not_your_turn`, `own_piece`,
/// `cannot_move_there`, `leaves_palace`, `crosses_river`, `elephant_eye_blocked`,
/// `horse_leg_blocked`, `path_blocked`, `cannon_needs_screen`, `pawn_direction`,
/// `kings_would_face`, `leaves_king_in_check` (API.md lists them).
///
/// ```
/// use xiangqi::IllegalReason;
/// assert_eq!(xiangqi_server::error::illegal_reason(IllegalReason::HorseLegBlocked), "horse_leg_blocked");
/// ```
pub fn illegal_reason(reason: xiangqi::IllegalReason) -> &'static str {
    use xiangqi::IllegalReason as R;
    match reason {
        R::NoPiece => "no_piece",
        R::NotYourTurn => "not_your_turn",
        R::OwnPiece => "own_piece",
        R::CannotMoveThere => "cannot_move_there",
        R::LeavesPalace => "leaves_palace",
        R::CrossesRiver => "crosses_river",
        R::ElephantEyeBlocked => "elephant_eye_blocked",
        R::HorseLegBlocked => "horse_leg_blocked",
        R::PathBlocked => "path_blocked",
        R::CannonNeedsScreen => "cannon_needs_screen",
        R::PawnDirection => "pawn_direction",
        R::KingsWouldFace => "kings_would_face",
        R::LeavesKingInCheck => "leaves_king_in_check",
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadRequest(m) => write!(f, "bad request: {m}"),
            ApiError::InvalidOptions(i) => write!(f, "invalid game options: {}", i.en),
            ApiError::MissingToken => f.write_str(
                "a player's or the arbiter's token is needed: Authorization: Bearer <token>",
            ),
            ApiError::WrongToken => {
                f.write_str("that token belongs to no player (or not the arbiter) of this game")
            }
            ApiError::NotFound => f.write_str("no such game (check the link)"),
            ApiError::NoEvent => f.write_str("no such event"),
            ApiError::NoRoute => f.write_str("no such page or API route"),
            ApiError::TokenNeeded(h) => write!(
                f,
                "{}'s token is needed: Authorization: Bearer <token> (from that link)",
                h.en()
            ),
            ApiError::NotHolder(h) => write!(f, "that token is not {}'s for this event", h.en()),
            ApiError::Invalid(i) => write!(f, "{}: {}", i.field, i.en),
            ApiError::TooLarge(n) => write!(f, "the request is too large (at most {n} bytes)"),
            ApiError::MethodNotAllowed => f.write_str("this route does not take that method"),
            ApiError::Refused(r) => write!(f, "{r}"),
            ApiError::EventRefused(m, _) => f.write_str(m),
            ApiError::RateLimited => f.write_str("too many requests; slow down"),
            ApiError::NotImplemented(what) => write!(f, "not implemented yet: {what}"),
            // The detail is logged, not shown to strangers.
            ApiError::Storage(_) | ApiError::Fault(_) => {
                f.write_str("the database is unavailable; nothing was changed")
            }
            ApiError::Unavailable => f.write_str("the server is shutting down"),
            ApiError::GameNotOver => f.write_str("a rematch is offered after the game"),
            ApiError::AnalysisNotAllowed(why) => write!(f, "no analysis now: {why}"),
            ApiError::EngineBusy => f.write_str("every engine is busy; try again in a moment"),
            ApiError::Cluster(why) => write!(f, "try again in a moment: {why}"),
            ApiError::BadGateway(why) => write!(f, "the node that owns the game failed: {why}"),
        }
    }
}

impl std::error::Error for ApiError {}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        ApiError::Refused(r)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match &self {
            ApiError::Storage(detail) => tracing::error!(%detail, "storage error"),
            ApiError::Fault(fault) => tracing::error!(%fault, "server fault"),
            ApiError::BadRequest(_) | ApiError::RateLimited => tracing::debug!(error = %self),
            _ => {}
        }
        (self.status(), Json(self.body())).into_response()
    }
}

impl From<crate::fault::Fault> for ApiError {
    fn from(f: crate::fault::Fault) -> ApiError {
        ApiError::Fault(f)
    }
}
