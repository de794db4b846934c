// The server's refusals in the reader's language: every error the API answers carries a stable
// code (`error`: `not_your_turn`, `offer_on_own_turn`, …; API.md lists them); the page shows
// its own sentence for the code and never the code itself (an illegal move's `reason` too).
// The server's English message is shown only on the English page, and only for a code this
// page does not know yet.

import { addText, currentLang, t } from "./i18n.js";

addText({
  zh: {
    err_bad_request: "请求有误", err_invalid_options: "对局设置有误", err_missing_token: "需要对局链接中的密钥",
    err_wrong_token: "这个链接的密钥不属于本局：以观战身份打开", err_not_found: "没有这盘对局",
    err_not_your_turn: "还没轮到你走棋", err_game_over: "对局已结束", err_out_of_time: "着法到达前你已超时，对局结束",
    err_adjourned: "对局已封棋，双方续赛后才能继续", err_seal_required: "已同意封棋：请封棋，而不是走棋",
    err_cannot_seal: "只有同意封棋后轮走的一方可以封棋", err_nothing_to_answer: "对方没有提议需要答复",
    err_not_adjourned: "对局没有封棋", err_not_started: "还没有走过棋", err_not_yet_started: "还没到开赛时间",
    err_paused: "裁判已暂停计时", err_not_paused: "裁判没有暂停计时", err_clock_not_running: "棋钟没有走",
    err_nothing_to_take_back: "没有可退回的着法", err_partners_turn: "这步该由你的搭档走",
    err_offer_on_own_turn: "只能在轮到自己走棋时提和（1960年规则第五条二）",
    err_repeated_draw_offer: "被拒绝后紧接着再次提和属犯规（2.8(1) 连续提和），已记录",
    err_not_yours: "你的链接不能做这件事", err_no_repetition: "没有循环反复三次，不能要求判和",
    err_repetition_forbidden: "此循环有禁止着法，不能要求判和", err_illegal_move: "这步棋不合规则",
    err_unreadable_move: "看不懂这步棋（可用 炮二平五、C2.5 或 h2e2）", err_rate_limited: "操作太快，请稍候",
    err_storage: "数据库暂时不可用，没有任何改变", err_unavailable: "服务器正在关闭",
    err_not_owner: "稍后再试（服务器正在交接这盘棋）", err_owner_failed: "服务器节点出错，请刷新查看对局",
    err_analysis_not_allowed: "现在不能分析", err_engine_busy: "引擎忙，稍后再试", err_event_refused: "赛事拒绝了这个操作",
    err_other: "服务器拒绝了这个操作",
    illegal_no_piece: "起点没有棋子", illegal_not_your_turn: "那是对方的棋子", illegal_own_piece: "终点有己方棋子",
    illegal_cannot_move_there: "这个棋子不能这样走", illegal_leaves_palace: "将（帅）、士不能出九宫",
    illegal_crosses_river: "象（相）不能过河", illegal_elephant_eye_blocked: "塞象眼", illegal_horse_leg_blocked: "蹩马腿",
    illegal_path_blocked: "中间有子阻挡", illegal_cannon_needs_screen: "炮须隔一子才能吃子",
    illegal_pawn_direction: "兵（卒）只能向前，过河后才能横走", illegal_kings_would_face: "将帅不能对面",
    illegal_leaves_king_in_check: "走后己方被将军",
  },
  en: {
    err_bad_request: "The request was malformed", err_invalid_options: "The game's settings are wrong",
    err_missing_token: "This needs the secret of a player's link", err_wrong_token: "This link's secret is not one of this game's: opened as a spectator",
    err_not_found: "No such game", err_not_your_turn: "It is not your move", err_game_over: "The game is over",
    err_out_of_time: "Your flag fell before the move arrived: the game is over",
    err_adjourned: "The game is adjourned; both players must resume it", err_seal_required: "An adjournment was agreed: seal your move instead",
    err_cannot_seal: "Only the player to move may seal, after an agreed adjournment", err_nothing_to_answer: "The opponent has offered nothing to answer",
    err_not_adjourned: "The game is not adjourned", err_not_started: "No move has been played yet", err_not_yet_started: "The game has not reached its starting time",
    err_paused: "The arbiter has stopped the clocks", err_not_paused: "The arbiter has not stopped the clocks", err_clock_not_running: "The clocks are not running",
    err_nothing_to_take_back: "There is nothing to take back", err_partners_turn: "Your partner plays this move",
    err_offer_on_own_turn: "A draw may be offered only on your own turn (1960 rules §5)",
    err_repeated_draw_offer: "Offering again right after a decline is a foul (2.8(1)); it was recorded",
    err_not_yours: "Your link may not do this", err_no_repetition: "No cycle has repeated three times: no draw to claim",
    err_repetition_forbidden: "The cycle has a forbidden move: no draw to claim", err_illegal_move: "That move is not legal",
    err_unreadable_move: "That move cannot be read (try 炮二平五, C2.5 or h2e2)", err_rate_limited: "Too fast: wait a moment",
    err_storage: "The database is unavailable; nothing was changed", err_unavailable: "The server is shutting down",
    err_not_owner: "Try again in a moment (the game is moving between servers)", err_owner_failed: "A server failed: reload to see the game",
    err_analysis_not_allowed: "No analysis now", err_engine_busy: "The engine is busy; try again in a moment", err_event_refused: "The event refused this",
    err_other: "The server refused this",
    illegal_no_piece: "there is no piece there", illegal_not_your_turn: "that is the opponent's piece",
    illegal_own_piece: "your own piece stands there", illegal_cannot_move_there: "that piece cannot move that way",
    illegal_leaves_palace: "the general and advisors stay in the palace", illegal_crosses_river: "an elephant may not cross the river",
    illegal_elephant_eye_blocked: "the elephant's eye is blocked", illegal_horse_leg_blocked: "the horse's leg is blocked",
    illegal_path_blocked: "a piece stands in the way", illegal_cannon_needs_screen: "a cannon captures over exactly one piece",
    illegal_pawn_direction: "a pawn moves forward, and sideways only across the river",
    illegal_kings_would_face: "the generals may not face each other", illegal_leaves_king_in_check: "your general would be in check",
  },
});

/** The reader's sentence for an API error (`{error, message}`). */
export function refusalText(answer) {
  const code = answer && typeof answer.error === "string" ? answer.error : "";
  const text = t(`err_${code}`);
  if (!text.startsWith("err_")) {
    // An illegal move says why by its stable `reason` (the horse's leg…).
    const why = answer.reason ? t(`illegal_${answer.reason}`) : "";
    if (code === "illegal_move" && why && !why.startsWith("illegal_")) return `${text}${currentLang() === "zh" ? "：" : ": "}${why}`;
    return text;
  }
  // A code this page has no sentence for: the server's own message in the page's language
  // (the API gives every refusal in English and Chinese).
  if (answer && currentLang() === "zh" && answer.message_zh) return answer.message_zh;
  return currentLang() === "en" && answer && answer.message ? answer.message : t("err_other");
}
