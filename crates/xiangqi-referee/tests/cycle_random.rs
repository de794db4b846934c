//! The classification on positions the corpus does not have: random small
//! positions with something to capture, a short cycle of two reversible moves each, and the
//! invariants the books imply for every move of it:
//!
//! * a position, its mirror and its colour swap get the same labels (the books never speak
//!   of files or colours);
//! * a capture of equal value is no chase: a piece chased directly by a piece of the same
//!   worth has no root that can retake without being mated at once (2020 art. 24.3: the
//!   exchange must win material; 24.4: an even exchange is 兑);
//! * the general's and a pawn's own captures are never chases (2020 art. 26.1);
//! * a piece left unprotected by its own side's move is not chased by the attacker already
//!   there (2020 参考图21; 1999 art. 29.2: the chase is created by the move just played).
//!
//! The counts are printed to stderr (`--nocapture`), and the test fails if too few cases
//! were checked for it to mean anything.

mod common;

use common::Rng;
use common::drawing::{Drawing, redraw_move, redraw_position};
use xiangqi::{Color, Move, MoveList, Piece, Position, Role, Square};
use xiangqi_referee::{
    RuleSet,
    cycle::{Chase, ChaseKind, MoveClass, classify_cycle},
};

fn square(file: u8, rank: u8) -> Square {
    Square::new(rank * 9 + file).expect("on the board")
}

/// A random square `role` of `color` may stand on (advisors, elephants and the general on
/// their points, pawns on their files or across the river).
fn random_square(rng: &mut Rng, role: Role, color: Color) -> Square {
    let own = |rank: u8| if color == Color::Red { rank } else { 9 - rank };
    loop {
        let (file, rank) = (rng.below(9) as u8, rng.below(10) as u8);
        let r = own(rank);
        let ok = match role {
            Role::King => (3..=5).contains(&file) && r <= 2,
            Role::Advisor => r <= 2 && (file + r) % 2 == 1 && (3..=5).contains(&file),
            Role::Elephant => [0, 2, 4].contains(&r) && file % 2 == 0 && (file + r) % 4 == 2,
            Role::Pawn => ((3..=4).contains(&r) && file % 2 == 0) || r >= 5,
            _ => true,
        };
        if ok {
            return square(file, rank);
        }
    }
}

