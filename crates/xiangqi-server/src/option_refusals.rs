//! A game's options refused, and an arbiter's request out of range, in English and in
//! Chinese: the Chinese pages (the console, the desk, the event and game pages) show
//! `message_zh` as it is, so each names the option and says why in Chinese, echoing only the
//! value that was sent. The English says the same; the games' library keeps its own English
//! messages, which stay in the logs.

use xiangqi::FromFenError;
use xiangqi_game::ActionError;

use crate::error::{ApiError, Invalid};

/// The option's value, quoted as it was sent (at most 40 characters, so that a long stranger's
/// text does not fill the page).
fn quoted(value: &str) -> String {
    let short: String = value.chars().take(40).collect();
    format!("{short:?}")
}

/// A name (`red_name`, `black_name`) too long or with control characters.
pub(crate) fn name(field: &str) -> ApiError {
    let zh = match field {
        "red_name" => "红方姓名",
        "black_name" => "黑方姓名",
        _ => "姓名",
    };
    Invalid::option(
        field,
        format!("{field}: at most 60 characters, no control characters"),
        format!("{zh}最多60个字，不含控制字符"),
    )
}

/// A number out of its range.
///
/// ```
/// let e = xiangqi_server::option_refusals::out_of_range("repetitions", 11, 0, 10);
/// assert_eq!(e.to_string(), "invalid game options: repetitions 11: expected 0 to 10");
/// assert_eq!(e.zh(), "对局设置有误：重复局面判决的次数11：应为0至10");
/// ```
pub fn out_of_range(field: &str, n: u32, lo: u32, hi: u32) -> ApiError {
    let zh = match field {
        "repetitions" => "重复局面判决的次数",
        "natural_limit" => "自然限着回合数",
        "foul_limit" => "犯规判负次数",
        _ => "数值",
    };
    Invalid::option(
        field,
        format!("{field} {n}: expected {lo} to {hi}"),
        format!("{zh}{n}：应为{lo}至{hi}"),
    )
}

/// A rule set the server does not know.
pub(crate) fn rules(text: &str, e: &impl std::fmt::Display) -> ApiError {
    Invalid::option(
        "rules",
        e.to_string(),
        format!(
            "规则{}无法识别（可用：chinese 现行规则、chinese1960 1960年规则、asian 亚洲规则）",
            quoted(text)
        ),
    )
}

/// Move odds other than 两先 and 三先.
pub(crate) fn move_odds(n: u8) -> ApiError {
    Invalid::option(
        "move_odds",
        format!("move_odds {n}: the rule books give 2 (两先) or 3 (三先)"),
        format!("让先着数{n}：规则只有两先（2）和三先（3）"),
    )
}

/// A creator's side that is none.
pub(crate) fn creator(text: &str) -> ApiError {
    Invalid::option(
        "creator",
        format!("creator {text:?}: expected red, black or random"),
        format!(
            "创建者执{}无法识别：应为red（红）、black（黑）或random（随机）",
            quoted(text)
        ),
    )
}

/// A time control longer than anything the server reads.
pub(crate) fn control_too_long() -> ApiError {
    Invalid::option(
        "control",
        "time control too long",
        "用时规定太长（最多100个字符）",
    )
}

/// Both a FEN and odds.
pub(crate) fn fen_and_odds() -> ApiError {
    Invalid::option(
        "odds",
        "fen and odds: give one or the other",
        "开局局面（fen）与让子（odds）只能给出一项",
    )
}

/// A FEN (of `field`: `fen` or `odds`) longer than any position.
pub(crate) fn fen_too_long(field: &str) -> ApiError {
    Invalid::option(
        field,
        "FEN too long",
        format!("{}太长（最多200个字符）", position(field)),
    )
}

