// The game page: one WebSocket to the server, which is the authority on everything; this
// page draws what it is told, ticks the clocks between messages, and sends the user's moves.

import { Board, parsePlacement } from "./board.js";
import { t, toggleLang, translatePage } from "./i18n.js";
import "./game-text.js";
import { optionsText, renderArbiter, scoringMoves, wireDesk } from "./arbiter.js";
import { forbiddenMoves, renderProcedure } from "./procedure.js";
import { rulingText } from "./explain.js";
import { refusalText } from "./refusals.js";
import { Replay, placementAt } from "./replay.js";
import { tickClocks } from "./clock.js";
import { beep, unlockAudio } from "./sound.js";
import { choose, forget, fragmentHasToken, identities, remember, tabToken } from "./identity.js";
import { renderControls } from "./controls.js";
import { loadEvent, renderEvent } from "./game-event.js";
import { renderOffer } from "./offer.js";
import { renderMoves } from "./movelist.js";
import { renderPresence, setPresence } from "./presence.js";
import { askRematch, onRematch } from "./rematch.js";

// The words for each rule set the server names (`rules` in the state).
const RULE_SET_KEYS = { chinese: "rules_chinese", asian: "rules_asian", chinese1960: "rules_chinese1960" };

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").filter(Boolean).pop();
let token = tabToken(gameId);

let state = null; // the last state from the server
let receivedAt = 0; // performance.now() when it arrived
let side = null; // "red", "black", or null when watching (or the arbiter)
let role = "spectator"; // "player", "arbiter" or "spectator"
let lastSeq = 0;
let heard = false; // whether the server has said anything on any socket
let flipped = null; // null: the player's own side at the bottom
let socket = null;
let retry = 0;
let nextId = 1;
let notation = localStorage.getItem("xq-notation") || "chinese";
let sound = localStorage.getItem("xq-sound") !== "off";

const board = new Board($("board"), (move) => userMove(move));
const replay = new Replay(() => {
  render();
  document.dispatchEvent(new CustomEvent("xq-view"));
});
// For the browser test and the curious: the board, the last state, our side, the socket,
// and the ply of the position shown.
window.xq = {
  board,
  replay,
  get state() { return state; },
  get side() { return side; },
  get role() { return role; },
  get socket() { return socket; },
  get token() { return token; },
  get shownPly() { return state ? replay.shown() : 0; },
};

// ---------------------------------------------------------------- connection

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${proto}//${location.host}/api/games/${gameId}/ws?since=${lastSeq}&presence=1`);
  setConn("connecting");
  socket.onopen = () => {
    retry = 0;
    setConn("connected");
    if (token) socket.send(JSON.stringify({ type: "auth", token }));
  };
  socket.onmessage = (e) => {
    let msg;
    heard = true;
    try {
      msg = JSON.parse(e.data);
    } catch {
      // A frame we cannot read may have been an event: start again from the last event
      // applied (the socket's `since`), and the server sends what followed it once more.
      socket.close();
      return;
    }
    onMessage(msg);
  };
  socket.onclose = async () => {
    // A socket that closes before the server said anything may be a game that does not
    // exist (a mistyped link): ask once, and say so rather than reconnect for ever.
    if (!heard && (await gameMissing())) return showNotFound();
    setConn("reconnecting");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, Math.min(500 * 2 ** (retry - 1), 8000));
  };
}

async function gameMissing() {
  try {
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}`);
    return r.status === 404;
  } catch {
    return false;
  }
}

function showNotFound() {
  $("game-main").hidden = true;
  $("not-found").hidden = false;
  setConn("not_found");
  document.body.dataset.notFound = "1";
}

function onMessage(msg) {
  switch (msg.type) {
    case "event":
      lastSeq = Math.max(lastSeq, msg.seq);
      if (msg.state) {
        const kind = msg.event.kind;
        if ((kind === "move" || kind === "resumed") && sound) beep();
        applyState(msg.state);
      }
      break;
    case "state":
      lastSeq = Math.max(lastSeq, msg.seq);
      applyState(msg);
      break;
    case "hello":
      // The greeting every socket gets before our `auth` is answered: not who we are.
      if (token && msg.role === "spectator") break;
      side = msg.side || null;
      role = msg.role || "spectator";
      remember(gameId, token, msg);
      renderIdentities();
      render();
      break;
    case "rematch":
      onRematch(msg);
      render();
      break;
    case "presence":
      setPresence(msg);
      renderPresence(state);
      break;
    case "error":
      if (msg.error === "wrong_token" && token) {
        // A link whose secret is not this game's: forget it and watch.
        forget(gameId, token);
        token = null;
      }
      showError(refusalText(msg));
      render();
      break;
    default:
      break;
  }
}

function setConn(what) {
  const node = $("conn");
  node.dataset.state = what;
  node.textContent = what === "not_found" ? "" : t(what);
}

function send(message) {
  message.id = nextId++;
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
    return;
  }
  // Without a socket, the same action over HTTP.
  const paths = { move: "moves", resign: "resign", claim: "claim", draw: "draw", adjourn: "adjourn", seal: "seal", resume: "resume", arbiter: "arbiter", limit: "limit" };
  let body = {};
  if (message.move) body.move = message.move;
  if (message.action) body.action = message.action;
  if (message.ground) body.ground = message.ground;
  if (message.request) body = message.request;
  fetch(`/api/games/${gameId}/${paths[message.type]}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
    .then(async (r) => {
      const answer = await r.json();
      if (r.ok) applyState(answer);
      else showError(refusalText(answer));
    })
    .catch(() => showError(t("reconnecting")));
}

