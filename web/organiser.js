// The organiser's (or arbiter's) console: register players, pair the next round, enter a
// result, withdraw a player; the event below updates after each action and every few seconds.

import { api, el, et, eventId, eventToken, langButton, translateEvent } from "/assets/events/event-i18n.js";
import { renderEvent } from "/assets/events/event-view.js";

const id = eventId();
const token = eventToken("organiser");
const root = document.getElementById("main");
const view = el("div", null, { id: "event-view" });
const error = el("p", "", { class: "error", id: "error" });
const links = el("div", null, { class: "links", id: "player-links" });

function form(idName, fields, label, action) {
  const f = el("form", null, { id: idName });
  for (const [name, placeholder, type] of fields) {
    f.appendChild(el("input", null, { name, placeholder: et(placeholder), type: type || "text", id: `${idName}-${name}` }));
  }
  const b = el("button", et(label), { type: "submit", class: "primary", id: `${idName}-btn` });
  f.appendChild(b);
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    const data = Object.fromEntries(new FormData(f).entries());
    try {
      await action(data);
      f.reset();
    } catch (err) {
      error.textContent = `${et("error")}: ${err.message}`;
    }
    await refresh();
  });
  return f;
}

function number(v) {
  return v === "" || v === undefined ? undefined : Number(v);
}

function build() {
  root.replaceChildren();
  root.appendChild(el("h1", et("organiser")));
  root.appendChild(
    form("add-player", [["name", "name"], ["rating", "rating", "number"], ["club", "club"], ["seed", "seed", "number"]], "add_player", async (d) => {
      const body = { name: d.name, rating: number(d.rating), club: d.club || undefined, seed: number(d.seed) };
      const p = await api("POST", `/api/events/${id}/players`, token, body);
      const row = el("div", null, { class: "link-row" });
      row.appendChild(el("span", `${d.name} (#${p.player})`));
      row.appendChild(el("input", null, { readonly: "", value: p.url }));
      links.appendChild(row);
    }),
  );
  root.appendChild(el("h2", et("links")));
  root.appendChild(links);
  const pairForm = el("form", null, { id: "pair" });
  pairForm.appendChild(el("button", et("start_round"), { type: "submit", class: "primary", id: "pair-btn" }));
  pairForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    try {
      await api("POST", `/api/events/${id}/rounds`, token);
    } catch (err) {
      error.textContent = `${et("error")}: ${err.message}`;
    }
    await refresh();
  });
  root.appendChild(pairForm);
  root.appendChild(
    form("result", [["round", "round", "number"], ["board", "board", "number"], ["result", "result"]], "enter_result", (d) =>
      api("POST", `/api/events/${id}/results`, token, { round: number(d.round), board: number(d.board), result: d.result }),
    ),
  );
  root.appendChild(
    form("withdraw", [["player", "player_no", "number"]], "withdraw", (d) =>
      api("POST", `/api/events/${id}/withdraw`, token, { player: number(d.player) }),
    ),
  );
  root.appendChild(error);
  root.appendChild(view);
}

async function refresh() {
  try {
    const v = await api("GET", `/api/events/${id}`);
    renderEvent(view, v);
    window.xqEvent = v;
  } catch (e) {
    error.textContent = e.message;
  }
}

langButton(() => {
  build();
  refresh();
});
translateEvent();
build();
await refresh();
document.body.dataset.ready = "1";
setInterval(refresh, 3000);
