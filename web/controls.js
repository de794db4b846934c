// The player's buttons, offered only when they can work (the API's rules, API.md "Act"):
// * a draw may be offered on one's own turn (1960 §5 二) unless the game has
//   `draw_offers: "any"`, never twice while an offer stands, and never to the computer, which
//   neither offers nor answers draws;
// * adjourning needs a move played and a person opposite (the computer does not adjourn);
// * resuming only in an adjourned game, until this side has asked;
// * nothing for spectators or the arbiter (who has the desk); after the game, the rematch.

import { renderRematch } from "./rematch.js";

/** Shows or hides each of the player's buttons for state `s`. */
export function renderControls(s, { side, myTurn }) {
  const controls = document.getElementById("player-controls");
  controls.hidden = !side;
  const $ = (id) => document.getElementById(id);
  renderRematch(s, side);
  if (controls.hidden) return;
  // After the game only the rematch is left.
  const over = s.status === "ended";
  for (const id of ["draw-btn", "adjourn-btn", "resume-btn", "resign-btn"]) $(id).hidden = over;
  if (over) return;
  $("resign-btn").hidden = false;
  const adj = s.adjournment;
  const options = s.options || {};
  const computer = Boolean(options.computer);
  const anyTime = options.draw_offers === "any";
  const other = side === "red" ? "black" : "red";
  $("draw-btn").hidden =
    computer || s.status === "adjourned" || s.draw_offer === other || (!anyTime && !myTurn) || Boolean(adj);
  $("draw-btn").disabled = s.draw_offer === side;
  $("adjourn-btn").hidden = computer || s.status === "adjourned" || s.moves.length === 0 || Boolean(adj);
  $("resume-btn").hidden = s.status !== "adjourned";
  $("resume-btn").disabled = Boolean(adj && adj.ready && adj.ready[side]);
}
