// Chinese and English text of the event pages (event, organiser's console, player), in the
// language the board's pages use (i18n.js keeps the choice).

import { currentLang, toggleLang } from "/assets/i18n.js";

const TEXT = {
  zh: {
    event: "比赛",
    events_open: "进行中的比赛",
    no_events: "暂无比赛",
    status_registration: "报名中",
    status_running: "进行中",
    status_finished: "已结束",
    players: "选手",
    teams: "队伍",
    rounds: "轮次",
    round: (n) => `第${n}轮`,
    board: "台",
    red: "红方",
    black: "黑方",
    result: "结果",
    game: "对局",
    watch: "观战",
    bye: "轮空",
    standings: "名次",
    place: "名次",
    name: "姓名",
    points: "积分",
    crosstable: "成绩表",
    bracket: "对阵图",
    champion: "冠军",
    log: "记录",
    organiser: "组织者控制台",
    register: "报名",
    rating: "等级分",
    club: "单位",
    seed: "种子",
    add_player: "添加选手",
    start_round: "编排下一轮",
    enter_result: "录入成绩",
    withdraw: "退赛",
    player_no: "选手编号",
    links: "链接（保密）：裁判与选手",
    export: "导出",
    my_page: "我的比赛",
    next_game: "我的下一盘",
    play_now: "进入对局",
    no_game: "暂无待下的对局",
    my_results: "我的成绩",
    opponent: "对手",
    side: "执",
    create_event: "创建比赛",
    system: "赛制",
    planned: (n) => `共${n}轮`,
    error: "错误",
    done: "已完成",
    lang: "English",
    arbiter_link: "裁判链接（保密）",
    organiser_link: "组织者链接（保密，请收好）",
    reissue: "重发链接",
    reissue_confirm: "确认重发？旧链接将失效",
    reissued: (name) => `已为${name}重发链接，旧链接已失效`,
    not_listed: "（旧式链接，重发后可见）",
    print_slips: "打印链接条",
    slip_title: (ev) => `${ev} · 选手专用链接（请勿外传）`,
    offline: "连不上服务器，请检查网络后重试",
    server_failed: (status) => `服务器出错（${status}），请稍后再试`,
    captain_of: (team) => `${team} · 领队`,
    captain_slip_title: (ev) => `${ev} · 领队专用链接：报出场名单（请勿外传）`,
    paste_players: "粘贴选手名单（每行：姓名,等级分,单位）",
    import_players: "导入名单",
    csv_file: "或选择CSV文件",
    imported: (n) => `已导入${n}名选手`,
    result_pick: "选择结果",
    res_1_0: "1-0 红胜",
    res_0_1: "0-1 黑胜",
    res_draw: "1/2 和棋",
    res_red_forfeit: "+- 红方不战而胜（黑方弃权）",
    res_black_forfeit: "-+ 黑方不战而胜（红方弃权）",
    res_double_forfeit: "-- 双方弃权",
    desk: "裁判台",
    issued: (n) => `第${n}次发出`,
    fouls: "违例",
    officials: "裁判员（1960年规则第十八节）",
    official_role: "职务",
    role_board: "裁判员",
    role_deputy: "副总裁判长",
    appoint: "任命",
    official_no: "裁判编号",
    boards_list: "台号（如 1,2,3）",
    assign: "分配台次",
    assigned: "已分配",
    foul_notes: "违例记录",
    foul_note: (r, b, name, n) => `第${r}轮第${b}台：${name}违例${n}次`,
    team_name: "队名",
    squad_order: "队员（按报名名次）",
    reserve: "替补",
  },
  en: {
    event: "Event",
    events_open: "Open events",
    no_events: "No open events",
    status_registration: "Registration",
    status_running: "Running",
    status_finished: "Finished",
    players: "Players",
    teams: "Teams",
    rounds: "Rounds",
    round: (n) => `Round ${n}`,
    board: "Board",
    red: "Red",
    black: "Black",
    result: "Result",
    game: "Game",
    watch: "watch",
    bye: "Bye",
    standings: "Standings",
    place: "Place",
    name: "Name",
    points: "Points",
    crosstable: "Crosstable",
    bracket: "Bracket",
    champion: "Champion",
    log: "Log",
    organiser: "Organiser's console",
    register: "Register",
    rating: "Rating",
    club: "Club",
    seed: "Seed",
    add_player: "Add player",
    start_round: "Pair the next round",
    enter_result: "Enter a result",
    withdraw: "Withdraw",
    player_no: "Player no.",
    links: "Links (secret): the arbiter's and the players'",
    export: "Export",
    my_page: "My event",
    next_game: "My next game",
    play_now: "Play",
    no_game: "No game waiting",
    my_results: "My results",
    opponent: "Opponent",
    side: "Side",
    create_event: "Create an event",
    system: "System",
    planned: (n) => `${n} rounds`,
    error: "Error",
    done: "Done",
    lang: "中文",
    arbiter_link: "Arbiter's link (secret)",
    organiser_link: "Organiser's link (secret: keep it)",
    reissue: "Re-issue",
    reissue_confirm: "Re-issue? The old link stops working",
    reissued: (name) => `${name}'s link re-issued; the old one no longer works`,
    not_listed: "(an older link: re-issue it to list it)",
    print_slips: "Print link slips",
    slip_title: (ev) => `${ev} · your own link (keep it secret)`,
    offline: "Cannot reach the server; check the connection and try again",
    server_failed: (status) => `The server failed (${status}); try again in a moment`,
    captain_of: (team) => `${team} · captain`,
    captain_slip_title: (ev) => `${ev} · captain's link: names the line-ups (keep it secret)`,
    paste_players: "Paste players (one a line: name,rating,club)",
    import_players: "Import list",
    csv_file: "or choose a CSV file",
    imported: (n) => `${n} player(s) imported`,
    result_pick: "Result",
    res_1_0: "1-0 Red wins",
    res_0_1: "0-1 Black wins",
    res_draw: "1/2 draw",
    res_red_forfeit: "+- Red wins by forfeit",
    res_black_forfeit: "-+ Black wins by forfeit",
    res_double_forfeit: "-- both forfeit",
    desk: "desk",
    issued: (n) => `issued ${n}×`,
    fouls: "Fouls",
    officials: "Arbiters (1960 §18)",
    official_role: "Role",
    role_board: "Board arbiter",
    role_deputy: "Deputy chief",
    appoint: "Appoint",
    official_no: "Arbiter no.",
    boards_list: "Boards (e.g. 1,2,3)",
    assign: "Assign boards",
    assigned: "Assigned",
    foul_notes: "Fouls recorded",
    foul_note: (r, b, name, n) => `Round ${r}, board ${b}: ${name}, ${n} foul(s)`,
    team_name: "Team",
    squad_order: "Squad (registered ranks)",
    reserve: "reserve",
  },
};

