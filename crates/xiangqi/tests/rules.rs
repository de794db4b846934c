//! The laws of movement, one at a time, on positions built to show them (1960 rules §2–§3).

use xiangqi::{IllegalReason, Move, Position, Problem, fen::parse_fen};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn why(fen: &str, m: &str) -> IllegalReason {
    pos(fen).play(mv(m)).expect_err("should be illegal").reason
}

#[test]
fn elephant_eye_blocks_and_river_stops() {
    // Red elephant c0, own horse on d1 (the eye towards e2).
    let f = "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w";
    assert_eq!(why(f, "c0e2"), IllegalReason::ElephantEyeBlocked);
    assert!(pos(f).is_legal(mv("c0a2")));
    let f = "3k5/9/9/9/9/2B6/9/9/9/4K4 w"; // elephant on c4 can't go to a6/e6
    assert_eq!(why(f, "c4e6"), IllegalReason::CrossesRiver);
    assert_eq!(why(f, "c4a6"), IllegalReason::CrossesRiver);
    assert!(pos(f).is_legal(mv("c4e2")));
}

#[test]
fn horse_leg_blocks() {
    let f = "5k3/9/9/9/9/9/9/4R4/4N4/3K5 w"; // horse e1, own rook e2 blocks the legs upward
    assert_eq!(why(f, "e1d3"), IllegalReason::HorseLegBlocked);
    assert_eq!(why(f, "e1f3"), IllegalReason::HorseLegBlocked);
    assert!(pos(f).is_legal(mv("e1g2")));
    assert!(pos(f).is_legal(mv("e1c2")));
}

#[test]
fn cannon_needs_exactly_one_screen() {
    // Cannon e2, black pawn e5, black rook e8.
    let f = "3k5/4r4/9/9/4p4/9/9/4C4/9/5K3 w";
    assert_eq!(why(f, "e2e5"), IllegalReason::CannonNeedsScreen);
    assert!(pos(f).is_legal(mv("e2e4")));
    assert!(pos(f).is_legal(mv("e2e8")));
    assert_eq!(why(f, "e2e9"), IllegalReason::PathBlocked);
}

#[test]
fn pawns_cross_the_river_before_moving_sideways() {
    let f = "4k4/9/9/9/9/9/4P4/9/9/3K5 w"; // pawn e3, not crossed
    assert_eq!(why(f, "e3d3"), IllegalReason::PawnDirection);
    let f = "4k4/9/9/9/4P4/9/9/9/9/3K5 w"; // pawn e5, crossed
    assert!(pos(f).is_legal(mv("e5d5")));
    assert_eq!(why(f, "e5e4"), IllegalReason::PawnDirection);
}

#[test]
fn palace_confines_king_and_advisor() {
    let f = "4k4/9/9/9/9/9/9/3K5/9/9 w";
    assert_eq!(why(f, "d2c2"), IllegalReason::LeavesPalace);
    assert_eq!(why(f, "d2d3"), IllegalReason::LeavesPalace);
}

#[test]
fn kings_may_not_face_each_other() {
    // 将帅不能对面 (1960 rules §2.3): the red king may not step onto the open e-file.
    let f = "4k4/9/9/9/9/9/9/9/9/3K5 w";
    assert_eq!(why(f, "d0e0"), IllegalReason::KingsWouldFace);
    // Nor may the last piece between them leave the file.
    let f = "4k4/9/9/9/9/4N4/9/9/9/4K4 w";
    assert_eq!(why(f, "e4d6"), IllegalReason::KingsWouldFace);
    let moves = pos(f).legal_moves();
    assert_eq!(moves.len(), 3);
    assert!(moves.iter().all(|m| m.from().to_string() == "e0"));
}

#[test]
fn a_move_may_not_leave_the_king_attacked() {
    // Red's rook on e1 shields its king from Black's rook on e8.
    let f = "3k5/4r4/9/9/9/9/9/9/4R4/4K4 w";
    assert_eq!(why(f, "e1d1"), IllegalReason::LeavesKingInCheck);
    // Moving a piece onto the line between king and cannon makes it a screen.
    let f = "3k5/4c4/9/9/9/9/9/9/8R/4K4 w";
    assert_eq!(why(f, "i1e1"), IllegalReason::LeavesKingInCheck);
    // Leaving a horse's leg uncovers its attack.
    // Red's rook on f1 stands on the leg of Black's horse on f2, which aims at e0.
    let f = "3k5/9/9/9/9/9/9/5n3/5R3/4K4 w";
    assert!(!pos(f).is_check());
    assert_eq!(why(f, "f1g1"), IllegalReason::LeavesKingInCheck);
    assert!(pos(f).is_legal(mv("f1f2")));
}

#[test]
fn checkmate_and_stalemate_both_end_the_game() {
    // 困毙: Black's king on d9 cannot move and Black has nothing else (stalemate loses).
    let p = pos("3k5/2R6/9/9/9/9/9/9/9/4K4 b");
    assert!(p.is_stalemate() && !p.is_checkmate() && p.has_no_moves());
    // Double rook mate.
    let p = pos("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b");
    assert!(p.is_check());
    assert!(p.is_checkmate());
}

#[test]
fn validation_lists_every_reason() {
    let err =
        Position::from_setup(parse_fen("3kk4/9/9/9/9/9/2P6/9/PAB6/3K5 w").unwrap()).unwrap_err();
    let p = &err.problems;
    assert!(p.contains(&Problem::KingCount {
        color: xiangqi::Color::Black,
        count: 2
    }));
    assert!(
        p.iter()
            .any(|x| matches!(x, Problem::PawnBehindStart { .. }))
    );
    assert!(
        p.iter()
            .filter(|x| matches!(x, Problem::UnreachableSquare { .. }))
            .count()
            == 2
    );
    let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3KR4 w").unwrap_err();
    assert!(err.to_string().contains("in check but it is not"), "{err}");
    let err = Position::from_fen("4k4/9/9/9/9/9/1P7/9/9/3K5 w").unwrap_err();
    assert!(err.to_string().contains("off the pawn files"), "{err}");
    let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/2K6 w").unwrap_err();
    assert!(err.to_string().contains("outside its palace"), "{err}");
    let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/2RRKR3 w").unwrap_err();
    assert!(err.to_string().contains("3 rooks"), "{err}");
    let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap_err();
    assert!(err.to_string().contains("face each other"), "{err}");
}
