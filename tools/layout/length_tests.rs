//! The function-length check on crates built in memory and on disk.

use super::assert_short_functions;
use super::length::long_functions;
use super::tree::tree;
use std::collections::BTreeMap;

/// A function `name` of `lines` lines (from `fn` to its closing brace).
fn function(name: &str, lines: usize, signature: &str) -> String {
    let body = "    let _x = 1;\n".repeat(lines - 2);
    format!("fn {name}(){signature} {{\n{body}}}\n")
}

fn long_in(files: &[(&str, &str)], max: usize) -> Vec<(String, usize)> {
    let map: BTreeMap<&str, &str> = files.iter().copied().collect();
    let tree = tree("lib.rs", &|rel| map.get(rel).map(|s| s.to_string()));
    long_functions(&tree, max)
        .into_iter()
        .map(|l| (l.at, l.lines))
        .collect()
}

#[test]
fn a_function_over_the_limit_is_named_with_its_length_and_one_at_it_is_not() {
    let a = format!(
        "{}{}{}",
        function("at_limit", 80, ""),
        function("over", 81, " -> [u8; 2]"),
        "trait T {\n    fn declared(&self);\n}\n"
    );
    let found = long_in(&[("lib.rs", "mod a;"), ("a.rs", &a)], 80);
    assert_eq!(found, [("a.rs over".to_string(), 81)]);
}

#[test]
fn code_for_tests_only_is_not_counted() {
    let long = function("long", 90, "");
    let inline = format!("pub fn f() {{}}\n#[cfg(test)]\nmod tests {{\n{long}}}\n");
    let item = format!("#[cfg(test)]\n{long}");
    let found = long_in(
        &[
            ("lib.rs", "mod a;\nmod b;\n#[cfg(test)]\nmod tests;"),
            ("a.rs", &inline),
            ("b.rs", &item),
            ("tests.rs", &format!("mod deeper;\n{long}")),
            ("tests/deeper.rs", &long),
        ],
        80,
    );
    assert_eq!(found, Vec::<(String, usize)>::new());
    // The same function outside tests is found.
    let found = long_in(&[("lib.rs", "mod a;"), ("a.rs", &long)], 80);
    assert_eq!(found, [("a.rs long".to_string(), 90)]);
}

/// A crate on disk with one long function, for the check as the layout tests run it.
fn crate_on_disk() -> std::path::PathBuf {
    let mut bytes = [0u8; 8];
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    bytes.copy_from_slice(&(nanos as u64).to_le_bytes());
    let dir = std::env::temp_dir().join(format!(
        "layout-length-{}-{}",
        std::process::id(),
        u64::from_le_bytes(bytes)
    ));
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), "mod a;\npub fn short() {}\n").unwrap();
    std::fs::write(dir.join("src/a.rs"), function("long", 85, "")).unwrap();
    dir
}

#[test]
fn the_known_list_lets_a_long_function_pass_and_only_shrinks() {
    let dir = crate_on_disk();
    let crate_dir = dir.to_str().unwrap().to_owned();
    let run = |known: &'static [&'static str]| {
        let crate_dir = crate_dir.clone();
        std::panic::catch_unwind(move || assert_short_functions(&crate_dir, known))
    };
    assert!(run(&["a.rs long"]).is_ok());
    let unlisted = run(&[]).unwrap_err();
    let text = unlisted.downcast_ref::<String>().unwrap();
    assert!(text.contains("a.rs long (line 1): 85 lines"), "{text}");
    // A listed function that is gone, or short now, must leave the list.
    assert!(run(&["a.rs long", "lib.rs short"]).is_err());
    std::fs::remove_dir_all(dir).unwrap();
}
