// The home page's lobby: open challenges anyone may accept, live over /api/lobby/ws. A
// challenge is posted with the time control, rules and side chosen in the form above; its
// creator goes to his game at once and waits there for whoever accepts.

import { addText, t, translatePage } from "./i18n.js";
import { refusalText } from "./refusals.js";

addText({
  zh: {
    lobby: "公开挑战",
    lobby_post: "发出公开挑战",
    lobby_empty: "暂无公开挑战。",
    lobby_accept: "应战",
    lobby_you_play: (side) => `你执${side === "red" ? "红" : "黑"}`,
    lobby_line: (control, rules) => `${control} · ${rules}`,
  },
  en: {
    lobby: "Open challenges",
    lobby_post: "Post an open challenge",
    lobby_empty: "No open challenge now.",
    lobby_accept: "Accept",
    lobby_you_play: (side) => `you play ${side === "red" ? "Red" : "Black"}`,
    lobby_line: (control, rules) => `${control} · ${rules}`,
  },
});

const RULES = { chinese: "rules_chinese", asian: "rules_asian", chinese1960: "rules_chinese1960" };
const $ = (id) => document.getElementById(id);
let challenges = [];

function render() {
  const list = $("lobby-list");
  list.replaceChildren();
  $("lobby-empty").hidden = challenges.length > 0;
  for (const c of challenges) {
    const li = document.createElement("li");
    li.dataset.challenge = c.id;
    const text = document.createElement("span");
    text.textContent = `${t("lobby_line", c.control, t(RULES[c.rules] || c.rules))} · ${t("lobby_you_play", c.open_side)}`;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    button.textContent = t("lobby_accept");
    button.onclick = () => accept(c.id);
    li.append(text, button);
    list.appendChild(li);
  }
}

function fail(answer) {
  $("lobby-error").textContent = refusalText(answer);
  $("lobby-error").hidden = false;
}

async function post() {
  const form = new FormData($("create-form"));
  const response = await fetch("/api/challenges", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ control: form.get("control"), rules: form.get("rules"), colour: form.get("creator") }),
  });
  const answer = await response.json();
  if (!response.ok) return fail(answer);
  location.href = `/g/${answer.id}#t=${answer[answer.you].token}`;
}

async function accept(id) {
  const response = await fetch(`/api/challenges/${encodeURIComponent(id)}/accept`, { method: "POST" });
  const answer = await response.json();
  if (!response.ok) return fail(answer);
  location.href = `/g/${answer.id}#t=${answer.token}`;
}

function listen() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${proto}//${location.host}/api/lobby/ws`);
  socket.onmessage = (e) => {
    try {
      const msg = JSON.parse(e.data);
      if (msg.type !== "lobby") return;
      challenges = msg.challenges || [];
      render();
      document.body.dataset.lobby = String(challenges.length);
    } catch {
      // not ours
    }
  };
  socket.onclose = () => setTimeout(listen, 2000);
}

$("lobby-post").onclick = () => post().catch(() => fail({}));
$("lang-btn").addEventListener("click", () => setTimeout(render));
translatePage();
listen();
