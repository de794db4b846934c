// The server's refusals in the reader's language: every error the API answers carries a stable
// code (`error`: `not_your_turn`, `offer_on_own_turn`, …; API.md lists them); the page shows
// its own sentence for the code and never the code itself (an illegal move's `reason` too).
// The server's own message, in the page's language (the API gives each in English and Chinese),
// is shown for a code this page does not know yet and for the codes whose message names what
// was wrong (an option, a field, a player).

import { addText, currentLang, t } from "./i18n.js";

// Each code's sentence: [key, Chinese, English], side by side so that neither language lacks
// one.
const SENTENCES = [
  ["err_bad_request", "请求有误", "The request was malformed"],
  ["err_invalid_options", "对局设置有误", "The game's settings are wrong"],
  ["err_missing_token", "需要对局链接中的密钥", "This needs the secret of a player's link"],
  ["err_wrong_token", "这个链接的密钥不属于本局：以观战身份打开", "This link's secret is not one of this game's: opened as a spectator"],
  ["err_not_found", "没有这盘对局", "No such game"],
  ["err_not_your_turn", "还没轮到你走棋", "It is not your move"],
  ["err_game_over", "对局已结束", "The game is over"],
  ["err_out_of_time", "着法到达前你已超时，对局结束", "Your flag fell before the move arrived: the game is over"],
  ["err_adjourned", "对局已封棋，双方续赛后才能继续", "The game is adjourned; both players must resume it"],
  ["err_seal_required", "已同意封棋：请封棋，而不是走棋", "An adjournment was agreed: seal your move instead"],
  ["err_cannot_seal", "只有同意封棋后轮走的一方可以封棋", "Only the player to move may seal, after an agreed adjournment"],
  ["err_nothing_to_answer", "对方没有提议需要答复", "The opponent has offered nothing to answer"],
  ["err_not_adjourned", "对局没有封棋", "The game is not adjourned"],
  ["err_not_started", "还没有走过棋", "No move has been played yet"],
  ["err_not_yet_started", "还没到开赛时间", "The game has not reached its starting time"],
  ["err_paused", "裁判已暂停计时", "The arbiter has stopped the clocks"],
  ["err_not_paused", "裁判没有暂停计时", "The arbiter has not stopped the clocks"],
  ["err_clock_not_running", "棋钟没有走", "The clocks are not running"],
  ["err_nothing_to_take_back", "没有可退回的着法", "There is nothing to take back"],
  ["err_partners_turn", "这步该由你的搭档走", "Your partner plays this move"],
  ["err_offer_on_own_turn", "只能在轮到自己走棋时提和（1960年规则第五条二）", "A draw may be offered only on your own turn (1960 rules §5)"],
  ["err_repeated_draw_offer", "被拒绝后紧接着再次提和属犯规（2.8(1) 连续提和），已记录", "Offering again right after a decline is a foul (2.8(1)); it was recorded"],
  ["err_not_yours", "你的链接不能做这件事", "Your link may not do this"],
  ["err_no_repetition", "没有循环反复三次，不能要求判和", "No cycle has repeated three times: no draw to claim"],
  ["err_repetition_forbidden", "此循环有禁止着法，不能要求判和", "The cycle has a forbidden move: no draw to claim"],
  ["err_illegal_move", "这步棋不合规则", "That move is not legal"],
  ["err_unreadable_move", "看不懂这步棋（可用 炮二平五、C2.5 或 h2e2）", "That move cannot be read (try 炮二平五, C2.5 or h2e2)"],
  ["err_rate_limited", "操作太快，请稍候", "Too fast: wait a moment"],
  ["err_storage", "数据库暂时不可用，没有任何改变", "The database is unavailable; nothing was changed"],
  ["err_unavailable", "服务器正在关闭", "The server is shutting down"],
  ["err_not_owner", "稍后再试（服务器正在交接这盘棋）", "Try again in a moment (the game is moving between servers)"],
  ["err_owner_failed", "服务器节点出错，请刷新查看对局", "A server failed: reload to see the game"],
  ["err_analysis_not_allowed", "现在不能分析", "No analysis now"],
  ["err_engine_busy", "引擎忙，稍后再试", "The engine is busy; try again in a moment"],
  ["err_event_refused", "赛事拒绝了这个操作", "The event refused this"],
  ["err_other", "服务器拒绝了这个操作", "The server refused this"],
  ["illegal_no_piece", "起点没有棋子", "there is no piece there"],
  ["illegal_not_your_turn", "那是对方的棋子", "that is the opponent's piece"],
  ["illegal_own_piece", "终点有己方棋子", "your own piece stands there"],
  ["illegal_cannot_move_there", "这个棋子不能这样走", "that piece cannot move that way"],
  ["illegal_leaves_palace", "将（帅）、士不能出九宫", "the general and advisors stay in the palace"],
  ["illegal_crosses_river", "象（相）不能过河", "an elephant may not cross the river"],
  ["illegal_elephant_eye_blocked", "塞象眼", "the elephant's eye is blocked"],
  ["illegal_horse_leg_blocked", "蹩马腿", "the horse's leg is blocked"],
  ["illegal_path_blocked", "中间有子阻挡", "a piece stands in the way"],
  ["illegal_cannon_needs_screen", "炮须隔一子才能吃子", "a cannon captures over exactly one piece"],
  ["illegal_pawn_direction", "兵（卒）只能向前，过河后才能横走", "a pawn moves forward, and sideways only across the river"],
  ["illegal_kings_would_face", "将帅不能对面", "the generals may not face each other"],
  ["illegal_leaves_king_in_check", "走后己方被将军", "your general would be in check"],
];

addText({
  zh: Object.fromEntries(SENTENCES.map(([key, zh]) => [key, zh])),
  en: Object.fromEntries(SENTENCES.map(([key, , en]) => [key, en])),
});

// Codes whose server message says more than a sentence could (which option, which player,
// round or field): the server's own text, in the page's language, is shown for them.
const SPECIFIC = new Set(["bad_request", "invalid_options", "invalid_request", "event_refused", "too_large"]);

/** The reader's sentence for an API error (`{error, message}`). */
export function refusalText(answer) {
  const code = answer && typeof answer.error === "string" ? answer.error : "";
  const text = t(`err_${code}`);
  if (SPECIFIC.has(code) && (answer.message_zh || answer.message)) return serverText(answer);
  if (!text.startsWith("err_")) {
    // An illegal move says why by its stable `reason` (the horse's leg…).
    const why = answer.reason ? t(`illegal_${answer.reason}`) : "";
    if (code === "illegal_move" && why && !why.startsWith("illegal_")) return `${text}${currentLang() === "zh" ? "：" : ": "}${why}`;
    return text;
  }
  // A code this page has no sentence for: the server's own message in the page's language
  // (the API gives every refusal in English and Chinese).
  return serverText(answer);
}

/** The server's message in the page's language; never the other language's. */
function serverText(answer) {
  const own = answer && (currentLang() === "zh" ? answer.message_zh : answer.message);
  return own || t("err_other");
}
