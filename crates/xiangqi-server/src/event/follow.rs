//! Live event pages on every node of a cluster.
//!
//! One node serves the competitions (it holds the `competitions` lease, `cluster`), and every
//! change is committed to the `competitions` table there, with `pg_notify('xq_competitions',
//! '<id>')` in the same transaction (`store`). An event page's WebSocket (`GET
//! /api/events/{id}/ws`) is not forwarded: it is served by whichever node the browser reached,
//! as a game's is. On a node that does not serve the competitions this listener keeps the
//! node's copy of each event current: a notification makes it read that event again from the
//! database and tell the node's event sockets, as a commit does on the serving node.
//!
//! # Decisions
//!
//! * **The database is the truth; a notification is only a wake-up.** The node reads the
//!   committed row, never the payload's content, so notifications out of order or twice do no
//!   harm. A dropped listener connection, or a notification lost, would leave a page behind:
//!   so on every (re)connection the node reads every event again, and while any event page
//!   is connected to it, it also compares its copies with the table every
//!   [`RESYNC`] — a page is then at most that late, never wrong.
//! * **Read on the event's task.** The row is read by the event's own task, after the
//!   changes sent to it before: a row read before a change of this node was committed (the
//!   node may serve the events a moment later, or have lost the lease a moment) never
//!   replaces that change.
//! * **Why not forward the socket** to the serving node: a socket held across two nodes
//!   breaks each time the competitions move (a drain, a failover), and forwarding
//!   WebSockets is a second proxy to maintain. The games' sockets made the same choice.
//! * The node's fresher copy also serves what it decides alone about event games it owns
//!   (who an event token is, the re-issued links refused): those read the same map.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::watch;

use xiangqi_competition::Competition;

use crate::cluster::Node;
use crate::state::AppState;
use crate::store::COMPETITIONS_CHANNEL;

/// How often a node compares its events with the table while event pages are connected.
///
/// ```
/// assert!(xiangqi_server::event::follow::RESYNC.as_secs() <= 10, "a page at most this late");
/// ```
pub const RESYNC: Duration = Duration::from_secs(5);

/// Event `id` as committed, read from the database; `None` if absent or unreadable.
async fn committed(node: &Node, id: &str) -> Option<Competition> {
    let body: Option<String> = sqlx::query_scalar("SELECT body FROM competitions WHERE id = $1")
        .bind(id)
        .fetch_optional(node.pool())
        .await
        .inspect_err(|e| tracing::warn!(event = %id, error = %e, "reading an event"))
        .ok()
        .flatten();
    let parsed = serde_json::from_str(&body?);
    parsed
        .inspect_err(|e| tracing::warn!(event = %id, error = %e, "a stored event"))
        .ok()
}

/// Listens for committed changes to events until `stopped`; reconnects after a failure.
pub(crate) async fn listen(
    app: Arc<AppState>,
    node: Arc<Node>,
    mut stopped: watch::Receiver<bool>,
) {
    loop {
        let listener = async {
            let mut l = PgListener::connect_with(node.pool()).await?;
            l.listen(COMPETITIONS_CHANNEL).await?;
            Ok::<_, sqlx::Error>(l)
        };
        let mut listener = tokio::select! {
            l = listener => match l {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot listen for event changes; retrying");
                    tokio::select! {
                        () = tokio::time::sleep(Duration::from_secs(1)) => continue,
                        _ = stopped.changed() => return,
                    }
                }
            },
            _ = stopped.changed() => return,
        };
        // Whatever was missed while not listening.
        resync(&app, &node).await;
        let mut tick = tokio::time::interval(RESYNC);
        loop {
            tokio::select! {
                n = listener.try_recv() => match n {
                    Ok(Some(n)) => {
                        if !node.serves_competitions() {
                            follow_one(&app, &node, n.payload()).await;
                        }
                    }
                    // The connection dropped; the next call reconnects. Read everything again.
                    Ok(None) => resync(&app, &node).await,
                    Err(e) => {
                        tracing::warn!(error = %e, "event changes listener failed");
                        break;
                    }
                },
                _ = tick.tick() => {
                    if app.events.watched() {
                        resync(&app, &node).await;
                    }
                }
                _ = stopped.changed() => return,
            }
        }
    }
}

/// Event `id` again from the table, on the event's task ([`crate::event::Events::follow`]).
async fn follow_one(app: &Arc<AppState>, node: &Arc<Node>, id: &str) {
    let (node, owned) = (node.clone(), id.to_owned());
    app.events
        .follow(id, async move { committed(&node, &owned).await })
        .await;
}

/// Every event again from the table, on a node that does not serve them.
async fn resync(app: &Arc<AppState>, node: &Arc<Node>) {
    if node.serves_competitions() {
        return;
    }
    let ids: Vec<String> = match sqlx::query_scalar("SELECT id FROM competitions")
        .fetch_all(node.pool())
        .await
    {
        Ok(ids) => ids,
        Err(e) => {
            tracing::warn!(error = %e, "reading the events again");
            return;
        }
    };
    for id in ids {
        follow_one(app, node, &id).await;
    }
}
