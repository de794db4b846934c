//! `xq judge --explain`: the repetition cycle as a table a person reads — every move, its
//! label, what it attacks, each target's protection and what the exchange nets (CXA), the
//! article that defines the label and the one that makes each attack a chase — in the rule
//! set's own words (AXF: 照 for a check, its rule numbers).

use std::io::Write;

use xiangqi_referee::cycle::{CycleMove, CycleReport, PieceOn};

/// Prints `report` as a table, one line per move and one indented line per chased piece.
pub fn print_cycle(out: &mut impl Write, report: &CycleReport) -> std::io::Result<()> {
    writeln!(
        out,
        "cycle:       plies {}–{} (循环着法)",
        report.first_ply, report.last_ply
    )?;
    writeln!(
        out,
        "  {:>4}  {:<5}  {:<4}  {:<8}  {:<4}  {:<12}  article",
        "ply", "side", "move", "着法", "label", "kind"
    )?;
    for m in &report.moves {
        writeln!(
            out,
            "  {:>4}  {:<5}  {:<4}  {}  {}    {:<12}  {}",
            m.ply,
            m.side,
            m.mv,
            pad(&m.chinese, 8),
            m.label,
            m.kind,
            m.article
        )?;
        for t in &m.targets {
            write!(
                out,
                "        -> {} {} on {}: root {}, by {}, how {}, chase {}",
                m.side_opponent(),
                t.piece,
                t.square,
                t.root,
                t.by.join("+"),
                t.how,
                t.chase,
            )?;
            // AXF counts no material: its chase rests on who attacks what, which its rule
            // (t.article) names.
            if report.rules == "asian" {
                writeln!(out, "; {}", t.article)?;
            } else {
                writeln!(out, ", exchange nets {:+}", t.gain)?;
            }
        }
        for t in &m.exempt {
            let why = match t.reason.as_str() {
                "" | "own_chase" => "which the rules let chase",
                "answer_check" => "no chase: the general answers a check",
                "key_point" => "no chase: the defending side's lone attacker on a drawing point",
                "left_by_its_side" => "no chase: its own side's last move left it so",
                "stood_before_check" => "no chase: it stood before the check was answered",
                "protected" => "no chase under the 1960 rules: it is protected (长跟)",
                other => other,
            };
            writeln!(
                out,
                "        -- {} {} on {}: attacked from {}, {why} ({})",
                m.side_opponent(),
                t.piece,
                t.square,
                t.by.join("+"),
                t.article
            )?;
        }
        print_grounds(out, m)?;
        writeln!(out, "        {}", m.explanation_zh)?;
    }
    Ok(())
}

/// One line per thing the label rests on: the checking pieces, the pair of 兑, the piece given
/// by 献 and its takers, the paths 拦 cuts, the pieces 跟 attacks, the mate of 杀.
fn print_grounds(out: &mut impl Write, m: &CycleMove) -> std::io::Result<()> {
    let (me, them) = (m.side.as_str(), m.side_opponent());
    let list = |ps: &[PieceOn]| {
        ps.iter()
            .map(|p| format!("{them} {} on {}", p.piece, p.square))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !m.checkers.is_empty() {
        let at: Vec<String> = m
            .checkers
            .iter()
            .map(|p| format!("{me} {} on {}", p.piece, p.square))
            .collect();
        writeln!(out, "        == check from {}", at.join(", "))?;
    }
    if let Some(o) = &m.offer {
        write!(
            out,
            "        == offers {me} {} on {} to {them} {} on {}: {}",
            o.piece,
            o.square,
            o.partner_piece,
            o.partner,
            if o.fair {
                "fair (taking it loses nothing)"
            } else {
                "unfair (taking it loses material)"
            }
        )?;
        let back: Vec<String> = o
            .retakers
            .iter()
            .map(|p| format!("{me} {} on {}", p.piece, p.square))
            .collect();
        if back.is_empty() {
            writeln!(out)?;
        } else {
            writeln!(out, ", taken back by {}", back.join(", "))?;
        }
    }
    for (what, g) in [
        ("gives up", &m.sacrifice),
        ("blocks with", &m.block),
        ("follows with", &m.follow),
    ] {
        if let Some(g) = g {
            let tail = match what {
                "gives up" => "may be taken by",
                "blocks with" => "cuts the path of",
                _ => "attacks the protected",
            };
            writeln!(
                out,
                "        == {what} {me} {} on {}: {tail} {}",
                g.piece,
                g.square,
                list(&g.pieces)
            )?;
        }
    }
    if let Some(mate) = &m.mate {
        write!(
            out,
            "        == mate by checks: first {} ({}), {} {}",
            mate.first,
            mate.chinese,
            mate.length,
            if mate.length == 1 { "ply" } else { "plies" }
        )?;
        if mate.set_aside.is_empty() {
            writeln!(out)?;
        } else {
            writeln!(out, "; set aside: {}", mate.set_aside)?;
        }
    }
    Ok(())
}

/// Pads `text` to `width` columns, counting a CJK character as two.
fn pad(text: &str, width: usize) -> String {
    let cols: usize = text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
    format!("{text}{}", " ".repeat(width.saturating_sub(cols)))
}

trait Opponent {
    fn side_opponent(&self) -> &'static str;
}

impl Opponent for CycleMove {
    fn side_opponent(&self) -> &'static str {
        if self.side == "red" { "black" } else { "red" }
    }
}
