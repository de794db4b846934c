//! The tournament file: read whole, written atomically, so that a competition can be resumed
//! from it at any point.

use std::path::Path;

use anyhow::Context;
use xiangqi_tournament::Tournament;

pub(super) fn load(path: &Path) -> anyhow::Result<Tournament> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    Tournament::from_json(&text).with_context(|| path.display().to_string())
}

/// Writes atomically: a crash mid-write never leaves a half file behind.
pub(super) fn save(path: &Path, t: &Tournament) -> anyhow::Result<()> {
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, t.to_json() + "\n")
        .with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("replacing {}", path.display()))?;
    Ok(())
}
