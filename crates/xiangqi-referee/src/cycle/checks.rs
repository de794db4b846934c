//! Material won by checks: lines of checks that end in a winning capture (抽, 2020 art.
//! 24.3: 「从下一着开始运用将军或连续“将军”得子」). The article counts no checks, so neither
//! does the search: it deepens one check at a time until a line wins or no line was stopped
//! by the depth (checks run out, or a line comes back to a position it has passed through),
//! with the node budget of `bounds` as the only other stop.

use std::collections::HashMap;

use xiangqi::{Color, Move, Piece, Position, Role, Square};

use super::board::Threat;
use super::bounds::bounds;
use super::forcing::count_cut;
use super::joint_checks::{first_check_pieces, joint_if_shared};
use super::line_checks::forcing_checks;
use super::line_end::{answer_counter_check, best_capture};
use super::mate_threat::threatens_mate_at_once;
use super::material::{MATE, gain};

/// 2020 art. 24.3 (图2, 图3, 图9, 图16, 图24; 参考图29): material won by a check or
/// consecutive checks followed, whatever the replies, by a winning capture — including a
/// discovered check that uncovers a capture (抽) and a check that gives a piece up (图24: 兵七
/// 平六, the pawn given up with check so that the rook falls). Checks that mate belong to 杀.
/// `offers`: the captures of pieces offered a fair exchange by the capturer (`offer`), no
/// threat. `judged`: pieces whose capture is judged directly (a chase, or the exchange
/// offered); a line that may end by winning one of them is judged as that capture says, and
/// adds nothing (2020 图21: the rook's return, whose line 炮×象 … wins the horse offered the
/// exchange or, as much, an advisor, is 兑). `standing`: the captures that won before the
/// first check; one of them at the end of a line, by the same piece from the same square, is
/// not what the line wins (24.3 「从下一着开始运用将军…得子」: the checks must bring the gain).
/// A line that, those captures left out, still wins as much against every answer wins its
/// own pieces (2020 图2 「进马伏下一步卧槽“将军”弃马得车」 whatever else already hangs); one
/// that then wins less, or only against some answers, adds nothing beside what stood.
pub(super) fn check_lines(
    pos: &mut Position,
    offers: &[Move],
    judged: &[Square],
    standing: &[Move],
) -> Vec<Threat> {
    let stood: Vec<(Move, Piece)> = standing
        .iter()
        .filter_map(|&m| pos.piece_at(m.from()).map(|p| (m, p)))
        .collect();
    let mut out = Vec::new();
    // What the lines from each first check find again: shared by the searches of this call,
    // the ends apart for the searches that leave the standing captures out.
    let mut seen = [Seen::default(), Seen::default()];
    let moves = pos.legal_moves();
    for &c in moves.iter() {
        if !pos.gives_check(c) || offers.contains(&c) {
            continue;
        }
        let Some((value, mut won)) = deepen(pos, c, (offers, &[]), &mut seen[0]) else {
            continue;
        };
        // The line may end on a capture that stood: the checks win a piece of their own only
        // if, those captures left out, they still win as much against every answer.
        if won
            .iter()
            .any(|t| stood.contains(&(Move::new(t.attacker, t.target), t.attacker_piece)))
        {
            match deepen(pos, c, (offers, &stood), &mut seen[1]) {
                Some((again, by_checks)) if again == value => won = by_checks,
                _ => continue,
            }
        }
        if won.iter().any(|t| judged.contains(&t.target)) {
            continue;
        }
        let partners = first_check_pieces(pos, c);
        out.extend(
            won.into_iter()
                .filter(|t| pos.piece_at(t.target) == Some(t.target_piece))
                .map(|t| joint_if_shared(t, &partners)),
        );
    }
    out
}

/// What a line of checks from the check `c` nets against every answer and the pieces it wins,
/// deepening one check at a time (`None`: no line wins, or only a mate). `stood`: captures
/// left out at the end of a line (each with the piece that made it); `seen`: what searches with
/// the same `offers` and `stood` found already.
fn deepen(
    pos: &mut Position,
    c: Move,
    (offers, stood): (&[Move], &[(Move, Piece)]),
    seen: &mut Seen,
) -> Option<(i32, Vec<Threat>)> {
    let mut line = Line {
        chaser: pos.turn(),
        offers,
        stood,
        landed: Vec::new(),
        nodes: 0,
        budget: bounds().node_budget,
        out_of_budget: false,
        cut: false,
        path: vec![pos.hash()],
        seen,
    };
    for depth in 1..=u8::MAX {
        line.cut = false;
        let (value, won) = line.after_check(pos, c, depth);
        if value > 0 && value < MATE / 2 {
            return Some((value, won));
        }
        if line.out_of_budget {
            count_cut();
            return None;
        }
        // No line stopped by the depth: every line ended (no check left, or a position
        // of the line repeated).
        if !line.cut || value >= MATE / 2 {
            return None;
        }
        // Lines longer than the deepest the search plays (`u8` checks): not proven, and
        // the move says so, as at the budget.
        if depth == u8::MAX {
            count_cut();
        }
    }
    None
}

