//! The files of this crate use one another without a circle: each reads knowing only the files
//! below it. The check is shared by every crate: `tools/layout/` at the workspace root.

#[path = "../../../tools/layout/mod.rs"]
mod layout;

#[test]
fn files_use_one_another_without_a_circle() {
    // Circles not yet broken, each as exactly its set of files; the list only shrinks.
    layout::assert_no_circles(
        env!("CARGO_MANIFEST_DIR"),
        &[
            &["setup.rs", "position.rs", "illegal.rs", "fen.rs"],
            &[
                "notation/mod.rs",
                "notation/wxf.rs",
                "notation/spec.rs",
                "notation/line.rs",
                "notation/error.rs",
                "notation/detect.rs",
                "notation/coord.rs",
                "notation/chinese/mod.rs",
                "notation/chinese/writer.rs",
                "notation/chinese/tables.rs",
                "notation/chinese/reader.rs",
            ],
        ],
    );
}
