//! XQF, the binary format of XQStudio (象棋演播室), every version: 1.0 (plain) and the scrambled
//! 1.1+ files (`xqbase/eleeye` `XQFTOOLS/XQF.TXT`, `XQFTOOLS/xqf2pgn.cpp`).
//!
//! Header strings map onto PGN tag names: title → `Title`, event → `Event`, date → `Date`,
//! site → `Site`, players → `Red`/`Black`, time rule → `TimeControl`, times →
//! `RedTime`/`BlackTime`, annotator → `Annotator`, author → `Author`, result byte →
//! `Result`, game type (when not 全局) → `Type` (布局/中局/残局). XQF can hold nothing else:
//! other tags are not written, nor a comment before the first move of a variation. Nor can it
//! hold Black to move in a record of no moves (the side to move is the first move's colour):
//! the writer refuses that.

mod header;
mod keys;
mod read;
mod write;

pub use read::read_xqf;
pub use write::write_xqf;

// DhtmlXQ's `binit` lists the pieces in the same slot order.
pub(crate) use header::SLOTS;
