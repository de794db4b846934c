// Whether each player has the game open (the server's `presence` messages, asked for with
// `?presence=1`): a dot and a word beside each name; none for the computer's side.

import { addText, t } from "./i18n.js";

addText({
  zh: { online: "在线", offline: "离线" },
  en: { online: "online", offline: "offline" },
});

let present = null; // {red, black} once the server has said

/** Keeps the server's latest `presence` message. */
export function setPresence(msg) {
  present = { red: Boolean(msg.red), black: Boolean(msg.black) };
}

/** Writes the sign into both player boxes (`data-side`) for state `s`. */
export function renderPresence(s) {
  const computer = s && s.options && s.options.computer ? s.options.computer.side : null;
  for (const box of document.querySelectorAll(".player")) {
    const node = box.querySelector(".presence");
    const color = box.dataset.side;
    node.hidden = !present || !color || color === computer;
    if (node.hidden) continue;
    const on = present[color];
    node.dataset.online = on ? "1" : "0";
    node.textContent = `${on ? "●" : "○"} ${t(on ? "online" : "offline")}`;
  }
}
