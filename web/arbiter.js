// The arbiter's side of the game page: the log of arbiter events every visitor sees (fouls,
// declared limits, pauses, time, takebacks), and the arbiter's desk, shown only to the holder
// of the arbiter's link, with a button for every action of POST /api/games/{id}/arbiter.

import { renderDesk } from "./desk.js";
import { byText, procedureEventText } from "./desk-procedures.js";
import { currentLang } from "./i18n.js";

const $ = (id) => document.getElementById(id);

const TEXT = {
  zh: {
    arbiter: "裁判",
    arbiter_log: "裁判记录",
    desk: "裁判台",
    red: "红方",
    black: "黑方",
    foul: "判犯规",
    repeated_draw_offer: "连续提和",
    false_limit_claim: "自然限着申请不属实",
    touched_not_moved: "摸子不走",
    touched_not_captured: "摸对方子不吃",
    illegal_move: "走棋违例",
    unrecorded_moves: "连续漏记4着",
    other: "其他犯规",
    move_limit: "宣布限着",
    rounds: "回合",
    pause: "暂停",
    resume: "开钟",
    time: "调整时间",
    seconds: "秒",
    adjourn: "延期封棋",
    takeback: "退回至第几着",
    forfeit: "判负",
    late_arrival: "迟到",
    misconduct: "严重违纪",
    refusal: "拒绝比赛",
    adjudicate: "裁定",
    red_wins: "红胜",
    black_wins: "黑胜",
    draw: "和棋",
    note: "说明",
    enter_move: "录入着法",
    opt_move_odds: (n) => ["", "", "两先", "三先"][n] || `${n}先`,
    // The API's odds names (API.md, `odds`); a FEN is "a position given".
    opt_odds: (o) => `让${{ rook: "单车", horse: "单马", cannon: "单炮", two_horses: "双马", two_rooks: "双车", rook_horse: "车马", advisor: "单士", elephant: "单相", pawn: "一兵" }[o] || "子（指定局面）"}`,
    opt_fouls: (n) => `${n}次犯规判负`,
    opt_repetitions: (n) => `循环${n}次判`,
    opt_natural: (n) => `自然限着${n}回合`,
    opt_starts: (t) => `开赛 ${t}`,
    opt_lateness: (s) => `迟到${s}秒判负`,
    opt_pairs: (p) => (p === "consult" ? "双人赛（商议制）" : "双人赛（轮流走）"),
    opt_any_offer: "随时可提和",
    opt_first: "黑方先走",
    envelope: (e) => `封套：红方 ${e.red_name}，黑方 ${e.black_name}；${e.sealer === "red" ? "红方" : "黑方"}第${e.move_number}着${e.sealed ? "已封" : "待封"}；用时 红${Math.round(e.used_ms.red / 1000)}秒 黑${Math.round(e.used_ms.black / 1000)}秒；局面 ${e.fen}`,
    fouls: (r, b, limit) => `犯规 红${r} 黑${b}（${limit}次判负）`,
    limit_left: (n) => `限着剩${n}回合`,
    paused: "裁判暂停计时",
    ev_foul: (side, kind, n) => `${side}犯规：${kind}（第${n}次）`,
    ev_limit: (n) => `宣布限着${n}回合`,
    ev_expired: (n) => `限着届满，其间吃子${n}次，继续比赛`,
    ev_paused: "裁判暂停计时",
    ev_resumed: "裁判重行开钟",
    ev_time: (side, s) => `${side}时间${s > 0 ? "加" : "减"}${Math.abs(s)}秒`,
    ev_adjourn: "裁判宣布延期续弈，轮走方封棋",
    ev_takeback: (n, ply) => `纠正：退回${n}着（至第${ply}着）`,
    ev_claim_refused: (side, ply, code) => `${side}第${ply}着后提和（循环）不属实（${code === "repetition_forbidden" ? "此循环为禁止着法" : "没有循环反复三次"}），可判犯规`,
    repetition_draw: "判和（循环反复）",
    opt_immediate: "循环第三次即判",
  },
  en: {
    arbiter: "Arbiter",
    arbiter_log: "Arbiter's log",
    desk: "Arbiter's desk",
    red: "Red",
    black: "Black",
    foul: "Record foul",
    repeated_draw_offer: "repeated draw offer",
    false_limit_claim: "false limit claim",
    touched_not_moved: "touched, not moved",
    touched_not_captured: "touched, not captured",
    illegal_move: "illegal move",
    unrecorded_moves: "4 moves unrecorded",
    other: "other foul",
    move_limit: "Declare move limit",
    rounds: "rounds",
    pause: "Pause",
    resume: "Resume",
    time: "Adjust time",
    seconds: "s",
    adjourn: "Adjourn (seal)",
    takeback: "Take back to ply",
    forfeit: "Forfeit",
    late_arrival: "late arrival",
    misconduct: "misconduct",
    refusal: "refusal",
    adjudicate: "Adjudicate",
    red_wins: "Red wins",
    black_wins: "Black wins",
    draw: "draw",
    note: "note",
    enter_move: "Enter move",
    opt_move_odds: (n) => `${n} opening moves (move odds)`,
    opt_odds: (o) => `odds: ${{ rook: "a rook", horse: "a horse", cannon: "a cannon", two_horses: "two horses", two_rooks: "two rooks", rook_horse: "a rook and a horse", advisor: "an advisor", elephant: "an elephant", pawn: "a pawn" }[o] || "a given position"}`,
    opt_fouls: (n) => `${n} fouls lose`,
    opt_repetitions: (n) => `repetition ruled at ${n}`,
    opt_natural: (n) => `natural limit ${n} moves`,
    opt_starts: (t) => `starts ${t}`,
    opt_lateness: (s) => `forfeit if ${s} s late`,
    opt_pairs: (p) => (p === "consult" ? "pairs (consulting)" : "pairs (alternating)"),
    opt_any_offer: "draws offered any time",
    opt_first: "Black moves first",
    envelope: (e) => `Envelope: Red ${e.red_name}, Black ${e.black_name}; ${e.sealer === "red" ? "Red" : "Black"}'s move ${e.move_number} ${e.sealed ? "sealed" : "to be sealed"}; time used Red ${Math.round(e.used_ms.red / 1000)} s, Black ${Math.round(e.used_ms.black / 1000)} s; position ${e.fen}`,
    fouls: (r, b, limit) => `Fouls: Red ${r}, Black ${b} (${limit} lose)`,
    limit_left: (n) => `move limit: ${n} rounds left`,
    paused: "clocks stopped by the arbiter",
    ev_foul: (side, kind, n) => `Foul by ${side}: ${kind} (number ${n})`,
    ev_limit: (n) => `Move limit declared: ${n} rounds`,
    ev_expired: (n) => `Move limit ran out after ${n} capture(s): play goes on`,
    ev_paused: "Clocks stopped by the arbiter",
    ev_resumed: "Clocks restarted by the arbiter",
    ev_time: (side, s) => `${side}: ${s > 0 ? "+" : "−"}${Math.abs(s)} s`,
    ev_adjourn: "Adjourned by the arbiter: the side to move seals",
    ev_takeback: (n, ply) => `Correction: ${n} move(s) taken back (to ply ${ply})`,
    ev_claim_refused: (side, ply, code) => `${side}'s claim of a repetition draw after ply ${ply} was false (${code === "repetition_forbidden" ? "the cycle is forbidden" : "no threefold repetition"}); a foul if the arbiter rules so`,
    repetition_draw: "Declare the repetition draw",
    opt_immediate: "repetition ends the game at once",
  },
};

