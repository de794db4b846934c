//! Prints one round's players as the Dutch system reads them, the rules' pairing and the
//! file's: `cargo run --example dutch_explain -- FILE.trf ROUND`.
use xiangqi_tournament::trf::TrfFile;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("file");
    let round: u32 = args[2].parse().expect("round");
    let t = TrfFile::parse(&text)
        .expect("trf")
        .to_tournament(None)
        .expect("tournament");
    let mut before = t.clone();
    before.rounds.truncate(round as usize - 1);
    let (players, _) = before.dutch_input(round, &before.history());
    let mut ours = before.clone();
    ours.pair_next_round().expect("pairs");
    let mine = &ours.rounds[round as usize - 1];
    let file = &t.rounds[round as usize - 1];
    let mut order: Vec<_> = players.iter().collect();
    order.sort_by_key(|p| (std::cmp::Reverse(p.score), p.id));
    for p in order {
        let opp = |r: &xiangqi_tournament::history::Round| {
            r.games
                .iter()
                .find_map(|g| {
                    if g.first == p.id {
                        Some(format!("{}w", g.second))
                    } else if g.second == p.id {
                        Some(format!("{}b", g.first))
                    } else {
                        None
                    }
                })
                .unwrap_or_else(|| "-".into())
        };
        println!(
            "{:>3} {:>4} pref {:?} floats {:?} ours {:>5} file {:>5}",
            p.id.0,
            p.score.to_string(),
            p.colours.preference(),
            p.floats,
            opp(mine),
            opp(file)
        );
    }
    for n in &mine.notes {
        println!("note: {n}");
    }
}
