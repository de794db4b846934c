//! The files of this crate use one another without a circle: the check every crate of the
//! workspace runs (`tools/layout/` at the workspace root).

#[path = "../../../tools/layout/mod.rs"]
mod layout;

#[test]
fn files_use_one_another_without_a_circle() {
    layout::assert_no_circles(env!("CARGO_MANIFEST_DIR"), &[]);
}
