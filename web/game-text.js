// The game page's own words (replay, links, typed moves, the identity chooser), in Chinese
// and English; the shared ones are in i18n.js.

import { addText } from "./i18n.js";

addText({
  zh: {
    no_such_game: "没有这盘对局：链接可能打错了或不完整。",
    go_home: "回到首页",
    nav_first: "开局", nav_prev: "上一着", nav_next: "下一着", nav_last: "当前局面",
    nav_where: (ply, total) => `${ply}/${total}`,
    viewing_back: "正在回看",
    play_typed: "走棋",
    move_input: "输入着法：炮二平五 / C2.5 / h2e2",
    as_role: (role, side) => (role === "arbiter" ? "裁判" : side === "red" ? "红方" : side === "black" ? "黑方" : "观战"),
    watch_only: "观战",
    you: "你",
    vs_computer_name: "电脑",
  },
  en: {
    no_such_game: "No such game: the link may be mistyped or cut short.",
    go_home: "Back to the home page",
    nav_first: "Start", nav_prev: "Previous move", nav_next: "Next move", nav_last: "Live position",
    nav_where: (ply, total) => `${ply}/${total}`,
    viewing_back: "Looking back",
    play_typed: "Play",
    move_input: "Type a move: 炮二平五 / C2.5 / h2e2",
    as_role: (role, side) => (role === "arbiter" ? "Arbiter" : side === "red" ? "Red" : side === "black" ? "Black" : "Watch"),
    watch_only: "Watch",
    you: "you",
    vs_computer_name: "Computer",
  },
});
