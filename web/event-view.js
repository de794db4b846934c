// Draws an event (the GET /api/events/{id} answer): status, pairings with live results,
// standings with tie-breaks, the crosstable, the bracket, the log.

import { addEventText, el, et, playerName, table } from "/assets/events/event-i18n.js";
import { currentLang } from "/assets/i18n.js";

// The systems' and tie-breaks' names (the tie-breaks' Chinese as the tournament crate names
// them: `TieBreak::chinese`), and a time control in words.
addEventText({
  zh: {
    sys_round_robin: "单循环", sys_double_round_robin: "双循环", sys_swiss: "积分编排（瑞士制）",
    sys_knockout: "单淘汰", sys_double_knockout: "双淘汰", sys_match: "对抗赛", sys_cards: "抽签淘汰",
    sys_groups: "分组循环", sys_team_round_robin: "团体循环", sys_team_swiss: "团体积分编排",
    sys_whole_team_round_robin: "全队循环",
    tb_MP: "大分", tb_DE: "直接胜负", tb_Unb: "不败", tb_Loss: "负局少", tb_Foul: "违例少",
    tb_BH: "对手分", "tb_BH-C1": "对手分(去最低)", tb_PS: "累进分", tb_Win: "胜局",
    tb_BWG: "后手胜局", tb_BPG: "后手局", tb_SB: "索伯分",
    tb_match_points: "大分", tb_board_points: "小分", tb_matches_won: "胜场", tb_stage_reached: "所到轮次",
    number_col: "序号", round_col: (n) => `第${n}轮`, side_a: "甲方", side_b: "乙方",
  },
  en: {
    sys_round_robin: "round robin", sys_double_round_robin: "double round robin", sys_swiss: "Swiss",
    sys_knockout: "knockout", sys_double_knockout: "double knockout", sys_match: "match", sys_cards: "card knockout",
    sys_groups: "groups", sys_team_round_robin: "team round robin", sys_team_swiss: "team Swiss",
    sys_whole_team_round_robin: "whole-team round robin",
    tb_match_points: "match points", tb_board_points: "board points", tb_matches_won: "matches won", tb_stage_reached: "stage reached",
    number_col: "No", round_col: (n) => `R${n}`, side_a: "A", side_b: "B",
  },
});

/** A time control (`90m+15m/10`, `10m+5s`) in the page's language. */
export function controlText(c) {
  if (currentLang() !== "zh") return c;
  return c.replace(/(\d+)h/g, "$1小时").replace(/(\d+)m/g, "$1分").replace(/(\d+)s/g, "$1秒")
    .replace(/\/move/g, "/着").replace(/\/(\d+)/g, "/$1着");
}

/** A tie-break's column heading. */
function tiebreakName(code) {
  const name = et(`tb_${code}`);
  return name === `tb_${code}` ? code : name;
}

/** A board's game: to watch, or, in the console, the arbiter's desk with its token. */
function gameLink(id, token) {
  if (!id) return "";
  const a = el("a", token ? et("desk") : et("watch"), { href: token ? `/g/${id}#t=${token}` : `/g/${id}` });
  if (token) a.classList.add("desk-link");
  return a;
}

function rounds(v, deskToken) {
  const out = el("section", null, { id: "rounds" });
  out.appendChild(el("h2", et("rounds")));
  for (const r of [...v.rounds].reverse()) {
    out.appendChild(el("h3", et("round", r.round)));
    if (r.team_matches) {
      const rows = r.team_matches.map((m) => [
        m.match, m.home_name, m.away_name,
        m.board_points ? m.board_points.join(" : ") : "", m.match_points ? m.match_points.join(" : ") : "",
      ]);
      out.appendChild(table(["#", et("teams"), "", "小分", "大分"], rows));
    }
    const rows = r.boards.map((b) => [
      b.match ? `${b.board} (${b.match}${b.playoff ? " +" : ""})` : b.board,
      `${b.red_name} (${b.red})`, `${b.black_name} (${b.black})`, b.result ?? "…", gameLink(b.game, deskToken), fouls(b),
    ]);
    const t = table([et("board"), et("red"), et("black"), et("result"), et("game"), et("fouls")], rows);
    t.dataset.round = r.round;
    out.appendChild(t);
    if (r.byes.length) out.appendChild(el("p", `${et("bye")}: ${r.byes.map((n) => playerName(v, n)).join(", ")}`));
  }
  return out;
}

function standings(v) {
  const out = el("section", null, { id: "standings" });
  out.appendChild(el("h2", et("standings")));
  // The primary score is the points column already.
  const chain = (v.tiebreak_chain || []).filter((c) => c !== "Pts");
  const rows = v.standings.map((r) => [
    `${r.place}${r.shared ? "=" : ""}`, r.name, r.points, ...chain.map((c) => r.tiebreaks?.[c] ?? ""),
  ]);
  out.appendChild(table([et("place"), et("name"), et("points"), ...chain.map(tiebreakName)], rows));
  return out;
}

