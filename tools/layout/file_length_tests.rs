//! The file-length check on crates built in memory and on disk.

use super::assert_short_files;
use super::file_length::long_files;
use super::tree::tree;
use std::collections::BTreeMap;

/// `lines` lines of code.
fn code(lines: usize) -> String {
    "const _: u8 = 1;\n".repeat(lines)
}

fn long_in(files: &[(&str, &str)], max: usize) -> Vec<(String, usize)> {
    let map: BTreeMap<&str, &str> = files.iter().copied().collect();
    let tree = tree("lib.rs", &|rel| map.get(rel).map(|s| s.to_string()));
    long_files(&tree, max)
        .into_iter()
        .map(|l| (l.rel, l.lines))
        .collect()
}

#[test]
fn a_file_over_the_limit_is_named_with_its_length_and_one_at_it_is_not() {
    let over = format!("//! A module.\n\n{}", code(399));
    let found = long_in(
        &[
            ("lib.rs", "mod at;\nmod over;"),
            ("at.rs", &code(400)),
            ("over.rs", &over),
        ],
        400,
    );
    assert_eq!(found, [("over.rs".to_string(), 401)]);
}

#[test]
fn test_modules_are_not_counted_but_all_else_is() {
    let tests = format!("#[cfg(test)]\nmod tests {{\n{}}}\n", code(300));
    let inline = format!("{}{tests}", code(400));
    let item = format!(
        "#[cfg(test)]\nconst T: &str = \"\n{}\";\n{}",
        code(50),
        code(400)
    );
    let found = long_in(
        &[
            ("lib.rs", "mod a;\nmod b;\n#[cfg(test)]\nmod tests;"),
            ("a.rs", &inline),
            ("b.rs", &item),
            ("tests.rs", &code(900)),
        ],
        400,
    );
    assert_eq!(found, Vec::<(String, usize)>::new());
    // One line more outside the test module is over the limit.
    let more = format!("{}{tests}", code(401));
    let found = long_in(&[("lib.rs", "mod a;"), ("a.rs", &more)], 400);
    assert_eq!(found, [("a.rs".to_string(), 401)]);
}

/// A crate on disk with one long file, for the check as the layout tests run it.
fn crate_on_disk() -> std::path::PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!(
        "layout-file-length-{}-{}",
        std::process::id(),
        nanos as u64
    ));
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), "mod a;\npub fn short() {}\n").unwrap();
    std::fs::write(dir.join("src/a.rs"), code(450)).unwrap();
    dir
}

#[test]
fn the_known_list_lets_a_long_file_pass_and_only_shrinks() {
    let dir = crate_on_disk();
    let crate_dir = dir.to_str().unwrap().to_owned();
    let run = |known: &'static [&'static str]| {
        let crate_dir = crate_dir.clone();
        std::panic::catch_unwind(move || assert_short_files(&crate_dir, known))
    };
    assert!(run(&["a.rs"]).is_ok());
    let unlisted = run(&[]).unwrap_err();
    let text = unlisted.downcast_ref::<String>().unwrap();
    assert!(text.contains("a.rs: 450 lines"), "{text}");
    // A listed file that is short now, or gone, must leave the list.
    let stale = run(&["a.rs", "lib.rs"]).unwrap_err();
    let text = stale.downcast_ref::<String>().unwrap();
    assert!(
        text.contains("lib.rs: listed as long, but it is not"),
        "{text}"
    );
    assert!(run(&["a.rs", "gone.rs"]).is_err());
    std::fs::remove_dir_all(dir).unwrap();
}
