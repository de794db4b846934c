//! One task per competition (`event/actor.rs`): the changes to one event run one at a time
//! (none is lost when many arrive at once), two events never wait for each other, a change
//! that panics fails alone, and what was committed is what a restart reads.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::Data;
use xiangqi_competition::create_event::parse_create_event;
use xiangqi_competition::{Competition, SpecError};
use xiangqi_server::ApiError;
use xiangqi_server::event::Events;
use xiangqi_server::metrics::Metrics;
use xiangqi_server::store::Store;
use xiangqi_tournament::Player;

async fn store(data: &Data) -> Store {
    Store::open(&data.config().storage, Arc::new(Metrics::default()))
        .await
        .unwrap()
}

fn swiss(id: &str) -> Competition {
    let body = br#"{"name": "Club", "system": "swiss", "rounds": 5}"#;
    let spec = parse_create_event(body, |_| Ok::<(), SpecError>(())).unwrap();
    Competition::new(spec, id, 0, 7, ["", ""])
}

/// Registers `name` in event `id` as the API does: a copy changed, then committed.
async fn register(events: &Events, id: &str, name: String) -> Result<u32, ApiError> {
    events
        .change(id, move |desk| async move {
            let mut c = desk.copy();
            // A yield between reading and committing: without one task per event, two
            // registrations would both read the same field and one would be lost.
            tokio::task::yield_now().await;
            let n = c.register(Player::new(name), String::new())?;
            desk.commit(c).await?;
            Ok(n)
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changes_to_one_event_run_one_at_a_time_and_are_stored() {
    let data = Data::new().await;
    let events = Arc::new(Events::open(store(&data).await).await.unwrap());
    events.create(swiss("ev1")).await.unwrap();
    let tasks: Vec<_> = (0..24)
        .map(|i| {
            let events = events.clone();
            tokio::spawn(async move { register(&events, "ev1", format!("P{i}")).await })
        })
        .collect();
    let mut numbers = Vec::new();
    for t in tasks {
        numbers.push(t.await.unwrap().unwrap());
    }
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=24).collect::<Vec<u32>>());
    assert_eq!(events.get("ev1").await.unwrap().entries.len(), 24);
    // What a restart reads is what was committed.
    let again = Events::open(store(&data).await).await.unwrap();
    assert_eq!(again.get("ev1").await.unwrap().entries.len(), 24);
    assert!(matches!(
        register(&events, "no-such-event", "X".into()).await,
        Err(ApiError::NoEvent)
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_busy_with_a_change_does_not_hold_up_another() {
    let data = Data::new().await;
    let events = Arc::new(Events::open(store(&data).await).await.unwrap());
    events.create(swiss("slow")).await.unwrap();
    events.create(swiss("quick")).await.unwrap();
    let (release, released) = tokio::sync::oneshot::channel::<()>();
    let busy = {
        let events = events.clone();
        tokio::spawn(async move {
            events
                .change("slow", move |_desk| async move {
                    // Holds its event until the other event's change is done.
                    released.await.map_err(|_| ApiError::Unavailable)
                })
                .await
        })
    };
    let quick = tokio::time::timeout(
        Duration::from_secs(10),
        register(&events, "quick", "Q".into()),
    )
    .await
    .expect("a change to another event waited for the busy one");
    assert_eq!(quick.unwrap(), 1);
    release.send(()).unwrap();
    busy.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_that_panics_fails_alone() {
    let data = Data::new().await;
    let events = Events::open(store(&data).await).await.unwrap();
    events.create(swiss("ev")).await.unwrap();
    register(&events, "ev", "A".into()).await.unwrap();
    let failed: Result<(), ApiError> = events
        .change("ev", |desk| async move {
            let mut c = desk.copy();
            c.entries.clear();
            if c.entries.is_empty() {
                panic!("a bug in a change, before its commit");
            }
            desk.commit(c).await
        })
        .await;
    assert!(matches!(failed, Err(ApiError::Unavailable)));
    // The event keeps its committed state and takes the next change.
    assert_eq!(register(&events, "ev", "B".into()).await.unwrap(), 2);
    assert_eq!(events.get("ev").await.unwrap().entries.len(), 2);
}
