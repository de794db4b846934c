//! The copy itself: page by page, each page one transaction of the destination.

use super::db::Db;
use super::types::{Counts, Location};
use crate::store::base::StoreError;

/// What a copy did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Copied {
    /// What the source held (and the destination holds now).
    pub counts: Counts,
    /// Whether the destination had data, deleted first (`force`).
    pub replaced: Option<Counts>,
}

/// Copies everything from `from` to `to`. `progress(games copied, games in all)` is called
/// after each page.
///
/// # Errors
///
/// If either side cannot be opened, the destination is not empty and `force` is not set,
/// a read or write fails (then the destination holds the pages committed so far: copy again
/// with `force`), or the counts differ at the end.
pub async fn copy(
    from: &Location,
    to: &Location,
    force: bool,
    progress: impl Fn(u64, u64),
) -> Result<Copied, StoreError> {
    if from == to {
        return Err(StoreError(format!(
            "{from}: source and destination are the same"
        )));
    }
    let source = Db::open(from, false).await?;
    let destination = Db::open(to, true).await?;
    let mut read = source.snapshot().await?;
    let counts = read.counts().await?;
    let mut write = destination.begin().await?;
    let there = write.counts().await?;
    let replaced = if there.is_empty() {
        None
    } else if force {
        write.empty().await?;
        Some(there)
    } else {
        return Err(StoreError(format!(
            "{to} is not empty ({there}); --force deletes that and copies"
        )));
    };
    let total = u64::try_from(counts.games).unwrap_or(0);
    let mut done = 0u64;
    let mut after = String::new();
    loop {
        let games = read.games_after(&after).await?;
        let (Some(first), Some(last)) = (games.first(), games.last()) else {
            break;
        };
        let events = read.events_of(&first.0, &last.0).await?;
        write.insert_games(&games, &events).await?;
        write.commit().await?;
        write = destination.begin().await?;
        done += games.len() as u64;
        progress(done, total);
        after = last.0.clone();
    }
    write
        .insert_rest(&read.competitions().await?, read.heartbeat().await?)
        .await?;
    write.commit().await?;
    let copied = destination.begin().await?.counts().await?;
    if copied != counts {
        return Err(StoreError(format!(
            "the copy differs: {from} holds {counts}, {to} holds {copied}"
        )));
    }
    Ok(Copied { counts, replaced })
}
