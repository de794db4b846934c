// The event page: everything public about an event, live over the event's WebSocket, so
// results appear as games end.

import { eventId, langButton, translateEvent } from "/assets/events/event-i18n.js";
import { liveEvent } from "/assets/events/event-live.js";
import { renderEvent } from "/assets/events/event-view.js";

const root = document.getElementById("main");
let last = null;

function show(v) {
  last = v;
  renderEvent(root, v);
  window.xqEvent = v;
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
