// The home page's events: the open events to follow, and a form to create one
// (event-create.js; the organiser's console opens with the organiser's secret link).

import { api, el, et } from "/assets/events/event-i18n.js";
import { createForm } from "/assets/events/event-create.js";
// Its systems' names in both languages.
import "/assets/events/event-view.js";

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
      li.append(` · ${et(`sys_${e.system}`)} · ${et(`status_${e.status}`)} · ${e.players} ${et("players")}`);
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
