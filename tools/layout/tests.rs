//! The check on crates built in memory: what makes a circle and what does not.

use super::circles::circles;
use super::tree::tree;
use super::unknown;
use std::collections::BTreeMap;

fn circles_in(files: &[(&str, &str)]) -> Vec<String> {
    let map: BTreeMap<&str, &str> = files.iter().copied().collect();
    let tree = tree("lib.rs", &|rel| map.get(rel).map(|s| s.to_string()));
    circles(&tree).into_iter().map(|(_, text)| text).collect()
}

#[test]
fn siblings_that_use_each_other_make_a_circle() {
    let found = circles_in(&[
        ("lib.rs", "mod a;\nmod b;"),
        ("a.rs", "use crate::b::Beta;\npub struct Alpha;"),
        ("b.rs", "pub struct Beta;\nfn f() { super::a::Alpha; }"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("a.rs → b.rs  (line 1: crate::b::Beta)"),
        "{}",
        found[0]
    );
    assert!(
        found[0].contains("b.rs → a.rs  (line 2: super::a::Alpha)"),
        "{}",
        found[0]
    );
}

#[test]
fn a_re_export_counts_as_the_file_that_defines_the_item() {
    let facade = "mod a;\nmod b;\npub use a::Alpha;\npub use b::Beta;";
    let one_way = [
        ("lib.rs", facade),
        ("a.rs", "use crate::Beta;\npub struct Alpha;"),
        ("b.rs", "pub struct Beta;"),
    ];
    assert_eq!(circles_in(&one_way), Vec::<String>::new());
    let both_ways = [
        ("lib.rs", facade),
        ("a.rs", "use crate::Beta;\npub struct Alpha;"),
        ("b.rs", "use crate::{Alpha as A};\npub struct Beta;"),
    ];
    let found = circles_in(&both_ways);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("2 files"), "{}", found[0]);
}

#[test]
fn a_child_using_an_item_of_the_parent_that_uses_it_makes_a_circle() {
    let found = circles_in(&[
        ("lib.rs", "mod swiss;"),
        (
            "swiss/mod.rs",
            "mod dutch;\nuse dutch::Pairing;\npub struct Player;",
        ),
        (
            "swiss/dutch/mod.rs",
            "mod bracket;\npub use bracket::Pairing;",
        ),
        (
            "swiss/dutch/bracket.rs",
            "use super::super::{Player};\npub struct Pairing;",
        ),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("swiss/dutch/bracket.rs → swiss/mod.rs"),
        "{}",
        found[0]
    );
    assert!(
        found[0].contains("swiss/mod.rs → swiss/dutch/bracket.rs"),
        "{}",
        found[0]
    );
}

#[test]
fn globs_groups_and_module_aliases_are_followed() {
    let found = circles_in(&[
        ("lib.rs", "mod a;\nmod b;\nmod c;"),
        (
            "a.rs",
            "use crate::{b::{self, Beta}};\nfn f() { b::helper(); }",
        ),
        ("b.rs", "pub struct Beta;\npub fn helper() {}"),
        ("c.rs", "use crate::a::*;\npub fn g() {}"),
    ]);
    assert_eq!(found, Vec::<String>::new());
    let found = circles_in(&[
        ("lib.rs", "mod a;\nmod b;"),
        (
            "a.rs",
            "use crate::b;\nfn f() { b::inner::deep(); }\npub fn g() {}",
        ),
        ("b.rs", "pub mod inner;"),
        ("b/inner.rs", "use crate::a::*;\npub fn deep() { g(); }"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("a.rs → b/inner.rs"), "{}", found[0]);
}

#[test]
fn comments_strings_tests_and_declarations_are_not_uses() {
    let found = circles_in(&[
        ("lib.rs", "mod a;\n#[path = \"other.rs\"]\nmod b;"),
        (
            "a.rs",
            "// crate::b::Beta\n/* use crate::b; */\nconst S: &str = \"crate::b::Beta\";\n\
             const R: &str = r#\"super::b::x\"#;\nfn f<'a>(c: char) -> bool { c == '\\'' }\n\
             pub struct Alpha;\n#[cfg(test)]\nmod tests { use super::*; fn t() { self::super::Alpha; } }",
        ),
        ("other.rs", "use crate::a::Alpha;\npub struct Beta;"),
    ]);
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn a_known_circle_passes_only_while_it_stays_the_same() {
    let map: BTreeMap<&str, &str> = [
        ("lib.rs", "mod a;\nmod b;\nmod c;"),
        ("a.rs", "use crate::b::Beta;\npub struct Alpha;"),
        ("b.rs", "use crate::a::Alpha;\npub struct Beta;"),
        ("c.rs", "pub struct Gamma;"),
    ]
    .into_iter()
    .collect();
    let files = tree("lib.rs", &|rel| map.get(rel).map(|s| s.to_string()));
    assert_eq!(unknown(&files, &[&["b.rs", "a.rs"]]), Vec::<String>::new());
    assert_eq!(unknown(&files, &[]).len(), 1);
    // Grown, or gone: the list must be brought up to date.
    assert_eq!(unknown(&files, &[&["a.rs"]]).len(), 2);
    assert_eq!(
        unknown(&files, &[&["a.rs", "b.rs"], &["c.rs", "a.rs"]]).len(),
        1
    );
}
