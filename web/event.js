// The event page: everything public about an event, refreshed every two seconds so results
// appear as games end.

import { api, eventId, langButton, translateEvent } from "/assets/events/event-i18n.js";
import { renderEvent } from "/assets/events/event-view.js";

const root = document.getElementById("main");
let last = null;

async function refresh() {
  try {
    const v = await api("GET", `/api/events/${eventId()}`);
    const text = JSON.stringify(v);
    if (text !== last) {
      last = text;
      renderEvent(root, v);
      window.xqEvent = v;
    }
  } catch (e) {
    root.textContent = e.message;
  }
}

langButton(() => {
  last = null;
  refresh();
});
translateEvent();
await refresh();
document.body.dataset.ready = "1";
setInterval(refresh, 2000);
