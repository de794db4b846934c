//! After a start: every board still waiting for a result whose game has ended (the server
//! died between the game's end and the event's update) gets it now; a node of a cluster that
//! starts serving the competitions does the same for the games that ended on other nodes.

use std::sync::Arc;

use xiangqi_competition::Competition;

use super::games::{record_ending, stored_fouls};
use crate::ids::GameId;
use crate::state::AppState;

/// Catches every event up with its games, each on its own task.
pub async fn restore(app: &Arc<AppState>) {
    for handle in app.events.handles() {
        let app = app.clone();
        let id = handle.state().id.clone();
        let done = handle
            .run(move |desk| async move {
                let mut c = desk.copy();
                if catch_up(&app, &mut c).await {
                    desk.commit(c).await?;
                }
                Ok(())
            })
            .await;
        if let Err(e) = done {
            tracing::error!(event = %id, error = %e, "could not record results found at start");
        }
    }
}

/// Gives `c` the endings and fouls its games committed that it has not counted; whether it
/// changed.
async fn catch_up(app: &Arc<AppState>, c: &mut Competition) -> bool {
    let mut changed = false;
    let waiting: Vec<(u32, u32, String)> = c
        .boards
        .iter()
        .filter(|b| c.outcome_of(b).is_none())
        .filter_map(|b| Some((b.round, b.board, b.game.clone()?)))
        .collect();
    for (round, board, game) in waiting {
        let Some(gid) = GameId::parse(&game) else {
            continue;
        };
        let Ok(Some(stored)) = app.store.load(&gid).await else {
            continue;
        };
        let ended = stored.events.iter().find_map(|e| match e {
            xiangqi_game::Event::Ended { ruling, .. } => Some(ruling.clone()),
            _ => None,
        });
        // The result, and a disqualified player's leaving, as on the node that heard it.
        if let Some(ruling) = &ended {
            changed |= record_ending(c, round, board, ruling).unwrap_or(false);
        }
        // Fouls committed with the game but not yet counted by the event.
        let fouls = stored_fouls(&stored.events);
        changed |= c.set_fouls(round, board, fouls).unwrap_or(false);
    }
    changed
}
