//! The books' procedures at the arbiter's desk, on the game alone: touch-move (1960 §7 四;
//! current 5.1–5.5), corrections (1960 §7 五), warnings and disqualification (1960 §18 九;
//! current 8.8), the sealed-move error (1960 §4 一(六)), and the official named on each
//! action. Each is decided once, applied once, and replayed from the stored events to the
//! same game (限着 is in `desk_procedures.rs`).

mod desk_table;

use desk_table::{Table, code, declare};
use xiangqi::Color;
use xiangqi_game::{
    Action, Actor, Answer, ArbiterAction, ArbiterRole, GameResult, Refusal, Signer,
};

#[test]
fn touched_pieces_bind_the_next_move_in_their_order_for_either_colour() {
    let mut t = Table::start();
    // 5.3(1): own cannon h2, then Black's horse h9: the cannon must take it.
    t.arbiter(ArbiterAction::Touch {
        squares: vec!["h2".into()],
    })
    .unwrap();
    t.arbiter(ArbiterAction::Touch {
        squares: vec!["h9".into()],
    })
    .unwrap();
    let binding = t.game.binding().unwrap().clone();
    assert_eq!(
        (binding.side, binding.moves.as_slice()),
        (Color::Red, &["h2h9".to_string()][..])
    );
    assert_eq!(t.game.view("g", t.now).legal_moves, ["h2h9"]);
    let refusal = t.play("h2e2").unwrap_err();
    assert_eq!(refusal.name(), "touch_move");
    assert!(refusal.is_illegal_move());
    t.play("h2h9").unwrap();
    assert!(t.game.binding().is_none(), "a touch binds one move");
    // 5.2 for Black: it touches Red's cannon on h9, which its rook on i9 and horse can take...
    t.arbiter(ArbiterAction::Touch {
        squares: vec!["H9".into()],
    })
    .unwrap();
    let b = t.game.binding().unwrap();
    assert_eq!(
        (b.side, b.moves.as_slice()),
        (Color::Black, &["i9h9".to_string()][..])
    );
    // ... withdrawn: the player said 「我来摆正」 first.
    t.arbiter(ArbiterAction::Untouch {
        note: "我来摆正".into(),
    })
    .unwrap();
    t.play("b7b0").unwrap();
    assert_eq!(
        code(t.arbiter(ArbiterAction::Untouch {
            note: String::new()
        })),
        "nothing_touched"
    );
    assert_eq!(
        code(t.arbiter(ArbiterAction::Touch {
            squares: vec!["e5".into()]
        })),
        "bad_touch"
    );
    t.assert_replays();
}

#[test]
fn a_correction_takes_back_from_the_wrong_move_and_binds_the_piece_that_moved() {
    let mut t = Table::start();
    t.line("h2e2 h9g7 b0c2");
    // Black's horse move (ply 1) was wrong on the board: replay from it with the same piece.
    t.arbiter(ArbiterAction::Correct {
        from_ply: 1,
        note: "棋子被意外挪位".into(),
    })
    .unwrap();
    assert_eq!(t.game.moves().len(), 1);
    let b = t.game.binding().unwrap();
    assert_eq!(
        (b.side, b.moves.as_slice()),
        (Color::Black, &["h9g7".to_string(), "h9i7".to_string()][..])
    );
    assert_eq!(code(t.play("b9c7")), "touch_move");
    t.play("h9i7").unwrap();
    // Red's move after a correction, mirrored: Red's first move was the cannon h2.
    t.arbiter(ArbiterAction::Correct {
        from_ply: 0,
        note: String::new(),
    })
    .unwrap();
    let b = t.game.binding().unwrap();
    assert_eq!(b.side, Color::Red);
    assert!(b.moves.iter().all(|m| m.starts_with("h2")));
    assert_eq!(
        code(t.arbiter(ArbiterAction::Correct {
            from_ply: 5,
            note: String::new()
        })),
        "nothing_to_correct"
    );
    assert!(
        t.game
            .arbiter_notes()
            .iter()
            .any(|(_, n)| n.contains("§7 五"))
    );
    t.assert_replays();
}

