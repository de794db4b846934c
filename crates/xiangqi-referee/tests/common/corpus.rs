//! The rulebook corpus (`tests/data/rulebook-cases.jsonl`; its README gives every case's
//! source), loaded as cycles: shared by
//! the corpus tests and `examples/cycle_case.rs`.

use serde_json::Value;
use xiangqi::{Color, Move, Position};
use xiangqi_referee::RuleSet;

/// The rule set that judges a group of cases: the 1956 figures by the 1960 rules (which
/// superseded the 1956 rules and keep every one of their rulings: 长拦, 长兑, 长跟, 一将一闲,
/// 解将还将, 卒兵长捉), the 2020 figures by the current Chinese rules, the rest by the AXF's.
pub fn rules_of_group(group: &str) -> RuleSet {
    match group {
        "cn1956" => RuleSet::Chinese1960,
        g if g.starts_with("cn") => RuleSet::Chinese,
        _ => RuleSet::Asian,
    }
}

/// One case: the position at the first occurrence of the repeated position and the cycle's
/// moves from it.
pub struct Case {
    pub id: String,
    /// The rule set that judges it ([`rules_of_group`]).
    pub rules: RuleSet,
    pub group: String,
    pub confidence: String,
    pub start: Position,
    pub cycle: Vec<Move>,
    pub expected: Option<Color>,
    /// The ply (from the case's FEN, first move 1) of the cycle's first move.
    pub first_ply: usize,
    /// The book's labels of the printed moves, in order (将, 杀, 捉, 兑, 闲, 献, 拦, 跟), read
    /// from `moves_text`: one per printed move, or none when the text has none.
    pub book_labels: Vec<char>,
}

/// The labels printed after each move of `text` (`车七平九（捉）`), at most `n`: the
/// commentary after the moves uses parentheses too (`帅（将）允许长捉`).
pub fn book_labels(text: &str, n: usize) -> Vec<char> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() && out.len() < n {
        if matches!(chars[i], '（' | '(') {
            let mut j = i + 1;
            while j < chars.len() && chars[j] == ' ' {
                j += 1;
            }
            if let (Some(&l), Some(&close)) = (chars.get(j), chars.get(j + 1))
                && "将杀捉兑闲献拦跟".contains(l)
                && matches!(close, '）' | ')')
            {
                out.push(l);
            }
        }
        i += 1;
    }
    if out.len() < n { Vec::new() } else { out }
}

/// Every case with a repetition, in file order.
pub fn load() -> Vec<Case> {
    let text = include_str!("../data/rulebook-cases.jsonl");
    let mut out = Vec::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let id = v["id"].as_str().expect("id").to_owned();
        let rep = if v["repetition_with_extension"].is_array() {
            &v["repetition_with_extension"]
        } else {
            &v["repetition"]
        };
        let Some(rep) = rep.as_array() else { continue };
        let (i, j) = (
            rep[0].as_u64().expect("i") as usize,
            rep[1].as_u64().expect("j") as usize,
        );
        let mut moves: Vec<Move> = Vec::new();
        for key in ["moves_iccs", "cycle_extension_iccs"] {
            if let Some(list) = v[key].as_array() {
                moves.extend(list.iter().map(|m| {
                    m.as_str()
                        .expect("move")
                        .parse::<Move>()
                        .expect("ICCS move")
                }));
            }
        }
        let mut pos = Position::from_fen(v["fen"].as_str().expect("fen"))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let mut start = None;
        for (k, &m) in moves.iter().enumerate().take(j) {
            if k == i {
                start = Some(pos.clone());
            }
            pos.play(m)
                .unwrap_or_else(|e| panic!("{id}: ply {k} {m}: {e}"));
        }
        let start = start.unwrap_or_else(|| pos.clone());
        let cycle: Vec<Move> = moves[i..j].to_vec();
        let expected = match v["verdict"].as_str().expect("verdict") {
            "draw" => None,
            s if s.starts_with("red") => Some(Color::Red),
            _ => Some(Color::Black),
        };
        let group = id.split('-').next().unwrap_or("").to_owned();
        out.push(Case {
            rules: rules_of_group(&group),
            group,
            confidence: v["confidence"].as_str().unwrap_or("").to_owned(),
            id,
            start,
            cycle,
            expected,
            first_ply: i + 1,
            book_labels: book_labels(
                v["moves_text"].as_str().unwrap_or(""),
                v["moves_iccs"].as_array().map_or(0, Vec::len),
            ),
        });
    }
    out
}
