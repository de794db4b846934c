// The rematch after a game (POST /api/games/{id}/rematch; the `rematch` socket messages): the
// button offers, or accepts the opponent's offer; once both have asked, each player's page
// goes to its own link of the new game, colours swapped.

import { addText, t } from "./i18n.js";
import { refusalText } from "./refusals.js";

addText({
  zh: { rematch: "再来一盘（换先）", rematch_offered: "已提议再来一盘，等待对方", rematch_accept: "接受再来一盘" },
  en: { rematch: "Rematch (colours swapped)", rematch_offered: "Rematch offered: waiting", rematch_accept: "Accept the rematch" },
});

let offeredBy = null;

/** A `rematch` message: an offer, or the new game (then a player's page goes there). */
export function onRematch(msg) {
  offeredBy = msg.offered_by || null;
  if (msg.url) location.href = msg.url;
}

/** Sends this player's request; `onError` shows a refusal. */
export async function askRematch(gameId, token, onError) {
  try {
    const r = await fetch(`/api/games/${gameId}/rematch`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    const answer = await r.json();
    if (!r.ok) return onError(refusalText(answer));
    if (answer.url) location.href = answer.url;
    else offeredBy = answer.offered_by;
  } catch {
    onError(refusalText({}));
  }
}

/** The button for `side` after game `s` (none against the computer, none for spectators). */
export function renderRematch(s, side) {
  const button = document.getElementById("rematch-btn");
  button.hidden = !side || s.status !== "ended" || Boolean(s.options && s.options.computer);
  if (button.hidden) return;
  button.disabled = offeredBy === side;
  button.textContent = t(offeredBy === side ? "rematch_offered" : offeredBy ? "rematch_accept" : "rematch");
  button.classList.toggle("primary", Boolean(offeredBy && offeredBy !== side));
}
