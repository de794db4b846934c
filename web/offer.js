// The offers between the players (a draw, an adjournment) and what this side may answer;
// the adjournment's later steps (seal, resume) told to each side.

import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** Fills the offer box for `side` (null: nothing to show); `send` sends a client message. */
export function renderOffer(s, side, send) {
  const box = $("offer");
  const yes = $("offer-yes");
  const no = $("offer-no");
  box.hidden = true;
  if (s.status === "ended" || !side) return;
  const other = side === "red" ? "black" : "red";
  const adj = s.adjournment;
  if (s.draw_offer === other) {
    box.hidden = false;
    $("offer-text").textContent = t("draw_offered_to_you");
    yes.textContent = t("accept_draw");
    yes.onclick = () => send({ type: "draw", action: "accept" });
    no.hidden = false;
    no.onclick = () => send({ type: "draw", action: "decline" });
  } else if (adj && adj.state === "proposed" && adj.by === other) {
    box.hidden = false;
    $("offer-text").textContent = t("adjourn_proposed_to_you");
    yes.textContent = t("accept_adjourn");
    yes.onclick = () => send({ type: "adjourn", action: "accept" });
    no.hidden = false;
    no.onclick = () => send({ type: "adjourn", action: "decline" });
  } else {
    let text = null;
    if (s.draw_offer === side) text = t("draw_offered_by_you");
    else if (adj && adj.state === "proposed" && adj.by === side) text = t("adjourn_proposed_by_you");
    else if (adj && adj.state === "agreed") text = t(s.turn === side ? "adjourn_agreed_you_seal" : "adjourn_agreed_wait");
    else if (adj && adj.state === "sealed" && adj.ready && adj.ready[side]) text = t("resume_waiting");
    if (text) {
      box.hidden = false;
      $("offer-text").textContent = text;
      yes.textContent = "";
      yes.hidden = true;
      no.hidden = true;
      return;
    }
  }
  yes.hidden = box.hidden;
}

