//! The words a verdict is made of, Chinese and English: a move's label, a side's pattern
//! ("一将一捉"), the sides, the pieces, and the chase a side is ruled on ("红车长捉黑方无根炮").

use xiangqi::{Color, Role};

use super::terms::{ChaseKind, IdleKind, MoveClass, MoveKind};
use super::wording::{label, term_en};
use crate::RuleSet;

pub(crate) fn label_en(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Check => "check",
        MoveKind::MateThreat => "mate threat",
        MoveKind::Chase => "chase",
        MoveKind::Idle(IdleKind::Trade) => "exchange offer",
        MoveKind::Idle(IdleKind::Sacrifice) => "sacrifice offer",
        MoveKind::Idle(IdleKind::Block) => "block",
        MoveKind::Idle(IdleKind::Follow) => "follow",
        MoveKind::Idle(IdleKind::AnswerCheck) => "idle (the general answering a check)",
        MoveKind::Idle(IdleKind::Plain) => "idle",
    }
}

const NUMERALS: [&str; 11] = [
    "零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十",
];

/// A side's pattern in the rule set's words: 长将, 一将一捉, 两闲 … (AXF: 长照, 一照一捉 …)
pub(crate) fn pattern_zh(moves: &[&MoveClass], rules: RuleSet) -> String {
    let labels: Vec<&str> = moves.iter().map(|c| label(c.kind, rules)).collect();
    if labels.is_empty() {
        return "无着".to_owned();
    }
    if labels.iter().all(|l| *l == labels[0]) && labels.len() > 1 {
        return if labels[0] == "闲" {
            format!("{}闲", numeral(labels.len()))
        } else {
            format!("长{}", labels[0])
        };
    }
    let mut out = String::new();
    let mut seen: Vec<&str> = Vec::new();
    for l in &labels {
        if !seen.contains(l) {
            seen.push(l);
            let n = labels.iter().filter(|x| *x == l).count();
            out.push_str(&numeral(n));
            out.push_str(l);
        }
    }
    out
}

fn numeral(n: usize) -> String {
    NUMERALS
        .get(n)
        .map_or_else(|| n.to_string(), |s| (*s).to_owned())
}

pub(crate) fn pattern_en(moves: &[&MoveClass], rules: RuleSet) -> String {
    moves
        .iter()
        .map(|c| match rules {
            RuleSet::Chinese | RuleSet::Chinese1960 => label_en(c.kind),
            RuleSet::Asian => term_en(c.kind, rules),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub(crate) fn side_zh(c: Color) -> &'static str {
    match c {
        Color::Red => "红方",
        Color::Black => "黑方",
    }
}

pub(crate) fn side_en(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

pub(crate) fn role_zh(r: Role) -> &'static str {
    match r {
        Role::King => "将",
        Role::Advisor => "士",
        Role::Elephant => "象",
        Role::Horse => "马",
        Role::Rook => "车",
        Role::Cannon => "炮",
        Role::Pawn => "兵",
    }
}

/// The most frequent chase of a side's moves labelled 捉: "红车长捉黑方无根炮(b7)" when every
/// move is one, "红车捉黑方无根兵(c3)" beside checks or mate threats (a side's 长杀 names no
/// chase: the attacks of its mate threats are not what it is ruled on).
pub(crate) fn chase_phrase(moves: &[&MoveClass], side: Color) -> Option<(String, String)> {
    let every = moves.iter().all(|c| c.kind == MoveKind::Chase);
    let (verb_zh, verb_en) = if every {
        ("长捉", "perpetually chases")
    } else {
        ("捉", "chases")
    };
    // Each chase with whether the moved piece makes it.
    let chases: Vec<_> = moves
        .iter()
        .filter(|c| c.kind == MoveKind::Chase)
        .flat_map(|c| {
            c.chases
                .iter()
                .map(move |ch| (ch, ch.attacker == c.mv.to()))
        })
        .collect();
    // The piece chased most often; of its chasers, the piece that moved (the book names the
    // moves: 「红方进马、退马长捉黑车」, 图10), then the heaviest reading.
    let (best, _) = chases.iter().max_by_key(|(c, moved)| {
        (
            chases
                .iter()
                .filter(|(d, _)| d.target_id == c.target_id)
                .count(),
            *moved,
            c.kind.weight(),
        )
    })?;
    let (root_zh, root_en) = match best.kind {
        ChaseKind::Unprotected => ("无根", "unprotected "),
        ChaseKind::Outnumbered => ("少根", "under-protected "),
        _ => ("", ""),
    };
    let zh = format!(
        "{}{}{verb_zh}{}{}{}({})",
        side_zh(side).trim_end_matches('方'),
        role_zh(best.attacker_piece.role),
        side_zh(!side),
        root_zh,
        role_zh(best.target_piece.role),
        best.target
    );
    let en = format!(
        "{}'s {} {verb_en} {}'s {}{} on {}",
        side_en(side),
        best.attacker_piece.role,
        side_en(!side),
        root_en,
        best.target_piece.role,
        best.target
    );
    Some((zh, en))
}

/// What makes the lighter side's chases light (2020 art. 26.9.2–26.9.3), in words: joint or
/// 少根 chases, chases of a protected piece other than a rook ([`Chase::is_heavy`]), or both.
///
/// [`Chase::is_heavy`]: super::terms::Chase::is_heavy
pub(crate) fn light_words(moves: &[&MoveClass]) -> (&'static str, &'static str) {
    let light = || {
        moves
            .iter()
            .flat_map(|c| &c.chases)
            .filter(|ch| !ch.is_heavy())
    };
    let protected = light().any(|ch| ch.kind == ChaseKind::Outranked);
    let joint = light().any(|ch| ch.kind != ChaseKind::Outranked);
    match (joint, protected) {
        (false, true) => ("捉有根子", "of protected pieces"),
        (true, true) => (
            "联合捉、捉少根子或捉有根子",
            "joint, of under-protected or of protected pieces",
        ),
        _ => ("联合捉或捉少根子", "joint or of under-protected pieces"),
    }
}
