//! Prints how the referee classifies the cycle of one or more corpus cases (a debugging aid):
//! `cargo run -p xiangqi-referee --example cycle_case -- cn2020-图2 [more ids]`; a built
//! position is given as `"FEN|move move …"` (ruled under both rule sets).
//!
//! For every move: the threats the side to move had before it, then the move's class, its
//! checkers and the pieces it chases; then the verdict.

#[path = "../tests/common/corpus.rs"]
#[allow(dead_code)]
mod corpus;

use std::process::ExitCode;

use xiangqi::{Move, Position};
use xiangqi_referee::{
    RuleSet,
    cycle::{classify_cycle, debug_threats, rule_cycle},
};

fn main() -> ExitCode {
    let wanted: Vec<String> = std::env::args().skip(1).collect();
    if wanted.is_empty() {
        eprintln!("usage: cycle_case <case id>…  (ids as in tests/data/rulebook-cases.jsonl)");
        return ExitCode::FAILURE;
    }
    let cases = corpus::load();
    let mut status = ExitCode::SUCCESS;
    for want in &wanted {
        if let Some((fen, line)) = want.split_once('|') {
            if built(fen, line).is_err() {
                status = ExitCode::FAILURE;
            }
            continue;
        }
        let Some(case) = cases.iter().find(|c| &c.id == want) else {
            eprintln!("cycle_case: no case {want:?}");
            status = ExitCode::FAILURE;
            continue;
        };
        let rules = case.rules;
        println!("{} {}", case.id, case.start.fen());
        show(&case.start, &case.cycle, rules);
    }
    status
}

/// A built position and its cycle, under every rule set.
fn built(fen: &str, line: &str) -> Result<(), ()> {
    let start = Position::from_fen(fen).map_err(|e| eprintln!("cycle_case: {fen}: {e}"))?;
    let mut cycle = Vec::new();
    for m in line.split_whitespace() {
        let m: Move = m
            .parse()
            .map_err(|_| eprintln!("cycle_case: {m:?} is no ICCS move"))?;
        cycle.push(m);
    }
    for rules in RuleSet::ALL {
        println!("{rules} {fen}");
        show(&start, &cycle, rules);
    }
    Ok(())
}

fn show(start: &Position, cycle: &[Move], rules: RuleSet) {
    {
        let mut pos = start.clone();
        for &m in cycle {
            println!("  before {m}: {:?}", debug_threats(&pos, rules));
            if pos.play(m).is_err() {
                println!("  {m} is illegal here");
                break;
            }
        }
        for c in classify_cycle(start, cycle, rules) {
            let chases: Vec<String> = c
                .chases
                .iter()
                .map(|h| {
                    format!(
                        "{}{}x{}{}:{:?}",
                        h.attacker_piece, h.attacker, h.target_piece, h.target, h.kind
                    )
                })
                .collect();
            println!(
                "  {} {:?} {:?} mate={} chk={:?} chases={chases:?}",
                c.mv, c.piece, c.kind, c.mate_threat, c.checkers
            );
        }
        println!("{:?}", rule_cycle(start, cycle, rules));
    }
}
