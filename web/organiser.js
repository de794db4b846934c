// The organiser's (or arbiter's) console: the links (listed, re-issued, printed as slips),
// players one by one or from a pasted list or a CSV file, pairing the next round, a result
// from the books' list, a withdrawal; the event below, whose board links open the arbiter's
// desk with this console's token. It updates after each action and live over the event's
// WebSocket.

import { api, el, et, eventId, eventToken, langButton, translateEvent } from "/assets/events/event-i18n.js";
import { renderEvent } from "/assets/events/event-view.js";
import { renderLinks } from "/assets/events/console-links.js";
import { importForm } from "/assets/events/console-entry.js";
import { liveEvent } from "/assets/events/event-live.js";
import { officialsForms } from "/assets/events/console-officials.js";
import { teamForms } from "/assets/events/console-teams.js";
import { adjournedSection } from "/assets/events/event-adjourned.js";

const id = eventId();
const token = eventToken("organiser");
const root = document.getElementById("main");
const view = el("div", null, { id: "event-view" });
const error = el("p", "", { class: "error", id: "error" });
const notice = el("p", "", { class: "notice", id: "notice" });
const links = el("section", null, { class: "links", id: "links" });
let current = null;

function showError(err) {
  error.textContent = `${et("error")}: ${err.message}`;
}

function form(idName, fields, label, action) {
  const f = el("form", null, { id: idName });
  for (const [name, placeholder, type] of fields) {
    f.appendChild(el("input", null, { name, placeholder: et(placeholder), "aria-label": et(placeholder), type: type || "text", id: `${idName}-${name}` }));
  }
  f.appendChild(el("button", et(label), { type: "submit", class: "primary", id: `${idName}-btn` }));
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    const data = Object.fromEntries(new FormData(f).entries());
    try {
      await action(data);
      f.reset();
    } catch (err) {
      showError(err);
    }
    await refresh();
  });
  return f;
}

function number(v) {
  return v === "" || v === undefined ? undefined : Number(v);
}

const RESULTS = [
  ["1-0", "res_1_0"], ["0-1", "res_0_1"], ["1/2", "res_draw"],
  ["+-", "res_red_forfeit"], ["-+", "res_black_forfeit"], ["--", "res_double_forfeit"],
];

/** The result form: round and board from the event's rounds, the result from the books'. */
function resultForm() {
  if (!current || !current.rounds.length) return el("span");
  const f = el("form", null, { id: "result" });
  const round = el("select", null, { name: "round", id: "result-round", "aria-label": et("rounds") });
  const board = el("input", null, { name: "board", id: "result-board", type: "number", min: "1", value: "1", placeholder: et("board"), "aria-label": et("board") });
  const result = el("select", null, { name: "result", id: "result-result", "aria-label": et("result_pick") });
  for (const [value, key] of RESULTS) result.appendChild(el("option", et(key), { value }));
  const rounds = current ? current.rounds.map((r) => r.round) : [];
  for (const r of rounds) round.appendChild(el("option", et("round", r), { value: String(r) }));
  if (rounds.length) round.value = String(rounds[rounds.length - 1]);
  f.append(round, el("span", et("board")), board, result, el("button", et("enter_result"), { type: "submit", class: "primary", id: "result-btn" }));
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    try {
      await api("POST", `/api/events/${id}/results`, token, { round: number(round.value), board: number(board.value), result: result.value });
    } catch (err) {
      showError(err);
    }
    await refresh();
  });
  return f;
}

async function addPlayer(p) {
  return api("POST", `/api/events/${id}/players`, token, p);
}

function build() {
  root.replaceChildren();
  root.appendChild(el("h1", et("organiser")));
  root.appendChild(links);
  root.appendChild(
    form("add-player", [["name", "name"], ["rating", "rating", "number"], ["club", "club"], ["seed", "seed", "number"]], "add_player", async (d) => {
      await addPlayer({ name: d.name, rating: number(d.rating), club: d.club || undefined, seed: number(d.seed) });
      await renderLinks(links, id, token, note, showError);
    }),
  );
  root.appendChild(
    importForm(addPlayer, async (n) => {
      note(et("imported", n));
      await renderLinks(links, id, token, note, showError);
      await refresh();
    }, showError),
  );
  root.appendChild(el("div", null, { id: "team-box" }));
  root.appendChild(officialsForms(id, token, () => renderLinks(links, id, token, note, showError), note, showError));
  const pairForm = el("form", null, { id: "pair" });
  pairForm.appendChild(el("button", et("start_round"), { type: "submit", class: "primary", id: "pair-btn" }));
  pairForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    try {
      await api("POST", `/api/events/${id}/rounds`, token);
    } catch (err) {
      showError(err);
    }
    await refresh();
  });
  root.appendChild(pairForm);
  root.appendChild(el("div", null, { id: "result-box" }));
  root.appendChild(
    form("withdraw", [["player", "player_no", "number"]], "withdraw", (d) =>
      api("POST", `/api/events/${id}/withdraw`, token, { player: number(d.player) }),
    ),
  );
  root.appendChild(error);
  root.appendChild(notice);
  root.appendChild(view);
}

function note(text) {
  notice.textContent = text;
}

/** What the team forms depend on: they are drawn again only when it changes (they keep
 * their input otherwise). */
function teamKey(v) {
  return v ? JSON.stringify([v.status, (v.teams || []).length, v.rounds.map((r) => r.team_matches?.map((m) => m.lineups))]) : "";
}

/** Draws the event; the result and team forms only when what they show changed (they keep
 * their input), the adjourned games every time (a schedule keeps its own). */
async function show(v) {
  const rounds = (x) => (x ? x.rounds.length : -1);
  const changed = rounds(v) !== rounds(current);
  const teamsChanged = teamKey(v) !== teamKey(current);
  // A team entered since: its captain's link joins the list.
  if (teamsChanged && current) renderLinks(links, id, token, note, showError);
  current = v;
  renderEvent(view, v, { deskToken: token });
  const box = document.getElementById("result-box");
  if (changed && box) box.replaceChildren(resultForm());
  const teams = document.getElementById("team-box");
  if (teamsChanged && teams) teams.replaceChildren(teamForms(id, token, v, note, showError));
  // A team event enters its players with their team.
  for (const f of ["add-player", "import"]) {
    const form = document.getElementById(f);
    if (form) form.hidden = Boolean(v.boards_per_match);
  }
  const adjourned = document.getElementById("adjourned-box");
  if (adjourned) {
    adjourned.replaceChildren(await adjournedSection(id, { token, done: async (text) => { note(text); await refresh(); }, onError: showError }));
  }
  window.xqEvent = v;
}

/** Reads the event now (after an action; the socket brings it too). */
async function refresh() {
  try {
    show(await api("GET", `/api/events/${id}`));
  } catch (e) {
    showError(e);
  }
}

langButton(async () => {
  build();
  current = null;
  await renderLinks(links, id, token, note, showError);
  await refresh();
});
translateEvent();
build();
await renderLinks(links, id, token, note, showError);
await refresh();
document.body.dataset.ready = "1";
liveEvent(id, show, showError);
