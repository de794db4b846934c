// The game page: one WebSocket to the server, which is the authority on everything; this
// page draws what it is told, ticks the clocks between messages, and sends the user's moves.

import { Board, parsePlacement } from "./board.js";
import { currentLang, t, toggleLang, translatePage } from "./i18n.js";
import { optionsText, renderArbiter, scoringMoves, wireDesk } from "./arbiter.js";
import { forbiddenMoves, renderProcedure } from "./procedure.js";

// The words for each rule set the server names (`rules` in the state).
const RULE_SET_KEYS = { chinese: "rules_chinese", asian: "rules_asian", chinese1960: "rules_chinese1960" };

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").filter(Boolean).pop();
const tokenKey = `xq-token-${gameId}`;

// The player's secret arrives in the fragment (never sent to a server); keep it in this
// browser and take it out of the address bar so a copied link does not leak it.
const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.get("t")) {
  localStorage.setItem(tokenKey, fragment.get("t"));
  history.replaceState(null, "", location.pathname);
}
const token = localStorage.getItem(tokenKey);

let state = null; // the last state from the server
let receivedAt = 0; // performance.now() when it arrived
let side = null; // "red", "black", or null when watching (or the arbiter)
let role = "spectator"; // "player", "arbiter" or "spectator"
let lastSeq = 0;
let flipped = null; // null: the player's own side at the bottom
let socket = null;
let retry = 0;
let nextId = 1;
let notation = localStorage.getItem("xq-notation") || "chinese";
let sound = localStorage.getItem("xq-sound") !== "off";
let audio = null;

const board = new Board($("board"), (move) => userMove(move));
// For the browser test and the curious: the board, the last state, our side, the socket.
window.xq = {
  board,
  get state() { return state; },
  get side() { return side; },
  get role() { return role; },
  get socket() { return socket; },
};

// ---------------------------------------------------------------- connection

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${proto}//${location.host}/api/games/${gameId}/ws?since=${lastSeq}`);
  setConn("connecting");
  socket.onopen = () => {
    retry = 0;
    setConn("connected");
    if (token) socket.send(JSON.stringify({ type: "auth", token }));
  };
  socket.onmessage = (e) => {
    let msg;
    try {
      msg = JSON.parse(e.data);
    } catch {
      return;
    }
    onMessage(msg);
  };
  socket.onclose = () => {
    setConn("reconnecting");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, Math.min(500 * 2 ** (retry - 1), 8000));
  };
}

function onMessage(msg) {
  switch (msg.type) {
    case "event":
      lastSeq = Math.max(lastSeq, msg.seq);
      if (msg.state) {
        const kind = msg.event.kind;
        if (kind === "move" || kind === "resumed") beep();
        applyState(msg.state);
      }
      break;
    case "state":
      lastSeq = Math.max(lastSeq, msg.seq);
      applyState(msg);
      break;
    case "hello":
      if (msg.side) side = msg.side;
      if (msg.role) role = msg.role;
      render();
      break;
    case "error":
      showError(currentLang() === "zh" && msg.message_zh ? msg.message_zh : msg.message);
      render();
      break;
    default:
      break;
  }
}

function setConn(what) {
  const node = $("conn");
  node.dataset.state = what;
  node.textContent = t(what);
}

