//! DhtmlXQ / UBB, the forum and web format of dpxq.com's 动态棋盘 (its tags as dpxq.com's client
//! programming guide lists them; the readers of `FastLight126/vschess` and `walker8088/cchess`
//! for the details).
//!
//! Reading is lenient, as forum text needs: `\uXXXX` escapes are undone first (the 1956 rules'
//! diagrams write every `[` as `\u005B`), the `[DhtmlXQ]` wrapper may be missing, and several
//! diagrams may follow one another (a field name seen again starts the next game).
//!
//! Fields map onto PGN tag names: `title` → `Title`, `event` → `Event`, `date` → `Date`,
//! `place` → `Site`, `round` → `Round`, `red`/`black` → `Red`/`Black`,
//! `redteam`/`blackteam` → `RedTeam`/`BlackTeam`, `result` → `Result`, `open` → `Opening`,
//! `author` → `Author`; any other field keeps its own name, so nothing is lost either way.
//! The start position is `binit` (or vschess's `fen`, which wins when both are present);
//! the writer adds `fen` only when Black moves first, which `binit` cannot say.

mod fields;
mod lines;
mod read;
mod write;

pub use read::{read_dhtmlxq, read_dhtmlxq_text};
pub use write::write_dhtmlxq;