// ---------------------------------------------------------------- actions

function myTurn() {
  if (!state || state.status === "ended" || state.status === "adjourned" || state.paused) return false;
  // The arbiter scores an over-the-board game: the move of whichever side is to move.
  if (role === "arbiter") return scoringMoves() && !(state.adjournment && state.adjournment.state === "agreed");
  return Boolean(side) && state.turn === side;
}

function userMove(move) {
  if (!myTurn() || !replay.isLive()) return;
  unlockAudio();
  if (state.adjournment && state.adjournment.state === "agreed") {
    send({ type: "seal", move });
  } else {
    if (/^[a-i][0-9][a-i][0-9]$/.test(move)) board.showPending(move);
    send({ type: "move", move });
  }
}

function applyState(next) {
  state = next;
  receivedAt = performance.now();
  replay.setTotal(next.moves.length);
  render();
}

function showError(text) {
  const node = $("error");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => (node.hidden = true), 5000);
}

// ---------------------------------------------------------------- drawing

function isFlipped() {
  return flipped ?? side === "black";
}

function kingSquare(fen, color) {
  for (const [square, letter] of parsePlacement(fen)) {
    if (letter === (color === "red" ? "K" : "k")) return square;
  }
  return null;
}

function render() {
  if (!state) return;
  const s = state;
  board.flipped = isFlipped();
  const live = replay.isLive();
  const ply = replay.shown();
  board.update(
    live
      ? {
          fen: s.fen,
          legal: myTurn() ? s.legal_moves : [],
          lastMove: s.last_move,
          checkSquare: s.check ? kingSquare(s.fen, s.turn) : null,
          forbidden: forbiddenMoves(s),
        }
      : { fen: placementAt(s.start_fen, s.moves, ply), lastMove: ply > 0 ? s.moves[ply - 1] : null },
  );
  document.body.dataset.view = live ? "live" : String(ply);
  const bottom = isFlipped() ? "black" : "red";
  const top = bottom === "red" ? "black" : "red";
  const computer = s.options && s.options.computer;
  for (const [box, color] of [[$("player-top"), top], [$("player-bottom"), bottom]]) {
    box.dataset.side = color;
    const given = s.options && s.options[`${color}_name`];
    let name = given ? `${t(color)} ${given}` : t(color);
    if (!given && computer && computer.side === color) name += ` ${t("vs_computer_name")}`;
    if (side === color) name += ` · ${t("you")}`;
    box.querySelector(".name").textContent = name;
    box.classList.toggle("to-move", s.status !== "ended" && s.turn === color);
  }
  renderPresence(s);
  renderStatus(s);
  renderOffer(s, side, send);
  renderProcedure(s, side, () => send({ type: "claim" }), notation);
  renderMoves(s, notation, replay.shown(), replay.isLive());
  replay.renderNav();
  renderControls(s, { side, role, myTurn: myTurn() });
  $("move-form").hidden = !(side && s.status !== "ended" && s.status !== "adjourned");
  $("move-send").disabled = !myTurn();
  renderArbiter(s, role === "arbiter");
  tickClocks(state, performance.now() - receivedAt, [$("player-top"), $("player-bottom")]);
  $("notation-btn").textContent = `${t("notation")}: ${{ chinese: "中文", wxf: "WXF", iccs: "ICCS" }[notation]}`;
  $("sound-btn").textContent = `${t("sound")}: ${t(sound ? "on" : "off")}`;
  const options = optionsText(s);
  $("info").textContent = `${s.control} · ${t(RULE_SET_KEYS[s.rules] || "rules_chinese")}${options ? ` · ${options}` : ""}`;
  const base = `/api/games/${gameId}/record`;
  $("dl-pgn-zh").href = `${base}?format=pgn&notation=chinese`;
  $("dl-pgn-iccs").href = `${base}?format=pgn&notation=iccs`;
  $("dl-dhtmlxq").href = `${base}?format=dhtmlxq`;
}