/** Arbiter text in the page's language. */
export function at(key, ...args) {
  const entry = TEXT[currentLang()][key] ?? TEXT.en[key] ?? key;
  return typeof entry === "function" ? entry(...args) : entry;
}

/** One arbiter event in words, naming who took it. */
export function eventText(e) {
  return (procedureEventText(e) ?? baseText(e)) + byText(e.by);
}

function baseText(e) {
  switch (e.kind) {
    case "foul": return at("ev_foul", at(e.side), at(e.foul), e.count) + (e.note ? ` — ${e.note}` : "");
    case "move_limit_declared": return at("ev_limit", e.rounds);
    case "move_limit_expired": return at("ev_expired", e.captures);
    case "arbiter_paused": return at("ev_paused");
    case "arbiter_resumed": return at("ev_resumed");
    case "time_adjusted": return at("ev_time", at(e.side), Math.round(e.ms / 1000)) + (e.note ? ` — ${e.note}` : "");
    case "adjournment_ordered": return at("ev_adjourn");
    case "taken_back": return at("ev_takeback", e.moves.length, e.to_ply) + (e.note ? ` — ${e.note}` : "");
    case "claim_refused": return at("ev_claim_refused", at(e.by), e.ply, e.code);
    default: return e.kind;
  }
}

/** The line under the status: fouls, the limit's rounds left, a pause. */
export function summary(s) {
  const parts = [];
  if (s.fouls.red || s.fouls.black) parts.push(at("fouls", s.fouls.red, s.fouls.black, s.foul_limit));
  if (s.move_limit) parts.push(at("limit_left", s.move_limit.rounds_left));
  if (s.paused) parts.push(at("paused"));
  return parts.join(" · ");
}

/** The game's options in words, for the page's info line. */
export function optionsText(s) {
  const o = s.options || {};
  const parts = [];
  if (s.first === "black") parts.push(at("opt_first"));
  if (o.move_odds) parts.push(at("opt_move_odds", o.move_odds));
  if (o.odds) parts.push(at("opt_odds", o.odds));
  if (o.pairs) parts.push(at("opt_pairs", o.pairs));
  if (o.foul_limit) parts.push(at("opt_fouls", o.foul_limit));
  if (o.repetitions != null) parts.push(at("opt_repetitions", o.repetitions));
  if (o.procedure === "immediate") parts.push(at("opt_immediate"));
  if (o.natural_limit != null) parts.push(at("opt_natural", o.natural_limit));
  if (o.draw_offers === "any") parts.push(at("opt_any_offer"));
  if (o.starts_at_unix_ms) parts.push(at("opt_starts", new Date(o.starts_at_unix_ms).toLocaleString()));
  if (o.lateness_ms != null) parts.push(at("opt_lateness", Math.round(o.lateness_ms / 1000)));
  return parts.join(" · ");
}

/** Draws the arbiter's log (every visitor) and the desk (the arbiter only). */
export function renderArbiter(s, isArbiter) {
  const log = $("arbiter-log");
  log.replaceChildren();
  for (const e of s.arbiter_log) {
    const li = document.createElement("li");
    li.dataset.kind = e.kind;
    li.textContent = eventText(e);
    log.appendChild(li);
  }
  $("arbiter-log-box").hidden = s.arbiter_log.length === 0;
  $("arbiter-summary").textContent = summary(s);
  for (const el of document.querySelectorAll("[data-at]")) el.textContent = at(el.dataset.at);
  const desk = $("arbiter-desk");
  desk.hidden = !isArbiter;
  if (!isArbiter) return;
  renderDesk(s);
  const envelope = $("at-envelope");
  envelope.textContent = s.envelope ? at("envelope", s.envelope) : "";
}

/** Wires the desk (built by desk.js). */
export { scoringMoves, wireDesk } from "./desk.js";
