//! The Berger tables equal FIDE's published ones (Handbook C.05 Annex 1) for 3 to 16
//! players. The published tables are in `data/berger_fide.txt` (sources in `data/README.md`).

use xiangqi_tournament::berger;

/// Rounds of (first, second) pairs.
type Table = Vec<Vec<(u32, u32)>>;

/// Parses the transcription: `players N` headers, then one line of `a-b` pairs per round.
fn published() -> Vec<(u32, Table)> {
    let text = include_str!("data/berger_fide.txt");
    let mut tables: Vec<(u32, Table)> = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if let Some(n) = line.strip_prefix("players ") {
            tables.push((n.parse().unwrap(), Vec::new()));
            continue;
        }
        let round = line
            .split(',')
            .map(|pair| {
                let (a, b) = pair.trim().split_once('-').unwrap();
                (a.parse().unwrap(), b.parse().unwrap())
            })
            .collect();
        tables.last_mut().unwrap().1.push(round);
    }
    tables
}

fn ours(n: u32) -> Table {
    berger::table(n)
        .iter()
        .map(|r| r.iter().map(|f| (f.first, f.second)).collect())
        .collect()
}

#[test]
fn even_fields_equal_the_published_tables() {
    let tables = published();
    assert_eq!(tables.len(), 7, "tables for 4, 6, …, 16 players");
    for (n, table) in tables {
        assert_eq!(ours(n), table, "{n} players");
    }
}

#[test]
fn odd_fields_use_the_next_table_with_the_top_number_as_bye() {
    // FIDE: "If there is an odd number of players, the highest number counts as a bye."
    // We write the phantom as 0 (Chinese 空号), in the same place.
    for (n, table) in published() {
        let odd = ours(n - 1);
        let expected: Table = table
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&(a, b)| (if a == n { 0 } else { a }, if b == n { 0 } else { b }))
                    .collect()
            })
            .collect();
        assert_eq!(odd, expected, "{} players", n - 1);
    }
}

#[test]
fn spot_rows_cited_from_the_handbook() {
    // Round 4 of the 10-player table: "10-7, 8-6, 9-5, 1-4, 2-3".
    assert_eq!(ours(10)[3], vec![(10, 7), (8, 6), (9, 5), (1, 4), (2, 3)]);
    // Round 15 of the 16-player table: "8-16, 9-7, 10-6, 11-5, 12-4, 13-3, 14-2, 15-1".
    assert_eq!(
        ours(16)[14],
        vec![
            (8, 16),
            (9, 7),
            (10, 6),
            (11, 5),
            (12, 4),
            (13, 3),
            (14, 2),
            (15, 1)
        ]
    );
    // 7 teams, round 2: FIDE's 8-player table (C.05 Annex 1: "8–5, 6–4, 7–3, 1–2") with the
    // phantom 8 written as 0 (decision, see `berger`).
    assert_eq!(ours(7)[1], vec![(0, 5), (6, 4), (7, 3), (1, 2)]);
    // 3 players: the 4-player table with 4 as the bye.
    assert_eq!(
        ours(3),
        vec![
            vec![(1, 0), (2, 3)],
            vec![(0, 3), (1, 2)],
            vec![(2, 0), (3, 1)]
        ]
    );
}