/// One search of lines of checks from a first check.
struct Line<'a> {
    chaser: Color,
    /// Captures of pieces offered a fair exchange by the capturer: no threat (`offer`).
    offers: &'a [Move],
    /// Captures that stood before the first check, with their capturer: not the line's.
    stood: &'a [(Move, Piece)],
    /// The squares the chaser's checks of the line so far moved a piece to.
    landed: Vec<Square>,
    nodes: u32,
    budget: u32,
    out_of_budget: bool,
    /// Some line was stopped by the depth: a deeper search may win more.
    cut: bool,
    /// The positions of the line so far, the chaser to move.
    path: Vec<u64>,
    seen: &'a mut Seen,
}

/// What the searches of lines already found, valid for given `offers` and `stood`. Each deeper
/// round of a search, and the search from each other first check, meets the same positions
/// again; finding a line's last capture (its exchange played out, a mate looked for) and the
/// checks that go on from a position is most of the work. Neither depends on how the position
/// was reached, but for the squares the line's checks landed on (`Line::landed`).
#[derive(Default)]
struct Seen {
    /// The last capture, by position and the squares in `landed`.
    ends: HashMap<(u64, u128), (i32, Vec<Threat>)>,
    /// The forcing checks, by position.
    checks: HashMap<u64, Vec<Move>>,
}

/// An answer to a check, searched: the evasion, what it takes, whether it parries the check by
/// interposing or capturing (not a step of the general), and the pieces the line then wins.
struct Answer {
    evasion: Move,
    lost: i32,
    parries: bool,
    threats: Vec<Threat>,
}

/// Captures first, then the general's steps: those most often refute a line, and the first
/// refutation ends the search.
#[inline]
fn refutations_first(pos: &Position, evasions: &mut [Move]) {
    evasions.sort_by_key(|e| {
        if pos.piece_at(e.to()).is_some() {
            0
        } else if e.from() == pos.king(pos.turn()) {
            1
        } else {
            2
        }
    });
}

