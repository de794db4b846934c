//! The cycle move by move, as the ruling shows it (`Ruling::cycle`, `xq judge --json` and
//! `--explain`): every move's label, what it attacks and how, each target's protection, and
//! the article that defines the label.

use serde::{Deserialize, Serialize};
use xiangqi::notation::{Notation, write_move};
use xiangqi::{Move, Position, Role, Square};

use super::board::{horse_leg_towards, legal_captures_on, old_captures, with_turn};
use super::classify::classify;
use super::explain::{label_en, role_zh, side_en, side_zh};
use super::material::capture_gain;
use super::protection::{can_recapture, has_true_root};
use super::terms::{Chase, ChaseKind, IdleKind, MoveClass, MoveKind};
use crate::RuleSet;

/// The repeated cycle, move by move.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::{RuleSet, cycle::CycleReport};
///
/// // 1960 rules, 图四: a rook checking back and forth.
/// let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/4R4/3K5 w").unwrap();
/// let moves: Vec<_> = ["e1f1", "f9e9", "f1e1", "e9f9"].iter().map(|m| m.parse().unwrap()).collect();
/// let report = CycleReport::new(&pos, &moves, 1, RuleSet::Chinese);
/// assert_eq!((report.first_ply, report.last_ply), (1, 4));
/// assert_eq!(report.moves[0].label, "将");
/// assert_eq!(report.moves[1].label, "闲");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CycleReport {
    /// The ply of the cycle's first move, counted from the start of the game (first move 1).
    pub first_ply: u32,
    /// The ply of its last move.
    pub last_ply: u32,
    /// Every move of one turn of the cycle.
    pub moves: Vec<CycleMove>,
}

/// One move of the cycle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CycleMove {
    /// The move's ply in the game.
    pub ply: u32,
    /// `red` or `black`.
    pub side: String,
    /// ICCS (`h6i4`).
    #[serde(rename = "move")]
    pub mv: String,
    /// Chinese notation (`马二退一`).
    pub chinese: String,
    /// The book's word: 将, 杀, 捉, 兑, 献, 拦, 跟 or 闲.
    pub label: String,
    /// The label in English, snake_case: `check`, `mate_threat`, `chase`, `exchange`,
    /// `sacrifice`, `block`, `follow`, `answer_check`, `idle`.
    pub kind: String,
    /// The pieces the move chases (empty unless the label is 捉).
    pub targets: Vec<Target>,
    /// The article defining the label.
    pub article: String,
    /// What the move does, in English.
    pub explanation: String,
    /// The same in Chinese.
    pub explanation_zh: String,
    /// Present and `true` when a search behind the label stopped at its node budget
    /// (`cycle::SearchBounds`) instead of running its course: the label may miss a threat.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub search_cut: bool,
}

/// A chased piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    /// Where it stands after the move.
    pub square: String,
    /// Its role (`rook`).
    pub piece: String,
    /// The squares of the pieces that would win it.
    pub by: Vec<String>,
    /// Its protection after the move: `unprotected` (no piece of its side attacks the
    /// square), `false_root` (假根: protectors that cannot legally retake, or, Chinese rules,
    /// whose retake lets the chaser mate at once: 不能离线), `protected`
    /// (真根), `short` (protected, but the complete exchange still loses it: 少根).
    pub root: String,
    /// How the move made the threat: `moved` (the moved piece attacks it), `screen` (the moved
    /// piece became a cannon's screen), `unmasked` (the move opened a line or a leg),
    /// `root_cut` (the attack stood; the move removed a protection, 断根), `checks` (won by a
    /// check or consecutive checks, 抽), `joint` (several pieces together, 联合捉), `other`.
    pub how: String,
    /// Why it counts as won: `unprotected`, `outranked` (捉车 by a weaker piece),
    /// `exchange` (the complete exchange wins), `by_checks`, `held_rook` (AXF rule 19).
    pub chase: String,
    /// What the capture by the first attacker nets once the exchange on the square (and any
    /// capture it opens for the other side) is played out, in the book's values (1999 art.
    /// 25.3) in half-units: 士/象 2, 马/炮 4, 车 8, a crossed pawn 2–6 (counted low when the
    /// chaser takes it, high when it loses it). A chase by checks (抽) or by a line of captures
    /// across squares can win where this is 0 or less.
    pub gain: i32,
}

