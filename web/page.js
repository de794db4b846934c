// The event pages share one HTML page; the path says which script draws it:
// /e/{id} the event, /e/{id}/organiser the console, /e/{id}/player a player's page.

const page = location.pathname.split("/")[3] || "event";
const script = { event: "event.js", organiser: "organiser.js", player: "player.js" }[page] ?? "event.js";
await import(`/assets/events/${script}`);
