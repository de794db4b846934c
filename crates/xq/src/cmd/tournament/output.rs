//! What `xq tournament` prints: pairings and standings, as text or JSON.

use xiangqi_tournament::export::Crosstable;
use xiangqi_tournament::{PlayerId, Standings, Tournament};

/// A player's name, empty for an unknown id.
pub(super) fn name(t: &Tournament, p: PlayerId) -> String {
    t.player(p).map(|x| x.name.clone()).unwrap_or_default()
}

pub(super) fn print_pairings(t: &Tournament, round: u32, json: bool) {
    let r = &t.rounds[round as usize - 1];
    if json {
        let boards: Vec<serde_json::Value> = r
            .games
            .iter()
            .map(|g| {
                serde_json::json!({
                    "board": g.board, "first": g.first.0, "second": g.second.0,
                    "first_name": name(t, g.first), "second_name": name(t, g.second),
                    "result": g.outcome.map(|o| o.to_string()),
                })
            })
            .collect();
        let v = serde_json::json!({
            "round": round, "boards": boards, "bye": r.bye.map(|(p, _)| p.0), "notes": r.notes,
        });
        println!("{v}");
        return;
    }
    println!("Round {round}");
    for g in &r.games {
        println!(
            "{:>3}. {:>4} {}  -  {:>4} {}  {}",
            g.board,
            g.first,
            name(t, g.first),
            g.second,
            name(t, g.second),
            g.outcome.map(|o| o.to_string()).unwrap_or_default()
        );
    }
    if let Some((p, pts)) = r.bye {
        println!("bye: {p} {} ({pts})", name(t, p));
    }
    for n in &r.notes {
        println!("note: {n}");
    }
}

pub(super) fn standings_json(t: &Tournament, s: &Standings) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = s
        .rows
        .iter()
        .map(|r| {
            let tb: serde_json::Map<String, serde_json::Value> = s
                .criteria
                .iter()
                .zip(&r.values)
                .map(|(c, v)| (c.code().to_string(), v.map(|v| v.to_string()).into()))
                .collect();
            serde_json::json!({
                "rank": r.rank, "shared": r.shared, "player": r.player.0, "name": name(t, r.player),
                "points": r.points.to_string(), "games": r.games, "wins": r.wins, "draws": r.draws,
                "losses": r.losses, "tiebreaks": tb,
            })
        })
        .collect();
    serde_json::json!({"criteria": s.criteria.iter().map(|c| c.code()).collect::<Vec<_>>(), "rows": rows})
}

pub(super) fn standings_text(t: &Tournament, s: &Standings) -> String {
    let x = Crosstable::build(t);
    let mut out = String::new();
    let mut header = vec![
        "Place".to_string(),
        "No".into(),
        "Name".into(),
        "Pts".into(),
    ];
    header.extend(s.criteria.iter().skip(1).map(|c| c.code().to_string()));
    header.extend(["G".into(), "W".into(), "D".into(), "L".into()]);
    let rows: Vec<Vec<String>> = s
        .rows
        .iter()
        .map(|r| {
            let mut c = vec![
                Standings::place_label(r),
                r.player.to_string(),
                name(t, r.player),
                r.points.to_string(),
            ];
            c.extend(
                r.values
                    .iter()
                    .skip(1)
                    .map(|v| v.map(|v| v.to_string()).unwrap_or_default()),
            );
            c.extend([r.games, r.wins, r.draws, r.losses].map(|n| n.to_string()));
            c
        })
        .collect();
    out.push_str(&format!("{}\n\n", x.title));
    out.push_str(&xiangqi_tournament::export::text_table(&header, &rows));
    let names: Vec<String> = s
        .criteria
        .iter()
        .map(|c| format!("{} = {}", c.code(), c.chinese()))
        .collect();
    out.push_str(&format!("\n{}\n", names.join("; ")));
    out
}
