//! What a move created (捉 is a threat *created by the move just played*: 2020 art. 24.3 「凡
//! 走子后…」, 图5; 1999 art. 29.2 「“捉”产生于刚走的这着棋，上一着尚不存在」): the threats of
//! the position after the move, less those that stood before it.

use xiangqi::{Color, Move, Position, Role, Square};

use super::board::{Threat, between, old_captures, with_turn};
use super::held::{holds, pins};
use super::mate::mates_by_checks_except;
use super::mate_threat::mating_checks;
use super::material::{capture_gain, strength};
use super::own_check::left_by_its_check;
use super::protection::has_true_root;
use super::restored::result_changed;
use super::screen::guards_screen;
use super::terms::ChaseKind;
use crate::RuleSet;

/// How an after-move threat relates to the threats before the move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    /// It did, its result changed, but the target's own side left it so and the moved piece
    /// takes no part: not the chaser's doing (counted as one that stood).
    LeftByItsSide,
    /// That attacker did not threaten that piece before.
    New,
    /// It did, but only now does taking win (see [`result_changed`]), or only now without a
    /// line of checks: the move changed the threat's result.
    Renewed,
    /// It did, with the same result: the threat stood.
    Stood,
}

/// The threats of `after` (the side that moved to move again) that the move `m` created,
/// one per chased piece. `before`: the threats of the position before the move (`prior`);
/// `theirs`: the position before the other side's last move.
///
/// A piece is chased when some attacker threatens it that did not before (the moved piece
/// keeps its identity: it stood on the move's origin), or one that did but whose capture only
/// now wins — such a chase is a joint one, the light level (26.9.2–26.9.3) — unless its own
/// side's last move left it so (`left_by_its_side`) and the moved piece takes no part in the
/// capture (`takes_part`: it only saved itself). A piece that one
/// attacker threatened before and still threatens with the same result is not chased by the
/// move, whatever other attacker the move adds: the piece was already lost, and the move
/// changed nothing of it (图5's 「吃士的结果没有发生变化」). Of several attackers of one piece
/// the heaviest reading is kept (ties: the moved piece, then the weakest attacker), so that
/// which one is named does not depend on the order the board is read in.
pub(crate) fn created(
    before: &[Threat],
    after: &[Threat],
    scene: &Scene,
    m: Move,
    rules: RuleSet,
) -> Created {
    let judged: Vec<(Threat, Status)> = after
        .iter()
        .map(|t| status(t, before, scene, m, rules))
        .collect();
    one_per_target(&judged, m)
}

/// How the after-move threat `t` relates to the threats `before` the move `m`, and the threat
/// as the move made it (a renewed one may become a joint chase).
#[inline]
fn status(
    t: &Threat,
    before: &[Threat],
    scene: &Scene,
    m: Move,
    rules: RuleSet,
) -> (Threat, Status) {
    let Scene {
        theirs,
        prior,
        after: after_pos,
        under_mate_threat,
    } = *scene;
    let from = if t.attacker == m.to() {
        m.from()
    } else {
        t.attacker
    };
    let stood = before
        .iter()
        .find(|b| b.target == t.target && b.attacker == from);
    // Before, only a line of checks won it; now the capture itself does: the move took
    // away what made the direct capture fail (a root made of checks, 2020 图8: the
    // general's step back).
    let direct_now = stood.is_some_and(|b| b.kind.by_checks() && !t.kind.by_checks());
    // A capture that its own side's check left paying (unrooted, uncovered, or its root
    // pinned) is not the answer's, whether it was not there before or only a line of checks
    // won it (2020 参考图19, 26.1.4).
    let left_by_check = || rules == RuleSet::Chinese && unrooted_by_its_check(scene, t, m);
    match stood {
        None if left_by_check() => (*t, Status::LeftByItsSide),
        None if left_in_pair(scene, t, m, from) => (*t, Status::LeftByItsSide),
        None => (*t, Status::New),
        Some(_) if direct_now && left_by_check() => (*t, Status::LeftByItsSide),
        Some(_) if direct_now => (*t, Status::Renewed),
        Some(_)
            if under_mate_threat
                && !t.kind.by_checks()
                && parries_mate(prior, after_pos, from, t) =>
        {
            (*t, Status::Renewed)
        }
        Some(_)
            if rules == RuleSet::Chinese
                && !t.kind.by_checks()
                && let Some(restored) =
                    result_changed(theirs, prior, after_pos, from, t, m.from()) =>
        {
            result_changed_status(t, scene, m, from, restored)
        }
        Some(_) => (*t, Status::Stood),
    }
}

