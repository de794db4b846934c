// The move list in the page's notation; the move of the position shown is marked, and the
// list scrolls inside itself only, never the page (on a phone a page scroll moves the board).

/** Fills `#moves` with `s`'s moves in `notation`, marking ply `shown`; `live`: follow the end. */
export function renderMoves(s, notation, shown, live) {
  const list = document.getElementById("moves");
  const texts = { chinese: s.moves_chinese, wxf: s.moves_wxf, iccs: s.moves }[notation] || s.moves;
  list.replaceChildren();
  // A game from a position with Black to move starts its first line with "…".
  const blackFirst = s.start_fen.split(" ")[1] === "b";
  const plies = blackFirst ? [null, ...texts] : texts;
  let current = null;
  for (let i = 0; i < plies.length; i += 2) {
    const li = document.createElement("li");
    for (const j of [i, i + 1]) {
      if (j >= plies.length) break;
      const span = document.createElement("span");
      span.className = "mv";
      span.textContent = plies[j] ?? "…";
      if (plies[j] !== null) {
        const ply = blackFirst ? j : j + 1;
        span.dataset.ply = String(ply);
        if (ply === shown) {
          span.classList.add("current");
          current = span;
        }
      }
      li.appendChild(span);
    }
    list.appendChild(li);
  }
  if (live) list.scrollTop = list.scrollHeight;
  else if (current) {
    const top = current.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + current.offsetHeight - list.clientHeight;
    }
  }
}

