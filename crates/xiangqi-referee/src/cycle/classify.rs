//! The classification of every move of a cycle (将, 杀, 捉, 闲 and the kinds of 闲).

use std::collections::HashMap;

use xiangqi::{Color, Move, Position, Role, Square};

use super::answer::standing_at_answer;
use super::board::{Threat, with_turn};
use super::created::{Scene, created, creates_mate};
use super::forcing::{forget, take_cuts};
use super::idle::idle_kind;
use super::mate_threat::{mate_line, threatens_mate};
use super::material::value;
use super::moves1960;
use super::terms::{
    Chase, ExemptChase, Exemption, Grounds, IdleKind, MoveClass, MoveKind, PieceId,
};
use super::threats::threats;
use crate::RuleSet;

/// Follows every piece from the start of the cycle: `ids[sq]` is where the piece now on `sq`
/// stood when the cycle began.
struct Identities([Option<Square>; 90]);

impl Identities {
    fn new(pos: &Position) -> Identities {
        let mut ids = [None; 90];
        for (sq, _) in pos.pieces() {
            ids[sq.index() as usize] = Some(sq);
        }
        Identities(ids)
    }

    fn of(&self, sq: Square) -> PieceId {
        PieceId(self.0[sq.index() as usize].unwrap_or(sq))
    }

    fn play(&mut self, m: Move) {
        let (f, t) = (m.from().index() as usize, m.to().index() as usize);
        self.0[t] = self.0[f].take();
    }
}

