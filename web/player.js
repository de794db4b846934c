// A player's page: the next game (the player's event token opens it as his side) and his
// results so far, read again whenever the event changes (its WebSocket), not by polling.

import { api, el, et, eventId, eventToken, langButton, table, translateEvent } from "/assets/events/event-i18n.js";
import { liveEvent } from "/assets/events/event-live.js";

const id = eventId();
const token = eventToken("player");
const root = document.getElementById("main");

async function refresh() {
  try {
    const me = await api("GET", `/api/events/${id}/me`, token);
    root.replaceChildren();
    root.appendChild(el("h1", `${et("my_page")}: ${me.name}`));
    root.appendChild(el("p", el("a", et("event"), { href: `/e/${id}` })));
    root.appendChild(el("h2", et("next_game")));
    if (me.current_game) {
      root.appendChild(el("a", et("play_now"), { href: `/g/${me.current_game}#t=${token}`, class: "button primary", id: "play-link" }));
    } else {
      root.appendChild(el("p", et("no_game")));
    }
    root.appendChild(el("h2", et("my_results")));
    const rows = me.games.map((g) => [g.round, g.board, et(g.side), g.opponent_name, g.result ?? "…"]);
    root.appendChild(table([et("rounds"), et("board"), et("side"), et("opponent"), et("result")], rows));
  } catch (e) {
    root.textContent = `${et("error")}: ${e.message}`;
  }
}

langButton(refresh);
translateEvent();
await refresh();
document.body.dataset.ready = "1";
liveEvent(id, () => refresh(), (e) => (root.textContent = `${et("error")}: ${e.message}`));
