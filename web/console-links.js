// The console's links: the arbiter's, every official's, every player's and every team
// captain's secret link, listed at any time (GET /api/events/{id}/links), re-issued on demand
// (POST …/links: the old link stops working), and printed as slips to hand out (players and
// captains). A re-issue asks for a second click first.

import { api, el, et } from "/assets/events/event-i18n.js";

function linkRow(label, url, id) {
  const row = el("div", null, { class: "link-row" });
  row.appendChild(el("span", label));
  if (url) row.appendChild(el("input", null, { readonly: "", value: url, id }));
  else row.appendChild(el("span", et("not_listed"), { class: "muted" }));
  return row;
}

function reissueButton(onConfirm, id) {
  const b = el("button", et("reissue"), { type: "button", id });
  b.onclick = async () => {
    // The first click arms it; the second re-issues.
    if (b.dataset.armed !== "1") {
      b.dataset.armed = "1";
      b.textContent = et("reissue_confirm");
      b.classList.add("danger");
      return;
    }
    b.disabled = true;
    await onConfirm();
  };
  return b;
}

function slip(title, name, url) {
  const s = el("div", null, { class: "slip" });
  s.appendChild(el("div", title, { class: "slip-title" }));
  s.appendChild(el("div", name, { class: "slip-name" }));
  s.appendChild(el("div", url, { class: "slip-url" }));
  return s;
}

function slips(eventName, players, teams) {
  const box = el("div", null, { id: "slips", class: "slips" });
  for (const p of players.filter((p) => p.url)) {
    const name = `${p.number ?? ""} ${p.name}${p.club ? ` · ${p.club}` : ""}`;
    box.appendChild(slip(et("slip_title", eventName), name, p.url));
  }
  for (const t of teams.filter((t) => t.url)) {
    const captain = slip(et("captain_slip_title", eventName), et("captain_of", t.name), t.url);
    captain.classList.add("captain-slip");
    box.appendChild(captain);
  }
  return box;
}

/** Draws the links of event `id` into `box`; `report(text)` tells what happened, `onError`
 * shows a refusal. */
export async function renderLinks(box, id, token, report, onError) {
  let links;
  try {
    links = await api("GET", `/api/events/${id}/links`, token);
  } catch (err) {
    // Only the organiser's link may list them (an arbiter's console has none).
    box.replaceChildren();
    if (err.code !== "wrong_token") onError(err);
    return;
  }
  // A row's re-issue: `whose` is the body of POST …/links, `name` says whose in the report.
  const again = (whose, name, buttonId) =>
    reissueButton(async () => {
      try {
        await api("POST", `/api/events/${id}/links`, token, whose);
        report(et("reissued", name));
      } catch (err) {
        onError(err);
      }
      await renderLinks(box, id, token, report, onError);
    }, buttonId);
  box.replaceChildren();
  box.appendChild(el("h2", et("links")));
  const arbiter = linkRow(et("arbiter_link"), links.arbiter.url, "arbiter-link");
  arbiter.appendChild(again({ arbiter: true }, et("arbiter_link"), "reissue-arbiter"));
  box.appendChild(arbiter);
  const list = el("div", null, { id: "player-links" });
  for (const p of links.players) {
    const row = linkRow(`${p.player}. ${p.name}`, p.url, `link-${p.player}`);
    row.dataset.player = p.player;
    row.appendChild(el("span", et("issued", p.issued), { class: "muted" }));
    row.appendChild(again({ player: p.player }, p.name, `reissue-${p.player}`));
    list.appendChild(row);
  }
  box.appendChild(list);
  // The team captains (领队), who name their teams' line-ups.
  const teams = links.teams || [];
  const captains = el("div", null, { id: "captain-links" });
  for (const t of teams) {
    const row = linkRow(`${t.team}. ${et("captain_of", t.name)}`, t.url, `captain-link-${t.team}`);
    row.appendChild(el("span", et("issued", t.issued), { class: "muted" }));
    row.appendChild(again({ team: t.team }, et("captain_of", t.name), `reissue-captain-${t.team}`));
    captains.appendChild(row);
  }
  box.appendChild(captains);
  // The deputies and board arbiters, each with his own link and his boards.
  const officials = el("div", null, { id: "official-links" });
  for (const o of links.officials || []) {
    const boards = o.boards.map(([r, b]) => `${r}.${b}`).join(" ");
    const label = `${et(o.role === "deputy" ? "role_deputy" : "role_board")} ${o.official}. ${o.name}`;
    const row = linkRow(label, o.url, `official-link-${o.official}`);
    row.appendChild(el("span", boards, { class: "muted" }));
    row.appendChild(again({ official: o.official }, o.name, `reissue-official-${o.official}`));
    officials.appendChild(row);
  }
  box.appendChild(officials);
  const print = el("button", et("print_slips"), { type: "button", id: "print-slips" });
  print.onclick = () => window.print();
  box.appendChild(print);
  box.appendChild(slips(links.event, links.players, teams));
}
