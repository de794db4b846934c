// The console's arbiters (1960 §18 一): the chief is the event arbiter's link; deputies act
// on every board, board arbiters on the boards assigned to them round by round. Appoint one
// (his link is listed with the others), assign boards, and see the warning when the boards
// exceed 1960 §18's ratio (1–3 national, 2–5 provincial, 4–7 other events).

import { api, el, et } from "/assets/events/event-i18n.js";
import { currentLang } from "/assets/i18n.js";

/** The appoint and assign forms; `after()` redraws the links, `report`/`onError` tell. */
export function officialsForms(id, token, after, report, onError) {
  const box = el("section", null, { id: "officials" });
  box.appendChild(el("h2", et("officials")));
  const appoint = el("form", null, { id: "appoint" });
  const name = el("input", null, { id: "appoint-name", placeholder: et("name"), "aria-label": et("name") });
  const role = el("select", null, { id: "appoint-role", "aria-label": et("official_role") });
  role.append(el("option", et("role_board"), { value: "board" }), el("option", et("role_deputy"), { value: "deputy" }));
  appoint.append(name, role, el("button", et("appoint"), { type: "submit", class: "primary", id: "appoint-btn" }));
  appoint.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await api("POST", `/api/events/${id}/officials`, token, { name: name.value, role: role.value });
      name.value = "";
      await after();
    } catch (err) {
      onError(err);
    }
  });
  const assign = el("form", null, { id: "assign" });
  const round = el("input", null, { id: "assign-round", type: "number", min: "1", value: "1", "aria-label": et("rounds"), placeholder: et("rounds") });
  const who = el("input", null, { id: "assign-official", type: "number", min: "1", placeholder: et("official_no"), "aria-label": et("official_no") });
  const boards = el("input", null, { id: "assign-boards", placeholder: et("boards_list"), "aria-label": et("boards_list") });
  assign.append(round, who, boards, el("button", et("assign"), { type: "submit", class: "primary", id: "assign-btn" }));
  assign.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const list = boards.value.split(/[,，\s]+/).filter(Boolean).map(Number);
      const r = await api("POST", `/api/events/${id}/assign`, token, { round: Number(round.value), official: Number(who.value), boards: list });
      const warnings = currentLang() === "zh" ? r.warnings_zh : r.warnings;
      report(warnings.length ? warnings.join("；") : et("assigned"));
      document.getElementById("notice").classList.toggle("warning", warnings.length > 0);
      await after();
    } catch (err) {
      onError(err);
    }
  });
  box.append(appoint, assign);
  return box;
}
