//! The stand-alone draws of `xq tournament`: knockout brackets, the 2.9 card draw and seeded
//! groups, and team-match scoring. They need no tournament file.

use std::path::Path;

use anyhow::{Context, bail};
use xiangqi_tournament::groups::GroupedEvent;
use xiangqi_tournament::knockout::{Bracket, Slot, Source, card_draw};
use xiangqi_tournament::player::{read_players, starting_order};
use xiangqi_tournament::team::{MatchScoring, score_match, team_standings};
use xiangqi_tournament::{Lots, Player, PlayerId, PlayerResult, Scoring, Settings, berger};

/// Reads a player list and puts it in starting order (seeds, then rating), so that entry
/// `k` (0-based) is seed `k + 1` of a bracket and of the snake.
pub(super) fn read_seeded(path: &Path) -> anyhow::Result<Vec<Player>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let players = read_players(&text).with_context(|| path.display().to_string())?;
    Ok(starting_order(players))
}

fn label(players: &[Player], p: PlayerId) -> String {
    let name = players
        .get(p.index())
        .map(|x| x.name.as_str())
        .unwrap_or("");
    format!("{} {name}", p.0)
}

fn side(b: &Bracket, players: &[Player], s: Source) -> (String, serde_json::Value) {
    match b.slot(s) {
        Slot::Player(p) => (label(players, p), p.0.into()),
        Slot::Bye => ("bye".into(), serde_json::Value::Null),
        Slot::Pending => {
            let text = match s {
                Source::Winner(m) => format!("winner {}", b.matches[m].label),
                Source::Loser(m) => format!("loser {}", b.matches[m].label),
                Source::Seed(n) => format!("seed {n}"),
            };
            (text.clone(), text.into())
        }
    }
}

/// The round a match belongs to: its label up to the dash (`W1`, `L2`), or the whole label
/// (`GF`, `3rd`).
fn round_of(label: &str) -> &str {
    label.split('-').next().unwrap_or(label)
}

/// Prints a single- or double-elimination bracket for the seeded list.
pub(super) fn knockout(
    path: &Path,
    double: bool,
    third_place: bool,
    reset: bool,
    json: bool,
) -> anyhow::Result<()> {
    let players = read_seeded(path)?;
    let n = u32::try_from(players.len()).context("too many players")?;
    let b = if double {
        Bracket::double(n, reset)?
    } else {
        Bracket::single(n, third_place)?
    };
    if json {
        let matches: Vec<serde_json::Value> = b
            .matches
            .iter()
            .map(|m| {
                let [a, c] = m.sides.map(|s| side(&b, &players, s).1);
                serde_json::json!({"label": m.label, "round": round_of(&m.label), "sides": [a, c]})
            })
            .collect();
        println!("{}", serde_json::json!({"entrants": n, "matches": matches}));
        return Ok(());
    }
    let mut current = "";
    for m in &b.matches {
        let round = round_of(&m.label);
        if round != current {
            println!("{round}:");
            current = round;
        }
        let [a, c] = m.sides.map(|s| side(&b, &players, s).0);
        println!("  {:<6} {a}  -  {c}", m.label);
    }
    Ok(())
}

/// Prints one round of the card draw (current text 2.9) for `players` players numbered
/// 1…n, drawn with the lot seed `seed` so an arbiter can re-run it.
pub(super) fn draw_cards(players: u32, seed: u64, json: bool) -> anyhow::Result<()> {
    if !(2..=10_000).contains(&players) {
        bail!("a card draw needs 2 to 10000 players, not {players}");
    }
    let ids: Vec<PlayerId> = (1..=players).map(PlayerId).collect();
    let r = card_draw(&ids, &mut Lots::new(seed));
    if json {
        let games: Vec<[u32; 2]> = r.games.iter().map(|(a, b)| [a.0, b.0]).collect();
        println!(
            "{}",
            serde_json::json!({"seed": seed, "games": games, "bye": r.bye.map(|p| p.0)})
        );
        return Ok(());
    }
    for (k, (red, black)) in r.games.iter().enumerate() {
        println!("{:>3}. {} (red)  -  {} (black)", k + 1, red.0, black.0);
    }
    if let Some(p) = r.bye {
        println!("bye (K): {}", p.0);
    }
    Ok(())
}

/// Prints the snake-seeded groups and each group's Berger schedule in overall numbers.
pub(super) fn groups(path: &Path, groups: usize, json: bool) -> anyhow::Result<()> {
    let players = read_seeded(path)?;
    let ev = GroupedEvent::new(
        "groups",
        players.clone(),
        groups,
        Settings::round_robin_1960(),
    )?;
    let mut out = Vec::new();
    for (g, members) in ev.members.iter().enumerate() {
        let size = u32::try_from(members.len()).context("group too large")?;
        // Group-local number k is members[k - 1]; 0 is the bye of an odd group.
        let overall = |k: u32| (k as usize).checked_sub(1).map(|i| members[i]);
        let rounds: Vec<Vec<[Option<u32>; 2]>> = berger::table(size)
            .iter()
            .map(|r| {
                r.iter()
                    .map(|f| {
                        [
                            overall(f.first).map(|p| p.0),
                            overall(f.second).map(|p| p.0),
                        ]
                    })
                    .collect()
            })
            .collect();
        if !json {
            println!("Group {}:", g + 1);
            for &p in members {
                println!("  {}", label(&players, p));
            }
            for (i, r) in rounds.iter().enumerate() {
                let games: Vec<String> = r
                    .iter()
                    .map(|[a, b]| {
                        let s = |x: Option<u32>| x.map_or("bye".to_string(), |n| n.to_string());
                        format!("{}-{}", s(*a), s(*b))
                    })
                    .collect();
                println!("  Round {:>2}: {}", i + 1, games.join(", "));
            }
        }
        out.push(serde_json::json!({
            "group": g + 1,
            "members": members.iter().map(|p| p.0).collect::<Vec<_>>(),
            "rounds": rounds,
        }));
    }
    if json {
        println!("{}", serde_json::Value::Array(out));
    }
    Ok(())
}