/// Classifies every move of `moves` played from `start` (which must be legal in turn).
/// Several turns of the same cycle are classified as one.
pub(crate) fn classify(start: &Position, moves: &[Move], rules: RuleSet) -> Vec<MoveClass> {
    let moves = period(moves);
    // The 1960 set labels with the current book's definitions, changed where its text differs.
    let book1960 = rules == RuleSet::Chinese1960;
    let rules = rules.classifies_as();
    // The cycle is usually played twice: every position's threats and mate threats are
    // computed once (keyed by the position's hash, which includes the side to move).
    forget();
    take_cuts();
    let mut threat_memo: HashMap<u64, Vec<Threat>> = HashMap::new();
    let mut mate_memo: HashMap<(u64, Color), bool> = HashMap::new();
    let mut threats = |pos: &Position, rules: RuleSet| -> Vec<Threat> {
        threat_memo
            .entry(pos.hash())
            .or_insert_with(|| threats(pos, rules))
            .clone()
    };
    // The position before every move, for the threats that stood before a check (26.1.4).
    let mut history = Vec::with_capacity(moves.len());
    let mut walk = start.clone();
    for &m in moves {
        history.push(walk.clone());
        if !walk.is_legal(m) {
            break;
        }
        walk.play_unchecked(m);
    }
    let mut pos = start.clone();
    let mut ids = Identities::new(start);
    let mut out = Vec::with_capacity(moves.len());
    let mut threatened: Vec<Vec<PieceId>> = Vec::with_capacity(moves.len());
    for (ply, &m) in moves.iter().enumerate() {
        let Some(piece) = pos.piece_at(m.from()) else {
            break;
        };
        if !pos.is_legal(m) {
            break;
        }
        let mover = pos.turn();
        let answers_check = pos.is_check();
        let before = threats(&pos, rules);
        threatened.push(before.iter().map(|t| ids.of(t.target)).collect());
        let prior = pos.clone();
        pos.play_unchecked(m);
        let checkers: Vec<Square> = pos.checkers().collect();
        let mut class = MoveClass {
            ply,
            mv: m,
            mover,
            piece,
            checkers: checkers.clone(),
            answers_check,
            mate_threat: false,
            chases: Vec::new(),
            kind: MoveKind::Check,
            search_cut: false,
            grounds: Grounds::Nothing,
            mate: None,
            mate_set_aside: None,
            exempt: Vec::new(),
        };
        if checkers.is_empty() {
            let after_pos = with_turn(&pos, mover);
            if let Some(after_pos) = &after_pos {
                let after = threats(after_pos, rules);
                let lone = rules == RuleSet::Chinese && defends_with_one_piece(&pos, mover);
                let theirs = &history[(ply + history.len() - 1) % history.len()];
                // 2020 art. 26.1.4: another piece's answer to a check creates only what did
                // not stand before the check (the general's answer is 闲 whatever it creates).
                let standing = match with_turn(theirs, mover) {
                    Some(then)
                        if rules == RuleSet::Chinese
                            && answers_check
                            && piece.role != Role::King =>
                    {
                        standing_at_answer(&before, &threats(&then, rules), &prior)
                    }
                    _ => before.clone(),
                };
                // Whether the other side's last move threatened mate (「解杀后形成捉」).
                let under_mate_threat = rules == RuleSet::Chinese
                    && *mate_memo
                        .entry((prior.hash(), !mover))
                        .or_insert_with(|| threatens_mate(&prior, !mover, rules));
                let scene = Scene {
                    theirs,
                    prior: &prior,
                    after: after_pos,
                    under_mate_threat,
                };
                let made = created(&standing, &after, &scene, m, rules);
                for t in made.chases {
                    // 1960 第四节 二(四), 第五节 五: a protected piece is followed, not chased.
                    if book1960 && !moves1960::counts(t.kind) {
                        class.exempt.push(ExemptChase {
                            chase: to_chase(&t, &ids, m),
                            reason: Exemption::Protected,
                        });
                        continue;
                    }
                    // 2020 art. 26.2 (图18, 参考图19): the defending side's one attacking
                    // piece, holding a drawing point, attacks an advisor or elephant: 闲.
                    if lone && matches!(t.target_piece.role, Role::Advisor | Role::Elephant) {
                        class.exempt.push(ExemptChase {
                            chase: to_chase(&t, &ids, m),
                            reason: Exemption::KeyPoint,
                        });
                    } else {
                        class.chases.push(to_chase(&t, &ids, m));
                    }
                }
                if book1960 {
                    let own = moves1960::own_attacks(&prior, &pos, m);
                    class.exempt.extend(own.iter().map(|t| ExemptChase {
                        chase: to_chase(t, &ids, m),
                        reason: Exemption::OwnChase,
                    }));
                }
                class.exempt.extend(made.left.iter().map(|t| ExemptChase {
                    chase: to_chase(t, &ids, m),
                    reason: Exemption::LeftByItsSide,
                }));
                // 2020 art. 26.1.4: a piece other than the general answers a check; what it
                // attacked before and still attacks is 闲, and the report says so.
                if answers_check && piece.role != Role::King {
                    class
                        .exempt
                        .extend(made.stood_by_mover.iter().map(|t| ExemptChase {
                            chase: to_chase(t, &ids, m),
                            reason: Exemption::StoodBeforeCheck,
                        }));
                }
            }
            class.mate_threat = *mate_memo
                .entry((pos.hash(), mover))
                .or_insert_with(|| threatens_mate(&pos, mover, rules));
            // The mating line's first check must be one of these (all if empty).
            let mut firsts = Vec::new();
            if rules == RuleSet::Chinese
                && class.mate_threat
                && answers_check
                && piece.role != Role::King
            {
                // The check was the move before this one (the cycle goes round: before the
                // first move comes the last).
                let before_check = &history[(ply + history.len() - 1) % history.len()];
                firsts = creates_mate(&prior, before_check, &pos, mover);
                if firsts.is_empty() {
                    class.mate_threat = false;
                    class.mate_set_aside = Some(Exemption::StoodBeforeCheck);
                }
            }
            let (kind, grounds) = kind(&class, rules, &prior, &pos);
            class.kind = kind;
            class.grounds = grounds;
            if class.mate_threat && kind == MoveKind::Idle(IdleKind::AnswerCheck) {
                class.mate_set_aside = Some(Exemption::AnswerCheck);
            }
            if class.mate_threat || class.mate_set_aside.is_some() {
                class.mate = mate_line(&pos, mover, rules, &firsts);
            }
        }
        // A search stopped by its node budget (the threats before the move are counted with
        // it: they decide what the move created).
        class.search_cut = take_cuts() > 0;
        ids.play(m);
        out.push(class);
    }
    // AXF terms, 长捉: a chase is perpetual only if the other side answers it, moving the piece
    // away or resolving the attack (appendix: a rook that keeps attacking a cannon which
    // neither escapes nor seeks protection does not chase perpetually). A chase still standing
    // when the chaser is next to move was not answered.
    let n = out.len();
    if n == moves.len() && n >= 2 {
        for i in 0..n {
            let next = &threatened[(i + 2) % n];
            for chase in &mut out[i].chases {
                chase.answered = !next.contains(&chase.target_id);
            }
        }
    }
    out
}

