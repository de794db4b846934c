// Who this tab is in this game. Every link is its own identity: a browser may hold Red of one
// game, Black of another, the arbiter of a third, and both sides of a test game in two tabs.
//
// Decisions:
// * The secret (`#t=…` in a link) is read once, then taken out of the address bar
//   (history.replaceState), so a copied or bookmarked address never carries it.
// * The tab's identity is kept in sessionStorage (per tab, kept across a reload), so opening
//   Black's link in another tab never turns this tab into Black.
// * Every identity of the browser is also kept in localStorage by game, with the role the
//   server named (`hello`), so a plain link to the game opened later (a new tab, the home
//   page's "go to the game") finds it: the one last used, with a choice when there are several.
// * A token the server refuses (`wrong_token`) is forgotten: a mistyped link does not stick.

const listKey = (game) => `xq-ids-${game}`;
const tabKey = (game) => `xq-tab-${game}`;

function read(game) {
  try {
    const list = JSON.parse(localStorage.getItem(listKey(game)) || "[]");
    return Array.isArray(list) ? list.filter((i) => i && typeof i.token === "string") : [];
  } catch {
    return [];
  }
}

function write(game, list) {
  localStorage.setItem(listKey(game), JSON.stringify(list));
}

function add(game, token) {
  const list = read(game).filter((i) => i.token !== token);
  const old = read(game).find((i) => i.token === token);
  list.push({ ...(old || {}), token, used: Date.now() });
  write(game, list);
}

/**
 * The token this tab acts with in `game` (null: it watches). A token in the fragment wins and
 * leaves the address bar; then this tab's own; then the identity this browser used last.
 */
export function tabToken(game) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get("t");
  if (given) {
    sessionStorage.setItem(tabKey(game), given);
    add(game, given);
    history.replaceState(null, "", location.pathname + location.search);
    return given;
  }
  const own = sessionStorage.getItem(tabKey(game));
  if (own) return own === "-" ? null : own;
  // The one key of earlier versions, by game only.
  const legacy = localStorage.getItem(`xq-token-${game}`);
  if (legacy) {
    add(game, legacy);
    localStorage.removeItem(`xq-token-${game}`);
  }
  const list = read(game).sort((a, b) => (b.used || 0) - (a.used || 0));
  return list.length ? list[0].token : null;
}

/** Records what the server said this token is (`hello`: role, side). */
export function remember(game, token, hello) {
  if (!token) return;
  const list = read(game);
  const entry = list.find((i) => i.token === token);
  if (!entry) return;
  entry.role = hello.role;
  entry.side = hello.side || null;
  entry.used = Date.now();
  write(game, list);
}

/** Forgets a token the server refused, for this tab and the browser. */
export function forget(game, token) {
  write(game, read(game).filter((i) => i.token !== token));
  sessionStorage.setItem(tabKey(game), "-");
}

/** This browser's identities in `game` the server has confirmed: `[{token, role, side}]`. */
export function identities(game) {
  return read(game).filter((i) => i.role);
}

/** Makes this tab act as `token` (null: watch) from its next load. */
export function choose(game, token) {
  sessionStorage.setItem(tabKey(game), token || "-");
  if (token) add(game, token);
}

/** Whether the address now carries a new secret (a link pasted into an open tab). */
export function fragmentHasToken() {
  return new URLSearchParams(location.hash.slice(1)).has("t");
}
