//! A ruling rests on the pieces that take part in the cycle, never on the rest of the board: a
//! pawn on its own side of the river (not 子力, 1999 art. 25.3) set down where nothing of the
//! cycle reaches it — no piece within two squares of it, no rook, cannon or general on its
//! file or rank, at every position of the cycle — changes no move's label, chase or
//! verdict. A rule that counted the whole board (material totals, every piece's moves, a
//! search that wanders) would break it. Each corpus case gets up to six such pawns of each
//! colour, one at a time.

mod common;

use common::corpus::{Case, load};
use xiangqi::{Color, Piece, Position, Role, Square};
use xiangqi_referee::cycle::{classify_cycle, rule_cycle};

/// The bystanders tried per case and colour, at most: enough to reach every region of the
/// board the cases leave empty, few enough to keep the test quick.
const PER_COLOUR: usize = 6;

/// Everything the referee says of the cycle: each move's label, mate threat and chases, and
/// the verdict.
fn ruling(start: &Position, case: &Case) -> String {
    let moves: Vec<String> = classify_cycle(start, &case.cycle, case.rules)
        .iter()
        .map(|m| {
            let chases: Vec<String> = m
                .chases
                .iter()
                .map(|c| format!("{}x{}:{:?}", c.attacker, c.target, c.kind))
                .collect();
            format!("{} {} {chases:?}", m.kind.label(), m.mate_threat)
        })
        .collect();
    let verdict = rule_cycle(start, &case.cycle, case.rules);
    format!(
        "{} => {:?} {:?}",
        moves.join("; "),
        verdict.loser,
        verdict.reason
    )
}

/// The positions of the cycle, its start included.
fn positions(case: &Case) -> Vec<Position> {
    let mut out = vec![case.start.clone()];
    let mut p = case.start.clone();
    for &m in &case.cycle {
        p.play_unchecked(m);
        out.push(p.clone());
    }
    out
}

/// Whether `sq` is out of every piece's way in `pos`: empty, no piece within two squares (a
/// horse's leg, an elephant's eye, a step of any piece), no rook, cannon or general on its
/// file or rank (a line it would block or screen).
fn out_of_the_way(pos: &Position, sq: Square) -> bool {
    let (f, r) = (sq.file().index() as i32, sq.rank().index() as i32);
    Square::all().all(|s| {
        let Some(piece) = pos.piece_at(s) else {
            return true;
        };
        let (sf, sr) = (s.file().index() as i32, s.rank().index() as i32);
        let near = (sf - f).abs().max((sr - r).abs()) <= 2;
        let on_line = sf == f || sr == r;
        let long_range = matches!(piece.role, Role::Rook | Role::Cannon | Role::King);
        !(near || on_line && long_range)
    })
}

/// The case with a pawn of `color` added on `sq`, if that is a legal position.
fn with_pawn(case: &Case, color: Color, sq: Square) -> Option<Position> {
    let mut setup = case.start.to_setup();
    setup.board[sq.index() as usize] = Some(Piece {
        color,
        role: Role::Pawn,
    });
    Position::from_setup(setup).ok()
}

#[test]
fn a_pawn_out_of_every_pieces_way_changes_no_ruling() {
    let mut tried = 0;
    let mut differences = Vec::new();
    for case in &load() {
        let along = positions(case);
        let base = ruling(&case.start, case);
        for color in [Color::Red, Color::Black] {
            let spots: Vec<Square> = Square::all()
                .filter(|&sq| sq.is_home_half(color))
                .filter(|&sq| along.iter().all(|p| out_of_the_way(p, sq)))
                .collect();
            // Spread over the free squares, not the first few of one corner.
            let step = spots.len().div_ceil(PER_COLOUR).max(1);
            for &sq in spots.iter().step_by(step) {
                let Some(start) = with_pawn(case, color, sq) else {
                    continue;
                };
                tried += 1;
                let after = ruling(&start, case);
                if after != base {
                    differences.push(format!(
                        "{} with a {color:?} pawn on {sq}:\n  {base}\n  {after}",
                        case.id
                    ));
                }
            }
        }
    }
    println!("{tried} positions with a bystander pawn");
    // The filter must leave real work: most cases have empty regions.
    assert!(tried >= 150, "only {tried} bystanders tried");
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
