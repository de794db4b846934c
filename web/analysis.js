// The game page's analysis aid: the engine's evaluation and best line for the position the
// board shows (the replay's, else the position now), where the server allows it — after the
// game, or for spectators of a game created with analysis.

import { addText, t, translatePage } from "./i18n.js";

addText({
  zh: {
    analysis: "分析",
    analysis_busy: "引擎忙，稍后再试",
    analysis_after: (ply) => (ply === 0 ? "开局局面" : `第${ply}着后`),
    analysis_depth: (d) => `深度 ${d}`,
    analysis_mate: (n) => (n > 0 ? `红方${n}步杀` : `黑方${-n}步杀`),
  },
  en: {
    analysis: "Analysis",
    analysis_busy: "The engine is busy; try again in a moment",
    analysis_after: (ply) => (ply === 0 ? "Start position" : `After ply ${ply}`),
    analysis_depth: (d) => `depth ${d}`,
    analysis_mate: (n) => (n > 0 ? `Red mates in ${n}` : `Black mates in ${-n}`),
  },
});

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").filter(Boolean).pop();
let asked = null; // the "ply|moves" last asked for
let answer = null;

function allowed(s) {
  if (!s) return false;
  if (s.status === "ended") return true;
  return Boolean(s.options && s.options.analysis) && window.xq.role !== "player";
}

function scoreText(score) {
  if (!score) return "—";
  if (score.mate !== undefined) return t("analysis_mate", score.mate);
  const pawns = score.cp / 100;
  return `${pawns > 0 ? "+" : ""}${pawns.toFixed(2)}`;
}

function render() {
  const box = $("analysis");
  if (!answer) return;
  box.hidden = false;
  $("analysis-eval").textContent =
    `${t("analysis_after", answer.ply)} · ${scoreText(answer.score)} · ${t("analysis_depth", answer.depth)}`;
  // The line in the page's notation (its notation button).
  const notation = localStorage.getItem("xq-notation") || "chinese";
  const line = { iccs: answer.pv, wxf: answer.pv_wxf, chinese: answer.pv_chinese }[notation] || answer.pv_chinese;
  $("analysis-line").textContent = (line || []).join(" ");
}

async function refresh() {
  const s = window.xq && window.xq.state;
  if (!allowed(s)) {
    $("analysis").hidden = true;
    return;
  }
  const ply = window.xq.shownPly;
  const key = `${ply}|${s.moves.length}`;
  if (key === asked) return;
  asked = key;
  try {
    const response = await fetch(`/api/games/${gameId}/analysis?ply=${ply}`);
    const body = await response.json();
    if (response.status === 503) {
      asked = null; // ask again on the next tick
      $("analysis").hidden = false;
      $("analysis-eval").textContent = t("analysis_busy");
      return;
    }
    if (!response.ok) return;
    // The reader stepped on while the engine thought: this answer is for another position.
    if (body.ply !== window.xq.shownPly) {
      asked = null;
      return;
    }
    answer = body;
    render();
    document.body.dataset.analysis = String(answer.ply);
  } catch {
    asked = null;
  }
}

// The replay moved: ask for the position now shown.
document.addEventListener("xq-view", () => refresh());
$("lang-btn").addEventListener("click", () => setTimeout(render));
document.getElementById("notation-btn")?.addEventListener("click", () => setTimeout(render));
translatePage();
setInterval(refresh, 1000);
