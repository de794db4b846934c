// The clocks on the page: the server's readings (`clocks` in the state) counted down between
// messages. The server runs the clocks; this is only a display.

import { t } from "./i18n.js";

/** A reading as the page shows it: tenths under ten seconds, hours when there are some. */
export function formatMs(ms) {
  const clamped = Math.max(0, ms);
  const total = Math.floor(clamped / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  const two = (n) => String(n).padStart(2, "0");
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  if (clamped < 10_000) return `${two(m)}:${two(sec)}.${Math.floor((clamped % 1000) / 100)}`;
  return `${two(m)}:${two(sec)}`;
}

/** Writes both clocks into the player boxes (`data-side`), `elapsed` ms after the reading. */
export function tickClocks(state, elapsed, boxes) {
  if (!state) return;
  const clocks = state.clocks;
  for (const box of boxes) {
    const color = box.dataset.side;
    const c = clocks[color];
    if (!c) continue;
    const running = clocks.running === color;
    const spent = running ? elapsed : 0;
    const main = c.remaining_ms - spent;
    let text;
    if (main > 0 || c.byoyomi_periods == null) text = formatMs(main > 0 ? main : c.left_ms - spent);
    else text = `${t("byoyomi")} ${formatMs(c.left_ms - spent)}`;
    const node = box.querySelector(".clock");
    node.textContent = text;
    node.classList.toggle("running", running);
    node.classList.toggle("low", running && c.left_ms - spent < 10_000);
  }
}
