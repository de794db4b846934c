//! Input from strangers never panics: player lists, tournament files and result texts, over
//! arbitrary bytes and over mutations of valid files.

use proptest::prelude::*;
use xiangqi_tournament::player::read_players;
use xiangqi_tournament::{Outcome, Player, Settings, Tournament};

fn valid_file() -> String {
    let players = (1..=5)
        .map(|i| Player::new(format!("P{i}")).with_rating(1500 + i))
        .collect();
    let mut t = Tournament::new("t", players, Settings::swiss(3)).unwrap();
    t.pair_next_round().unwrap();
    t.set_result(1, 1, Outcome::Draw).unwrap();
    t.to_json()
}

proptest! {
    #[test]
    fn player_lists_never_panic(text in "\\PC{0,200}") {
        let _ = read_players(&text);
    }

    #[test]
    fn csv_like_lists_never_panic(rows in proptest::collection::vec("[a-z0-9,\" ]{0,20}", 0..8)) {
        let text = format!("name,club,rating,seed\n{}", rows.join("\n"));
        if let Ok(ps) = read_players(&text) {
            prop_assert!(ps.iter().all(|p| !p.name.trim().is_empty()));
        }
    }

    #[test]
    fn tournament_files_never_panic(text in "\\PC{0,300}") {
        let _ = Tournament::from_json(&text);
    }

    /// A valid file with one byte changed either reads (and then pairs, standings and
    /// exports work without panicking) or is refused with an error.
    #[test]
    fn mutated_files_never_panic(pos in 0usize..4000, byte in 0u8..128) {
        let mut bytes = valid_file().into_bytes();
        let i = pos % bytes.len();
        bytes[i] = byte;
        if let Ok(text) = String::from_utf8(bytes)
            && let Ok(mut t) = Tournament::from_json(&text)
        {
            let _ = t.standings();
            let _ = xiangqi_tournament::export::to_trf(&t);
            let _ = xiangqi_tournament::export::Crosstable::build(&t).to_html();
            let _ = t.pair_next_round();
        }
    }

    #[test]
    fn results_never_panic(text in "\\PC{0,12}") {
        let _ = text.parse::<Outcome>();
    }
}
