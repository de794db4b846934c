//! The cycle move by move, as the ruling shows it (`Ruling::cycle`, `xq judge --json` and
//! `--explain`): every move's label, what it attacks and how, each target's protection, and
//! the article that defines the label.

use serde::{Deserialize, Serialize};
use xiangqi::notation::{Notation, write_move};
use xiangqi::{Color, Move, Position};

use super::classify::classify;
use super::grounds::{
    MateReport, MoveGrounds, OfferReport, PieceOn, PiecesReport, describe_grounds, exempt_words,
    grounds, role_of,
};
use super::phrases::{label_en, role_zh, side_en, side_zh};
use super::targets::{Target, exempt_targets, exempted, target};
use super::terms::{Exemption, IdleKind, MoveClass, MoveKind};
use super::wording::{kind_name, label, move_article, move_term, term_en, term_zh};
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
    /// The rule set whose words and articles the moves carry: `chinese`, `asian` or
    /// `chinese1960`.
    #[serde(default)]
    pub rules: String,
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
    /// The rule set's word: CXA 将, 杀, 捉, 兑, 献, 拦, 跟 or 闲; AXF 照 (its word for a
    /// check), 杀, 捉, 兑, 献, 拦 or 闲 (AXF has no 跟).
    pub label: String,
    /// The label in English, snake_case: `check`, `mate_threat`, `chase`, `exchange`,
    /// `sacrifice`, `block`, `follow` and `answer_check` (CXA only), `idle`.
    pub kind: String,
    /// The rule set's English term for the label (AXF: `threat to checkmate`, `offer`, …).
    #[serde(default)]
    pub term: String,
    /// The rule set's own Chinese term, omitted under the current Chinese rules (their term is
    /// the label): AXF 照着, 反照, 杀着, 捉着, 兑着, 献着, 拦着, 闲着; 1960 将, 要杀, 捉, 兑, 拦, 跟, 闲.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub term_zh: String,
    /// The pieces the move chases (empty unless the label is 捉).
    pub targets: Vec<Target>,
    /// The pieces the general or a pawn just moved attacks, which the rules let it chase
    /// (CXA 26.1; AXF rules 28–29): not chases, listed so the report shows them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exempt: Vec<Target>,
    /// The article defining the label: CXA 2020 第24–26条, or the AXF term and rule.
    pub article: String,
    /// What the move does, in English.
    pub explanation: String,
    /// The same in Chinese.
    pub explanation_zh: String,
    /// Present and `true` when a search behind the label stopped at its node budget
    /// (`cycle::SearchBounds`) instead of running its course: the label may miss a threat.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub search_cut: bool,
    /// 将: the pieces giving check after the move (omitted when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checkers: Vec<PieceOn>,
    /// 兑 (2020 24.4): the piece offered, its square, the partner and whether the offer is
    /// fair (omitted unless the label is 兑).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<OfferReport>,
    /// 献 (24.5): the piece given and the enemy pieces that may take it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sacrifice: Option<PiecesReport>,
    /// 拦 (24.6): the moved piece and the enemy pieces whose path it cuts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<PiecesReport>,
    /// 跟 (24.7): the moved piece and the protected enemy pieces it now attacks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow: Option<PiecesReport>,
    /// 杀 (24.2): the first check and length of the mate threatened, also when the rules set
    /// it aside (`set_aside`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<MateReport>,
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
            // The chases of a general answering a check are no chases (2020 26.1.2–26.1.3):
            // the report lists them as exempt.
            let answering = c.kind == MoveKind::Idle(IdleKind::AnswerCheck);
            let targets: Vec<Target> = c
                .chases
                .iter()
                .filter(|_| !answering)
                .map(|ch| target(&before, &pos, c.mv, ch, rules))
                .collect();
            let mut exempt = exempt_targets(&before, &pos, c, rules);
            let answered = c
                .chases
                .iter()
                .filter(|_| answering)
                .map(|ch| exempted(&before, &pos, c, ch, Exemption::AnswerCheck, rules));
            exempt.extend(answered);
            // A general's or pawn's own attacks are listed by `exempt_targets` already.
            exempt.extend(
                c.exempt
                    .iter()
                    .filter(|e| e.reason != Exemption::OwnChase)
                    .map(|e| exempted(&before, &pos, c, &e.chase, e.reason, rules)),
            );
            let g = grounds(&pos, c, rules == RuleSet::Asian);
            let (explanation, explanation_zh) = describe(c, &chinese, &targets, &exempt, &g, rules);
            moves.push(CycleMove {
                ply: first_ply + c.ply as u32,
                side: c.mover.name().to_owned(),
                mv: c.mv.to_string(),
                chinese,
                label: label(c.kind, rules).to_owned(),
                kind: kind_name(c.kind, rules).to_owned(),
                term: move_term(c, rules).to_owned(),
                term_zh: term_zh(c, rules).to_owned(),
                article: move_article(c, rules, targets.first().map(|t| t.how.as_str())),
                search_cut: c.search_cut,
                targets,
                exempt,
                explanation,
                explanation_zh,
                checkers: g.checkers,
                offer: g.offer,
                sacrifice: g.sacrifice,
                block: g.block,
                follow: g.follow,
                mate: g.mate,
            });
        }
        CycleReport {
            first_ply,
            last_ply: first_ply + classes.len().saturating_sub(1) as u32,
            moves,
            rules: rules.name().to_owned(),
        }
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

