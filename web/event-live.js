// The event pages live: one WebSocket (GET /api/events/{id}/ws) sends the event's view at
// once and again after every change, instead of polling. When the socket drops, the page
// reads the event once over HTTP and reconnects with a growing pause (0.5 s to 8 s).

import { api } from "/assets/events/event-i18n.js";

/** Calls `onView(view)` with event `id`'s view now and at every change; `onError(err)` when
 * it cannot be read. */
export function liveEvent(id, onView, onError) {
  let retry = 0;
  const connect = () => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${proto}//${location.host}/api/events/${id}/ws`);
    socket.onopen = () => {
      retry = 0;
      document.body.dataset.live = "1";
    };
    // The view over HTTP, when the socket cannot give it: after a drop, or a frame that is
    // not the JSON the server sends (the page then shows the event as stored, never a parse
    // error in English).
    const reread = async () => {
      try {
        onView(await api("GET", `/api/events/${id}`));
      } catch (err) {
        onError(err);
      }
    };
    socket.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        reread();
        return;
      }
      if (msg.type !== "event") return;
      try {
        onView(msg.event);
      } catch (err) {
        onError(err);
      }
    };
    socket.onclose = async () => {
      document.body.dataset.live = "0";
      retry = Math.min(retry + 1, 5);
      await reread();
      setTimeout(connect, 250 * 2 ** retry);
    };
  };
  connect();
}
