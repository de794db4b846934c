// The arbiter's desk (POST /api/games/{id}/arbiter), made safe: the board moves pieces only
// in the explicit "score a move" mode; every action has its own side and note fields, and a
// note box is emptied once its action is sent; forfeit, adjudication and takeback first show
// what they will do and wait for a confirmation; the takeback's ply defaults to the last
// move. The desk is drawn here, into the page's #arbiter-desk.

import { currentLang } from "./i18n.js";
import { buildProcedures, renderProcedures, wireProcedures } from "./desk-procedures.js";

const TEXT = {
  zh: {
    desk: "裁判台", red: "红方", black: "黑方", note: "说明（记入棋谱）",
    score_on: "记录着法：开", score_off: "记录着法（点棋盘走子）", score_hint: "记录模式：点棋盘为轮走方走子，或输入着法。",
    foul: "判犯规", move_limit: "宣布限着", rounds: "回合", pause: "暂停", resume: "开钟", adjourn: "延期封棋",
    time: "调整时间", seconds: "秒（负数为减）", takeback: "纠正：退回至第几着", takeback_do: "退回", forfeit: "判负", adjudicate: "裁定",
    repetition_draw: "判和（循环反复）", enter_move: "录入着法",
    touched_not_moved: "摸子不走", touched_not_captured: "摸对方子不吃", illegal_move: "走棋违例",
    repeated_draw_offer: "连续提和", false_limit_claim: "自然限着申请不属实", unrecorded_moves: "连续漏记4着", other: "其他犯规",
    late_arrival: "迟到", misconduct: "严重违纪", refusal: "拒绝比赛",
    red_wins: "红胜", black_wins: "黑胜", draw: "和棋",
    confirm: "确认", cancel: "取消",
    will_forfeit: (side, why) => `将判${side}负（${why}），对局结束。`,
    will_adjudicate: (result) => `将裁定本局${result}，对局结束。`,
    will_takeback: (n, ply, moves) => `将退回${n}着（${moves}），保留前${ply}着；已用时间不退。`,
    will_foul_end: (side, limit) => `这是${side}第${limit}次犯规，将判${side}负。`,
    nothing_back: "没有可退回的着法。",
  },
  en: {
    desk: "Arbiter's desk", red: "Red", black: "Black", note: "note (goes into the record)",
    score_on: "Scoring moves: on", score_off: "Score a move (board moves pieces)", score_hint: "Scoring: a click on the board moves the side to move, or type the move.",
    foul: "Record foul", move_limit: "Declare move limit", rounds: "rounds", pause: "Pause", resume: "Resume", adjourn: "Adjourn (seal)",
    time: "Adjust time", seconds: "s (negative takes)", takeback: "Correction: take back to ply", takeback_do: "Take back", forfeit: "Forfeit", adjudicate: "Adjudicate",
    repetition_draw: "Declare the repetition draw", enter_move: "Enter move",
    touched_not_moved: "touched, not moved", touched_not_captured: "touched, not captured", illegal_move: "illegal move",
    repeated_draw_offer: "repeated draw offer", false_limit_claim: "false limit claim", unrecorded_moves: "4 moves unrecorded", other: "other foul",
    late_arrival: "late arrival", misconduct: "misconduct", refusal: "refusal",
    red_wins: "Red wins", black_wins: "Black wins", draw: "draw",
    confirm: "Confirm", cancel: "Cancel",
    will_forfeit: (side, why) => `${side} will lose by forfeit (${why}); the game ends.`,
    will_adjudicate: (result) => `The game will be ruled: ${result}; it ends.`,
    will_takeback: (n, ply, moves) => `${n} move(s) will be taken back (${moves}); the first ${ply} stand; time used stays used.`,
    will_foul_end: (side, limit) => `This is ${side}'s foul number ${limit}: ${side} will lose.`,
    nothing_back: "There is no move to take back.",
  },
};

function dt(key, ...args) {
  const entry = TEXT[currentLang()][key] ?? TEXT.en[key] ?? key;
  return typeof entry === "function" ? entry(...args) : entry;
}

const $ = (id) => document.getElementById(id);
let scoring = false;
let state = null;
let lastPlies = -1;
let pending = null;