#[test]
fn warnings_count_and_a_disqualification_loses_the_game_for_either_side() {
    for side in [Color::Red, Color::Black] {
        let mut t = Table::start();
        t.line("h2e2");
        t.arbiter(ArbiterAction::Warn {
            side,
            note: "喧哗".into(),
        })
        .unwrap();
        t.arbiter(ArbiterAction::Warn {
            side,
            note: String::new(),
        })
        .unwrap();
        assert_eq!(t.game.warnings()[side], 2);
        assert_eq!(t.game.warnings()[side.other()], 0);
        assert_eq!(t.game.ruling(), None, "a warning does not end the game");
        t.assert_replays();
        t.arbiter(ArbiterAction::Disqualify {
            side,
            note: "严重违反纪律".into(),
        })
        .unwrap();
        let r = t.game.ruling().unwrap();
        assert_eq!(r.result, GameResult::win_for(side.other()));
        assert_eq!(
            (r.reason_name(), r.offender),
            ("disqualification", Some(side))
        );
        assert!(r.rule.contains("§18 九") && r.rule.contains("8.8"));
        assert_eq!(
            code(t.arbiter(ArbiterAction::Warn {
                side,
                note: String::new()
            })),
            "game_over"
        );
    }
}

#[test]
fn a_sealed_move_wrong_and_unexplained_loses_and_explained_it_stands() {
    let adjourned = || {
        let mut t = Table::start();
        t.line("h2e2");
        let black = Actor::Player {
            side: Color::Black,
            seat: 0,
        };
        let red = Actor::Player {
            side: Color::Red,
            seat: 0,
        };
        t.act(red, Action::Adjourn(Answer::Offer)).unwrap();
        t.act(black, Action::Adjourn(Answer::Accept)).unwrap();
        t.act(
            black,
            Action::Seal {
                text: "h9g7".into(),
            },
        )
        .unwrap();
        (t, red, black)
    };
    let (mut t, _, _) = adjourned();
    t.arbiter(ArbiterAction::SealedError {
        meant: None,
        note: "记录无法辨认".into(),
    })
    .unwrap();
    let r = t.game.ruling().unwrap();
    assert_eq!(
        (r.result, r.reason_name()),
        (GameResult::RedWins, "sealed_move_error")
    );
    // Explained: the move meant is played on resumption instead.
    let (mut t, red, black) = adjourned();
    assert_eq!(
        code(t.arbiter(ArbiterAction::SealedError {
            meant: Some("a0a5".into()),
            note: String::new()
        })),
        "meant_move_illegal"
    );
    let events = t
        .arbiter(ArbiterAction::SealedError {
            meant: Some("h9i7".into()),
            note: String::new(),
        })
        .unwrap();
    assert!(
        !events[0].public().to_string().contains("h9i7"),
        "the seal stays secret"
    );
    t.act(red, Action::Resume).unwrap();
    t.act(black, Action::Resume).unwrap();
    assert_eq!(t.game.moves()[1].iccs, "h9i7");
    t.assert_replays();
    // Not adjourned: nothing to rule on.
    let mut t = Table::start();
    assert_eq!(
        code(t.arbiter(ArbiterAction::SealedError {
            meant: None,
            note: String::new()
        })),
        "no_sealed_move"
    );
}

#[test]
fn each_action_names_the_official_who_took_it_in_the_events_and_the_record() {
    let mut t = Table::start();
    t.line("h2e2");
    let deputy = Signer {
        role: ArbiterRole::Deputy,
        name: "李".into(),
    };
    let signed = |action| Action::Signed {
        by: deputy.clone(),
        action,
    };
    let events = t.act(Actor::Arbiter, signed(declare(10))).unwrap();
    assert!(events.iter().all(|e| e.signer() == Some(deputy.clone())));
    assert!(
        t.game
            .arbiter_notes()
            .last()
            .unwrap()
            .1
            .contains("副裁判长李")
    );
    let log = &t.game.view("g", t.now).arbiter_log;
    assert_eq!(log.last().unwrap()["by"]["name"], "李");
    t.act(
        Actor::Arbiter,
        signed(ArbiterAction::Disqualify {
            side: Color::Black,
            note: String::new(),
        }),
    )
    .unwrap();
    assert_eq!(t.game.ruling().unwrap().by.as_ref(), Some(&deputy));
    // A player may not sign an arbiter's action.
    let mut t = Table::start();
    let player = Actor::Player {
        side: Color::Red,
        seat: 0,
    };
    assert_eq!(
        t.act(
            player,
            Action::Signed {
                by: deputy.clone(),
                action: ArbiterAction::Pause
            }
        ),
        Err(Refusal::NotYours)
    );
}