fn fen_char(p: Piece) -> char {
    let c = match p.role {
        Role::King => 'k',
        Role::Advisor => 'a',
        Role::Elephant => 'b',
        Role::Horse => 'n',
        Role::Rook => 'r',
        Role::Cannon => 'c',
        Role::Pawn => 'p',
    };
    if p.color == Color::Red {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// A random legal position with the two generals and 3–6 other pieces, or `None`.
fn random_position(rng: &mut Rng) -> Option<Position> {
    let mut board: [Option<Piece>; 90] = [None; 90];
    let mut place = |rng: &mut Rng, role: Role, color: Color| {
        for _ in 0..20 {
            let sq = random_square(rng, role, color);
            if board[sq.index() as usize].is_none() {
                board[sq.index() as usize] = Some(Piece { color, role });
                return;
            }
        }
    };
    place(rng, Role::King, Color::Red);
    place(rng, Role::King, Color::Black);
    let roles = [
        Role::Rook,
        Role::Horse,
        Role::Cannon,
        Role::Advisor,
        Role::Elephant,
        Role::Pawn,
    ];
    let extra = 3 + rng.below(4);
    for _ in 0..extra {
        let color = if rng.below(2) == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let role = roles[rng.below(roles.len())];
        place(rng, role, color);
    }
    let rows: Vec<String> = (0..10u8)
        .rev()
        .map(|rank| {
            let mut s = String::new();
            let mut empty = 0;
            for file in 0..9u8 {
                match board[(rank * 9 + file) as usize] {
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(fen_char(p));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    let turn = if rng.below(2) == 0 { 'w' } else { 'b' };
    Position::from_fen(&format!("{} {turn}", rows.join("/"))).ok()
}

/// Whether either side has a legal capture of something that is not a general.
fn something_to_take(pos: &Position) -> bool {
    [Some(pos.clone()), pos.passed()].iter().flatten().any(|p| {
        p.legal_moves()
            .iter()
            .any(|m| p.piece_at(m.to()).is_some_and(|v| v.role != Role::King))
    })
}

fn quiet_moves(pos: &Position) -> Vec<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|m| pos.piece_at(m.to()).is_none())
        .collect()
}

/// A cycle of two reversible quiet moves each (a b a' b'), chosen at random, or `None`.
fn random_cycle(rng: &mut Rng, start: &Position) -> Option<Vec<Move>> {
    for _ in 0..8 {
        let first = quiet_moves(start);
        let a = *first.get(rng.below(first.len().max(1)))?;
        let mut p = start.clone();
        p.play_unchecked(a);
        let second = quiet_moves(&p);
        let b = *second.get(rng.below(second.len().max(1)))?;
        let cycle = [
            a,
            b,
            Move::new(a.to(), a.from()),
            Move::new(b.to(), b.from()),
        ];
        let mut q = start.clone();
        if cycle.iter().all(|&m| {
            let ok = q.is_legal(m);
            if ok {
                q.play_unchecked(m);
            }
            ok
        }) && q.hash() == start.hash()
        {
            return Some(cycle.to_vec());
        }
    }
    None
}

/// The book's worth of a piece (1999 art. 25.3), a pawn at its least.
fn worth(role: Role) -> u8 {
    match role {
        Role::Rook => 8,
        Role::Horse | Role::Cannon => 4,
        Role::Advisor | Role::Elephant | Role::Pawn => 2,
        Role::King => 0,
    }
}

/// Whether the side to move mates at once.
fn mates_at_once(pos: &Position) -> bool {
    let mut checks = MoveList::new();
    pos.checking_moves_into(&mut checks);
    checks.iter().any(|&c| {
        let mut p = pos.clone();
        p.play_unchecked(c);
        !p.has_legal_moves()
    })
}

/// Whether, the capture `cap` made, the other side can retake on its square without the
/// capturer's side mating at once.
fn real_root(pos: &Position, cap: Move) -> bool {
    let mut p = pos.clone();
    p.play_unchecked(cap);
    let sq = cap.to();
    let us = p.turn();
    p.attackers(sq, us)
        .map(|from| Move::new(from, sq))
        .filter(|&m| p.is_legal(m))
        .any(|m| {
            let mut q = p.clone();
            q.play_unchecked(m);
            !mates_at_once(&q)
        })
}

/// Whether, in `pos` with `chaser` to move, `attacker` takes the piece on `target` and no
/// root retakes, and the taker is not mated at once after it.
fn hangs(pos: &Position, chaser: Color, attacker: Square, target: Square) -> bool {
    let Some(p) = (if pos.turn() == chaser {
        Some(pos.clone())
    } else {
        pos.passed()
    }) else {
        return false;
    };
    let cap = Move::new(attacker, target);
    if !p.is_legal(cap) || real_root(&p, cap) {
        return false;
    }
    let mut q = p.clone();
    q.play_unchecked(cap);
    !mates_at_once(&q)
}

/// Whether, in `pos` with `chaser` to move, `attacker` could take the piece on `target` and
/// a real root would retake.
fn rooted(pos: &Position, chaser: Color, attacker: Square, target: Square) -> bool {
    let p = if pos.turn() == chaser {
        Some(pos.clone())
    } else {
        pos.passed()
    };
    let cap = Move::new(attacker, target);
    p.is_some_and(|p| p.is_legal(cap) && real_root(&p, cap))
}

#[derive(Default, Debug)]
struct Counts {
    positions: usize,
    cycles: usize,
    moves: usize,
    chases: usize,
    even_checked: usize,
    hanging_checked: usize,
}

/// The invariants of one classified cycle that do not need a redrawing; the faults found.
fn check_cycle(
    start: &Position,
    cycle: &[Move],
    classes: &[MoveClass],
    n: &mut Counts,
) -> Vec<String> {
    let mut faults = Vec::new();
    let mut positions = vec![start.clone()];
    for &m in cycle {
        let mut p = positions.last().expect("a position").clone();
        p.play_unchecked(m);
        positions.push(p);
    }
    for c in classes {
        n.moves += 1;
        let after = &positions[c.ply + 1];
        let before_theirs = &positions[(c.ply + cycle.len() - 1) % cycle.len()];
        let before = &positions[c.ply];
        for ch in &c.chases {
            n.chases += 1;
            let Chase {
                attacker,
                attacker_piece,
                target,
                target_piece,
                kind,
                ..
            } = *ch;
            let at = format!("{} ply {} {:?}", start.fen(), c.ply, ch);
            if matches!(attacker_piece.role, Role::King | Role::Pawn) {
                faults.push(format!("a general's or pawn's own capture chased: {at}"));
            }
            let direct = matches!(kind, ChaseKind::Unprotected | ChaseKind::Outranked);
            if direct && worth(attacker_piece.role) == worth(target_piece.role) {
                n.even_checked += 1;
                let me = after.passed();
                let cap = Move::new(attacker, target);
                if me.is_some_and(|p| p.is_legal(cap) && real_root(&p, cap)) {
                    faults.push(format!("an even exchange chased: {at}"));
                }
            }
        }
        // The pieces of the other side that its own last move left unprotected against an
        // attacker already there: the move, if it does not move that attacker, does not chase
        // them.
        // (After a check, the other side's move was forced and nothing stood before it.)
        if before_theirs.is_check() {
            continue;
        }
        for (from, a) in before.pieces() {
            if a.color != c.mover
                || matches!(a.role, Role::King | Role::Pawn)
                || from == c.mv.from()
            {
                continue;
            }
            for (to, v) in before.pieces() {
                if v.color == c.mover || v.role == Role::King {
                    continue;
                }
                if hangs(before, c.mover, from, to) && rooted(before_theirs, c.mover, from, to) {
                    n.hanging_checked += 1;
                    if c.chases
                        .iter()
                        .any(|ch| ch.attacker == from && ch.target == to)
                    {
                        faults.push(format!(
                            "a piece its own side left unprotected chased: {}|{} ply {} {from}x{to}",
                            start.fen(),
                            moves_text(cycle),
                            c.ply
                        ));
                    }
                }
            }
        }
    }
    faults
}

fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn labels(classes: &[MoveClass]) -> Vec<&'static str> {
    classes.iter().map(|c| c.kind.label()).collect()
}

#[test]
fn random_positions_keep_the_books_invariants() {
    let mut rng = Rng(0x5eed_2020_2403);
    let mut n = Counts::default();
    let mut faults = Vec::new();
    for _ in 0..3000 {
        // 300 cycles: enough chases between pieces of one worth to check (same-kind pieces
        // facing each other unprotected are offers of exchange, 24.4, not such chases).
        if n.cycles >= 300 {
            break;
        }
        let Some(start) = random_position(&mut rng) else {
            continue;
        };
        if !something_to_take(&start) {
            continue;
        }
        n.positions += 1;
        let Some(cycle) = random_cycle(&mut rng, &start) else {
            continue;
        };
        n.cycles += 1;
        for rules in RuleSet::ALL {
            let classes = classify_cycle(&start, &cycle, rules);
            if rules == RuleSet::Chinese {
                faults.extend(check_cycle(&start, &cycle, &classes, &mut n));
            }
            for d in [Drawing::Mirror, Drawing::ColourSwap] {
                let s2 = redraw_position(&start, d);
                let c2: Vec<Move> = cycle.iter().map(|&m| redraw_move(m, d)).collect();
                let other = classify_cycle(&s2, &c2, rules);
                if labels(&classes) != labels(&other) {
                    faults.push(format!(
                        "{rules:?} {d:?}: {}|{} labelled {:?}, redrawn {}|{} {:?}",
                        start.fen(),
                        moves_text(&cycle),
                        labels(&classes),
                        s2.fen(),
                        moves_text(&c2),
                        labels(&other)
                    ));
                }
            }
        }
    }
    eprintln!("random cycles: {n:?}; {} faults", faults.len());
    assert!(faults.is_empty(), "{faults:#?}");
    assert!(
        n.cycles >= 150 && n.chases >= 40 && n.even_checked >= 5 && n.hanging_checked >= 5,
        "too few cases checked: {n:?}"
    );
}
