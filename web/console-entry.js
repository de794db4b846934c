// Players from a list: pasted (one a line: name, rating, club, separated by commas or tabs),
// a CSV file in the same columns (a header row naming `name`/`姓名` is skipped), or a TRF
// file (FIDE TRF16 player lines `001`: the name in columns 15–47, the rating in 49–52,
// the federation in 54–56, taken as the club). Each player is registered in turn; the first
// refusal stops the import and says which line.

import { el, et } from "/assets/events/event-i18n.js";

/** One CSV line's cells (quotes around a cell allowed, `""` inside for a quote). */
function cells(line) {
  const out = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === "," || c === "\t" || c === "，") {
      out.push(cell.trim());
      cell = "";
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

/** The players in `text`: TRF if it has `001` lines, otherwise CSV or a pasted list. */
export function parsePlayers(text) {
  const lines = text.split(/\r?\n/);
  if (lines.some((l) => l.startsWith("001 "))) {
    return lines
      .filter((l) => l.startsWith("001 "))
      .map((l) => {
        const rating = Number(l.slice(48, 52).trim());
        const fed = l.slice(53, 56).trim();
        return { name: l.slice(14, 47).trim(), rating: rating > 0 ? rating : undefined, club: fed || undefined };
      });
  }
  const players = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    const [name, rating, club] = cells(line);
    if (!players.length && /^(name|姓名)$/i.test(name)) continue;
    const r = Number(rating);
    players.push({ name, rating: rating && Number.isFinite(r) ? r : undefined, club: club || undefined });
  }
  return players;
}

/** The import form: `add(player)` registers one, `done(count)` follows a whole import,
 * `onError(err)` shows the refusal that stopped it. */
export function importForm(add, done, onError) {
  const f = el("form", null, { id: "import" });
  const area = el("textarea", null, { id: "import-text", rows: "4", cols: "40", placeholder: et("paste_players"), "aria-label": et("paste_players") });
  const file = el("input", null, { id: "import-file", type: "file", accept: ".csv,.txt,.trf,text/csv,text/plain", "aria-label": et("csv_file") });
  file.onchange = async () => {
    if (file.files[0]) area.value = await file.files[0].text();
  };
  f.append(area, el("span", et("csv_file")), file, el("button", et("import_players"), { type: "submit", class: "primary", id: "import-btn" }));
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    const players = parsePlayers(area.value);
    let n = 0;
    for (const p of players) {
      try {
        await add(p);
        n++;
      } catch (err) {
        err.message = `${p.name}: ${err.message}`;
        onError(err);
        break;
      }
    }
    area.value = "";
    file.value = "";
    await done(n);
  });
  return f;
}
