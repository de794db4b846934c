// The console's teams (分台制, 1960 §8 二): a team entered with its squad in ranking order,
// regulars first and reserves after them (the rank fixes the board order for the whole
// event), and each round's line-up: for every board, one of the squad, the boards in the
// order of the registered ranks (board 1 the highest-ranked player on the team that round;
// the server refuses any other order, naming it). Shown only for team events.

import { addEventText, api, el, et } from "/assets/events/event-i18n.js";
import { parsePlayers } from "/assets/events/console-entry.js";

addEventText({
  zh: {
    team_entry: "参赛队（1960年规则第八节二：分台制）",
    team_name: "队名",
    squad: "队员名单：按实力排定名次，每行一人（姓名,等级分,单位），替补队员列在最后",
    add_team: "报名参赛队",
    team_added: (name, n, boards) => `已报名${name}：${n}名队员（${Math.min(n, boards)}名正式，${Math.max(0, n - boards)}名替补）`,
    captain_link: "领队链接（保密；可在“链接”中随时再看、重发）：可报出场名单",
    lineup: "出场名单",
    lineup_help: "每台选一名队员；各台名次须由高到低（第一台为该轮出场者中名次最高者）",
    name_lineup: "报出场名单",
    lineup_named: (team, round) => `${team}第${round}轮的出场名单已报`,
    board_no: (n) => `第${n}台`,
    reserve: "替补",
    boards_per_match: (n) => `每场${n}台`,
    no_lineup_due: "本轮各队的出场名单都已报齐",
  },
  en: {
    team_entry: "Teams (1960 §8 二: by boards)",
    team_name: "Team name",
    squad: "Squad in ranking order, one a line (name,rating,club); reserves last",
    add_team: "Enter the team",
    team_added: (name, n, boards) => `${name} entered: ${n} players (${Math.min(n, boards)} regulars, ${Math.max(0, n - boards)} reserves)`,
    captain_link: "Captain's link (secret; listed again and re-issued under Links): names the line-ups",
    lineup: "Line-up",
    lineup_help: "One player a board; ranks from board 1 down (board 1 is the team's highest-ranked player that round)",
    name_lineup: "Name the line-up",
    lineup_named: (team, round) => `${team}: line-up for round ${round} named`,
    board_no: (n) => `Board ${n}`,
    reserve: "reserve",
    boards_per_match: (n) => `${n} boards a match`,
    no_lineup_due: "Every line-up of this round is named",
  },
});

/** The team entry form. */
function entryForm(id, token, boards, report, onError) {
  const f = el("form", null, { id: "team-entry" });
  const name = el("input", null, { id: "team-name", placeholder: et("team_name"), "aria-label": et("team_name") });
  const squad = el("textarea", null, { id: "team-squad", rows: String(Math.max(boards + 2, 4)), placeholder: et("squad"), "aria-label": et("squad") });
  f.append(name, squad, el("button", et("add_team"), { type: "submit", class: "primary", id: "team-entry-btn" }));
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    const players = parsePlayers(squad.value);
    try {
      const r = await api("POST", `/api/events/${id}/teams`, token, { name: name.value, players });
      report(`${et("team_added", name.value, players.length, boards)} · ${et("captain_link")}: ${r.url}`);
      name.value = "";
      squad.value = "";
    } catch (err) {
      onError(err);
    }
  });
  return f;
}

/** The teams that still owe round `round`'s line-up: `[team, match]`. */
function due(v, round) {
  const r = v.rounds.find((x) => x.round === round);
  const out = [];
  for (const m of r?.team_matches ?? []) {
    if (!m.lineups[0]) out.push([m.home, m]);
    if (!m.lineups[1]) out.push([m.away, m]);
  }
  return out;
}

/** The line-up form of the last round: a team, then a player for each board. */
function lineupForm(id, token, v, boards, report, onError) {
  const round = v.rounds.length ? v.rounds[v.rounds.length - 1].round : 0;
  const owing = round ? due(v, round) : [];
  const f = el("form", null, { id: "lineup" });
  if (!owing.length) {
    if (round) f.appendChild(el("span", et("no_lineup_due"), { class: "muted" }));
    return f;
  }
  const team = el("select", null, { id: "lineup-team", "aria-label": et("teams") });
  for (const [t] of owing) team.appendChild(el("option", v.teams.find((x) => x.team === t)?.name ?? `#${t}`, { value: String(t) }));
  const seats = el("span", null, { id: "lineup-boards" });
  const fill = () => {
    const squad = v.teams.find((x) => x.team === Number(team.value))?.squad ?? [];
    seats.replaceChildren();
    for (let b = 1; b <= boards; b++) {
      const pick = el("select", null, { class: "lineup-board", "aria-label": et("board_no", b) });
      squad.forEach((player, i) => {
        const p = v.players.find((x) => x.player === player);
        const label = `${i + 1}. ${p?.name ?? player}${i >= boards ? ` (${et("reserve")})` : ""}`;
        pick.appendChild(el("option", label, { value: String(i + 1) }));
      });
      pick.value = String(b);
      seats.append(el("span", et("board_no", b)), pick);
    }
  };
  team.onchange = fill;
  fill();
  f.append(el("span", `${et("round", round)} · ${et("lineup")}`), team, seats, el("button", et("name_lineup"), { type: "submit", class: "primary", id: "lineup-btn" }));
  f.appendChild(el("span", et("lineup_help"), { class: "muted" }));
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    const lineup = [...seats.querySelectorAll("select")].map((s) => Number(s.value));
    try {
      await api("POST", `/api/events/${id}/lineups`, token, { round, team: Number(team.value), lineup });
      report(et("lineup_named", team.selectedOptions[0].textContent, round));
    } catch (err) {
      onError(err);
    }
  });
  return f;
}

/** The teams' part of the console for event view `v` (nothing for other events). */
export function teamForms(id, token, v, report, onError) {
  const box = el("section", null, { id: "teams-console" });
  const boards = v.boards_per_match;
  if (!boards) return box;
  box.appendChild(el("h2", et("team_entry")));
  box.appendChild(el("p", et("boards_per_match", boards), { class: "muted" }));
  if (v.status === "registration") box.appendChild(entryForm(id, token, boards, report, onError));
  else box.appendChild(lineupForm(id, token, v, boards, report, onError));
  return box;
}