/// The side's pieces able to attack across the river (rooks, horses, cannons and crossed
/// pawns), with their worth (the book's values, a crossed pawn at its least).
fn attackers_of(pos: &Position, side: Color) -> (usize, i32) {
    pos.pieces()
        .filter(|(sq, p)| {
            p.color == side
                && match p.role {
                    Role::Rook | Role::Horse | Role::Cannon => true,
                    Role::Pawn => !sq.is_home_half(side),
                    _ => false,
                }
        })
        .fold((0, 0), |(n, v), (sq, p)| (n + 1, v + value(p, sq).0))
}

/// 2020 art. 26.2: 「守和方只有一个进攻子时，占据守和要点，附带产生的捉士象按“闲”处理」. The
/// defending side (守和方) is read as the side whose attacking force is the smaller one; it
/// has one attacking piece left. Which points are "key drawing points" the article does not
/// define; any point the lone piece stands on is taken as one — the exemption covers only
/// advisors and elephants, so only those chases are dropped. A side with one attacking piece
/// that is not the weaker one chases advisors and elephants like anything else.
fn defends_with_one_piece(pos: &Position, side: Color) -> bool {
    let (n, mine) = attackers_of(pos, side);
    let (_, theirs) = attackers_of(pos, !side);
    n == 1 && mine < theirs
}

fn to_chase(t: &Threat, ids: &Identities, m: Move) -> Chase {
    // Attackers may be the moved piece: its identity is that of its origin square.
    let attacker_id = if t.attacker == m.to() {
        ids.of(m.from())
    } else {
        ids.of(t.attacker)
    };
    Chase {
        attacker: t.attacker,
        attacker_piece: t.attacker_piece,
        attacker_id,
        target: t.target,
        target_piece: t.target_piece,
        target_id: ids.of(t.target),
        kind: t.kind,
        answered: true,
    }
}

/// The move's ruling class.
///
/// * Chinese: the heaviest effect decides (2020 art. 26.4: 杀 over 捉 over the 闲 kinds;
///   参考图23, 24, 26; 1999 通则 4). A general's move that answers a check is 闲 whatever it
///   creates (2020 art. 26.1.2–26.1.3, 图17, 参考图18).
/// * Asian: a move with two readings is judged by the one that is a violation (AXF
///   section 2, as summarised by the referee committee): a chase outweighs a mate threat,
///   which is never a violation (rule 9).
fn kind(
    class: &MoveClass,
    rules: RuleSet,
    before: &Position,
    after: &Position,
) -> (MoveKind, Grounds) {
    let chases = !class.chases.is_empty();
    let kind = match rules {
        RuleSet::Chinese if class.answers_check && class.piece.role == Role::King => {
            MoveKind::Idle(IdleKind::AnswerCheck)
        }
        RuleSet::Chinese if class.mate_threat => MoveKind::MateThreat,
        RuleSet::Asian if chases => MoveKind::Chase,
        RuleSet::Asian if class.mate_threat => MoveKind::MateThreat,
        _ if chases => MoveKind::Chase,
        _ => {
            let (idle, grounds) = idle_kind(class.mv, class.mover, before, after);
            return (MoveKind::Idle(idle), grounds);
        }
    };
    (kind, Grounds::Nothing)
}

/// The shortest prefix of which `moves` is a repetition.
fn period(moves: &[Move]) -> &[Move] {
    let n = moves.len();
    for p in 1..n {
        if n.is_multiple_of(p) && moves.iter().enumerate().all(|(i, m)| *m == moves[i % p]) {
            return &moves[..p];
        }
    }
    moves
}
