// Creating an event from the home page with every option of POST /api/events, each with
// the books' default and a line of help: the system (Swiss variants, round robins,
// knockouts, card knockout, groups, teams), rounds, the tie-break chain, the rule set, the
// time control (the books' presets or any text), and the game options. The organiser's
// console opens with his link; it lists the arbiter's and the players' links at any time.

import { api, el } from "/assets/events/event-i18n.js";
import { currentLang } from "/assets/i18n.js";

const TEXT = {
  zh: {
    create: "创建比赛", name: "比赛名称", system: "赛制", rounds: "轮数（瑞士制必填，1–50）",
    swiss: "瑞士制编排规则", tiebreaks: "名次区分办法", rules: "规则", control: "用时", custom: "自定义用时（如 90m/40+15m/10）",
    boards: "每场台数（团体赛）", groups: "分组数", games: "每对局数（淘汰赛）", foul_limit: "犯规判负次数", natural_limit: "自然限着（回合，0为不限）",
    draw_offers: "提和", by_default: "（默认）", own_turn: "轮到自己走棋时（1960年规则第五节二）", any: "随时",
    help_system: "循环制人人相遇；瑞士制按积分编排，须先定轮数（1960年规则第九节四）。",
    help_tiebreaks: "积分相同时依次比较；默认按赛制（单循环：1960年规则第十三节二）。",
    tiebreaks_custom: "自定义名次区分（逗号分隔：points 积分、fewer_fouls 违例少、buchholz 对手分、wins 胜局、head_to_head 直接胜负……）",
    help_control: "1960年规则第十一节；现行规则6.1–6.5。",
  },
  en: {
    create: "Create an event", name: "Event name", system: "System", rounds: "Rounds (a Swiss needs them, 1–50)",
    swiss: "Swiss pairing rules", tiebreaks: "Tie-breaks", rules: "Rules", control: "Time control", custom: "Your own control (e.g. 90m/40+15m/10)",
    boards: "Boards a match (teams)", groups: "Groups", games: "Games a pairing (knockout)", foul_limit: "Fouls that lose", natural_limit: "Natural limit (moves, 0 off)",
    draw_offers: "Draw offers", by_default: " (default)", own_turn: "on one's own turn (1960 §5 二)", any: "any time",
    help_system: "A round robin meets everyone; a Swiss pairs by score and announces its rounds (1960 §9 四).",
    help_tiebreaks: "Compared in turn on equal points; the default follows the system (single round robin: 1960 §13 二).",
    tiebreaks_custom: "Your own chain (comma list: points, fewer_fouls, buchholz, wins, head_to_head, …)",
    help_control: "The 1960 rules §11; the current rules 6.1–6.5.",
  },
};

const tx = (key) => TEXT[currentLang()][key] ?? TEXT.en[key] ?? key;

const SYSTEMS = [
  ["swiss", "瑞士制", "Swiss"], ["round_robin", "单循环", "round robin"], ["double_round_robin", "双循环", "double round robin"],
  ["knockout", "淘汰制", "knockout"], ["double_knockout", "双败淘汰", "double knockout"], ["cards", "抽牌淘汰（2.9）", "card knockout (2.9)"],
  ["match", "对抗赛（两人）", "match (two players)"], ["groups", "分组循环", "groups, then a final"],
  ["team_round_robin", "团体循环", "team round robin"], ["team_swiss", "团体瑞士制", "team Swiss"], ["whole_team_round_robin", "全队循环（两队）", "whole-team round robin"],
];
const SWISS = [["chinese", "中国象棋协会（默认）", "Chinese (default)"], ["1960", "1960年规则", "1960 rules"], ["dutch", "荷兰制（FIDE C.04.3）", "Dutch (FIDE C.04.3)"]];
const TIEBREAKS = [
  ["", "按赛制默认", "the system's default"], ["single-1960", "1960单循环：直接胜负、不败、违例少", "1960 single: head-to-head, unbeaten, fewer fouls"],
  ["two-game-1960", "1960两局制", "1960 two-game"], ["chinese-swiss", "对手分、累进分", "Buchholz, progressive"],
  ["chinese-swiss-full", "对手分、胜局、违例少、后手胜局、后手局", "Buchholz, wins, fewer fouls, wins as Black, games as Black"],
  ["round-robin-modern", "直接胜负、索伯分、胜局", "head-to-head, Sonneborn-Berger, wins"], ["fide-swiss", "FIDE瑞士制", "FIDE Swiss"],
  ["custom", "自定义（按顺序列出）", "other (list them in order)"],
];
const RULES = [["chinese", "现行规则（默认）", "current CXA rules (default)"], ["asian", "亚洲象联规则", "AXF rules"], ["chinese1960", "1960年规则", "1960 rules"]];
const CONTROLS = [
  ["10m+5s", "快棋 10分+5秒（默认）", "rapid 10 min + 5 s (default)"], ["90m/40+15m/10", "现行6.1：40着90分，以后每10着15分", "current 6.1: 40 in 90 min, then 10 in 15"],
  ["60m/30+10m/10", "现行6.2", "current 6.2"], ["10m/40+5m/30", "现行6.3（快棋）", "current 6.3 (rapid)"], ["5m/30", "现行6.4（快棋）", "current 6.4 (rapid)"],
  ["2m/move+30m", "1960第十一节一：每着2分，另30分", "1960 §11 一: 2 min a move + 30 min"], ["90m+15m/10", "1960第十一节二：90分，以后每10着15分", "1960 §11 二: 90 min, then 10 in 15"],
  ["60m+30s", "亚象联/WXF 60分+30秒", "WXF 60 min + 30 s"], ["custom", "自定义", "other"],
];

