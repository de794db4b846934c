// Adjourned games (封棋) with their envelopes' covers, and when each resumes (1960 §18 五:
// 排定未了局续赛). Read from GET /api/events/{id}/adjourned; in the console, the organiser or
// the chief arbiter sets each game's date and time (POST, the browser's local time). The
// sealed move is never shown: the server does not send it.

import { addEventText, api, el, et, table } from "/assets/events/event-i18n.js";
import { currentLang } from "/assets/i18n.js";

addEventText({
  zh: {
    adjourned: "封棋待续的对局（1960年规则第十八节五）",
    sealed_by: "封棋方",
    move_no: "第几着",
    time_used: "已用时间（红/黑）",
    resumes: "续赛时间",
    not_scheduled: "未排定",
    schedule: "排定续赛",
    scheduled: (r, b) => `第${r}轮第${b}台的续赛时间已排定`,
    resumes_at: (when) => `续赛：${when}`,
    envelope: "封棋信封",
  },
  en: {
    adjourned: "Adjourned games (1960 §18 五)",
    sealed_by: "Sealed by",
    move_no: "Move no.",
    time_used: "Time used (red/black)",
    resumes: "Resumes",
    not_scheduled: "not scheduled",
    schedule: "Schedule",
    scheduled: (r, b) => `Round ${r}, board ${b}: resumption scheduled`,
    resumes_at: (when) => `Resumes ${when}`,
    envelope: "Envelope",
  },
});

/** `ms` as the reader's local date and time, in his language. */
export function when(ms) {
  return new Date(ms).toLocaleString(currentLang() === "zh" ? "zh-CN" : "en-GB", {
    year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
  });
}

function clock(ms) {
  const m = Math.floor(ms / 60000);
  const s = Math.floor((ms % 60000) / 1000);
  return `${m}:${String(s).padStart(2, "0")}`;
}

/** `ms` for an `<input type="datetime-local">` (local time). */
function localInput(ms) {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60000);
  return d.toISOString().slice(0, 16);
}

/** The schedule form of one game: a date and time, and the button. */
function scheduleForm(id, token, g, done, onError) {
  const f = el("form", null, { class: "schedule", "data-round": g.round, "data-board": g.board });
  const tomorrow = Date.now() + 24 * 3600 * 1000;
  const input = el("input", null, {
    type: "datetime-local", class: "resume-at", "aria-label": et("resumes"),
    value: localInput(g.resumes_unix_ms ?? tomorrow - (tomorrow % 3600000)),
  });
  f.append(input, el("button", et("schedule"), { type: "submit", class: "primary schedule-btn" }));
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const at = new Date(input.value).getTime();
      await api("POST", `/api/events/${id}/adjourned`, token, { round: g.round, board: g.board, at_unix_ms: at });
      done(et("scheduled", g.round, g.board));
    } catch (err) {
      onError(err);
    }
  });
  return f;
}

/** The section of adjourned games of event `id` (empty when none); with `token` (the
 * console's), a schedule form on each. */
export async function adjournedSection(id, options = {}) {
  const box = el("section", null, { id: "adjourned" });
  let list;
  try {
    list = (await api("GET", `/api/events/${id}/adjourned`)).adjourned;
  } catch {
    return box;
  }
  if (!list.length) return box;
  box.appendChild(el("h2", et("adjourned")));
  const rows = list.map((g) => {
    const resume = g.resumes_unix_ms ? when(g.resumes_unix_ms) : et("not_scheduled");
    const row = [
      et("round", g.round), g.board, g.red_name, g.black_name, et(g.sealed_by),
      g.move_number, `${clock(g.used_ms[0])} / ${clock(g.used_ms[1])}`, el("span", resume, { class: "resume-time" }),
    ];
    if (options.token) row.push(scheduleForm(id, options.token, g, options.done, options.onError));
    return row;
  });
  const header = [et("rounds"), et("board"), et("red"), et("black"), et("sealed_by"), et("move_no"), et("time_used"), et("resumes")];
  if (options.token) header.push(et("schedule"));
  box.appendChild(table(header, rows));
  return box;
}
