// The player's buttons, offered only when they can work (the API's rules, API.md "Act"):
// * a draw may be offered on one's own turn (1960 §5 二) unless the game has
//   `draw_offers: "any"`, never twice while an offer stands, and never to the computer, which
//   neither offers nor answers draws;
// * adjourning needs a move played and a person opposite (the computer does not adjourn);
// * resuming only in an adjourned game, until this side has asked;
// * a move limit (限着, 1960 §12 一(一), 一(二)) asked of the arbiter while none is in force or
//   awaits his ruling, once until he acts on it (declares, judges or lifts a limit), and not
//   against the computer (no arbiter there);
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
  for (const id of ["draw-btn", "adjourn-btn", "resume-btn", "resign-btn", "limit-ask", "limit-asked"]) $(id).hidden = over;
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
  const limitBusy = computer || s.status === "adjourned" || Boolean(s.move_limit || s.limit_judgment);
  const asked = limitAsked(s, side);
  $("limit-ask").hidden = limitBusy || asked;
  $("limit-asked").hidden = limitBusy || !asked;
}

/** Whether `side` asked for a move limit since the arbiter last acted on one. */
function limitAsked(s, side) {
  const log = s.arbiter_log || [];
  const acted = ["move_limit_declared", "limit_judged", "move_limit_lifted"];
  let since = 0;
  log.forEach((e, i) => {
    if (acted.includes(e.kind)) since = i + 1;
  });
  return log.slice(since).some((e) => e.kind === "limit_requested" && e.side === side);
}
