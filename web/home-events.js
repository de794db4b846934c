// The home page's events: the open events to follow, and a form to create one (the
// organiser's console opens with the organiser's secret link).

import { api, el, et } from "/assets/events/event-i18n.js";

const SYSTEMS = ["swiss", "round_robin", "double_round_robin", "knockout", "double_knockout", "cards", "match", "team_round_robin", "team_swiss"];

function createForm() {
  const f = el("form", null, { id: "event-form" });
  f.appendChild(el("h2", et("create_event")));
  f.appendChild(el("input", null, { name: "name", id: "event-name", placeholder: et("event"), maxlength: "100" }));
  const system = el("select", null, { name: "system", id: "event-system" });
  for (const s of SYSTEMS) system.appendChild(el("option", s, { value: s }));
  f.appendChild(system);
  f.appendChild(el("input", null, { name: "rounds", id: "event-rounds", type: "number", min: "1", placeholder: et("rounds") }));
  f.appendChild(el("input", null, { name: "control", id: "event-control", value: "10m+5s", placeholder: "10m+5s" }));
  f.appendChild(el("button", et("create_event"), { type: "submit", class: "primary", id: "event-create-btn" }));
  const error = el("p", "", { class: "error", id: "event-error" });
  f.appendChild(error);
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    const d = Object.fromEntries(new FormData(f).entries());
    const body = { name: d.name || undefined, system: d.system, control: d.control || undefined };
    if (d.rounds) body.rounds = Number(d.rounds);
    if (d.system.startsWith("team_")) body.boards = 4;
    try {
      const created = await api("POST", "/api/events", null, body);
      location.href = created.organiser.url;
    } catch (err) {
      error.textContent = `${et("error")}: ${err.message}`;
    }
  });
  return f;
}

async function list() {
  const box = document.getElementById("events");
  if (!box) return;
  box.replaceChildren(el("h2", et("events_open")));
  try {
    const { events } = await api("GET", "/api/events");
    if (!events.length) box.appendChild(el("p", et("no_events")));
    const ul = el("ul", null, { class: "events-list", id: "events-list" });
    for (const e of events) {
      const li = el("li");
      li.appendChild(el("a", e.name, { href: e.url }));
      li.append(` · ${e.system} · ${et(`status_${e.status}`)} · ${e.players} ${et("players")}`);
      // Its games being played now, to watch.
      if (e.live.length) {
        const games = el("ul", null, { class: "live-games" });
        for (const g of e.live) {
          const item = el("li");
          item.appendChild(el("a", `${g.red_name} – ${g.black_name}`, { href: `/g/${g.game}` }));
          item.append(` (${et("round", g.round)}, ${et("board")} ${g.board})`);
          games.appendChild(item);
        }
        li.appendChild(games);
      }
      ul.appendChild(li);
    }
    box.appendChild(ul);
  } catch (err) {
    box.appendChild(el("p", err.message, { class: "error" }));
  }
  box.appendChild(createForm());
  box.hidden = false;
  document.body.dataset.events = "1";
}

list();
document.getElementById("lang-btn")?.addEventListener("click", list);