/// The status of a threat that stood before the move `m` with another result (see
/// [`result_changed`]; `restored`: the capture won before the other side's last move).
fn result_changed_status(
    t: &Threat,
    scene: &Scene,
    m: Move,
    from: Square,
    restored: bool,
) -> (Threat, Status) {
    let after_pos = scene.after;
    let part = takes_part(after_pos, t, m.to());
    if !part && left_by_its_side(scene.theirs, scene.prior, from, t.target) {
        return (*t, Status::LeftByItsSide);
    }
    if restored
        && !part
        && !holds(after_pos, m.to(), t.target)
        && !guards_screen(after_pos, t, m.to())
    {
        // The capture won before the other side's last move, which only made
        // it even by attacking a piece of the mover's (各吃各子, 26.5); the
        // mover's step out of that attack restores what stood: no chase of
        // the move (2020 参考图37, against 参考图23 and 参考图49) — unless the
        // step also adds to the capture: it holds the target where it stands,
        // or guards the cannon's screen (参考图39, 联合捉).
        return (*t, Status::Stood);
    }
    // A joint chase, the light level (26.9.2–26.9.3, 图11, 图28), unless
    // the moved piece only holds the target where it stands, taking no
    // part in the capture: the chase is then the capture's own (2020
    // 参考图49: the horse's steps, which keep the unprotected cannon from
    // leaving its line, are 「长捉无根子」) — or guards the cannon's screen
    // against the target (参考图39, see `screen`).
    let kind = if holds(after_pos, m.to(), t.target)
        && !joins_capture(after_pos, t, m.to())
        && !needed_for_capture(after_pos, t, m.to())
        && !guards_screen(after_pos, t, m.to())
    {
        t.kind
    } else {
        ChaseKind::Outnumbered
    };
    (Threat { kind, ..*t }, Status::Renewed)
}

/// The judged threats sorted as [`Created`] reports them: a piece is chased only if no threat
/// on it stood; one chase per piece, the heaviest reading; the moved piece's threats that
/// stood, and those its own side left so, one per target.
fn one_per_target(judged: &[(Threat, Status)], m: Move) -> Created {
    let stood = |s: Status| matches!(s, Status::Stood | Status::LeftByItsSide);
    let mut out: Vec<Threat> = Vec::new();
    let mut left: Vec<Threat> = Vec::new();
    // The moved piece's threats that stood with the same result, one per target.
    let mut stood_by_mover: Vec<Threat> = Vec::new();
    for (t, status) in judged {
        if *status == Status::Stood
            && t.attacker == m.to()
            && !stood_by_mover.iter().any(|o| o.target == t.target)
        {
            stood_by_mover.push(*t);
        }
        if *status == Status::LeftByItsSide
            && !judged
                .iter()
                .any(|(o, s)| o.target == t.target && *s == Status::Stood)
            && !left.iter().any(|o| o.target == t.target)
        {
            left.push(*t);
        }
        if stood(*status)
            || judged
                .iter()
                .any(|(o, s)| o.target == t.target && stood(*s))
        {
            continue;
        }
        match out.iter_mut().find(|o| o.target == t.target) {
            Some(o) if rank(t, m) > rank(o, m) => *o = *t,
            Some(_) => {}
            None => out.push(*t),
        }
    }
    Created {
        chases: out,
        left,
        stood_by_mover,
    }
}