/// Reads one team match `HOME-AWAY:RESULTS`, e.g. `1-2:WDDL`: the home team's result on each
/// board, W win, D draw, L loss, + won by default, - lost by default.
fn parse_team_match(s: &str, teams: u32) -> anyhow::Result<(u32, u32, Vec<PlayerResult>)> {
    let (pair, boards) = s
        .split_once(':')
        .with_context(|| format!("team match {s:?}: want HOME-AWAY:RESULTS, e.g. 1-2:WDDL"))?;
    let (home, away) = pair
        .split_once('-')
        .with_context(|| format!("team match {s:?}: want HOME-AWAY before the colon"))?;
    let team = |t: &str| -> anyhow::Result<u32> {
        let n: u32 = t
            .trim()
            .parse()
            .with_context(|| format!("team match {s:?}: team {t:?} is not a number"))?;
        if !(1..=teams).contains(&n) {
            bail!("team match {s:?}: team {n} is not among teams 1…{teams}");
        }
        Ok(n)
    };
    let (home, away) = (team(home)?, team(away)?);
    if home == away {
        bail!("team match {s:?}: a team cannot play itself");
    }
    let results = boards
        .trim()
        .chars()
        .enumerate()
        .map(|(i, c)| {
            Ok(match c.to_ascii_uppercase() {
                'W' => PlayerResult::Win,
                'D' => PlayerResult::Draw,
                'L' => PlayerResult::Loss,
                '+' => PlayerResult::ForfeitWin,
                '-' => PlayerResult::ForfeitLoss,
                _ => bail!(
                    "team match {s:?}: board {}: {c:?} is not W, D, L, + or -",
                    i + 1
                ),
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    if results.is_empty() {
        bail!("team match {s:?}: no board results");
    }
    Ok((home, away, results))
}

/// Scores team matches (board points 小分, match points 大分 2/1/0) and ranks the teams by
/// match points, then board points (1960 §13 三).
pub(super) fn team_score(
    teams: u32,
    matches: &[String],
    scoring: &Scoring,
    json: bool,
) -> anyhow::Result<()> {
    if !(2..=1000).contains(&teams) {
        bail!("a team event needs 2 to 1000 teams, not {teams}");
    }
    let mut scored = Vec::new();
    for m in matches {
        let (home, away, results) = parse_team_match(m, teams)?;
        let score = score_match(&results, scoring, &MatchScoring::default());
        scored.push((home, away, score));
    }
    let rows = team_standings(teams, &scored);
    if json {
        let ms: Vec<serde_json::Value> = scored
            .iter()
            .map(|(h, a, s)| {
                serde_json::json!({"home": h, "away": a,
                    "board_points": s.board_points.map(|p| p.to_string()),
                    "match_points": s.match_points.map(|p| p.to_string())})
            })
            .collect();
        let rs: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                serde_json::json!({"rank": r.rank, "team": r.team,
                    "match_points": r.match_points.to_string(),
                    "board_points": r.board_points.to_string()})
            })
            .collect();
        println!("{}", serde_json::json!({"matches": ms, "standings": rs}));
        return Ok(());
    }
    for (h, a, s) in &scored {
        println!(
            "{h} - {a}: board points {}:{}, match points {}:{}",
            s.board_points[0], s.board_points[1], s.match_points[0], s.match_points[1]
        );
    }
    println!("\nPlace  Team  Match  Board");
    for r in &rows {
        println!(
            "{:>5}  {:>4}  {:>5}  {:>5}",
            r.rank,
            r.team,
            r.match_points.to_string(),
            r.board_points.to_string()
        );
    }
    Ok(())
}

/// `xq tournament berger`: the Berger table of a round robin (2 to 1,000 players).
pub fn berger_table(
    players: u32,
    double: bool,
    swap_last_two: bool,
    json: bool,
) -> anyhow::Result<()> {
    if !(2..=1000).contains(&players) {
        anyhow::bail!("a round robin needs 2 to 1000 players, not {players}");
    }
    let table = if double {
        xiangqi_tournament::berger::double_table(players, swap_last_two)
    } else {
        xiangqi_tournament::berger::table(players)
    };
    if json {
        let v: Vec<Vec<[u32; 2]>> = table
            .iter()
            .map(|r| r.iter().map(|f| [f.first, f.second]).collect())
            .collect();
        println!("{}", serde_json::to_string(&v)?);
    } else {
        for (i, r) in table.iter().enumerate() {
            let games: Vec<String> = r
                .iter()
                .map(|f| format!("{}-{}", f.first, f.second))
                .collect();
            println!("Round {:>2}: {}", i + 1, games.join(", "));
        }
    }
    Ok(())
}

/// `xq tournament lineups`: every legal line-up of a team's squad in board order.
pub fn lineups(squad: u32, boards: u32, json: bool) -> anyhow::Result<()> {
    let lineups = xiangqi_tournament::team::legal_lineups(squad, boards)?;
    if json {
        println!("{}", serde_json::to_string(&lineups)?);
    } else {
        for l in &lineups {
            let s: Vec<String> = l.iter().map(u32::to_string).collect();
            println!("{}", s.join("-"));
        }
        println!("{} line-ups", lineups.len());
    }
    Ok(())
}
