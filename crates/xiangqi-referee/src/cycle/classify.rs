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
    forget();
    take_cuts();
    let mut cycle = Classifier {
        // The 1960 set labels with the current book's definitions, changed where its text
        // differs.
        book1960: rules == RuleSet::Chinese1960,
        rules: rules.classifies_as(),
        history: positions_before(start, moves),
        memo: Memo::new(rules),
    };
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
        let before = cycle.memo.threats(&pos);
        threatened.push(before.iter().map(|t| ids.of(t.target)).collect());
        let prior = pos.clone();
        pos.play_unchecked(m);
        let checkers: Vec<Square> = pos.checkers().collect();
        let mut class = MoveClass::played(ply, m, mover, piece, checkers, answers_check);
        if class.checkers.is_empty() {
            if let Some(after) = with_turn(&pos, mover) {
                cycle.add_created(&mut class, &prior, &pos, &after, before, &ids);
            }
            cycle.add_mate_threat_and_kind(&mut class, &prior, &pos);
        }
        // A search stopped by its node budget (the threats before the move are counted with
        // it: they decide what the move created).
        class.search_cut = take_cuts() > 0;
        ids.play(m);
        out.push(class);
    }
    if out.len() == moves.len() {
        mark_answered(&mut out, &threatened);
    }
    out
}

/// The position before every move, for the threats that stood before a check (26.1.4).
fn positions_before(start: &Position, moves: &[Move]) -> Vec<Position> {
    let mut history = Vec::with_capacity(moves.len());
    let mut walk = start.clone();
    for &m in moves {
        history.push(walk.clone());
        if !walk.is_legal(m) {
            break;
        }
        walk.play_unchecked(m);
    }
    history
}

/// AXF terms, 长捉: a chase is perpetual only if the other side answers it, moving the piece
/// away or resolving the attack (appendix: a rook that keeps attacking a cannon which neither
/// escapes nor seeks protection does not chase perpetually). A chase still standing when the
/// chaser is next to move was not answered. `threatened[i]`: the pieces under threat before
/// the cycle's move `i`, the whole cycle classified.
fn mark_answered(out: &mut [MoveClass], threatened: &[Vec<PieceId>]) {
    let n = out.len();
    if n < 2 {
        return;
    }
    for i in 0..n {
        let next = &threatened[(i + 2) % n];
        for chase in &mut out[i].chases {
            chase.answered = !next.contains(&chase.target_id);
        }
    }
}

/// The cycle is usually played twice: every position's threats and mate threats are computed
/// once (keyed by the position's hash, which includes the side to move).
struct Memo {
    /// The rule set the threats and mates are read by: the classification's
    /// ([`RuleSet::classifies_as`]), but the 1960 book's own where its text differs from the
    /// current one on what is offered in exchange (`offer`: 兑 is 「一对一的交换」).
    rules: RuleSet,
    threats: HashMap<u64, Vec<Threat>>,
    mates: HashMap<(u64, Color), bool>,
}

impl Memo {
    fn new(rules: RuleSet) -> Memo {
        Memo {
            rules: match rules {
                RuleSet::Chinese1960 => rules,
                _ => rules.classifies_as(),
            },
            threats: HashMap::new(),
            mates: HashMap::new(),
        }
    }

    fn threats(&mut self, pos: &Position) -> Vec<Threat> {
        let rules = self.rules;
        self.threats
            .entry(pos.hash())
            .or_insert_with(|| threats(pos, rules))
            .clone()
    }

    fn threatens_mate(&mut self, pos: &Position, side: Color) -> bool {
        let rules = self.rules;
        *self
            .mates
            .entry((pos.hash(), side))
            .or_insert_with(|| threatens_mate(pos, side, rules))
    }
}

/// What the classification of one cycle keeps from move to move.
struct Classifier {
    /// The rule set whose definitions label the moves.
    rules: RuleSet,
    /// Whether the 1960 book's changes apply to those definitions.
    book1960: bool,
    /// The position before every move of the cycle.
    history: Vec<Position>,
    memo: Memo,
}