/// The move's explanation in English and Chinese, in the rule set's words.
fn describe(
    c: &MoveClass,
    chinese: &str,
    targets: &[Target],
    exempt: &[Target],
    g: &MoveGrounds,
    rules: RuleSet,
) -> (String, String) {
    let side = c.mover;
    let asian = rules == RuleSet::Asian;
    let (mut en, mut zh) = headline(c, chinese, g, rules);
    for t in targets {
        describe_chased(t, side, asian, &mut en, &mut zh);
    }
    let (g_en, g_zh) = describe_grounds(g, side, asian);
    en.push_str(&g_en);
    zh.push_str(&g_zh);
    for t in exempt {
        describe_exempt(c, t, &mut en, &mut zh);
    }
    if c.kind.is_attack() && c.kind != MoveKind::Chase && !c.chases.is_empty() {
        en.push_str(" (the heavier label decides)");
        zh.push_str("（按较重的性质判定）");
    }
    (format!("{en}."), format!("{zh}。"))
}

/// The move, its label (or the rule set's term), the checking pieces and the mate it
/// threatens, in English and Chinese.
fn headline(c: &MoveClass, chinese: &str, g: &MoveGrounds, rules: RuleSet) -> (String, String) {
    let side = c.mover;
    let asian = rules == RuleSet::Asian;
    let word = if asian {
        term_en(c.kind, rules)
    } else {
        label_en(c.kind)
    };
    let mut en = format!("{} {} ({chinese}): {word}", side_en(side), c.mv);
    // The rule set's own term where it has one (AXF 照着, 捉着 …; 1960 要杀), else the label.
    let term = match term_zh(c, rules) {
        "" => label(c.kind, rules),
        t => t,
    };
    let mut zh = format!("{}{}：{}", side_zh(side), chinese, term);
    if !g.checkers.is_empty() {
        let at: Vec<String> = g
            .checkers
            .iter()
            .map(|p| format!("{} ({})", p.square, p.piece))
            .collect();
        en.push_str(&format!(", check from {}", at.join(", ")));
        let at: Vec<String> = g
            .checkers
            .iter()
            .map(|p| format!("{}({})", role_zh(role_of(&p.piece)), p.square))
            .collect();
        let check = if asian { "照将" } else { "将军" };
        zh.push_str(&format!("，{}{check}", at.join("、")));
    }
    if c.kind == MoveKind::MateThreat {
        if asian {
            en.push_str(", threatening to checkmate by checks next move (never a violation)");
            zh.push_str("，下一着可连续照将将死对方（杀着不犯例）");
        } else {
            en.push_str(", threatening mate by checks next move");
            zh.push_str("，下一着可连续将军将死对方");
        }
    }
    (en, zh)
}

/// A piece the move chases: who wins it, how and for what net (AXF: the attack and its rule,
/// as the AXF counts no material).
fn describe_chased(t: &Target, side: Color, asian: bool, en: &mut String, zh: &mut String) {
    let tail = if asian {
        format!(
            "attacked by {} ({}; {})",
            t.by.join("+"),
            t.how.replace('_', " "),
            t.article
        )
    } else {
        format!(
            "won by {} ({}, net {:+})",
            t.by.join("+"),
            t.how.replace('_', " "),
            t.gain
        )
    };
    en.push_str(&format!(
        "; {}'s {} on {} ({}) {tail}",
        side_en(!side),
        t.piece,
        t.square,
        t.root.replace('_', " "),
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
    if asian {
        zh.push_str(&format!("（{}）", t.article));
    }
}

/// An attack of the move that is no chase, and why: the book's exemption, or a piece that may
/// chase perpetually.
fn describe_exempt(c: &MoveClass, t: &Target, en: &mut String, zh: &mut String) {
    let side = c.mover;
    let target_en = format!("{}'s {} on {}", side_en(!side), t.piece, t.square);
    let target_zh = format!(
        "{}{}({})",
        side_zh(!side).trim_end_matches('方'),
        role_zh(role_of(&t.piece)),
        t.square
    );
    if let Some((e, z)) = exempt_words(&t.reason, &target_en, &target_zh, &t.article) {
        en.push_str(&e);
        zh.push_str(&z);
        return;
    }
    en.push_str(&format!(
        "; attacks {}'s {} on {}, which its {} may chase ({})",
        side_en(!side),
        t.piece,
        t.square,
        c.piece.role.name(),
        t.article,
    ));
    zh.push_str(&format!(
        "；{}捉{}({})，允许长捉",
        role_zh(c.piece.role),
        role_zh(role_of(&t.piece)),
        t.square,
    ));
}
