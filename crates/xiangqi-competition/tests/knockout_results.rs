//! A knockout game's result, in a bracket and in a card knockout (2.9): it goes into its
//! meeting once, and a second result for the same board is refused in both languages.

use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
use xiangqi_tournament::{Outcome, Player};

fn four(system: &str) -> Competition {
    let spec = format!(r#"{{"system": "{system}"}}"#);
    let spec = parse_create_event(spec.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap();
    let mut c = Competition::new(spec, "ev", 0, 7, ["", ""]);
    for n in ["A", "B", "C", "D"] {
        c.register(Player::new(n), String::new()).unwrap();
    }
    c.pair_next_round().unwrap();
    c
}

fn meeting_games(c: &Competition, system: &str) -> Vec<usize> {
    let pairings = match system {
        "knockout" => &c.bracket.as_ref().unwrap().pairings,
        _ => &c.cards.as_ref().unwrap().pairings,
    };
    pairings.iter().map(|p| p.games.games.len()).collect()
}

#[test]
fn a_result_goes_into_its_meeting_once_and_a_second_is_refused() {
    for system in ["knockout", "cards"] {
        let mut c = four(system);
        assert_eq!(meeting_games(&c, system), [0, 0], "{system}");
        c.set_result(1, 2, Outcome::FirstWins).unwrap();
        assert_eq!(meeting_games(&c, system), [0, 1], "{system}");
        let e = c.set_result(1, 2, Outcome::SecondWins).unwrap_err();
        assert_eq!(
            e.to_string(),
            "round 1 board 2 already has its result; a knockout cannot go back",
            "{system}"
        );
        assert_eq!(e.zh(), "第1轮第2台已有结果：淘汰赛不能改判", "{system}");
        // The refused result changed nothing: the meeting still holds one game.
        assert_eq!(meeting_games(&c, system), [0, 1], "{system}");
        c.set_result(1, 1, Outcome::Draw).unwrap();
        assert_eq!(meeting_games(&c, system), [1, 1], "{system}");
    }
}
