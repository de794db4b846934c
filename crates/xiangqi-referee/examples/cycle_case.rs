//! Prints how the referee classifies the cycle of one or more corpus cases (a debugging aid):
//! `cargo run -p xiangqi-referee --example cycle_case -- cn2020-图2 [more ids]`.
//!
//! For every move: the threats the side to move had before it, then the move's class, its
//! checkers and the pieces it chases; then the verdict.

#[path = "../tests/common/corpus.rs"]
#[allow(dead_code)]
mod corpus;

use std::process::ExitCode;

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
        let Some(case) = cases.iter().find(|c| &c.id == want) else {
            eprintln!("cycle_case: no case {want:?}");
            status = ExitCode::FAILURE;
            continue;
        };
        let rules = if case.group.starts_with("cn") {
            RuleSet::Chinese
        } else {
            RuleSet::Asian
        };
        println!("{} {}", case.id, case.start.fen());
        let mut pos = case.start.clone();
        for &m in &case.cycle {
            println!("  before {m}: {:?}", debug_threats(&pos, rules));
            if pos.play(m).is_err() {
                println!("  {m} is illegal here");
                break;
            }
        }
        for c in classify_cycle(&case.start, &case.cycle, rules) {
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
        println!("{:?}", rule_cycle(&case.start, &case.cycle, rules));
    }
    status
}
