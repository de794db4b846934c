//! Output: pairings, standings and crosstables as text, CSV and HTML, and FIDE TRF16.

mod crosstable;
mod text;
mod trf;

pub use crosstable::{Crosstable, CrosstableRow};
pub use text::{display_width, text_table};
pub use trf::{to_trf, to_trf2026};