/// The positions around a move that [`created`] compares.
#[derive(Clone, Copy)]
pub(crate) struct Scene<'a> {
    /// The position before the other side's last move.
    pub(crate) theirs: &'a Position,
    /// The position before the move.
    pub(crate) prior: &'a Position,
    /// The position after the move, the mover to move again.
    pub(crate) after: &'a Position,
    /// Whether the other side's last move threatened mate (杀) and a capture the move's
    /// parrying of it makes pay is the move's chase (see [`parries_mate`]).
    pub(crate) under_mate_threat: bool,
}

/// Whether a capture that stood before the move pays only now because the move parried a mate
/// threat: before it, the capture let the opponent mate by checks; after it, no longer. The
/// chase is the move's (「解杀后形成捉」, 2020 参考图35: 车4平6 parries the horse's mate
/// threat, and the cannon's capture of the rook, there all along, becomes a chase).
fn parries_mate(prior: &Position, after: &Position, origin: Square, t: &Threat) -> bool {
    let was = Move::new(origin, t.target);
    let now = Move::new(t.attacker, t.target);
    let mated_after = |pos: &Position, cap: Move| {
        let mut p = pos.clone();
        p.play_unchecked(cap);
        mates_by_checks_except(&mut p, &[])
    };
    prior.is_legal(was)
        && after.is_legal(now)
        && mated_after(prior, was)
        && !mated_after(after, now)
}

/// The threats a move created ([`created`]).
pub(crate) struct Created {
    /// The chases, one per chased piece.
    pub(crate) chases: Vec<Threat>,
    /// Threats whose result the move changed but whose target its own side's last move left
    /// so (2020 参考图21): no chases, for the report (one per target).
    pub(crate) left: Vec<Threat>,
    /// Threats of the moved piece that stood before the move with the same result: no
    /// chases; for the report of an answer to a check (2020 art. 26.1.4: 「如应将前已经存在，
    /// 则为“闲”」).
    pub(crate) stood_by_mover: Vec<Threat>,
}

/// Which of two threats on one piece names the chase: the heavier kind, then the moved
/// piece's, then the weaker attacker's.
fn rank(t: &Threat, m: Move) -> (u8, bool, std::cmp::Reverse<u8>) {
    (
        t.kind.weight(),
        t.attacker == m.to(),
        std::cmp::Reverse(strength(t.attacker_piece.role)),
    )
}

/// Whether the piece the move brought to `moved` takes part in the capture `t`: it makes
/// the capture, or without it the capture would not be possible or would not win (it is the
/// cannon's screen, it pins a root, it guards the capturer: 联合捉, 2020 图28 车炮联合捉子).
fn takes_part(after: &Position, t: &Threat, moved: Square) -> bool {
    takes_part_on_board(after, t, moved) || needed_for_capture(after, t, moved)
}

/// Whether without the piece on `moved` the capture `t` would not be possible or would not
/// win (it pins a root, it blocks a recapture …).
fn needed_for_capture(after: &Position, t: &Threat, moved: Square) -> bool {
    let chaser = after.turn();
    let mut setup = after.to_setup();
    setup.board[moved.index() as usize] = None;
    let Ok(mut without) = Position::from_setup(setup) else {
        // Without it the position is not one the rules allow (it stood between the generals,
        // or shielded its side's general from a check): no part of the capture.
        return false;
    };
    let now = Move::new(t.attacker, t.target);
    let old = old_captures(with_turn(&without, !chaser).as_ref());
    !without.is_legal(now) || capture_gain(&mut without, now, chaser, &old) <= 0
}

/// Whether the new threat `t` (its attacker's origin `from`) is on a piece of the attacker's
/// kind that its own side's last move left capturable without a real root, the move `m`
/// taking no part in the capture: the pair stood in an offer of exchange (24.4, `offer`), so
/// the capture was no threat before, and it is one now only because the move keeps the
/// partner from accepting (a mate threat it would walk into, a pin). The chased state is
/// still the target side's own doing (2020 参考图21, 「自己造成的」): no chase of the move.
fn left_in_pair(scene: &Scene, t: &Threat, m: Move, from: Square) -> bool {
    t.attacker_piece.role == t.target_piece.role
        && !takes_part(scene.after, t, m.to())
        && left_by_its_side(scene.theirs, scene.prior, from, t.target)
}