impl CycleReport {
    /// The report on `moves` (one turn of a cycle, or several) played from `start`, whose
    /// first move is ply `first_ply` of the game.
    pub fn new(start: &Position, moves: &[Move], first_ply: u32, rules: RuleSet) -> CycleReport {
        let classes = classify(start, moves, rules);
        CycleReport::from_classes(start, &classes, first_ply, rules)
    }

    /// The cycle's moves with their labels, as the books print them: `马二退一（捉） 车9平8（兑）`.
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_referee::{RuleSet, cycle::CycleReport};
    /// let pos = Position::from_fen("5k3/9/9/9/9/9/9/9/4R4/3K5 w").unwrap();
    /// let moves: Vec<_> = ["e1f1", "f9e9", "f1e1", "e9f9"].iter().map(|m| m.parse().unwrap()).collect();
    /// let report = CycleReport::new(&pos, &moves, 1, RuleSet::Chinese);
    /// assert_eq!(report.moves_zh(), "车五平四（将） 将6平5（闲） 车四平五（将） 将5平6（闲）");
    /// assert_eq!(report.moves_en(), "1. e1f1 check, 2. f9e9 answer_check, 3. f1e1 check, 4. e9f9 answer_check");
    /// ```
    pub fn moves_zh(&self) -> String {
        let words: Vec<String> = self
            .moves
            .iter()
            .map(|m| format!("{}（{}）", m.chinese, m.label))
            .collect();
        words.join(" ")
    }

    /// The same in English: `1. h6i4 chase, 2. i9h9 exchange`.
    pub fn moves_en(&self) -> String {
        let words: Vec<String> = self
            .moves
            .iter()
            .map(|m| format!("{}. {} {}", m.ply, m.mv, m.kind))
            .collect();
        words.join(", ")
    }

    /// The report on classified moves played from `start`.
    pub(crate) fn from_classes(
        start: &Position,
        classes: &[MoveClass],
        first_ply: u32,
        rules: RuleSet,
    ) -> CycleReport {
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(classes.len());
        for c in classes {
            let before = pos.clone();
            let chinese = write_move(&pos, c.mv, Notation::Chinese);
            pos.play_unchecked(c.mv);
            let targets: Vec<Target> = c
                .chases
                .iter()
                .map(|ch| target(&before, &pos, c.mv, ch, rules))
                .collect();
            let (explanation, explanation_zh) = describe(c, &chinese, &targets);
            moves.push(CycleMove {
                ply: first_ply + c.ply as u32,
                side: c.mover.name().to_owned(),
                mv: c.mv.to_string(),
                chinese,
                label: c.kind.label().to_owned(),
                search_cut: c.search_cut,
                kind: kind_name(c.kind).to_owned(),
                targets,
                article: article(c, rules).to_owned(),
                explanation,
                explanation_zh,
            });
        }
        CycleReport {
            first_ply,
            last_ply: first_ply + classes.len().saturating_sub(1) as u32,
            moves,
        }
    }
}

fn kind_name(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Check => "check",
        MoveKind::MateThreat => "mate_threat",
        MoveKind::Chase => "chase",
        MoveKind::Idle(IdleKind::Exchange) => "exchange",
        MoveKind::Idle(IdleKind::Sacrifice) => "sacrifice",
        MoveKind::Idle(IdleKind::Block) => "block",
        MoveKind::Idle(IdleKind::Follow) => "follow",
        MoveKind::Idle(IdleKind::AnswerCheck) => "answer_check",
        MoveKind::Idle(IdleKind::Plain) => "idle",
    }
}

fn chase_name(kind: ChaseKind) -> &'static str {
    match kind {
        ChaseKind::Unprotected => "unprotected",
        ChaseKind::Outranked => "outranked",
        ChaseKind::Exchange => "exchange",
        ChaseKind::ByChecks => "by_checks",
        ChaseKind::HeldRook => "held_rook",
    }
}

