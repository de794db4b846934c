// The console's links: the arbiter's and every player's secret link, listed at any time
// (GET /api/events/{id}/links), re-issued on demand (POST …/links: the old link stops
// working), and printed as slips to hand out. A re-issue asks for a second click first.

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

function slips(eventName, players) {
  const box = el("div", null, { id: "slips", class: "slips" });
  for (const p of players.filter((p) => p.url)) {
    const slip = el("div", null, { class: "slip" });
    slip.appendChild(el("div", et("slip_title", eventName), { class: "slip-title" }));
    slip.appendChild(el("div", `${p.number ?? ""} ${p.name}${p.club ? ` · ${p.club}` : ""}`, { class: "slip-name" }));
    slip.appendChild(el("div", p.url, { class: "slip-url" }));
    box.appendChild(slip);
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
  box.replaceChildren();
  box.appendChild(el("h2", et("links")));
  const arbiter = linkRow(et("arbiter_link"), links.arbiter.url, "arbiter-link");
  arbiter.appendChild(
    reissueButton(async () => {
      try {
        await api("POST", `/api/events/${id}/links`, token, { arbiter: true });
        report(et("reissued", et("arbiter_link")));
      } catch (err) {
        onError(err);
      }
      await renderLinks(box, id, token, report, onError);
    }, "reissue-arbiter"),
  );
  box.appendChild(arbiter);
  const list = el("div", null, { id: "player-links" });
  for (const p of links.players) {
    const row = linkRow(`${p.player}. ${p.name}`, p.url, `link-${p.player}`);
    row.dataset.player = p.player;
    row.appendChild(el("span", et("issued", p.issued), { class: "muted" }));
    row.appendChild(
      reissueButton(async () => {
        try {
          await api("POST", `/api/events/${id}/links`, token, { player: p.player });
          report(et("reissued", p.name));
        } catch (err) {
          onError(err);
        }
        await renderLinks(box, id, token, report, onError);
      }, `reissue-${p.player}`),
    );
    list.appendChild(row);
  }
  box.appendChild(list);
  // The deputies and board arbiters, each with his own link and his boards.
  const officials = el("div", null, { id: "official-links" });
  for (const o of links.officials || []) {
    const boards = o.boards.map(([r, b]) => `${r}.${b}`).join(" ");
    const label = `${et(o.role === "deputy" ? "role_deputy" : "role_board")} ${o.official}. ${o.name}`;
    const row = linkRow(label, o.url, `official-link-${o.official}`);
    row.appendChild(el("span", boards, { class: "muted" }));
    row.appendChild(
      reissueButton(async () => {
        try {
          await api("POST", `/api/events/${id}/links`, token, { official: o.official });
          report(et("reissued", o.name));
        } catch (err) {
          onError(err);
        }
        await renderLinks(box, id, token, report, onError);
      }, `reissue-official-${o.official}`),
    );
    officials.appendChild(row);
  }
  box.appendChild(officials);
  const print = el("button", et("print_slips"), { type: "button", id: "print-slips" });
  print.onclick = () => window.print();
  box.appendChild(print);
  box.appendChild(slips(links.event, links.players));
}