function crosstable(v) {
  const x = v.crosstable;
  if (!x || !x.rows || !x.rows.length) return null;
  const out = el("section", null, { id: "crosstable" });
  out.appendChild(el("h2", et("crosstable")));
  const n = x.rows[0].rounds?.length ?? 0;
  const header = [et("place"), et("number_col"), et("name"), et("points"), ...Array.from({ length: n }, (_, i) => et("round_col", i + 1))];
  const rows = x.rows.map((r) => [r.place, r.player, r.name, r.points, ...(r.rounds || [])]);
  out.appendChild(table(header, rows));
  return out;
}

function bracket(v) {
  if (!v.bracket) return null;
  const out = el("section", null, { id: "bracket" });
  out.appendChild(el("h2", et("bracket")));
  const side = (s) => (s === "bye" ? et("bye") : s == null ? "…" : playerName(v, s));
  const rows = v.bracket.matches.map((m) => [
    m.label, side(m.sides[0]), side(m.sides[1]), (m.games || []).join(" "), m.winner != null ? side(m.winner) : "",
  ]);
  out.appendChild(table(["", et("side_a"), et("side_b"), et("result"), "✓"], rows));
  if (v.bracket.champion) out.appendChild(el("p", `${et("champion")}: ${playerName(v, v.bracket.champion)}`));
  return out;
}

/** A board's fouls (违例), red first; empty when none. */
function fouls(b) {
  return b.fouls && (b.fouls[0] || b.fouls[1]) ? `${b.fouls[0]} : ${b.fouls[1]}` : "";
}

/** The crosstable's notes: every foul, by round and board (1960 §13 二, §15 二). */
function foulNotes(v) {
  if (!v.foul_notes || !v.foul_notes.length) return null;
  const out = el("section", null, { id: "foul-notes" });
  out.appendChild(el("h3", et("foul_notes")));
  const ul = el("ul", null, { class: "log" });
  for (const n of v.foul_notes) ul.appendChild(el("li", et("foul_note", n.round, n.board, n.name, n.fouls)));
  out.appendChild(ul);
  return out;
}

/** A team event's teams: each squad in ranking order, the reserves marked (1960 §8 二). */
function teams(v) {
  if (!v.teams || !v.teams.length) return null;
  const out = el("section", null, { id: "teams" });
  out.appendChild(el("h2", et("teams")));
  const boards = v.boards_per_match ?? 0;
  const rows = v.teams.map((t) => [
    t.team, t.name,
    t.squad.map((p, i) => `${i + 1}. ${playerName(v, p)}${i >= boards ? ` (${et("reserve")})` : ""}`).join("、"),
  ]);
  out.appendChild(table(["#", et("team_name"), et("squad_order")], rows));
  return out;
}

/** Replaces the contents of `root` with the event `v`; `options.deskToken` (the console's)
 * makes each board's link open the arbiter's desk. */
export function renderEvent(root, v, options = {}) {
  root.replaceChildren();
  root.appendChild(el("h1", v.name));
  const meta = el("p", null, { class: "meta" });
  meta.appendChild(el("span", et(`status_${v.status}`), { class: "status", id: "ev-status" }));
  meta.append(` ${et(`sys_${v.system}`)}`);
  if (v.planned_rounds) meta.append(` · ${et("planned", v.planned_rounds)}`);
  meta.append(` · ${controlText(v.game.control ?? "10m+5s")}`);
  root.appendChild(meta);
  for (const part of [standings(v), rounds(v, options.deskToken), crosstable(v), foulNotes(v), bracket(v), teams(v)]) if (part) root.appendChild(part);
  root.appendChild(el("div", null, { id: "adjourned-box" }));
  const players = v.players.map((p) => [p.player, p.number ?? "", p.name, p.club ?? "", p.rating ?? "", p.withdrawn ? "✗" : ""]);
  root.appendChild(el("h2", et("players")));
  root.appendChild(table(["#", et("number_col"), et("name"), et("club"), et("rating"), ""], players));
  const exports = el("p");
  exports.append(`${et("export")}: `);
  for (const f of ["trf", "html", "csv", "pgn"]) {
    exports.appendChild(el("a", f.toUpperCase(), { href: `/api/events/${v.id}/export?format=${f}` }));
    exports.append(" ");
  }
  root.appendChild(exports);
  if (v.log.length) {
    root.appendChild(el("h2", et("log")));
    const ul = el("ul", null, { class: "log" });
    const log = currentLang() === "zh" && v.log_zh ? v.log_zh : v.log;
    for (const line of log) ul.appendChild(el("li", line));
    root.appendChild(ul);
  }
}