/// A FEN that is not one, or a position that cannot occur.
pub(crate) fn fen(field: &str, text: &str, e: &FromFenError) -> ApiError {
    let why = match e {
        FromFenError::Fen(_) => "格式不对",
        FromFenError::Position(_) => "棋子的数目或位置不合规则",
    };
    let en = match field {
        "odds" => format!("odds FEN: {e}"),
        _ => format!("FEN: {e}"),
    };
    Invalid::option(
        field,
        en,
        format!("{}{}{why}", position(field), quoted(text)),
    )
}

/// The position a field gives, named with the field (`fen`, or `odds` as a position).
fn position(field: &str) -> &'static str {
    match field {
        "odds" => "让子局面（odds）",
        _ => "开局局面（fen）",
    }
}

/// Odds by a name the books do not give.
pub(crate) fn odds(name: &str, en: impl std::fmt::Display) -> ApiError {
    Invalid::option(
        "odds",
        en.to_string(),
        format!(
            "让子{}无法识别（可用：rook 让车、horse 让马、cannon 让炮、two_horses 让双马、\
             two_rooks 让双车、rook_horse 让车马、advisor 让士、elephant 让象、pawn 让兵，\
             或与fen项同样写法的局面）",
            quoted(name)
        ),
    )
}

/// A first side the start position cannot have.
pub(crate) fn first(en: impl std::fmt::Display) -> ApiError {
    Invalid::option(
        "first",
        en.to_string(),
        "先走的一方在这个局面下不能先走（例如对方正被将军）",
    )
}

/// A start where the side to move cannot move.
pub(crate) fn no_legal_move() -> ApiError {
    Invalid::option(
        "fen",
        "the side to move has no legal move",
        "开局局面中轮走的一方无棋可走",
    )
}

/// A start time that is not RFC 3339.
pub(crate) fn starts_at(text: &str, en: impl std::fmt::Display) -> ApiError {
    Invalid::option(
        "starts_at",
        en.to_string(),
        format!(
            "开赛时间{}无法识别：例：2026-12-01T09:30:00Z（协调世界时）",
            quoted(text)
        ),
    )
}

/// A lateness without a start, or not a duration.
pub(crate) fn lateness(text: Option<&str>, en: String) -> ApiError {
    let zh = match text {
        None => "迟到时限（lateness）须与开赛时间（starts_at）一起给出".to_owned(),
        Some(t) => format!("迟到时限{}无法识别：例：15m、90s、1h30m", quoted(t)),
    };
    Invalid::option("lateness", en, zh)
}

/// An arbiter's request the game's library refuses (`rounds 0: expected 1 to 500`, `note: at
/// most 500 characters`, …): the field it names, without repeating it, and why in Chinese.
///
/// ```
/// use xiangqi_game::ActionError;
/// use xiangqi_server::option_refusals::arbiter_request;
/// let e = arbiter_request(&ActionError::Asker);
/// assert_eq!(e.to_string(), "side: the player who asked, on grounds undecided and dominant only");
/// assert_eq!(e.body()["field"], "side");
/// let e = arbiter_request(&ActionError::Rounds(0));
/// assert_eq!(e.to_string(), "rounds: 0: expected 1 to 500");
/// assert_eq!(e.zh(), "限着回合数0：应为1至500");
/// ```
pub fn arbiter_request(e: &ActionError) -> ApiError {
    let field = e.field();
    let text = e.to_string();
    // The library's message begins with the field: said once.
    let why = text[field.len()..].trim_start_matches(':').trim_start();
    let zh = match e {
        ActionError::Rounds(rounds) => format!("限着回合数{rounds}：应为1至500"),
        ActionError::TimeAmount(ms) => format!("调整用时{ms}毫秒：不能为0，最多一天"),
        ActionError::Asker => "只有一方运动员提出限着（1960年规则第十二节一(一)(二)）时才写明提出的一方；裁判员自己认为需要限着时不写".to_owned(),
        ActionError::TouchSquares => "摸子须记下1至32个棋子的位置".to_owned(),
        ActionError::NoteTooLong => "说明最多500个字".to_owned(),
    };
    ApiError::Invalid(Invalid::new(field, why, zh))
}