/// Whether the piece on `target` was left capturable without a real root by its own side's
/// last move (from `theirs`, the position before that move, to `prior`), the attacker on
/// `attacker` standing where it stood: its capture is not the chaser's doing (2020 参考图21:
/// a chased state created by the victim's own side is not the attacker's 捉).
fn left_by_its_side(theirs: &Position, prior: &Position, attacker: Square, target: Square) -> bool {
    let chaser = prior.turn();
    let open = |p: &Position| {
        let cap = Move::new(attacker, target);
        p.is_legal(cap) && {
            let mut q = p.clone();
            q.play_unchecked(cap);
            !has_true_root(&q, target)
        }
    };
    open(prior) && with_turn(theirs, chaser).is_some_and(|p| !open(&p))
}

/// Whether the threat `t`, new after the answer to a check, is on a piece that the check itself
/// left capturable — it carried away the piece's root, or uncovered the attack
/// (`own_check::left_by_its_check`) — and the answering piece (the move `answer`) takes no
/// part in the capture: it only made the capture legal by answering the check. The chased
/// state is the target side's own doing (「自己造成的被捉状态」, 2020 参考图19: 车三平五 checks
/// and leaves its cannon g1 unprotected; the advisor's block lets the rook h1 take it, and the
/// book prints 闲).
fn unrooted_by_its_check(scene: &Scene, t: &Threat, answer: Move) -> bool {
    t.attacker != answer.to()
        && !takes_part_on_board(scene.after, t, answer.to())
        && left_by_its_check(scene.theirs, scene.prior, scene.after, t, answer)
}

/// Whether the piece on `moved` takes part in the capture `t` by where it stands: it makes the
/// capture, it is the cannon's screen, it guards the square the capturer lands on, or it pins
/// the target to its general, so that the target cannot leave its line (2020 参考图49:
/// 「进马退马均使黑方四路炮不能离线，为长捉无根子」).
fn takes_part_on_board(after: &Position, t: &Threat, moved: Square) -> bool {
    joins_capture(after, t, moved) || pins(after, moved, t.target)
}

/// Whether the piece on `moved` joins the capture `t` itself: it makes it, it is the cannon's
/// screen, or it guards the square the capturer lands on.
fn joins_capture(after: &Position, t: &Threat, moved: Square) -> bool {
    t.attacker == moved
        || (t.attacker_piece.role == Role::Cannon && between(t.attacker, t.target, moved))
        || after
            .attackers(t.target, after.turn())
            .any(|sq| sq == moved)
}

/// 2020 art. 26.1.4, the half on 杀 (「走动其他子应将产生的…“杀”，如应将前不存在，按…“杀”
/// 处理；如应将前已经存在，则为“闲”」): a piece other than the general answers a check and
/// the mover then threatens mate. The threat is the answer's only if a mate it threatens
/// begins with a check that did not mate before the answer — neither in the position before
/// the answer (`prior`, the mover in check) nor in the one before the check was given
/// (`before_check`, the mover's threats as they stood). A mate threat that stood before the
/// check and survives the answer is 闲; 2020 图19: 炮2平4 answers the check and adds the mate
/// 马退6, which is new: 杀.
/// Returns the mating checks that are new (empty: the threat stood).
pub(crate) fn creates_mate(
    prior: &Position,
    before_check: &Position,
    after: &Position,
    mover: Color,
) -> Vec<Move> {
    let mut old = mating_checks(prior, mover);
    old.extend(mating_checks(before_check, mover));
    let mut new = mating_checks(after, mover);
    new.retain(|c| !old.contains(c));
    new
}
