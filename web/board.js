// The board: 9 × 10 points drawn in SVG, pieces as characters in circles, red and black.
// It knows no rules: the server sends the legal moves, and the board only offers those.

const NS = "http://www.w3.org/2000/svg";
const CELL = 60;
const MARGIN = 42; // left and right
const TOP = 62; // top and bottom: room for the file numbers
const WIDTH = MARGIN * 2 + CELL * 8;
const HEIGHT = TOP * 2 + CELL * 9;
const RED_FILES = "九八七六五四三二一"; // Red counts files from its right: a is 九

const FILES = "abcdefghi";

// Traditional characters tell the sides apart at a glance: 帥仕相傌俥炮兵 against 將士象馬車砲卒.
const GLYPHS = {
  K: "帥", A: "仕", B: "相", E: "相", N: "傌", H: "傌", R: "俥", C: "炮", P: "兵",
  k: "將", a: "士", b: "象", e: "象", n: "馬", h: "馬", r: "車", c: "砲", p: "卒",
};

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/** Reads the placement part of a FEN into a map from square ("h2") to letter ("C"). */
export function parsePlacement(fen) {
  const pieces = new Map();
  const rows = (fen || "").split(" ")[0].split("/");
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "9") file += Number(ch);
      else {
        if (file < 9 && rank >= 0) pieces.set(FILES[file] + rank, ch);
        file += 1;
      }
    }
  });
  return pieces;
}

export class Board {
  /**
   * @param {HTMLElement} container where the SVG goes
   * @param {(move: string) => void} onMove called with an ICCS move the user made
   */
  constructor(container, onMove) {
    this.onMove = onMove;
    this.flipped = false;
    this.pieces = new Map();
    this.legal = [];
    this.lastMove = null;
    this.checkSquare = null;
    this.forbidden = [];
    this.selected = null;
    this.drag = null;
    this.svg = el("svg", {
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      id: "board-svg",
      role: "img",
      "aria-label": "xiangqi board",
    });
    container.appendChild(this.svg);
    this.gridLayer = el("g", { class: "grid" }, this.svg);
    this.markLayer = el("g", { class: "marks" }, this.svg);
    this.pieceLayer = el("g", { class: "pieces" }, this.svg);
    this.targetLayer = el("g", { class: "targets" }, this.svg);
    this.drawGrid();
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointercancel", () => this.cancelDrag());
  }

  /** Centre of a square in SVG units, as seen with the current orientation. */
  point(square) {
    const file = FILES.indexOf(square[0]);
    const rank = Number(square.slice(1));
    const col = this.flipped ? 8 - file : file;
    const row = this.flipped ? rank : 9 - rank;
    return [MARGIN + col * CELL, TOP + row * CELL];
  }

  /** The square nearest an SVG point, if within half a cell. */
  squareAt(x, y) {
    const col = Math.round((x - MARGIN) / CELL);
    const row = Math.round((y - TOP) / CELL);
    if (col < 0 || col > 8 || row < 0 || row > 9) return null;
    const [cx, cy] = [MARGIN + col * CELL, TOP + row * CELL];
    if (Math.hypot(x - cx, y - cy) > CELL * 0.5) return null;
    const file = this.flipped ? 8 - col : col;
    const rank = this.flipped ? row : 9 - row;
    return FILES[file] + rank;
  }

