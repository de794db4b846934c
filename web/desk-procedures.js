// The books' procedures at the arbiter's desk (the game crate's ArbiterAction, through
// POST /api/games/{id}/arbiter or the socket): 限着 as 1960 §12 sets it out (a request with
// its ground, the declaration that stops the clocks and notes the position, the ruling at
// expiry with the book's criteria shown, a new limit, lifting), touch-move (1960 §7 四;
// current 5.1–5.5), corrections that bind the replay to the piece moved (1960 §7 五),
// warnings, disqualification (除名, 1960 §18 九; current 8.8) and the sealed-move error
// (1960 §4 一(六)). Irreversible steps show what they will do and wait for a confirmation.

import { currentLang } from "./i18n.js";

const TEXT = {
  zh: {
    limit_box: "限着（1960年规则第十二节）",
    ground_undecided: "一(一) 胜和趋势一时判断不出",
    ground_dominant: "一(二) 一方占绝对优势而反复循环",
    ground_arbiter_sees: "一(三) 裁判员认为需要",
    by_arbiter: "（裁判员）",
    limit_request: "记录提出限着",
    limit_declare: "宣布限着",
    limit_state: (rounds, left) => `限着${rounds}回合，还剩${left}回合`,
    limit_none: "现在没有限着",
    judge_title: "限着届满：裁判员裁定（第十二节四）",
    judge_draw: "判和",
    judge_new: "重限着数",
    judge_on: "不限着数继续比赛",
    lift: "取消限着",
    criteria_none: "局势无新的变化 → 按规则应判和",
    criteria_some: "局势出现新的变化 → 按规则应重限着数或继续比赛",
    lost: (r, b) => `一方失子：红失${r}子，黑失${b}子`,
    in_danger: (sq) => `棋子处于险境：${sq}`,
    away: (sq) => `士、象不归宫：${sq}`,
    threatened: (sq) => `将、帅被威胁：${sq}`,
    will_declare: (move, side, rounds) => `将先令双方暂停，记下局势（第${move}回合，${side}走），宣布限着${rounds}回合，然后重行开钟续弈。`,
    will_draw: "将判本局和棋（限着届满，局势无新的变化），对局结束。",
    needs_note: "裁定与上列标准不一致，须在说明中写明理由。",
    touch_box: "摸子动子（第七节四；现行规则5.1–5.5）",
    touch_squares: "所摸的子，按先后（如 h2 h9）",
    touch: "记录摸子",
    untouch: "撤销（我来摆正）",
    bound: (side, moves) => `${side}只能走：${moves}`,
    bound_free: (side) => `${side}所摸的子不能走也不能吃：可以另行走子`,
    correct_box: "纠正错误（第七节五）",
    correct_from: "从第几着起重走（0为第一着）",
    correct: "纠正",
    will_correct: (n, moves, sq) => `将从该着起重走，退回${n}着（${moves}）；重走时仍须走${sq}的棋子，除非它根本不能走动。`,
    discipline_box: "纪律（第十八节九；现行规则8.8）",
    warn: "警告",
    disqualify: "除名",
    will_disqualify: (side) => `将判${side}除名：本局判${side}负；在比赛中按第十四节处理其余各局（已赛不足一半则注销，一半以上则余局判负）。`,
    sealed_box: "封着有误（第四节一(六)）",
    sealed_meant: "封棋方解释的着法（空：解释不清）",
    sealed_error: "裁定封着",
    will_sealed_lose: (side) => `封着有误而又解释不清：将判${side}负，对局结束。`,
    will_sealed_meant: (mv) => `封棋方已解释清楚：信封内的着法改为 ${mv}，续赛时走出。`,
    ev_limit_requested: (who) => `${who}提出限着`,
    ev_limit_judged: (v) => ({ draw: "限着届满：判和", new_limit: "限着届满：重限着数", play_on: "限着届满：不限着数继续" })[v],
    ev_limit_lifted: "取消限着",
    ev_touched: (side, sq) => `${side}摸子：${sq}`,
    ev_untouched: (side) => `撤销${side}的摸子记录`,
    ev_corrected: (ply) => `纠正错误：从第${ply + 1}着起重走`,
    ev_warned: (side, n) => `警告${side}（第${n}次）`,
    ev_seal_corrected: "封着有误，已解释清楚",
    ev_expired_judge: "限着届满：停钟待裁定",
    by: (who) => `（${who}）`,
    role_chief: "裁判长", role_deputy: "副裁判长", role_board: "裁判员", role_organiser: "竞赛委员会", role_game: "本局裁判",
    red: "红方", black: "黑方", note: "说明（记入棋谱）",
  },
  en: {
    limit_box: "Move limit (1960 rules §12)",
    ground_undecided: "一(一) trend cannot be judged",
    ground_dominant: "一(二) one side dominates, play cycles",
    ground_arbiter_sees: "一(三) the arbiter sees the need",
    by_arbiter: "(arbiter)",
    limit_request: "Record the request",
    limit_declare: "Declare the limit",
    limit_state: (rounds, left) => `Limit of ${rounds} moves, ${left} left`,
    limit_none: "No move limit in force",
    judge_title: "The limit ran out: the arbiter rules (§12 四)",
    judge_draw: "Draw",
    judge_new: "New limit",
    judge_on: "Play on without a limit",
    lift: "Lift the limit",
    criteria_none: "No new change → the book's ruling is a draw",
    criteria_some: "A new change → the book's ruling is a new limit or play on",
    lost: (r, b) => `pieces lost: Red ${r}, Black ${b}`,
    in_danger: (sq) => `pieces in danger: ${sq}`,
    away: (sq) => `advisors/elephants away from home: ${sq}`,
    threatened: (sq) => `general threatened: ${sq}`,
    will_declare: (move, side, rounds) => `The clocks stop, the position is noted (move ${move}, ${side} to move), a limit of ${rounds} moves is declared, then the clocks restart.`,
    will_draw: "The game will be drawn (the limit ran out with no new change); it ends.",
    needs_note: "This ruling goes against the criteria above: write the reason in the note.",
    touch_box: "Touch-move (§7 四; current 5.1–5.5)",
    touch_squares: "pieces touched, in order (e.g. h2 h9)",
    touch: "Record the touch",
    untouch: "Withdraw (adjusting)",
    bound: (side, moves) => `${side} may only play: ${moves}`,
    bound_free: (side) => `${side}'s touched pieces can neither move nor be taken: any move`,
    correct_box: "Correction (§7 五)",
    correct_from: "replay from ply (0 = first move)",
    correct: "Correct",
    will_correct: (n, moves, sq) => `${n} move(s) will be taken back (${moves}); the replay must move the piece on ${sq} again unless it cannot move.`,
    discipline_box: "Discipline (§18 九; current 8.8)",
    warn: "Warn",
    disqualify: "Disqualify",
    will_disqualify: (side) => `${side} will be disqualified: this game is lost, and in the event his other games follow §14 (fewer than half played: cancelled; half or more: the rest lost by default).`,
    sealed_box: "Sealed move error (§4 一(六))",
    sealed_meant: "the move the sealer explained (empty: unexplained)",
    sealed_error: "Rule on the seal",
    will_sealed_lose: (side) => `The sealed move is wrong and unexplained: ${side} will lose; the game ends.`,
    will_sealed_meant: (mv) => `Explained: the envelope's move becomes ${mv}, played on resumption.`,
    ev_limit_requested: (who) => `${who} asked for a move limit`,
    ev_limit_judged: (v) => ({ draw: "Limit ran out: draw", new_limit: "Limit ran out: new limit", play_on: "Limit ran out: play on" })[v],
    ev_limit_lifted: "Move limit lifted",
    ev_touched: (side, sq) => `${side} touched ${sq}`,
    ev_untouched: (side) => `${side}'s touch withdrawn`,
    ev_corrected: (ply) => `Correction: replay from ply ${ply}`,
    ev_warned: (side, n) => `Warning to ${side} (number ${n})`,
    ev_seal_corrected: "Sealed move wrong, explained",
    ev_expired_judge: "Limit ran out: clocks stopped for the ruling",
    by: (who) => ` (${who})`,
    role_chief: "chief arbiter", role_deputy: "deputy", role_board: "board arbiter", role_organiser: "organiser", role_game: "arbiter",
    red: "Red", black: "Black", note: "note (goes into the record)",
  },
};