impl Classifier {
    /// Records what a move that gives no check creates (2020 art. 24.4, 26): the pieces it
    /// chases, and the attacks the books exempt with the reason. `after`: the position after
    /// the move, its mover to move again; `before`: the threats that stood before it.
    fn add_created(
        &mut self,
        class: &mut MoveClass,
        prior: &Position,
        pos: &Position,
        after: &Position,
        before: Vec<Threat>,
        ids: &Identities,
    ) {
        let (rules, mover, piece, m) = (self.rules, class.mover, class.piece, class.mv);
        let now = self.memo.threats(after);
        let lone = rules == RuleSet::Chinese && defends_with_one_piece(pos, mover);
        let n = self.history.len();
        let theirs = &self.history[(class.ply + n - 1) % n];
        // 2020 art. 26.1.4: another piece's answer to a check creates only what did
        // not stand before the check (the general's answer is 闲 whatever it creates).
        let standing = match with_turn(theirs, mover) {
            Some(then)
                if rules == RuleSet::Chinese && class.answers_check && piece.role != Role::King =>
            {
                standing_at_answer(&before, &self.memo.threats(&then), prior)
            }
            _ => before,
        };
        // Whether the other side's last move threatened mate (「解杀后形成捉」), the capture a
        // parry frees being the parry's chase. The 2020 book exempts the general's step only
        // when it answers a check (26.1.2–26.1.3); after any other step of the general, what
        // other pieces newly win is 捉 (26.1.1: 「走动帅(将)…后其他子产生新的“捉”，按“捉”处理」),
        // its step out of a mate threat included. The 1960 book has no such article, and its
        // 图五 lets the general dodge the horse's mate threat as a plain move (「黑将躲避后，红方
        // 第三招仍旧“要杀”，红方不变作败论」) although the dodge frees the elephant's capture
        // of the rook (a capture that stood, walking into the mate): under its rules that
        // capture is no chase of the general's step.
        let generals_dodge = self.book1960 && piece.role == Role::King;
        let under_mate_threat =
            rules == RuleSet::Chinese && !generals_dodge && self.memo.threatens_mate(prior, !mover);
        let scene = Scene {
            theirs,
            prior,
            after,
            under_mate_threat,
        };
        let made = created(&standing, &now, &scene, m, rules);
        for t in made.chases {
            // 1960 第四节 二(四), 第五节 五: a protected piece is followed, not chased.
            if self.book1960 && !moves1960::counts(t.kind) {
                class.exempt.push(ExemptChase {
                    chase: to_chase(&t, ids, m),
                    reason: Exemption::Protected,
                });
                continue;
            }
            // 2020 art. 26.2 (图18, 参考图19): the defending side's one attacking
            // piece, holding a drawing point, attacks an advisor or elephant: 闲.
            if lone && matches!(t.target_piece.role, Role::Advisor | Role::Elephant) {
                class.exempt.push(ExemptChase {
                    chase: to_chase(&t, ids, m),
                    reason: Exemption::KeyPoint,
                });
            } else {
                class.chases.push(to_chase(&t, ids, m));
            }
        }
        if self.book1960 {
            let own = moves1960::own_attacks(prior, pos, m);
            exempt(class, &own, ids, Exemption::OwnChase);
        }
        exempt(class, &made.left, ids, Exemption::LeftByItsSide);
        // 2020 art. 26.1.4: a piece other than the general answers a check; what it
        // attacked before and still attacks is 闲, and the report says so.
        if class.answers_check && piece.role != Role::King {
            exempt(
                class,
                &made.stood_by_mover,
                ids,
                Exemption::StoodBeforeCheck,
            );
        }
    }

    /// Whether a move that gives no check threatens mate (杀, 2020 art. 24.2), set aside where
    /// the book says so (26.1.4), and the move's class with what it rests on.
    fn add_mate_threat_and_kind(
        &mut self,
        class: &mut MoveClass,
        prior: &Position,
        pos: &Position,
    ) {
        let (rules, mover) = (self.rules, class.mover);
        // 24.2 judges the position the move leaves, a mate the mover already had included (the
        // decision in `mate_threat`); only an answer to a check is set against what stood.
        class.mate_threat = self.memo.threatens_mate(pos, mover);
        // The mating line's first check must be one of these (all if empty).
        let mut firsts = Vec::new();
        if rules == RuleSet::Chinese
            && class.mate_threat
            && class.answers_check
            && class.piece.role != Role::King
        {
            // The check was the move before this one (the cycle goes round: before the
            // first move comes the last).
            let n = self.history.len();
            let before_check = &self.history[(class.ply + n - 1) % n];
            firsts = creates_mate(prior, before_check, pos, mover);
            if firsts.is_empty() {
                class.mate_threat = false;
                class.mate_set_aside = Some(Exemption::StoodBeforeCheck);
            }
        }
        let (kind, grounds) = kind(class, (rules, self.memo.rules), prior, pos);
        class.kind = kind;
        class.grounds = grounds;
        if class.mate_threat && kind == MoveKind::Idle(IdleKind::AnswerCheck) {
            class.mate_set_aside = Some(Exemption::AnswerCheck);
        }
        if class.mate_threat || class.mate_set_aside.is_some() {
            class.mate = mate_line(pos, mover, self.memo.rules, &firsts);
        }
    }
}

/// Records the attacks `threats` of the move in `class` as exempt for `reason`.
fn exempt(class: &mut MoveClass, threats: &[Threat], ids: &Identities, reason: Exemption) {
    let m = class.mv;
    class.exempt.extend(threats.iter().map(|t| ExemptChase {
        chase: to_chase(t, ids, m),
        reason,
    }));
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
///   图20, 参考图23; 1999 通则 4). A general's move that answers a check is 闲 whatever it
///   creates (2020 art. 26.1.2–26.1.3, 图17).
/// * Asian: a move with two readings is judged by the one that is a violation (AXF
///   section 2, as summarised by the referee committee): a chase outweighs a mate threat,
///   which is never a violation (rule 9).
fn kind(
    class: &MoveClass,
    (rules, offers): (RuleSet, RuleSet),
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
            let (idle, grounds) = idle_kind(class.mv, (class.mover, offers), before, after);
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