  drawGrid() {
    const g = this.gridLayer;
    g.replaceChildren();
    el("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 10, class: "board-bg" }, g);
    el("rect", {
      x: MARGIN - 6, y: TOP - 6, width: CELL * 8 + 12, height: CELL * 9 + 12, class: "frame",
    }, g);
    const line = (x1, y1, x2, y2) => el("line", { x1, y1, x2, y2, class: "line" }, g);
    for (let row = 0; row < 10; row++) {
      line(MARGIN, TOP + row * CELL, MARGIN + 8 * CELL, TOP + row * CELL);
    }
    for (let col = 0; col < 9; col++) {
      const x = MARGIN + col * CELL;
      if (col === 0 || col === 8) line(x, TOP, x, TOP + 9 * CELL);
      else {
        line(x, TOP, x, TOP + 4 * CELL);
        line(x, TOP + 5 * CELL, x, TOP + 9 * CELL);
      }
    }
    // The palaces' diagonals.
    for (const top of [0, 7]) {
      const y1 = TOP + top * CELL;
      const y2 = y1 + 2 * CELL;
      line(MARGIN + 3 * CELL, y1, MARGIN + 5 * CELL, y2);
      line(MARGIN + 5 * CELL, y1, MARGIN + 3 * CELL, y2);
    }
    // The cannons' and soldiers' starting points.
    const marks = [[1, 2], [7, 2], [1, 7], [7, 7]];
    for (const col of [0, 2, 4, 6, 8]) marks.push([col, 3], [col, 6]);
    for (const [col, row] of marks) this.drawMark(col, row);
    const river = TOP + 4.5 * CELL;
    const text = (x, s) => {
      const node = el("text", { x, y: river, class: "river" }, g);
      node.textContent = s;
    };
    text(MARGIN + 2 * CELL, "楚 河");
    text(MARGIN + 6 * CELL, "漢 界");
  }

  drawMark(col, row) {
    const x = MARGIN + col * CELL;
    const y = TOP + row * CELL;
    const d = 5;
    const l = 12;
    for (const sx of [-1, 1]) {
      if ((col === 0 && sx < 0) || (col === 8 && sx > 0)) continue;
      for (const sy of [-1, 1]) {
        const px = x + sx * d;
        const py = y + sy * d;
        el("polyline", {
          points: `${px + sx * l},${py} ${px},${py} ${px},${py + sy * l}`,
          class: "mark",
        }, this.gridLayer);
      }
    }
  }

  /**
   * Shows a position (FEN), the legal moves the user may make, the last move, check, and the
   * moves an order to vary forbids (marked with a crossed line).
   */
  update({ fen, legal = [], lastMove = null, checkSquare = null, forbidden = [] }) {
    this.pieces = parsePlacement(fen);
    this.legal = legal;
    this.lastMove = lastMove;
    this.checkSquare = checkSquare;
    this.forbidden = forbidden;
    if (this.selected && !this.legal.some((m) => m.startsWith(this.selected))) this.selected = null;
    this.render();
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.render();
  }

  targetsOf(square) {
    return this.legal.filter((m) => m.slice(0, 2) === square).map((m) => m.slice(2));
  }

  /** File numbers: each side counts from its own right, Red in Chinese numerals. */
  drawFileNumbers() {
    for (let col = 0; col < 9; col++) {
      const file = this.flipped ? 8 - col : col;
      const red = RED_FILES[file];
      const black = String(file + 1);
      const x = MARGIN + col * CELL;
      for (const [y, text, side] of [
        [TOP - 44, this.flipped ? red : black, this.flipped ? "red" : "black"],
        [TOP + 9 * CELL + 44, this.flipped ? black : red, this.flipped ? "black" : "red"],
      ]) {
        const node = el("text", { x, y, class: `file-number ${side}` }, this.markLayer);
        node.textContent = text;
      }
    }
  }

  render() {
    this.markLayer.replaceChildren();
    this.drawFileNumbers();
    this.pieceLayer.replaceChildren();
    this.targetLayer.replaceChildren();
    if (this.lastMove) {
      for (const sq of [this.lastMove.slice(0, 2), this.lastMove.slice(2)]) {
        const [x, y] = this.point(sq);
        el("rect", {
          x: x - 29, y: y - 29, width: 58, height: 58, rx: 6, class: "last-move", "data-square": sq,
        }, this.markLayer);
      }
    }
    for (const move of this.forbidden) this.drawForbidden(move);
    if (this.selected) {
      const [x, y] = this.point(this.selected);
      el("circle", { cx: x, cy: y, r: 29, class: "selected" }, this.markLayer);
    }
    for (const [square, letter] of this.pieces) {
      this.drawPiece(square, letter);
    }
    if (this.selected) {
      for (const to of this.targetsOf(this.selected)) {
        const [x, y] = this.point(to);
        const capture = this.pieces.has(to);
        el("circle", {
          cx: x, cy: y, r: capture ? 28 : 8,
          class: capture ? "target capture" : "target", "data-square": to,
        }, this.targetLayer);
      }
    }
  }

  /** A forbidden move: a dashed line from its square to a cross on its destination. */
  drawForbidden(move) {
    const [x1, y1] = this.point(move.slice(0, 2));
    const [x2, y2] = this.point(move.slice(2));
    const g = el("g", { class: "forbidden", "data-move": move }, this.markLayer);
    el("line", { x1, y1, x2, y2, class: "forbidden-path" }, g);
    const r = 14;
    el("line", { x1: x2 - r, y1: y2 - r, x2: x2 + r, y2: y2 + r, class: "forbidden-cross" }, g);
    el("line", { x1: x2 - r, y1: y2 + r, x2: x2 + r, y2: y2 - r, class: "forbidden-cross" }, g);
  }

  drawPiece(square, letter) {
    const red = letter === letter.toUpperCase();
    const [x, y] = this.point(square);
    const g = el("g", {
      class: `piece ${red ? "red" : "black"}${square === this.checkSquare ? " in-check" : ""}${
        square === this.selected ? " picked" : ""
      }`,
      transform: `translate(${x},${y})`,
      "data-square": square,
      "data-piece": letter,
    }, this.pieceLayer);
    el("circle", { r: 26, class: "disc" }, g);
    el("circle", { r: 21.5, class: "ring" }, g);
    const text = el("text", { class: "glyph", y: 1 }, g);
    text.textContent = GLYPHS[letter] || "?";
    return g;
  }

  svgPoint(event) {
    const p = this.svg.createSVGPoint();
    p.x = event.clientX;
    p.y = event.clientY;
    const m = this.svg.getScreenCTM();
    return m ? p.matrixTransform(m.inverse()) : { x: 0, y: 0 };
  }

  pointerDown(event) {
    const { x, y } = this.svgPoint(event);
    const square = this.squareAt(x, y);
    if (!square) return;
    if (this.selected && this.targetsOf(this.selected).includes(square)) {
      const move = this.selected + square;
      this.selected = null;
      this.onMove(move);
      return;
    }
    if (this.targetsOf(square).length > 0) {
      this.selected = square;
      this.render();
      this.drag = { from: square, startX: x, startY: y, moved: false, node: null, pointer: event.pointerId };
      this.svg.setPointerCapture?.(event.pointerId);
      event.preventDefault();
      return;
    }
    if (this.selected) {
      this.selected = null;
      this.render();
    }
  }

  pointerMove(event) {
    if (!this.drag) return;
    const { x, y } = this.svgPoint(event);
    if (!this.drag.moved && Math.hypot(x - this.drag.startX, y - this.drag.startY) < 6) return;
    if (!this.drag.moved) {
      this.drag.moved = true;
      this.drag.node = this.pieceLayer.querySelector(`[data-square="${this.drag.from}"]`);
      this.drag.node?.classList.add("dragging");
      // Keep the dragged piece above the others.
      if (this.drag.node) this.pieceLayer.appendChild(this.drag.node);
    }
    this.drag.node?.setAttribute("transform", `translate(${x},${y}) scale(1.08)`);
  }

  pointerUp(event) {
    const drag = this.drag;
    this.drag = null;
    if (!drag || !drag.moved) return;
    const { x, y } = this.svgPoint(event);
    const to = this.squareAt(x, y);
    if (to && this.targetsOf(drag.from).includes(to)) {
      this.selected = null;
      this.onMove(drag.from + to);
    } else {
      this.render();
    }
  }

  cancelDrag() {
    this.drag = null;
    this.render();
  }

  /** Shows a move at once, before the server confirms it (the next update replaces it). */
  showPending(move) {
    const from = move.slice(0, 2);
    const to = move.slice(2);
    const letter = this.pieces.get(from);
    if (!letter) return;
    this.pieces.delete(from);
    this.pieces.set(to, letter);
    this.legal = [];
    this.lastMove = move;
    this.checkSquare = null;
    this.render();
  }
}
