// The event a game belongs to (GET /api/games/{id}/event): its name, the round and board, and
// a link back to the event's page, above the game's controls, and when an adjourned game
// resumes once the arbiters have set it (1960 §18 五). Games outside events show none.

import { addText, currentLang, t } from "./i18n.js";

addText({
  zh: {
    event_round_board: (round, board) => `第${round}轮 第${board}台`,
    event_back: "返回赛事",
    event_resumes: (when) => `续赛时间：${when}`,
  },
  en: {
    event_round_board: (round, board) => `round ${round}, board ${board}`,
    event_back: "Back to the event",
    event_resumes: (when) => `resumes ${when}`,
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
  if (found.resumes_unix_ms) {
    const when = new Date(found.resumes_unix_ms).toLocaleString(currentLang() === "zh" ? "zh-CN" : "en-GB", {
      year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
    });
    const resumes = document.createElement("span");
    resumes.id = "event-resumes";
    resumes.textContent = ` · ${t("event_resumes", when)}`;
    box.appendChild(resumes);
  }
}

async function fetchEvent(gameId) {
  try {
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/event`);
    found = r.ok ? await r.json() : null;
  } catch {
    found = null;
  }
  renderEvent();
}

/** Asks the server which event plays `gameId`, and again whenever that event changes (its
 * WebSocket), so that a resumption set meanwhile appears without a reload. */
export async function loadEvent(gameId) {
  await fetchEvent(gameId);
  if (!found) return;
  const { liveEvent } = await import("/assets/events/event-live.js");
  liveEvent(found.event, () => fetchEvent(gameId), () => {});
}
