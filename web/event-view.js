// Draws an event (the GET /api/events/{id} answer): status, pairings with live results,
// standings with tie-breaks, the crosstable, the bracket, the log.

import { el, et, playerName, table } from "/assets/events/event-i18n.js";

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
  out.appendChild(table([et("place"), et("name"), et("points"), ...chain], rows));
  return out;
}

function crosstable(v) {
  const x = v.crosstable;
  if (!x || !x.rows || !x.rows.length) return null;
  const out = el("section", null, { id: "crosstable" });
  out.appendChild(el("h2", et("crosstable")));
  const n = x.rows[0].rounds?.length ?? 0;
  const header = [et("place"), "No", et("name"), et("points"), ...Array.from({ length: n }, (_, i) => `R${i + 1}`)];
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
  out.appendChild(table(["", "A", "B", et("result"), "✓"], rows));
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

/** Replaces the contents of `root` with the event `v`; `options.deskToken` (the console's)
 * makes each board's link open the arbiter's desk. */
export function renderEvent(root, v, options = {}) {
  root.replaceChildren();
  root.appendChild(el("h1", v.name));
  const meta = el("p", null, { class: "meta" });
  meta.appendChild(el("span", et(`status_${v.status}`), { class: "status", id: "ev-status" }));
  meta.append(` ${v.system}`);
  if (v.planned_rounds) meta.append(` · ${et("planned", v.planned_rounds)}`);
  meta.append(` · ${v.game.control ?? "10m+5s"}`);
  root.appendChild(meta);
  for (const part of [standings(v), rounds(v, options.deskToken), crosstable(v), foulNotes(v), bracket(v)]) if (part) root.appendChild(part);
  const players = v.players.map((p) => [p.player, p.number ?? "", p.name, p.club ?? "", p.rating ?? "", p.withdrawn ? "✗" : ""]);
  root.appendChild(el("h2", et("players")));
  root.appendChild(table(["#", "No", et("name"), et("club"), et("rating"), ""], players));
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
    for (const line of v.log) ul.appendChild(el("li", line));
    root.appendChild(ul);
  }
}
