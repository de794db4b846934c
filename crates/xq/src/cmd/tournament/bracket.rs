//! The stand-alone draws of `xq tournament`: knockout brackets, the 2.9 card draw and seeded
//! groups. They need no tournament file: each prints a draw from a player list.

use std::path::Path;

use anyhow::{Context, bail};
use xiangqi_tournament::groups::GroupedEvent;
use xiangqi_tournament::knockout::{Bracket, Slot, Source, card_draw};
use xiangqi_tournament::player::{read_players, starting_order};
use xiangqi_tournament::{Lots, Player, PlayerId, Settings, berger};

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