function renderStatus(s) {
  const status = $("status");
  const ruling = $("ruling");
  status.classList.remove("check");
  if (s.status === "ended") {
    status.textContent = `${t("game_over")} · ${t(s.result)}`;
    ruling.hidden = false;
    ruling.textContent = rulingText(s, notation);
    return;
  }
  ruling.hidden = true;
  let text;
  if (s.status === "adjourned") text = t("adjourned");
  else if (s.status === "waiting" && s.turn === "red" && side !== "red") text = t("waiting_first");
  else if (myTurn()) text = t("your_move");
  else text = t(s.turn === "red" ? "to_move_red" : "to_move_black");
  if (role === "arbiter") text = `${t("arbiter")} · ${text}`;
  else if (!side) text = `${t("spectator")} · ${text}`;
  if (s.check) {
    text += ` · ${t("check")}`;
    status.classList.add("check");
  }
  status.textContent = text;
}

function renderIdentities() {
  const select = $("identity");
  const mine = identities(gameId);
  select.hidden = mine.length < 2;
  if (select.hidden) return;
  select.replaceChildren();
  for (const i of [...mine, { token: "", role: "spectator" }]) {
    const option = document.createElement("option");
    option.value = i.token;
    option.textContent = t("as_role", i.role, i.side);
    option.selected = (i.token || null) === token;
    select.appendChild(option);
  }
}

// ---------------------------------------------------------------- wiring

$("lang-btn").onclick = () => {
  toggleLang();
  render();
  renderIdentities();
  renderEvent();
  setConn($("conn").dataset.state);
};
$("flip-btn").onclick = () => {
  flipped = !isFlipped();
  render();
};
$("notation-btn").onclick = () => {
  notation = { chinese: "wxf", wxf: "iccs", iccs: "chinese" }[notation];
  localStorage.setItem("xq-notation", notation);
  render();
};
$("sound-btn").onclick = () => {
  sound = !sound;
  localStorage.setItem("xq-sound", sound ? "on" : "off");
  unlockAudio();
  render();
};
$("draw-btn").onclick = () => send({ type: "draw", action: "offer" });
$("adjourn-btn").onclick = () => send({ type: "adjourn", action: "offer" });
$("resume-btn").onclick = () => send({ type: "resume" });
$("limit-btn").onclick = () => send({ type: "limit", ground: $("limit-ground").value });
$("resign-btn").onclick = () => {
  if (confirm(t("confirm_resign"))) send({ type: "resign" });
};
$("rematch-btn").onclick = () => askRematch(gameId, token, showError).then(render);
$("move-form").onsubmit = (e) => {
  e.preventDefault();
  const text = $("move-input").value.trim();
  if (!text || !myTurn()) return;
  replay.live();
  userMove(text);
  $("move-input").value = "";
};
$("moves").addEventListener("click", (e) => {
  const ply = e.target.dataset && e.target.dataset.ply;
  if (ply !== undefined) replay.go(Number(ply));
});
$("identity").onchange = () => {
  choose(gameId, $("identity").value || null);
  location.reload();
};
// A link pasted into this tab's address bar: take its secret and open the game as it says.
window.addEventListener("hashchange", () => {
  if (!fragmentHasToken()) return;
  const next = location.pathname.split("/").filter(Boolean).pop();
  tabToken(next);
  location.reload();
});
replay.wire(
  { first: $("nav-first"), prev: $("nav-prev"), next: $("nav-next"), last: $("nav-last") },
  $("board"),
  () => Boolean(board.drag),
);
wireDesk(
  (request) => send({ type: "arbiter", request }),
  (move) => send({ type: "move", move }),
  () => render(),
);
document.addEventListener("pointerdown", unlockAudio, { once: true });

translatePage();
setConn("connecting");
connect();
loadEvent(gameId);
setInterval(() => tickClocks(state, performance.now() - receivedAt, [$("player-top"), $("player-bottom")]), 100);