function pt(key, ...args) {
  const entry = TEXT[currentLang()][key] ?? TEXT.en[key] ?? key;
  return typeof entry === "function" ? entry(...args) : entry;
}

const $ = (id) => document.getElementById(id);

function node(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function row(...children) {
  const r = node("div", { class: "desk-row" });
  for (const c of children) r.appendChild(c);
  return r;
}

function select(id, values, prefix = "") {
  const s = node("select", { id });
  for (const v of values) s.appendChild(node("option", { value: v, "data-pt": prefix + v }, pt(prefix + v)));
  return s;
}

const button = (id, key, cls) => node("button", { id, type: "button", "data-pt": key, ...(cls ? { class: cls } : {}) }, pt(key));
const note = (id) => node("input", { id, type: "text", maxlength: "200", "data-pt-placeholder": "note" });
const sides = (id) => select(id, ["red", "black"]);
const label = (key) => node("span", { "data-pt": key }, pt(key));

function box(id, key) {
  const b = node("fieldset", { id, class: "desk-box" });
  b.appendChild(node("legend", { "data-pt": key }, pt(key)));
  return b;
}

/** Who took an arbiter's action, from the event's `by`. */
export function byText(by) {
  if (!by) return "";
  return pt("by", pt(`role_${by.role}`) + (by.name ? ` ${by.name}` : ""));
}

/** The new procedures' events in words (undefined: not one of them). */
export function procedureEventText(e) {
  const side = (s) => pt(s);
  switch (e.kind) {
    case "limit_requested": return pt("ev_limit_requested", e.side ? side(e.side) : pt("by_arbiter"));
    case "limit_judged": return pt("ev_limit_judged", e.verdict) + (e.note ? ` — ${e.note}` : "");
    case "move_limit_lifted": return pt("ev_limit_lifted") + (e.note ? ` — ${e.note}` : "");
    case "touched": return pt("ev_touched", side(e.binding.side), e.binding.squares.join(" "));
    case "untouched": return pt("ev_untouched", side(e.side));
    case "corrected": return pt("ev_corrected", e.to_ply) + (e.note ? ` — ${e.note}` : "");
    case "warned": return pt("ev_warned", side(e.side), e.count) + (e.note ? ` — ${e.note}` : "");
    case "seal_corrected": return pt("ev_seal_corrected");
    case "move_limit_expired": return e.changes ? pt("ev_expired_judge") : undefined;
    default: return undefined;
  }
}

/** Adds the procedures' fieldsets to the desk (before its confirmation box). */
export function buildProcedures(desk) {
  const limit = box("at-limit-box", "limit_box");
  limit.appendChild(node("p", { id: "at-limit-state", class: "desk-state" }));
  limit.appendChild(row(select("at-limit-ground", ["undecided", "dominant", "arbiter_sees"], "ground_"), sides("at-limit-side"), button("at-limit-request", "limit_request")));
  const rounds = node("input", { id: "at-rounds", type: "number", min: "1", max: "500", value: "40" });
  limit.appendChild(row(rounds, button("at-limit", "limit_declare"), note("at-lift-note"), button("at-lift", "lift")));
  const judge = node("div", { id: "at-judge", class: "desk-judge", hidden: "" });
  judge.appendChild(node("p", { "data-pt": "judge_title", class: "desk-judge-title" }, pt("judge_title")));
  judge.appendChild(node("ul", { id: "at-criteria" }));
  judge.appendChild(node("p", { id: "at-criteria-verdict", class: "desk-state" }));
  judge.appendChild(node("p", { id: "at-criteria-rule", class: "desk-rule" }));
  const again = node("input", { id: "at-new-rounds", type: "number", min: "1", max: "500", value: "40" });
  judge.appendChild(row(note("at-judge-note")));
  judge.appendChild(row(button("at-judge-draw", "judge_draw", "danger"), again, button("at-judge-new", "judge_new"), button("at-judge-on", "judge_on")));
  limit.appendChild(judge);
  desk.appendChild(limit);

  const touch = box("at-touch-box", "touch_box");
  const squares = node("input", { id: "at-touch-squares", type: "text", maxlength: "60", "data-pt-placeholder": "touch_squares" });
  touch.appendChild(row(squares, button("at-touch", "touch"), button("at-untouch", "untouch")));
  touch.appendChild(node("p", { id: "at-binding", class: "desk-state", hidden: "" }));
  const from = node("input", { id: "at-correct-ply", type: "number", min: "0", value: "0" });
  touch.appendChild(row(label("correct_from"), from, note("at-correct-note"), button("at-correct", "correct", "danger")));
  desk.appendChild(touch);

  const discipline = box("at-discipline-box", "discipline_box");
  discipline.appendChild(row(sides("at-warn-side"), note("at-warn-note"), button("at-warn", "warn")));
  discipline.appendChild(row(sides("at-dq-side"), note("at-dq-note"), button("at-disqualify", "disqualify", "danger")));
  const meant = node("input", { id: "at-sealed-meant", type: "text", maxlength: "20", "data-pt-placeholder": "sealed_meant" });
  discipline.appendChild(row(label("sealed_box"), meant, note("at-sealed-note"), button("at-sealed", "sealed_error", "danger")));
  desk.appendChild(discipline);
}

function criteriaLines(c) {
  const lines = [];
  if (c.red_lost || c.black_lost) lines.push(pt("lost", c.red_lost, c.black_lost));
  if (c.in_danger.length) lines.push(pt("in_danger", c.in_danger.join(" ")));
  if (c.away_from_home.length) lines.push(pt("away", c.away_from_home.join(" ")));
  if (c.general_threatened.length) lines.push(pt("threatened", c.general_threatened.join(" ")));
  return lines;
}

/** Draws the procedures' state for game state `s`. */
export function renderProcedures(s) {
  for (const e of document.querySelectorAll("#arbiter-desk [data-pt]")) e.textContent = pt(e.dataset.pt);
  for (const e of document.querySelectorAll("#arbiter-desk [data-pt-placeholder]")) e.placeholder = pt(e.dataset.ptPlaceholder);
  const over = s.status === "ended";
  const judging = !!s.limit_judgment;
  $("at-limit-state").textContent = s.move_limit ? pt("limit_state", s.move_limit.rounds, s.move_limit.rounds_left) : pt("limit_none");
  $("at-limit-side").disabled = $("at-limit-ground").value === "arbiter_sees";
  $("at-limit").disabled = over || judging || !!s.move_limit;
  $("at-limit-request").disabled = over || judging || !!s.move_limit;
  $("at-lift").disabled = over || judging || !s.move_limit;
  $("at-judge").hidden = !judging || over;
  if (judging) {
    const j = s.limit_judgment;
    const list = $("at-criteria");
    list.replaceChildren(...criteriaLines(j.changes).map((t) => node("li", {}, t)));
    $("at-criteria-verdict").textContent = pt(j.changed ? "criteria_some" : "criteria_none");
    $("at-criteria-rule").textContent = currentLang() === "zh" ? j.rule_zh : j.rule;
    $("at-judge").dataset.changed = j.changed ? "1" : "0";
  }
  const b = s.binding;
  $("at-binding").hidden = !b;
  if (b) $("at-binding").textContent = `${b.moves.length ? pt("bound", pt(b.side), b.moves.join(" ")) : pt("bound_free", pt(b.side))} — ${currentLang() === "zh" ? b.explanation_zh : b.explanation}`;
  $("at-untouch").disabled = over || !b || b.cause !== "touch";
  $("at-correct").disabled = over || s.moves.length === 0;
  $("at-correct-ply").max = String(Math.max(0, s.moves.length - 1));
  $("at-sealed").disabled = over || !(s.adjournment && s.adjournment.state === "sealed");
}

/** Wires the procedures to `act(request)` and `ask(text, request)` (the desk's confirmation);
 * `state()` is the game's state now. */
export function wireProcedures(act, ask, state) {
  const take = (id) => {
    const value = $(id).value.trim();
    $(id).value = "";
    return value;
  };
  $("at-limit-ground").onchange = () => { $("at-limit-side").disabled = $("at-limit-ground").value === "arbiter_sees"; };
  $("at-limit-request").onclick = () => {
    const ground = $("at-limit-ground").value;
    act(ground === "arbiter_sees" ? { action: "limit_request", ground } : { action: "limit_request", ground, side: $("at-limit-side").value });
  };
  $("at-limit").onclick = () => {
    const s = state();
    const rounds = Number($("at-rounds").value);
    ask(pt("will_declare", Math.floor(s.moves.length / 2) + 1, pt(s.turn), rounds), { action: "move_limit", rounds });
  };
  $("at-lift").onclick = () => act({ action: "lift_limit", note: take("at-lift-note") });
  const ruling = (verdict, extra = {}) => {
    const changed = $("at-judge").dataset.changed === "1";
    const noteText = $("at-judge-note").value.trim();
    const against = verdict === "draw" ? changed : !changed;
    if (against && !noteText) {
      ask(pt("needs_note"));
      return;
    }
    const request = { action: "limit_ruling", verdict, note: noteText, ...extra };
    if (verdict === "draw") ask(pt("will_draw"), request, "at-judge-note");
    else {
      act(request);
      $("at-judge-note").value = "";
    }
  };
  $("at-judge-draw").onclick = () => ruling("draw");
  $("at-judge-new").onclick = () => ruling("new_limit", { rounds: Number($("at-new-rounds").value) });
  $("at-judge-on").onclick = () => ruling("play_on");
  $("at-touch").onclick = () => {
    const squares = take("at-touch-squares").split(/[\s,，、]+/).filter(Boolean);
    if (squares.length) act({ action: "touch", squares });
  };
  $("at-untouch").onclick = () => act({ action: "untouch", note: "我来摆正" });
  $("at-correct").onclick = () => {
    const s = state();
    const from = Number($("at-correct-ply").value);
    if (!(Number.isInteger(from) && from >= 0 && from < s.moves.length)) return;
    const moves = (currentLang() === "zh" ? s.moves_chinese : s.moves).slice(from).join(" ");
    const sq = s.moves[from].slice(0, 2);
    ask(pt("will_correct", s.moves.length - from, moves, sq), { action: "correct", from_ply: from, note: $("at-correct-note").value.trim() }, "at-correct-note");
  };
  $("at-warn").onclick = () => act({ action: "warn", side: $("at-warn-side").value, note: take("at-warn-note") });
  $("at-disqualify").onclick = () => {
    const side = $("at-dq-side").value;
    ask(pt("will_disqualify", pt(side)), { action: "disqualify", side, note: $("at-dq-note").value.trim() }, "at-dq-note");
  };
  $("at-sealed").onclick = () => {
    const s = state();
    const meant = $("at-sealed-meant").value.trim();
    const request = { action: "sealed_error", note: $("at-sealed-note").value.trim(), ...(meant ? { meant } : {}) };
    const sealer = s.adjournment ? pt(s.adjournment.by) : "";
    ask(meant ? pt("will_sealed_meant", meant) : pt("will_sealed_lose", sealer), request, "at-sealed-note");
  };
}
