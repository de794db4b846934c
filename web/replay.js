// Replay: any position of the game can be shown while the game goes on. The positions come
// from the start position and the moves (ICCS) alone: a xiangqi move only carries a piece from
// one point to another (no castling, promotion or en passant), so no rules are needed here.
//
// Decisions: `ply === null` means "follow the live position"; a player looking back stays
// where he is when moves arrive (the End key or the » button brings him back);
// stepping forward onto the last move returns to live. Keys: ←/→ one move, Home the start,
// End the live position; on a phone a horizontal swipe over the board steps (left: forward).

import { parsePlacement } from "./board.js";
import { t } from "./i18n.js";

const FILES = "abcdefghi";

/** The placement part of a FEN for a map from square ("h2") to letter ("C"). */
export function placementFen(pieces) {
  const rows = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = "";
    let empty = 0;
    for (const file of FILES) {
      const letter = pieces.get(file + rank);
      if (letter) {
        if (empty) row += String(empty);
        empty = 0;
        row += letter;
      } else empty += 1;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join("/");
}

/**
 * The placement after the first `ply` moves of a game from `startFen`.
 *
 * @param {string} startFen the game's start position
 * @param {string[]} moves the moves in ICCS
 * @param {number} ply how many of them to play
 */
export function placementAt(startFen, moves, ply) {
  const pieces = parsePlacement(startFen);
  for (const move of moves.slice(0, ply)) {
    const letter = pieces.get(move.slice(0, 2));
    if (!letter) break; // a move that does not fit the position: show what we have
    pieces.delete(move.slice(0, 2));
    pieces.set(move.slice(2, 4), letter);
  }
  return placementFen(pieces);
}

export class Replay {
  /** @param {() => void} onChange called whenever the shown position changes */
  constructor(onChange) {
    this.ply = null;
    this.total = 0;
    this.onChange = onChange;
  }

  /** The number of moves in the game now (the live position's ply). */
  setTotal(total) {
    this.total = total;
    // A takeback may leave a looked-at ply beyond the game.
    if (this.ply !== null && this.ply >= total) this.ply = null;
  }

  /** The ply of the position shown. */
  shown() {
    return this.ply ?? this.total;
  }

  isLive() {
    return this.ply === null;
  }

  go(ply) {
    const clamped = Math.max(0, Math.min(this.total, ply));
    const next = clamped >= this.total ? null : clamped;
    if (next === this.ply) return;
    this.ply = next;
    this.onChange();
  }

  step(delta) {
    this.go(this.shown() + delta);
  }

  live() {
    this.go(this.total);
  }

  /** The buttons' states and the "ply/total" marker; the way back to live stands out. */
  renderNav() {
    const $ = (id) => document.getElementById(id);
    const shown = this.shown();
    const live = this.isLive();
    $("nav-first").disabled = shown === 0;
    $("nav-prev").disabled = shown === 0;
    $("nav-next").disabled = live;
    $("nav-last").disabled = live;
    $("nav-last").classList.toggle("behind", !live);
    $("nav-where").textContent = t("nav_where", shown, this.total);
    $("nav-where").classList.toggle("behind", !live);
    $("nav-where").title = live ? "" : t("viewing_back");
  }

  /** Keys, the buttons, and a swipe over `boardNode` (a board drag is not a swipe). */
  wire({ first, prev, next, last }, boardNode, isDragging) {
    first.onclick = () => this.go(0);
    prev.onclick = () => this.step(-1);
    next.onclick = () => this.step(1);
    last.onclick = () => this.live();
    document.addEventListener("keydown", (e) => {
      const tag = (e.target && e.target.tagName) || "";
      if (["INPUT", "TEXTAREA", "SELECT"].includes(tag) || e.altKey || e.ctrlKey || e.metaKey) return;
      const actions = { ArrowLeft: () => this.step(-1), ArrowRight: () => this.step(1), Home: () => this.go(0), End: () => this.live() };
      const action = actions[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    });
    let start = null;
    boardNode.addEventListener("pointerdown", (e) => {
      // The board's own handler ran first: if it picked a piece up, this is no swipe.
      start = isDragging() ? null : { x: e.clientX, y: e.clientY };
    });
    boardNode.addEventListener("pointerup", (e) => {
      if (!start) return;
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      start = null;
      if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) this.step(dx < 0 ? 1 : -1);
    });
    boardNode.addEventListener("pointercancel", () => (start = null));
  }
}
