// The event a game belongs to (GET /api/games/{id}/event): its name, the round and board, and
// a link back to the event's page, above the game's controls. Games outside events show none.

import { addText, t } from "./i18n.js";

addText({
  zh: {
    event_round_board: (round, board) => `第${round}轮 第${board}台`,
    event_back: "返回赛事",
  },
  en: {
    event_round_board: (round, board) => `round ${round}, board ${board}`,
    event_back: "Back to the event",
  },
});

let found = null;

/** Fills `#event-info` once the event is known, and again after a change of language. */
export function renderEvent() {
  const box = document.getElementById("event-info");
  box.hidden = !found;
  if (!found) return;
  const name = document.createElement("strong");
  name.textContent = found.name;
  const link = document.createElement("a");
  link.href = found.url;
  link.id = "event-link";
  link.textContent = t("event_back");
  box.replaceChildren(name, ` · ${t("event_round_board", found.round, found.board)} · `, link);
}

/** Asks the server once which event plays `gameId`. */
export async function loadEvent(gameId) {
  try {
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/event`);
    if (r.ok) found = await r.json();
  } catch {
    found = null;
  }
  renderEvent();
}
