//! `xq judge --explain`: the repetition cycle as a table a person reads — every move, its
//! label, what it attacks, each target's protection and what the exchange nets (CXA), the
//! article that defines the label and the one that makes each attack a chase — in the rule
//! set's own words (AXF: 照 for a check, its rule numbers).

use std::io::Write;

use xiangqi_referee::cycle::CycleReport;

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
            writeln!(
                out,
                "        -- {} {} on {}: attacked from {}, which the rules let chase ({})",
                m.side_opponent(),
                t.piece,
                t.square,
                t.by.join("+"),
                t.article
            )?;
        }
        writeln!(out, "        {}", m.explanation_zh)?;
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

impl Opponent for xiangqi_referee::cycle::CycleMove {
    fn side_opponent(&self) -> &'static str {
        if self.side == "red" { "black" } else { "red" }
    }
}
