//! The cycle code reads like the chapter: `src/cycle/mod.rs` declares its
//! files in order, and each file uses only files declared before it — no circles, concepts
//! layered downwards.

use std::path::Path;

#[test]
fn cycle_files_import_only_files_declared_before_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cycle");
    let root = std::fs::read_to_string(dir.join("mod.rs")).expect("src/cycle/mod.rs");
    let order: Vec<&str> = root
        .lines()
        .filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    assert!(order.len() >= 10, "{order:?}");
    let mut wrong = Vec::new();
    for (i, name) in order.iter().enumerate() {
        let text = std::fs::read_to_string(dir.join(format!("{name}.rs"))).expect("a file");
        for (j, other) in order.iter().enumerate() {
            let uses = text.contains(&format!("super::{other}::"))
                || text.contains(&format!("super::{other}}}"))
                || text.contains(&format!("super::{other};"));
            if uses && j >= i {
                wrong.push(format!("{name} uses {other}, declared after it"));
            }
        }
        // Nothing below the root may reach back into it.
        for l in text
            .lines()
            .filter(|l| l.trim_start().starts_with("use super::{"))
        {
            wrong.push(format!("{name} imports from the module root: {l}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[path = "../../../tools/layout/mod.rs"]
mod crate_layout;

/// The whole crate, not only the cycle module: no two files use each other, directly or
/// round a circle (the check every crate of the workspace runs).
#[test]
fn files_use_one_another_without_a_circle() {
    crate_layout::assert_no_circles(env!("CARGO_MANIFEST_DIR"), &[]);
}
