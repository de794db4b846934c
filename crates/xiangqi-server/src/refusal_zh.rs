//! The Chinese text of a game's refusals, for the Chinese pages (the English text is the
//! refusal's `Display`). Kept beside the API's errors, outside the game's code, so that the
//! game knows nothing of languages.

use xiangqi::IllegalReason;

use xiangqi_game::Refusal;

/// Why a move is illegal, in Chinese (the terms of the 1960 rules §2–§3).
///
/// ```
/// use xiangqi::IllegalReason;
/// use xiangqi_server::refusal_zh::illegal_zh;
/// assert_eq!(illegal_zh(IllegalReason::HorseLegBlocked), "蹩马腿");
/// ```
pub fn illegal_zh(reason: IllegalReason) -> &'static str {
    match reason {
        IllegalReason::NoPiece => "起点没有棋子",
        IllegalReason::NotYourTurn => "那是对方的棋子",
        IllegalReason::OwnPiece => "落点有本方棋子",
        IllegalReason::CannotMoveThere => "该棋子不能这样走",
        IllegalReason::LeavesPalace => "将（帅）、士不能走出九宫",
        IllegalReason::CrossesRiver => "象（相）不能过河",
        IllegalReason::ElephantEyeBlocked => "塞象眼",
        IllegalReason::HorseLegBlocked => "蹩马腿",
        IllegalReason::PathBlocked => "中间有棋子阻隔",
        IllegalReason::CannonNeedsScreen => "炮吃子必须隔一个棋子",
        IllegalReason::PawnDirection => "兵（卒）只能向前，过河后才能横走",
        IllegalReason::KingsWouldFace => "将帅不能对面",
        IllegalReason::LeavesKingInCheck => "走后本方将（帅）被将军",
    }
}

/// A game's refusal in Chinese.
///
/// ```
/// use xiangqi_game::Refusal;
/// use xiangqi_server::refusal_zh::refusal_zh;
/// assert_eq!(refusal_zh(&Refusal::NotYourTurn), "现在不是你走棋");
/// ```
pub fn refusal_zh(r: &Refusal) -> String {
    let text = match r {
        Refusal::GameOver => "对局已经结束",
        Refusal::OutOfTime => "着法到达之前你已超时，对局结束",
        Refusal::NotYourTurn => "现在不是你走棋",
        Refusal::Adjourned => "对局已封棋暂停，须双方续赛",
        Refusal::SealRequired => "已同意封棋：请封着，不要直接走棋",
        Refusal::CannotSeal => "只有同意封棋后的轮走方可以封着",
        Refusal::NothingToAnswer => "对方没有提议，无可答复",
        Refusal::NotAdjourned => "对局没有封棋",
        Refusal::NotStarted => "尚未走过一着",
        Refusal::Paused => "裁判已停钟",
        Refusal::NotPaused => "裁判没有停钟",
        Refusal::ClockNotRunning => "棋钟没有走",
        Refusal::NothingToTakeBack => "退回的着数须少于已走的着数",
        Refusal::Scheduled => "未到开赛时间",
        Refusal::PartnersTurn => "这一着该你的同伴走（双人赛轮流走，1960年规则第八节）",
        Refusal::OfferOnOwnTurn => "只能在轮到自己走棋时提和（1960年规则第五节二）",
        Refusal::RepeatedDrawOffer => {
            "对方拒和后立即再提和是犯规（现行规则2.8(1)连续提和），已记录"
        }
        Refusal::NotYours => "此链接无权这样做",
        Refusal::Odds(m) => return format!("让先的着法不合规定：{m}"),
        Refusal::FalseClaim(e) => return e.chinese(),
        Refusal::Unreadable(m) => return format!("无法识别的着法：{m}"),
        Refusal::Illegal(m) => return format!("着法{}不合规则：{}", m.mv, illegal_zh(m.reason)),
        Refusal::Desk(d) => return d.chinese(),
    };
    text.to_owned()
}

/// A request that could not be read, in Chinese: serde's messages for a JSON body (`JSON
/// body: missing field `name` at line 1 column 2`) become the field and the place in
/// Chinese; any other is named as the request's format with the English detail's position.
///
/// ```
/// use xiangqi_server::refusal_zh::bad_request_zh;
/// assert_eq!(
///     bad_request_zh("JSON body: missing field `name` at line 1 column 2"),
///     "请求内容缺少字段name（第1行第2列）"
/// );
/// assert_eq!(bad_request_zh("JSON body: expected value at line 1 column 1"), "请求内容无法读取（第1行第1列）");
/// ```
pub fn bad_request_zh(m: &str) -> String {
    let json = m
        .strip_prefix("JSON body: ")
        .or(m.strip_prefix("message: "));
    match json {
        // serde's message, said in Chinese as the competitions' bodies are.
        Some(detail) => xiangqi_competition::error::json_zh(detail),
        None => {
            let what = m.rsplit_once(" at line ").map_or(m, |(what, _)| what);
            format!("请求格式错误：{}", plain_zh(what))
        }
    }
}

/// The server-made requests' refusals that are not JSON: a query's field (`ply=…`, `since=…`,
/// `format=…`) or the socket's rules; English names the field, which stays as it is.
fn plain_zh(m: &str) -> String {
    match m.split_once(':') {
        Some((field, _)) if field.contains('=') => format!("{field}不可接受"),
        _ if m.contains("binary") => "不接受二进制消息".into(),
        _ if m.contains("no messages") => "此连接不接受消息".into(),
        _ => "无法识别的请求".into(),
    }
}