/// The article that defines the move's label.
fn article(c: &MoveClass, rules: RuleSet) -> &'static str {
    let by_king_or_pawn = matches!(c.piece.role, Role::King | Role::Pawn);
    match rules {
        RuleSet::Chinese => match c.kind {
            MoveKind::Check => "2020 第24.1条",
            MoveKind::MateThreat => "2020 第24.2条",
            MoveKind::Chase if by_king_or_pawn => "2020 第24.3条, 第26.1.1条",
            MoveKind::Chase => "2020 第24.3条",
            MoveKind::Idle(IdleKind::Exchange) => "2020 第24.4条",
            MoveKind::Idle(IdleKind::Sacrifice) => "2020 第24.5条",
            MoveKind::Idle(IdleKind::Block) => "2020 第24.6条",
            MoveKind::Idle(IdleKind::Follow) => "2020 第24.7条",
            MoveKind::Idle(IdleKind::AnswerCheck) => "2020 第26.1.2–26.1.3条",
            MoveKind::Idle(IdleKind::Plain) => "2020 第24.8条",
        },
        RuleSet::Asian => match c.kind {
            MoveKind::Check => "AXF terms: check (将); rule 6",
            MoveKind::MateThreat => "AXF terms: threatening to checkmate (杀着); rule 9",
            MoveKind::Chase if by_king_or_pawn => "AXF terms: chase (捉); rules 28–29",
            MoveKind::Chase => "AXF terms: chase (捉); rules 15–37",
            MoveKind::Idle(IdleKind::Exchange) => "AXF terms: offering an exchange (兑着); rule 24",
            MoveKind::Idle(IdleKind::Sacrifice) => "AXF terms: offering a sacrifice (献着)",
            MoveKind::Idle(IdleKind::Block) => "AXF terms: blocking (拦着); rules 39–40",
            MoveKind::Idle(IdleKind::Follow) => "AXF terms: idle (闲着); rules 39–40",
            MoveKind::Idle(_) => "AXF terms: idle (闲着)",
        },
    }
}

/// The squares strictly between `a` and `b` on one file or rank (empty otherwise).
fn between(a: Square, b: Square) -> Vec<Square> {
    let (af, ar) = (i32::from(a.file().index()), i32::from(a.rank().index()));
    let (bf, br) = (i32::from(b.file().index()), i32::from(b.rank().index()));
    if af != bf && ar != br {
        return Vec::new();
    }
    let (df, dr) = ((bf - af).signum(), (br - ar).signum());
    let mut out = Vec::new();
    let (mut f, mut r) = (af + df, ar + dr);
    while (f, r) != (bf, br) {
        out.extend(Square::new((r * 9 + f) as u8));
        f += df;
        r += dr;
    }
    out
}

/// The leg or eye a horse or an elephant on `from` needs free to reach `to`.
fn blocking_point(role: Role, from: Square, to: Square) -> Option<Square> {
    match role {
        Role::Horse => horse_leg_towards(from, to),
        Role::Elephant => {
            let f = (i32::from(from.file().index()) + i32::from(to.file().index())) / 2;
            let r = (i32::from(from.rank().index()) + i32::from(to.rank().index())) / 2;
            Square::new((r * 9 + f) as u8)
        }
        _ => None,
    }
}

