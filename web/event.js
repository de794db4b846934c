// The event page: everything public about an event, live over the event's WebSocket, so
// results appear as games end.

import { eventId, langButton, translateEvent } from "/assets/events/event-i18n.js";
import { liveEvent } from "/assets/events/event-live.js";
import { renderEvent } from "/assets/events/event-view.js";
import { adjournedSection } from "/assets/events/event-adjourned.js";

const root = document.getElementById("main");
let last = null;

async function show(v) {
  last = v;
  renderEvent(root, v);
  window.xqEvent = v;
  const box = document.getElementById("adjourned-box");
  if (box) box.replaceChildren(await adjournedSection(v.id));
  document.body.dataset.ready = "1";
}

langButton(() => {
  if (last) show(last);
});
translateEvent();
liveEvent(eventId(), show, (e) => {
  root.textContent = e.message;
  document.body.dataset.ready = "1";
});