/** Adds a module's own text (`{zh: {...}, en: {...}}`), so that each part of the pages
 * keeps its words beside its code. */
export function addEventText(more) {
  for (const lang of Object.keys(TEXT)) Object.assign(TEXT[lang], more[lang] || {});
}

/** The text for `key` in the current language. */
export function et(key, ...args) {
  const entry = TEXT[currentLang()][key] ?? TEXT.en[key] ?? key;
  return typeof entry === "function" ? entry(...args) : entry;
}

/** Fills every element with a `data-et` attribute. */
export function translateEvent() {
  document.documentElement.lang = currentLang() === "zh" ? "zh-CN" : "en";
  for (const el of document.querySelectorAll("[data-et]")) el.textContent = et(el.dataset.et);
}

/** The language button: switch, then redraw with `redraw`. */
export function langButton(redraw) {
  const button = document.getElementById("lang-btn");
  if (!button) return;
  button.onclick = () => {
    toggleLang();
    translateEvent();
    redraw();
  };
}

/** `<tag>text</tag>` built safely. */
export function el(tag, text, attrs = {}) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/** A table from a header row and rows of cells (text or elements). */
export function table(header, rows) {
  const t = el("table", null, { class: "ev-table" });
  const head = t.createTHead().insertRow();
  for (const h of header) head.appendChild(el("th", h));
  const body = t.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    for (const c of r) {
      const td = tr.insertCell();
      if (c instanceof Node) td.appendChild(c);
      else td.textContent = c ?? "";
    }
  }
  return t;
}

/** The id in `/e/{id}…`. */
export function eventId() {
  return location.pathname.split("/")[2];
}

/** The token in the fragment (`#t=…`), kept for this event in this browser, then hidden. */
export function eventToken(kind) {
  const id = eventId();
  const key = `xq-event-${kind}-${id}`;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const t = fragment.get("t");
  if (t) {
    localStorage.setItem(key, t);
    history.replaceState(null, "", location.pathname);
  }
  return localStorage.getItem(key);
}

/** JSON from the API; throws the API's message in the page's language, with its `code`
 * and `field`. */
export async function api(method, path, token, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let r;
  try {
    r = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  } catch {
    throw new Error(et("offline"));
  }
  const answer = await r.json().catch(() => ({}));
  if (!r.ok) {
    // Never the other language's message, nor the browser's English status text.
    const message = currentLang() === "zh" ? answer.message_zh : answer.message;
    const error = new Error(message || et("server_failed", r.status));
    error.code = answer.error;
    error.field = answer.field;
    throw error;
  }
  return answer;
}

/** The name of registration number `n` in event view `v`. */
export function playerName(v, n) {
  return v.players.find((p) => p.player === n)?.name ?? `#${n}`;
}