function send(message) {
  message.id = nextId++;
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
    return;
  }
  // Without a socket, the same action over HTTP.
  const paths = { move: "moves", resign: "resign", claim: "claim", draw: "draw", adjourn: "adjourn", seal: "seal", resume: "resume", arbiter: "arbiter" };
  let body = {};
  if (message.move) body.move = message.move;
  if (message.action) body.action = message.action;
  if (message.request) body = message.request;
  fetch(`/api/games/${gameId}/${paths[message.type]}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
    .then(async (r) => {
      const answer = await r.json();
      if (r.ok) applyState(answer);
      else showError(currentLang() === "zh" && answer.message_zh ? answer.message_zh : answer.message);
    })
    .catch(() => showError(t("reconnecting")));
}

// ---------------------------------------------------------------- actions

function myTurn() {
  if (!state || state.status === "ended" || state.status === "adjourned" || state.paused) return false;
  // The arbiter scores an over-the-board game: the move of whichever side is to move.
  if (role === "arbiter") return scoringMoves() && !(state.adjournment && state.adjournment.state === "agreed");
  return side && state.turn === side;
}

function userMove(move) {
  if (!myTurn()) return;
  unlockAudio();
  if (state.adjournment && state.adjournment.state === "agreed") {
    send({ type: "seal", move });
  } else {
    board.showPending(move);
    send({ type: "move", move });
  }
}

function applyState(next) {
  state = next;
  receivedAt = performance.now();
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
  board.update({
    fen: s.fen,
    legal: myTurn() ? s.legal_moves : [],
    lastMove: s.last_move,
    checkSquare: s.check ? kingSquare(s.fen, s.turn) : null,
    forbidden: forbiddenMoves(s),
  });
  const bottom = isFlipped() ? "black" : "red";
  const top = bottom === "red" ? "black" : "red";
  for (const [box, color] of [[$("player-top"), top], [$("player-bottom"), bottom]]) {
    box.dataset.side = color;
    const given = s.options && s.options[`${color}_name`];
    let name = given ? `${t(color)} ${given}` : t(color);
    if (side === color) name += ` · ${currentLang() === "zh" ? "你" : "you"}`;
    box.querySelector(".name").textContent = name;
    box.classList.toggle("to-move", s.status !== "ended" && s.turn === color);
  }
  renderStatus(s);
  renderOffer(s);
  renderProcedure(s, side, () => send({ type: "claim" }));
  renderMoves(s);
  renderControls(s);
  renderArbiter(s, role === "arbiter");
  tickClocks();
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
    const r = s.ruling || {};
    ruling.textContent = currentLang() === "zh" ? r.explanation_zh || r.explanation : r.explanation;
    ruling.title = r.rule || "";
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

function renderOffer(s) {
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

function renderMoves(s) {
  const list = $("moves");
  const texts = { chinese: s.moves_chinese, wxf: s.moves_wxf, iccs: s.moves }[notation] || s.moves;
  list.replaceChildren();
  // A game from a position with Black to move starts its first line with "…".
  const blackFirst = s.start_fen.split(" ")[1] === "b";
  const plies = blackFirst ? [null, ...texts] : texts;
  for (let i = 0; i < plies.length; i += 2) {
    const li = document.createElement("li");
    for (const j of [i, i + 1]) {
      if (j >= plies.length) break;
      const span = document.createElement("span");
      span.className = "mv";
      span.textContent = plies[j] ?? "…";
      if (plies[j] !== null) span.dataset.ply = String(blackFirst ? j : j + 1);
      li.appendChild(span);
    }
    list.appendChild(li);
  }
  const last = list.lastElementChild;
  if (last) last.scrollIntoView({ block: "nearest" });
}

function renderControls(s) {
  const controls = $("player-controls");
  controls.hidden = !side || s.status === "ended";
  if (controls.hidden) return;
  const adj = s.adjournment;
  $("draw-btn").disabled = s.draw_offer === side;
  $("adjourn-btn").hidden = s.status === "adjourned";
  $("adjourn-btn").disabled = s.moves.length === 0 || Boolean(adj);
  $("resume-btn").hidden = s.status !== "adjourned";
  $("resume-btn").disabled = Boolean(adj && adj.ready && adj.ready[side]);
}

// ---------------------------------------------------------------- clocks

function formatMs(ms) {
  const clamped = Math.max(0, ms);
  const total = Math.floor(clamped / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  const two = (n) => String(n).padStart(2, "0");
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  if (clamped < 10_000) return `${two(m)}:${two(sec)}.${Math.floor((clamped % 1000) / 100)}`;
  return `${two(m)}:${two(sec)}`;
}

function tickClocks() {
  if (!state) return;
  const clocks = state.clocks;
  const elapsed = performance.now() - receivedAt;
  for (const box of [$("player-top"), $("player-bottom")]) {
    const color = box.dataset.side;
    const c = clocks[color];
    if (!c) continue;
    const running = clocks.running === color;
    const spent = running ? elapsed : 0;
    const main = c.remaining_ms - spent;
    let text;
    if (main > 0 || c.byoyomi_periods == null) text = formatMs(main > 0 ? main : c.left_ms - spent);
    else text = `${t("byoyomi")} ${formatMs(c.left_ms - spent)}`;
    const node = box.querySelector(".clock");
    node.textContent = text;
    node.classList.toggle("running", running);
    node.classList.toggle("low", running && c.left_ms - spent < 10_000);
  }
}

// ---------------------------------------------------------------- sound

function unlockAudio() {
  if (!audio && window.AudioContext) audio = new AudioContext();
  if (audio && audio.state === "suspended") audio.resume();
}

function beep() {
  if (!sound || !audio || audio.state !== "running") return;
  const now = audio.currentTime;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "triangle";
  osc.frequency.setValueAtTime(520, now);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.4, now + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.12);
  osc.connect(gain).connect(audio.destination);
  osc.start(now);
  osc.stop(now + 0.13);
}

// ---------------------------------------------------------------- wiring

$("lang-btn").onclick = () => {
  toggleLang();
  render();
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
$("resign-btn").onclick = () => {
  if (confirm(t("confirm_resign"))) send({ type: "resign" });
};
wireDesk(
  (request) => send({ type: "arbiter", request }),
  (move) => send({ type: "move", move }),
  () => render(),
);
document.addEventListener("pointerdown", unlockAudio, { once: true });

translatePage();
setConn("connecting");
connect();
setInterval(tickClocks, 100);
