// The home page's "play the computer": the levels come from the server (GET /api/computer);
// the game is created with the time control and rules chosen above, and opens at once.

import { addText, t, translatePage } from "./i18n.js";
import { refusalText } from "./refusals.js";

addText({
  zh: {
    vs_computer: "与电脑对弈",
    computer_level: "电脑",
    play_computer: "开始对弈",
    builtin_level: (n, limit) => `内置引擎 ${n}级（${limit}）`,
  },
  en: {
    vs_computer: "Play the computer",
    computer_level: "Computer",
    play_computer: "Play",
    builtin_level: (n, limit) => `Built-in engine, level ${n} (${limit})`,
  },
});

const $ = (id) => document.getElementById(id);
let engines = [];

function fillLevels() {
  const select = $("computer-level");
  const chosen = select.value;
  select.replaceChildren();
  for (const engine of engines) {
    if (!engine.levels) {
      const option = document.createElement("option");
      option.value = `${engine.name}:`;
      option.textContent = engine.name;
      select.appendChild(option);
    }
    for (const level of engine.levels || []) {
      const option = document.createElement("option");
      option.value = `${engine.name}:${level.level}`;
      option.textContent = t("builtin_level", level.level, level.limit);
      select.appendChild(option);
    }
  }
  // The level the API plays when none is given (`default_level`), until the user chooses.
  const builtin = engines.find((e) => e.name === "builtin");
  select.value = chosen || (builtin && builtin.default_level ? `builtin:${builtin.default_level}` : select.value);
}

async function play(event) {
  event.preventDefault();
  const form = new FormData($("computer-form"));
  const [engine, level] = String(form.get("level") || "builtin:").split(":");
  const human = form.get("side");
  const button = $("computer-btn");
  button.disabled = true;
  $("computer-error").hidden = true;
  try {
    const response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        control: $("control").value,
        rules: $("rules").value,
        computer: { side: human === "red" ? "black" : "red", engine, ...(level ? { level: Number(level) } : {}) },
        [`${human === "red" ? "black" : "red"}_name`]: level ? `${engine} L${level}` : engine,
      }),
    });
    const answer = await response.json().catch(() => ({}));
    // The refusal in the page's language (the API's message_zh on the Chinese page).
    if (!response.ok) throw new Error(refusalText(answer));
    location.href = `/g/${answer.id}#t=${answer[answer.you].token}`;
  } catch (e) {
    $("computer-error").textContent = `${t("error")}: ${e instanceof TypeError ? t("offline") : e.message}`;
    $("computer-error").hidden = false;
    button.disabled = false;
  }
}

async function load() {
  try {
    const response = await fetch("/api/computer");
    if (response.ok) engines = (await response.json()).engines || [];
  } catch {
    engines = [];
  }
  $("computer-form").hidden = engines.length === 0;
  fillLevels();
}

$("computer-form").addEventListener("submit", play);
// Re-label the levels when the language changes (the button is wired by home.js).
$("lang-btn").addEventListener("click", () => setTimeout(fillLevels));
translatePage();
load().then(() => (document.body.dataset.computer = "1"));