/** Whether the arbiter has switched the board to scoring moves. */
export function scoringMoves() {
  return scoring;
}

function node(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function select(id, values) {
  const s = node("select", { id });
  for (const v of values) s.appendChild(node("option", { value: v, "data-dt": v }, dt(v)));
  return s;
}

function row(...children) {
  const r = node("div", { class: "desk-row" });
  for (const c of children) r.appendChild(c);
  return r;
}

const note = (id) => node("input", { id, type: "text", maxlength: "200", "data-dt-placeholder": "note" });
const button = (id, key, cls) => node("button", { id, type: "button", "data-dt": key, ...(cls ? { class: cls } : {}) }, dt(key));
const sides = (id) => select(id, ["red", "black"]);
const FOULS = ["touched_not_moved", "touched_not_captured", "illegal_move", "repeated_draw_offer", "false_limit_claim", "unrecorded_moves", "other"];

function build(desk) {
  desk.replaceChildren(node("h2", { "data-dt": "desk" }, dt("desk")));
  desk.appendChild(node("div", { id: "at-envelope", class: "envelope", hidden: "" }));
  desk.appendChild(row(button("at-score", "score_off")));
  const move = row(node("input", { id: "at-move-text", type: "text", maxlength: "20", placeholder: "炮二平五 / 炮25 / h2e2" }), button("at-move", "enter_move"));
  move.id = "at-move-row";
  move.hidden = true;
  desk.appendChild(move);
  desk.appendChild(row(sides("at-foul-side"), select("at-foul-kind", FOULS), note("at-foul-note"), button("at-foul", "foul")));
  desk.appendChild(row(button("at-pause", "pause"), button("at-resume", "resume"), button("at-adjourn", "adjourn")));
  const seconds = node("input", { id: "at-seconds", type: "number", value: "60", step: "1", min: "-7200", max: "7200" });
  desk.appendChild(row(sides("at-time-side"), seconds, node("span", { "data-dt": "seconds" }, dt("seconds")), note("at-time-note"), button("at-time", "time")));
  const ply = node("input", { id: "at-ply", type: "number", min: "0", value: "0" });
  desk.appendChild(row(node("span", { "data-dt": "takeback" }, dt("takeback")), ply, note("at-takeback-note"), button("at-takeback", "takeback_do", "danger")));
  desk.appendChild(row(sides("at-forfeit-side"), select("at-forfeit-reason", ["late_arrival", "misconduct", "refusal"]), button("at-forfeit", "forfeit", "danger")));
  desk.appendChild(row(select("at-result", ["red_wins", "black_wins", "draw"]), note("at-adjudicate-note"), button("at-adjudicate", "adjudicate", "danger")));
  desk.appendChild(row(button("at-repetition-draw", "repetition_draw")));
  buildProcedures(desk);
  const confirmBox = node("div", { id: "at-confirm", class: "desk-confirm", hidden: "", role: "alertdialog" });
  confirmBox.appendChild(node("p", { id: "at-confirm-text" }));
  confirmBox.appendChild(row(button("at-confirm-yes", "confirm", "danger"), button("at-confirm-no", "cancel")));
  desk.appendChild(confirmBox);
}

function translate(desk) {
  for (const e of desk.querySelectorAll("[data-dt]")) e.textContent = dt(e.dataset.dt);
  for (const e of desk.querySelectorAll("[data-dt-placeholder]")) e.placeholder = dt(e.dataset.dtPlaceholder);
  $("at-score").textContent = dt(scoring ? "score_on" : "score_off");
}

/** Draws the desk for state `s` (the arbiter only). */
export function renderDesk(s) {
  state = s;
  const desk = $("arbiter-desk");
  if (!$("at-score")) return;
  translate(desk);
  const over = s.status === "ended";
  for (const b of desk.querySelectorAll("button")) b.disabled = over;
  $("at-confirm-no").disabled = false;
  $("at-pause").disabled = over || s.paused || s.clocks.state !== "running";
  $("at-resume").disabled = over || !s.paused;
  $("at-repetition-draw").disabled = over || !s.claimable;
  $("at-takeback").disabled = over || s.moves.length === 0;
  const envelope = $("at-envelope");
  envelope.hidden = !s.envelope;
  // The takeback's default is the last move only, renewed whenever the game moves on.
  if (s.moves.length !== lastPlies) {
    lastPlies = s.moves.length;
    $("at-ply").value = String(Math.max(0, s.moves.length - 1));
    $("at-ply").max = String(Math.max(0, s.moves.length - 1));
  }
  renderProcedures(s);
  if (over) setScoring(false);
}

function setScoring(on) {
  scoring = on;
  $("at-score").textContent = dt(on ? "score_on" : "score_off");
  $("at-score").classList.toggle("primary", on);
  $("at-move-row").hidden = !on;
  document.body.dataset.scoring = on ? "1" : "0";
}

/** Shows what `request` will do and sends it with `act` only once confirmed. */
function ask(text, request, act, noteId) {
  pending = request ? { request, act, noteId } : null;
  $("at-confirm-text").textContent = text;
  $("at-confirm-yes").hidden = !request;
  $("at-confirm").hidden = false;
  if (request) $("at-confirm-yes").focus();
}

function moveList(from) {
  const moves = currentLang() === "zh" ? state.moves_chinese : state.moves;
  return moves.slice(from).join(" ");
}

/** Builds the desk and wires it to `act(request)` (an arbiter action), `move(text)` and
 * `redraw()` (the page's render, for the scoring mode). */
export function wireDesk(act, move, redraw = () => {}) {
  const desk = $("arbiter-desk");
  build(desk);
  // Each action reads its own fields, and its note box is emptied once it is sent.
  const take = (id) => {
    const value = $(id).value.trim();
    $(id).value = "";
    return value;
  };
  const side = (id) => $(id).value;
  $("at-score").onclick = () => {
    setScoring(!scoring);
    redraw();
  };
  $("at-move").onclick = () => {
    const text = $("at-move-text").value.trim();
    if (text) move(text);
    $("at-move-text").value = "";
  };
  $("at-foul").onclick = () => {
    const request = { action: "foul", side: side("at-foul-side"), foul: $("at-foul-kind").value, note: take("at-foul-note") };
    const count = (state?.fouls?.[request.side] ?? 0) + 1;
    if (state && count >= state.foul_limit) ask(dt("will_foul_end", dt(request.side), count), request, act, null);
    else act(request);
  };
  $("at-pause").onclick = () => act({ action: "pause" });
  $("at-resume").onclick = () => act({ action: "resume" });
  $("at-adjourn").onclick = () => act({ action: "adjourn" });
  $("at-time").onclick = () => {
    const ms = Math.round(Number($("at-seconds").value) * 1000);
    act({ action: "time", side: side("at-time-side"), ms, note: take("at-time-note") });
  };
  $("at-takeback").onclick = () => {
    const ply = Number($("at-ply").value);
    const played = state ? state.moves.length : 0;
    if (!(Number.isInteger(ply) && ply >= 0 && ply < played)) {
      ask(dt("nothing_back"));
      return;
    }
    const request = { action: "takeback", to_ply: ply, note: $("at-takeback-note").value.trim() };
    ask(dt("will_takeback", played - ply, ply, moveList(ply)), request, act, "at-takeback-note");
  };
  $("at-forfeit").onclick = () => {
    const request = { action: "forfeit", side: side("at-forfeit-side"), reason: $("at-forfeit-reason").value };
    ask(dt("will_forfeit", dt(request.side), dt(request.reason)), request, act);
  };
  $("at-adjudicate").onclick = () => {
    const request = { action: "adjudicate", result: $("at-result").value, note: $("at-adjudicate-note").value.trim() };
    ask(dt("will_adjudicate", dt(request.result)), request, act, "at-adjudicate-note");
  };
  $("at-repetition-draw").onclick = () => act({ action: "repetition_draw" });
  $("at-confirm-yes").onclick = () => {
    $("at-confirm").hidden = true;
    if (pending) {
      pending.act(pending.request);
      if (pending.noteId) $(pending.noteId).value = "";
    }
    pending = null;
  };
  $("at-confirm-no").onclick = () => {
    $("at-confirm").hidden = true;
    pending = null;
  };
  wireProcedures(act, (text, request, noteId) => ask(text, request, act, noteId), () => state);
  setScoring(false);
}
