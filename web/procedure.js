// The book's procedure on the board (the referee README, "The book's procedure"): an order to
// vary — who, why, the forbidden moves marked on the board — and a claim button when a
// repetition draw may be claimed. The server and the referee decide; this page shows.

import { addText, t } from "./i18n.js";
import { cycleText, forbiddenText } from "./explain.js";

addText({
  zh: {
    order_you: (reason, ply) => `裁判令你变着：${reason}（第${ply}着循环反复三次）。`,
    order_side: (who, reason, ply) => `裁判令${who}变着：${reason}（第${ply}着循环反复三次）。`,
    order_forbidden: (moves) => `不得再走 ${moves}；仍走循环着法判负（规则4.1.7）。`,
    order_rest: "走出循环即可继续对局；仍走循环着法判负（规则4.1.7）。",
    claimable: (ply) => `循环反复三次，双方均为允许着法：任何一方可提和（第${ply}着起），不提和而循环再继续一轮则判和。`,
    claim_draw: "要求判和（循环）",
    reason_perpetual_check: "长将",
    reason_perpetual_chase: "长捉",
    reason_perpetual_mate_threat: "长杀",
    reason_check_and_chase: "一将一捉",
  },
  en: {
    order_you: (reason, ply) => `The arbiter orders you to vary: ${reason} (the cycle repeated three times at ply ${ply}).`,
    order_side: (who, reason, ply) => `The arbiter orders ${who} to vary: ${reason} (the cycle repeated three times at ply ${ply}).`,
    order_forbidden: (moves) => `Forbidden: ${moves}; continuing the cycle loses (rule 4.1.7).`,
    order_rest: "Any move out of the cycle goes on; continuing it loses (rule 4.1.7).",
    claimable: (ply) => `The position repeated three times in a cycle the rules allow: either player may claim the draw (since ply ${ply}); if the cycle goes round once more unclaimed, it is drawn.`,
    claim_draw: "Claim the draw (repetition)",
    reason_perpetual_check: "perpetual check",
    reason_perpetual_chase: "perpetual chase",
    reason_perpetual_mate_threat: "perpetual mate threat",
    reason_check_and_chase: "one check one chase",
  },
});

/** The moves to mark on the board: the order's, when the ordered side is to move. */
export function forbiddenMoves(s) {
  const order = s.status !== "ended" ? s.order : null;
  return order && s.turn === order.side ? order.forbidden : [];
}

/** Fills the procedure box in the page's `notation`; `onClaim` sends the claim. */
export function renderProcedure(s, side, onClaim, notation) {
  const box = document.getElementById("procedure");
  const text = document.getElementById("procedure-text");
  const button = document.getElementById("claim-btn");
  const order = s.status !== "ended" ? s.order : null;
  const claimable = s.status !== "ended" ? s.claimable : null;
  box.hidden = !order && !claimable;
  box.classList.toggle("order", Boolean(order));
  button.hidden = true;
  if (order) {
    const reason = t(`reason_${order.reason}`);
    const lines = [
      side === order.side ? t("order_you", reason, order.ply) : t("order_side", t(order.side), reason, order.ply),
      order.forbidden.length ? t("order_forbidden", forbiddenText(s, order, notation)) : t("order_rest"),
    ];
    text.textContent = lines.join(" ");
    box.title = cycleText(s, order.cycle, notation);
    box.dataset.side = order.side;
  } else if (claimable) {
    text.textContent = t("claimable", claimable.ply);
    box.title = cycleText(s, claimable.cycle, notation);
    button.textContent = t("claim_draw");
    button.hidden = !side;
    button.onclick = onClaim;
  }
}