impl Line<'_> {
    /// The chaser's net gain from the check `c` (at most `depth` checks from here), every
    /// evasion answered by the best continuation, and the pieces it wins (on their squares
    /// before the check).
    fn after_check(&mut self, pos: &mut Position, c: Move, depth: u8) -> (i32, Vec<Threat>) {
        let chaser = self.chaser;
        self.nodes += 1;
        if self.nodes > self.budget {
            self.out_of_budget = true;
            return (0, Vec::new());
        }
        let first = pos
            .piece_at(c.to())
            .map_or(0, |v| gain(v, c.to(), chaser, chaser));
        let undo = pos.play_unchecked(c);
        let mut evasions: Vec<Move> = pos.legal_moves().iter().copied().collect();
        if evasions.is_empty() {
            pos.undo(c, undo);
            return (MATE, Vec::new());
        }
        refutations_first(pos, &mut evasions);
        let (mut worst, answers) = self.answers(pos, c, &evasions, first, depth);
        let mut won: Vec<Threat> = Vec::new();
        if worst > 0 && !self.out_of_budget {
            worst = self.won_against(pos, answers, first, worst, &mut won);
        }
        pos.undo(c, undo);
        // Each piece named where it stands now: the target, and the attacker that takes it in
        // the end (it may be the piece giving this check), so that a threat keeps its
        // attacker's identity from one position to the next (`created`).
        for t in &mut won {
            if t.target == c.to() {
                t.target = c.from();
            }
            if t.attacker == c.to() {
                t.attacker = c.from();
            }
        }
        (worst, won)
    }

    /// The worst the check `c` (winning `first`) comes to for the chaser over the
    /// `evasions`, each answered by the best continuation, until one refutes it; and each
    /// answer searched before that, with the pieces the line then wins. Interpositions and
    /// captures that parry the check are marked: the costlier mate test ([`Line::won_against`])
    /// is needed only if the line wins against every answer.
    #[inline]
    fn answers(
        &mut self,
        pos: &mut Position,
        c: Move,
        evasions: &[Move],
        first: i32,
        depth: u8,
    ) -> (i32, Vec<Answer>) {
        let chaser = self.chaser;
        let mut worst = i32::MAX;
        let mut answers: Vec<Answer> = Vec::new();
        for &e in evasions {
            let lost = pos
                .piece_at(e.to())
                .map_or(0, |v| gain(v, e.to(), !chaser, chaser));
            let u = pos.play_unchecked(e);
            let by_king = pos.piece_at(e.to()).is_some_and(|p| p.role == Role::King);
            self.landed.push(c.to());
            let (best, threats) = self.follow(pos, depth - 1, lost - first);
            self.landed.pop();
            pos.undo(e, u);
            worst = worst.min(first - lost + best);
            if worst <= 0 || self.out_of_budget {
                break;
            }
            answers.push(Answer {
                evasion: e,
                lost,
                parries: !by_king,
                threats,
            });
        }
        (worst, answers)
    }

    /// The pieces a line that wins against every answer wins, into `won` (named where they
    /// stood before the answer), and its worst value once the parries that threaten mate
    /// at once are counted as refutations.
    #[inline]
    fn won_against(
        &mut self,
        pos: &mut Position,
        answers: Vec<Answer>,
        first: i32,
        mut worst: i32,
        won: &mut Vec<Threat>,
    ) -> i32 {
        let chaser = self.chaser;
        for Answer {
            evasion: e,
            lost,
            parries,
            threats,
        } in answers
        {
            // An answer that parries the check by interposing or capturing and threatens
            // mate at once in turn (垫将还杀) refutes the line: whatever the chaser then
            // takes, it is mated at once (24.3), and its piece "cannot leave its line"
            // (2020 图7).
            if parries {
                let u = pos.play_unchecked(e);
                let refutes = threatens_mate_at_once(pos, !chaser);
                pos.undo(e, u);
                if refutes {
                    worst = worst.min(first - lost);
                    if worst <= 0 {
                        break;
                    }
                    continue;
                }
            }
            for mut t in threats {
                if t.target == e.to() {
                    t.target = e.from();
                }
                won.push(t);
            }
        }
        worst
    }

    /// The chaser's best continuation: a winning capture or, `depth` permitting, another
    /// check — any check, a quiet one or one that gives a piece up included (图24); with the
    /// pieces every continuation of that value wins (ties are all kept: which of two equal
    /// captures the chaser would choose is not for the referee to guess, and keeping one
    /// would make the ruling depend on the order the moves are generated in, so on how the
    /// board is drawn). The search of further checks stops once one gains more than `need`.
    /// If the opponent's answer checked back, the chaser answers it instead
    /// ([`answer_counter_check`]).
    fn follow(&mut self, pos: &mut Position, depth: u8, need: i32) -> (i32, Vec<Threat>) {
        let chaser = self.chaser;
        // The opponent answered with a check of its own: the chaser must answer it first.
        if pos.is_check() {
            return answer_counter_check(pos, chaser, &mut self.landed);
        }
        let (mut best, mut won) = self.last_capture(pos);
        let here = pos.hash();
        // A line that comes back to a position it has passed through goes round: it wins
        // nothing more than it could have won there.
        if best > need || self.path.contains(&here) {
            return (best, won);
        }
        let checks = self.forcing_checks(pos, here);
        if depth == 0 {
            self.cut |= !checks.is_empty();
            return (best, won);
        }
        self.path.push(here);
        for c in checks {
            let (v, w) = self.after_check(pos, c, depth);
            if self.out_of_budget {
                break;
            }
            // A continuation that mates is the best there is: the answer that allowed it is
            // lost, not a refutation (24.3 counts the line against the answers the opponent
            // can afford; one that walks into mate is not among them).
            if v <= 0 || v < best {
                continue;
            }
            if v > best {
                best = v;
                won.clear();
            }
            won.extend(w);
            if best > need {
                break;
            }
        }
        self.path.pop();
        (best, won)
    }

    /// [`best_capture`] at the end of the line so far, found once per position and set of
    /// squares the line's checks landed on (all it depends on besides the line's own fields).
    fn last_capture(&mut self, pos: &mut Position) -> (i32, Vec<Threat>) {
        let landed = self.landed.iter().fold(0u128, |m, sq| m | 1 << sq.index());
        let key = (pos.hash(), landed);
        if let Some(found) = self.seen.ends.get(&key) {
            return found.clone();
        }
        let found = best_capture(pos, self.chaser, (self.offers, self.stood), &self.landed);
        self.seen.ends.insert(key, found.clone());
        found
    }

    /// The checks a line may go on with from `pos` (its hash `here`), found once.
    fn forcing_checks(&mut self, pos: &mut Position, here: u64) -> Vec<Move> {
        if let Some(checks) = self.seen.checks.get(&here) {
            return checks.clone();
        }
        let checks = forcing_checks(pos, self.offers);
        self.seen.checks.insert(here, checks.clone());
        checks
    }
}
