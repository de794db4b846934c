// Chinese and English text for the web board. The language is the one chosen last (kept in
// localStorage), else the browser's: Chinese if it prefers any zh variant.

const TEXT = {
  zh: {
    title: "象棋裁判 · 对局",
    arbiter: "裁判",
    both_lose: "双方均负",
    home_title: "象棋裁判",
    home_lead: "按正式竞赛规则和计时下一盘象棋：创建对局，把对方的链接发给对手。",
    control: "时限",
    control_help: "例如 10m+5s（每步加 5 秒）、30m+3x30s（读秒）、90m/40+15m/10（正式比赛）",
    rules: "规则",
    rules_chinese: "中国象棋协会规则",
    rules_asian: "亚洲象棋联合会规则",
    rules_chinese1960: "中国象棋竞赛规则（1960）",
    play_as: "执",
    red: "红方",
    black: "黑方",
    random: "随机",
    create: "创建对局",
    creating: "正在创建…",
    your_link: "你的链接（保密）",
    opponent_link: "发给对手的链接（保密）",
    watch_link: "观战链接",
    arbiter_link: "裁判链接（保密）",
    copy: "复制",
    copied: "已复制",
    go_play: "进入对局",
    flip: "翻转棋盘",
    notation: "记谱",
    sound: "声音",
    on: "开",
    off: "关",
    lang: "English",
    to_move_red: "轮到红方走棋",
    to_move_black: "轮到黑方走棋",
    your_move: "轮到你走棋",
    waiting_first: "等待红方走第一步（走第一步后开始计时）",
    check: "将军！",
    spectator: "观战中",
    you_play: (side) => `你执${side === "red" ? "红" : "黑"}`,
    offer_draw: "提和",
    accept_draw: "同意和棋",
    decline_draw: "拒绝",
    draw_offered_by_you: "你已提和，等待对方答复",
    draw_offered_to_you: "对方提和",
    resign: "认输",
    confirm_resign: "确定认输吗？",
    offline: "连不上服务器，请检查网络后重试",
    ask_limit: "提出限着",
    limit_ground: "提出限着的理由（1960年规则第十二节一）",
    limit_ground_undecided: "一(一) 残局胜和趋势一时难判",
    limit_ground_dominant: "一(二) 一方占绝对优势而反复循环",
    limit_asked: "已提出限着，由裁判员决定是否宣布（第十二节二）",
    adjourn: "封棋",
    adjourn_proposed_by_you: "你已提议封棋，等待对方同意",
    adjourn_proposed_to_you: "对方提议封棋",
    accept_adjourn: "同意封棋",
    adjourn_agreed_you_seal: "已同意封棋：请走出你要封的一步（不会公开）",
    adjourn_agreed_wait: "已同意封棋：等待对方封棋",
    adjourned: "对局已封棋暂停",
    resume: "续赛",
    resume_waiting: "等待对方续赛",
    game_over: "对局结束",
    red_wins: "红胜",
    black_wins: "黑胜",
    draw: "和棋",
    download: "下载棋谱",
    pgn_chinese: "PGN（中文）",
    pgn_iccs: "PGN（ICCS）",
    dhtmlxq: "DhtmlXQ",
    connecting: "连接中…",
    connected: "已连接",
    reconnecting: "连接中断，正在重连…",
    byoyomi: "读秒",
    moves: "着法",
    error: "错误",
  },
  en: {
    title: "Xiangqi Arbiter · Game",
    home_title: "Xiangqi Arbiter",
    home_lead: "Play xiangqi under the official competition rules and clocks: create a game and send the other link to your opponent.",
    control: "Time control",
    control_help: "e.g. 10m+5s (5 s added a move), 30m+3x30s (byo-yomi), 90m/40+15m/10 (tournament)",
    rules: "Rules",
    rules_chinese: "Chinese Xiangqi Association",
    rules_asian: "Asian Xiangqi Federation",
    rules_chinese1960: "Chinese rules of 1960",
    play_as: "Play as",
    red: "Red",
    black: "Black",
    random: "Random",
    create: "Create game",
    creating: "Creating…",
    your_link: "Your link (keep it secret)",
    opponent_link: "Send this link to your opponent (secret)",
    watch_link: "Spectator link",
    arbiter_link: "Arbiter's link (keep it secret)",
    copy: "Copy",
    copied: "Copied",
    go_play: "Go to the game",
    flip: "Flip board",
    notation: "Notation",
    sound: "Sound",
    on: "on",
    off: "off",
    lang: "中文",
    to_move_red: "Red to move",
    to_move_black: "Black to move",
    your_move: "Your move",
    waiting_first: "Waiting for Red's first move (the clocks start with it)",
    check: "Check!",
    spectator: "Watching",
    you_play: (side) => `You play ${side === "red" ? "Red" : "Black"}`,
    offer_draw: "Offer draw",
    accept_draw: "Accept draw",
    decline_draw: "Decline",
    draw_offered_by_you: "You offered a draw",
    draw_offered_to_you: "Your opponent offers a draw",
    resign: "Resign",
    confirm_resign: "Really resign?",
    offline: "Cannot reach the server; check the connection and try again",
    ask_limit: "Ask for a move limit",
    limit_ground: "Why a move limit (1960 rules §12 一)",
    limit_ground_undecided: "一(一) the endgame's trend cannot be judged yet",
    limit_ground_dominant: "一(二) one side dominates and play cycles",
    limit_asked: "Move limit asked: the arbiter decides whether to declare it (§12 二)",
    adjourn: "Adjourn",
    adjourn_proposed_by_you: "You proposed to adjourn",
    adjourn_proposed_to_you: "Your opponent proposes to adjourn",
    accept_adjourn: "Agree to adjourn",
    adjourn_agreed_you_seal: "Adjournment agreed: make the move to seal (it stays secret)",
    adjourn_agreed_wait: "Adjournment agreed: waiting for the sealed move",
    adjourned: "The game is adjourned",
    resume: "Resume",
    resume_waiting: "Waiting for your opponent to resume",
    game_over: "Game over",
    red_wins: "Red wins",
    black_wins: "Black wins",
    draw: "Draw",
    download: "Download record",
    pgn_chinese: "PGN (Chinese)",
    pgn_iccs: "PGN (ICCS)",
    dhtmlxq: "DhtmlXQ",
    connecting: "Connecting…",
    connected: "Connected",
    reconnecting: "Connection lost, reconnecting…",
    byoyomi: "Byo-yomi",
    arbiter: "Arbiter",
    both_lose: "Both lose",
    moves: "Moves",
    error: "Error",
  },
};