fn target(before: &Position, after: &Position, m: Move, ch: &Chase, rules: RuleSet) -> Target {
    let chaser = ch.attacker_piece.color;
    // The chaser's legal captures on the target, with the chaser to move.
    let me = with_turn(after, chaser);
    let mut by: Vec<Square> = me
        .as_ref()
        .map(|p| legal_captures_on(p, ch.target).map(|c| c.from()).collect())
        .unwrap_or_default();
    // The attacker the classification names first.
    by.retain(|&s| s != ch.attacker);
    by.insert(0, ch.attacker);
    let root = match (&me, ch.kind) {
        (_, ChaseKind::Exchange) => "short",
        (Some(p), _) => {
            let mut probe = p.clone();
            let cap = Move::new(ch.attacker, ch.target);
            if probe.is_legal(cap) {
                probe.play_unchecked(cap);
                // Under the Chinese rules a protector that cannot leave its line — its retake
                // lets the chaser mate at once (不能离线, 2020 图7; 1999 art. 28.16 假根) — is
                // a false root, as the classification counts it.
                if can_recapture(&probe, ch.target) {
                    if rules == RuleSet::Chinese && !has_true_root(&probe, ch.target) {
                        "false_root"
                    } else {
                        "protected"
                    }
                } else if probe.attackers(ch.target, !chaser).next().is_some() {
                    "false_root"
                } else {
                    "unprotected"
                }
            } else {
                "unprotected"
            }
        }
        (None, _) => "unprotected",
    };
    let line = between(ch.attacker, ch.target);
    let leg = blocking_point(ch.attacker_piece.role, ch.attacker, ch.target);
    let opened = line.contains(&m.from()) || leg == Some(m.from());
    let attacked_before =
        with_turn(before, chaser).is_some_and(|p| p.is_legal(Move::new(ch.attacker, ch.target)));
    let how = if ch.kind == ChaseKind::ByChecks {
        "checks"
    } else if ch.kind == ChaseKind::Exchange && by.len() > 1 {
        "joint"
    } else if ch.attacker == m.to() {
        "moved"
    } else if ch.attacker_piece.role == Role::Cannon && line.contains(&m.to()) {
        "screen"
    } else if opened {
        "unmasked"
    } else if attacked_before {
        "root_cut"
    } else {
        "other"
    };
    let gain = me.map_or(0, |mut p| {
        let cap = Move::new(ch.attacker, ch.target);
        if !p.is_legal(cap) {
            return 0;
        }
        let old = old_captures(with_turn(&p, !chaser).as_ref());
        capture_gain(&mut p, cap, chaser, &old)
    });
    Target {
        gain,
        square: ch.target.to_string(),
        piece: ch.target_piece.role.name().to_owned(),
        by: by.iter().map(ToString::to_string).collect(),
        root: root.to_owned(),
        how: how.to_owned(),
        chase: chase_name(ch.kind).to_owned(),
    }
}

fn how_zh(how: &str) -> &'static str {
    match how {
        "moved" => "走动之子直接吃子",
        "screen" => "走子成为炮架",
        "unmasked" => "走子让开线路",
        "root_cut" => "走子断根",
        "checks" => "运用将军得子",
        "joint" => "联合吃子",
        _ => "完整交换后得子",
    }
}

fn root_zh(root: &str) -> &'static str {
    match root {
        "unprotected" => "无根",
        "false_root" => "假根",
        "short" => "少根",
        _ => "有根",
    }
}

fn role_of(name: &str) -> Role {
    match name {
        "rook" => Role::Rook,
        "horse" => Role::Horse,
        "cannon" => Role::Cannon,
        "advisor" => Role::Advisor,
        "elephant" => Role::Elephant,
        "king" => Role::King,
        _ => Role::Pawn,
    }
}

/// The move's explanation in English and Chinese.
fn describe(c: &MoveClass, chinese: &str, targets: &[Target]) -> (String, String) {
    let side = c.mover;
    let mut en = format!(
        "{} {} ({chinese}): {}",
        side_en(side),
        c.mv,
        label_en(c.kind)
    );
    let mut zh = format!("{}{}：{}", side_zh(side), chinese, c.kind.label());
    if !c.checkers.is_empty() {
        let at: Vec<String> = c.checkers.iter().map(ToString::to_string).collect();
        en.push_str(&format!(", check from {}", at.join(", ")));
        zh.push_str(&format!("，{}将军", at.join("、")));
    }
    if c.kind == MoveKind::MateThreat {
        en.push_str(", threatening mate by checks next move");
        zh.push_str("，下一着可连续将军将死对方");
    }
    for t in targets {
        en.push_str(&format!(
            "; {}'s {} on {} ({}) won by {} ({}, net {:+})",
            side_en(!side),
            t.piece,
            t.square,
            t.root.replace('_', " "),
            t.by.join("+"),
            t.how.replace('_', " "),
            t.gain,
        ));
        zh.push_str(&format!(
            "；{}，{}{}{}({})可被{}吃",
            how_zh(&t.how),
            root_zh(&t.root),
            side_zh(!side).trim_end_matches('方'),
            role_zh(role_of(&t.piece)),
            t.square,
            t.by.join("、"),
        ));
    }
    if c.kind.is_attack() && c.kind != MoveKind::Chase && !c.chases.is_empty() {
        en.push_str(" (the heavier label decides)");
        zh.push_str("（按较重的性质判定）");
    }
    (format!("{en}."), format!("{zh}。"))
}