function choice(id, label, options, help) {
  const box = el("label", null, { class: "field", for: id });
  box.appendChild(el("span", label));
  const s = el("select", null, { id, name: id });
  for (const [value, zh, en] of options) s.appendChild(el("option", currentLang() === "zh" ? zh : en, { value }));
  box.appendChild(s);
  if (help) box.appendChild(el("small", help, { class: "help" }));
  return box;
}

function input(id, label, attrs = {}) {
  const box = el("label", null, { class: "field", for: id });
  box.appendChild(el("span", label));
  box.appendChild(el("input", null, { id, name: id, ...attrs }));
  return box;
}

/** The form; on success the browser goes to the organiser's console. */
export function createForm() {
  const f = el("form", null, { id: "event-form", class: "event-create" });
  f.appendChild(el("h2", tx("create")));
  f.appendChild(input("event-name", tx("name"), { maxlength: "100", placeholder: tx("name") }));
  f.appendChild(choice("event-system", tx("system"), SYSTEMS, tx("help_system")));
  f.appendChild(input("event-rounds", tx("rounds"), { type: "number", min: "1", max: "50", value: "7" }));
  f.appendChild(choice("event-swiss", tx("swiss"), SWISS));
  f.appendChild(choice("event-tiebreaks", tx("tiebreaks"), TIEBREAKS, tx("help_tiebreaks")));
  f.appendChild(input("event-tiebreaks-custom", tx("tiebreaks_custom"), { placeholder: "points,fewer_fouls,buchholz" }));
  f.appendChild(choice("event-rules", tx("rules"), RULES));
  f.appendChild(choice("event-control-preset", tx("control"), CONTROLS, tx("help_control")));
  f.appendChild(input("event-control", tx("custom"), { value: "10m+5s", placeholder: "90m/40+15m/10" }));
  f.appendChild(input("event-boards", tx("boards"), { type: "number", min: "1", max: "20", value: "4" }));
  f.appendChild(input("event-groups", tx("groups"), { type: "number", min: "2", max: "16", value: "2" }));
  f.appendChild(input("event-games", tx("games"), { type: "number", min: "1", max: "20", value: "2" }));
  f.appendChild(input("event-foul-limit", tx("foul_limit"), { type: "number", min: "1", max: "20", value: "3" }));
  f.appendChild(input("event-natural-limit", tx("natural_limit"), { type: "number", min: "0", max: "500", placeholder: "60" }));
  f.appendChild(choice("event-draw-offers", tx("draw_offers"), [["own_turn", tx("own_turn") + tx("by_default"), tx("own_turn") + tx("by_default")], ["any", tx("any"), tx("any")]]));
  const $ = (id) => f.querySelector(`#${id}`);
  const show = () => {
    const system = $("event-system").value;
    const swiss = system === "swiss" || system === "team_swiss";
    $("event-rounds").closest("label").hidden = !swiss;
    $("event-swiss").closest("label").hidden = system !== "swiss";
    $("event-boards").closest("label").hidden = !system.includes("team");
    $("event-groups").closest("label").hidden = system !== "groups";
    $("event-games").closest("label").hidden = !["knockout", "double_knockout", "cards"].includes(system);
    $("event-control").closest("label").hidden = $("event-control-preset").value !== "custom";
    $("event-tiebreaks-custom").closest("label").hidden = $("event-tiebreaks").value !== "custom";
  };
  $("event-system").onchange = show;
  $("event-control-preset").onchange = show;
  $("event-tiebreaks").onchange = show;
  show();
  f.appendChild(el("button", tx("create"), { type: "submit", class: "primary", id: "event-create-btn" }));
  const error = el("p", "", { class: "error", id: "event-error" });
  f.appendChild(error);
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    const system = $("event-system").value;
    const preset = $("event-control-preset").value;
    const num = (id) => ($(id).value === "" ? undefined : Number($(id).value));
    const body = {
      name: $("event-name").value || undefined, system,
      control: preset === "custom" ? $("event-control").value : preset,
      rules: $("event-rules").value,
      tiebreaks: ($("event-tiebreaks").value === "custom" ? $("event-tiebreaks-custom").value : $("event-tiebreaks").value) || undefined,
      options: { foul_limit: num("event-foul-limit"), natural_limit: num("event-natural-limit"), draw_offers: $("event-draw-offers").value },
    };
    if (system === "swiss" || system === "team_swiss") body.rounds = num("event-rounds");
    if (system === "swiss") body.swiss = $("event-swiss").value;
    if (system.includes("team")) body.boards = num("event-boards");
    if (system === "groups") body.groups = num("event-groups");
    if (["knockout", "double_knockout", "cards"].includes(system)) body.games = num("event-games");
    try {
      const created = await api("POST", "/api/events", null, body);
      location.href = created.organiser.url;
    } catch (err) {
      error.textContent = err.field ? `${err.field}: ${err.message}` : err.message;
    }
  });
  return f;
}
