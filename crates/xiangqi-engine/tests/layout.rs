//! The files of this crate use one another without a circle: each reads knowing only the files
//! below it. The check is shared by every crate: `tools/layout/` at the workspace root.

#[path = "../../../tools/layout/mod.rs"]
mod layout;

#[test]
fn files_use_one_another_without_a_circle() {
    // No circle is left to break: any circle fails (a known one would be listed here as
    // exactly its set of files, and the list could only shrink).
    layout::assert_no_circles(env!("CARGO_MANIFEST_DIR"), &[]);
}

/// No function over 80 lines outside tests: split into named steps, each reads at once.
#[test]
fn functions_are_at_most_80_lines() {
    layout::assert_short_functions(env!("CARGO_MANIFEST_DIR"), &[]);
}

/// No file over 400 lines outside tests: one concept a file, read in a sitting.
#[test]
fn files_are_at_most_400_lines() {
    layout::assert_short_files(env!("CARGO_MANIFEST_DIR"), &[]);
}
