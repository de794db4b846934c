//! The arbiter's events as comments in the game's record, Chinese then English, each naming
//! its article; `procedure.rs` prefixes the official who took the action.

use super::Event;
use super::arbiter::{title as en, zh};
use super::event::Sanction;
use super::limit::LimitVerdict;

/// An arbiter's event as a comment in the record (Chinese, then English).
pub(super) fn note_text(event: &Event) -> Option<String> {
    limit_note(event)
        .or_else(|| touch_note(event))
        .or_else(|| discipline_note(event))
        .or_else(|| clock_note(event))
        .or_else(|| record_note(event))
}

/// The arbiter's text, then the note he added (if any).
fn with(text: String, note: &str) -> String {
    if note.is_empty() {
        text
    } else {
        format!("{text} — {note}")
    }
}

/// The move limit's events (1960 rules §12).
fn limit_note(event: &Event) -> Option<String> {
    Some(match event {
        Event::MoveLimitDeclared { rounds, ply, .. } => format!(
            "裁判：限着{rounds}回合（第{}回合起）。Arbiter: move limit of {rounds} moves from move {} (1960 rules §12).",
            ply / 2 + 1,
            ply / 2 + 1
        ),
        Event::MoveLimitExpired {
            captures,
            changes: None,
            ..
        } => format!(
            "限着届满，其间吃子{captures}次，继续比赛。The move limit ran out after {captures} capture(s): play goes on (1960 rules §12 四)."
        ),
        Event::MoveLimitExpired {
            changes: Some(c), ..
        } => format!(
            "限着届满，停钟待裁判员裁定：{}。The move limit ran out; clocks stopped for the arbiter's ruling (1960 rules §12 四).",
            c.chinese()
        ),
        Event::LimitRequested { ground, side, .. } => format!(
            "{}提出限着。{} asked for a move limit; {}.",
            side.map_or("裁判员认为需要".to_owned(), |s| format!(
                "{}方",
                zh(s)
            )),
            side.map_or("The arbiter", en),
            ground.article()
        ),
        Event::LimitJudged { verdict, note, .. } => with(
            format!(
                "裁判：限着届满，{}。Arbiter: {} (1960 rules §12 四).",
                verdict.chinese(),
                match verdict {
                    LimitVerdict::Draw => "no new change, draw",
                    LimitVerdict::NewLimit => "a new change, a new limit",
                    LimitVerdict::PlayOn => "a new change, play on without a limit",
                }
            ),
            note,
        ),
        Event::MoveLimitLifted { note, .. } => with(
            "裁判：取消限着。Arbiter: the move limit is lifted.".into(),
            note,
        ),
        _ => return None,
    })
}

/// Touch-move and corrections (1960 rules §7 四, 五).
fn touch_note(event: &Event) -> Option<String> {
    Some(match event {
        Event::Touched { binding, .. } => format!(
            "裁判：{}方摸子{}。{}（{}）Arbiter: {} touched {}. {}",
            zh(binding.side),
            binding.squares.join("、"),
            binding.explanation_zh,
            binding.rule,
            en(binding.side),
            binding.squares.join(", "),
            binding.explanation
        ),
        Event::Untouched { side, note, .. } => with(
            format!(
                "裁判：撤销{}方摸子记录（摆正棋子）。Arbiter: {}'s touch withdrawn (adjusting, 1960 rules §7 四; current 5.6).",
                zh(*side),
                en(*side)
            ),
            note,
        ),
        Event::Corrected {
            to_ply,
            moves,
            binding,
            note,
            ..
        } => with(
            format!(
                "裁判：纠正错误，从第{}着起重走（退回{}），仍应走{}的棋子。Arbiter: correction from ply {to_ply} ({} taken back); the piece on {} must move again unless it cannot (1960 rules §7 五).",
                to_ply + 1,
                moves.join(" "),
                binding.squares.join(""),
                moves.join(" "),
                binding.squares.join("")
            ),
            note,
        ),
        _ => return None,
    })
}

/// Fouls, warnings and false claims.
fn discipline_note(event: &Event) -> Option<String> {
    Some(match event {
        Event::Foul {
            side,
            foul,
            sanction: Sanction { note, count, .. },
        } => with(
            format!(
                "裁判：{}方犯规（{}），第{count}次。Arbiter: foul by {} ({}), number {count}; {}.",
                zh(*side),
                foul.chinese(),
                en(*side),
                foul.english(),
                foul.article()
            ),
            note,
        ),
        Event::Warned {
            side,
            sanction: Sanction { note, count, .. },
        } => with(
            format!(
                "裁判：警告{}方（第{count}次）。Arbiter: warning to {} (number {count}; 1960 rules §18 九, current 8.8).",
                zh(*side),
                en(*side)
            ),
            note,
        ),
        Event::ClaimRefused { by, code, ply } => format!(
            "裁判：{}方第{ply}着后提和不属实（{code}），可记犯规。Arbiter: {}'s claim of a repetition draw after ply {ply} was false ({code}); the arbiter may record it as a foul.",
            zh(*by),
            en(*by)
        ),
        _ => return None,
    })
}

/// The arbiter at the clock.
fn clock_note(event: &Event) -> Option<String> {
    Some(match event {
        Event::ArbiterPaused { .. } => "裁判：暂停计时。Arbiter: clocks stopped.".into(),
        Event::ArbiterResumed { .. } => "裁判：重行开钟。Arbiter: clocks restarted.".into(),
        Event::TimeAdjusted { side, ms, note, .. } => with(
            format!(
                "裁判：{}方时间{}{}秒。Arbiter: {} {} s {} {}.",
                zh(*side),
                if *ms > 0 { "加" } else { "减" },
                ms.unsigned_abs() as f64 / 1000.0,
                if *ms > 0 { "gave" } else { "took" },
                ms.unsigned_abs() as f64 / 1000.0,
                if *ms > 0 { "to" } else { "from" },
                en(*side)
            ),
            note,
        ),
        _ => return None,
    })
}

/// Adjournment, a sealed move corrected, moves taken back.
fn record_note(event: &Event) -> Option<String> {
    Some(match event {
        Event::SealCorrected { note, .. } => with(
            "裁判：封着有误，封棋方已解释清楚，按其所指着法续弈。Arbiter: the sealed move was wrong and explained; the move meant stands (1960 rules §4 一(六)).".into(),
            note,
        ),
        Event::AdjournmentOrdered { .. } => {
            "裁判：延期续弈，轮走方封棋。Arbiter: adjourned; the side to move seals (1960 rules §11 四).".into()
        }
        Event::TakenBack {
            to_ply, moves, note, ..
        } => with(
            format!(
                "裁判：纠正错误，退回{}着（{}）。Arbiter: correction, {} move(s) taken back to ply {to_ply} (current rules 5.8).",
                moves.len(),
                moves.join(" "),
                moves.len()
            ),
            note,
        ),
        _ => return None,
    })
}