/** Adds the text of a page's own module (`{ zh: {...}, en: {...} }`). */
export function addText(more) {
  for (const l of ["zh", "en"]) Object.assign(TEXT[l], more[l]);
}

function initialLang() {
  const saved = localStorage.getItem("xq-lang");
  if (saved === "zh" || saved === "en") return saved;
  return (navigator.languages || [navigator.language || "en"]).some((l) => l.toLowerCase().startsWith("zh"))
    ? "zh"
    : "en";
}

let lang = initialLang();

/** The current language: "zh" or "en". */
export function currentLang() {
  return lang;
}

/** The text for `key` in the current language (a function entry is called with `args`). */
export function t(key, ...args) {
  const entry = TEXT[lang][key] ?? TEXT.en[key] ?? key;
  return typeof entry === "function" ? entry(...args) : entry;
}

/** Fills every element with a `data-i18n` attribute. */
export function translatePage() {
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  // Buttons drawn as symbols (« ‹ › ») are named for screen readers and tooltips.
  for (const el of document.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
    el.title = t(el.dataset.i18nLabel);
  }
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}

/** Switches language, keeps the choice, and re-translates. */
export function toggleLang() {
  lang = lang === "zh" ? "en" : "zh";
  localStorage.setItem("xq-lang", lang);
  translatePage();
}
