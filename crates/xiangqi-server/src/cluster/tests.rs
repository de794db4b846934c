//! The leases against a real PostgreSQL: `XQ_TEST_POSTGRES=postgres://…` (a fresh database
//! per test, dropped afterwards, see [`crate::store::testing`]). Without it the tests say
//! that they did not run, unless `XQ_TEST_BACKEND=postgres` asks for PostgreSQL: they fail.

use std::time::{Duration, Instant};

use sqlx::postgres::PgPool;

use super::*;
use crate::store::testing::{TestDatabase, postgres_from_env, postgres_url_if_set};

/// A fresh database, migrated by the store, and its pool.
pub(crate) struct TestDb {
    pub pool: PgPool,
    _db: TestDatabase,
}

impl TestDb {
    pub async fn new() -> Option<TestDb> {
        let Some(admin) = postgres_url_if_set() else {
            if let Err(e) = postgres_from_env() {
                panic!("{e}");
            }
            eprintln!("cluster lease test did not run: XQ_TEST_POSTGRES is not set");
            return None;
        };
        let db = TestDatabase::create(&admin).await.unwrap();
        let metrics = std::sync::Arc::new(crate::metrics::Metrics::default());
        let store = crate::store::Store::open_postgres(db.url(), metrics)
            .await
            .unwrap();
        let pool = store.postgres_pool().unwrap().clone();
        Some(TestDb { pool, _db: db })
    }

    pub async fn drop(self) {
        self.pool.close().await;
    }
}

async fn node(db: &TestDb, id: &str, lease_ms: u64) -> Node {
    let opt = ClusterOpt {
        node_id: Some(id.into()),
        advertise_url: Some(format!("http://{id}.invalid")),
        lease_ms,
        renew_ms: lease_ms / 4,
        forward_timeout_ms: 500,
    };
    Node::join(&opt, db.pool.clone(), "127.0.0.1:1".parse().unwrap())
        .await
        .unwrap()
}

#[test]
fn renewals_must_fit_in_a_lease() {
    let mut opt = ClusterOpt::default();
    assert!(opt.check().is_ok());
    opt.renew_ms = 2000;
    assert!(
        opt.check().is_err(),
        "two renewals could not fail before the lease lapses"
    );
    opt.renew_ms = 0;
    assert!(opt.check().is_err());
}

#[tokio::test]
async fn a_lease_passes_only_once_it_has_lapsed() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let (a, b) = (node(&db, "a", 800).await, node(&db, "b", 800).await);
    assert_eq!(a.secret, b.secret, "one secret per database");
    assert_eq!(
        a.claim("game:x").await.unwrap(),
        Claim::Mine { previous: None }
    );
    let Claim::Theirs(holder) = b.claim("game:x").await.unwrap() else {
        panic!("b took a live lease");
    };
    assert_eq!(
        (holder.node.as_str(), holder.url.as_str()),
        ("a", "http://a.invalid")
    );
    assert!(holder.remaining > Duration::from_millis(500));
    // a renews: b still cannot take it, even after more than one lease length in all.
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(400)).await;
        a.renew(&["game:x".into()], Instant::now()).await.unwrap();
        assert!(matches!(b.claim("game:x").await.unwrap(), Claim::Theirs(_)));
    }
    // a stops renewing: it stops acting before the lease lapses, then b takes it.
    assert!(a.holds("game:x"));
    tokio::time::sleep(Duration::from_millis(650)).await;
    assert!(
        !a.holds("game:x"),
        "a's own deadline comes a quarter lease early"
    );
    let left = a.leases.holder("game:x").await.unwrap().unwrap().remaining;
    assert!(left > Duration::ZERO, "while the lease itself still runs");
    tokio::time::sleep(left + Duration::from_millis(50)).await;
    let Claim::Mine {
        previous: Some((old, renewed_ms)),
    } = b.claim("game:x").await.unwrap()
    else {
        panic!("b could not take a lapsed lease");
    };
    assert_eq!(old, "a");
    assert!(renewed_ms > 1_600_000_000_000);
    // a's renewal comes too late: nothing renewed.
    assert!(a.leases.renew(&["game:x".into()]).await.unwrap().is_empty());
    assert!(matches!(a.claim("game:x").await.unwrap(), Claim::Theirs(h) if h.node == "b"));
    db.drop().await;
}

#[tokio::test]
async fn one_of_many_claims_wins() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let mut nodes = Vec::new();
    for i in 0..8 {
        nodes.push(node(&db, &format!("n{i}"), 5000).await);
    }
    let claims = futures_util::future::join_all(nodes.iter().map(|n| n.claim("game:y"))).await;
    let won = claims
        .iter()
        .filter(|c| matches!(c, Ok(Claim::Mine { .. })))
        .count();
    assert_eq!(won, 1, "{claims:?}");
    db.drop().await;
}

#[tokio::test]
async fn released_and_unheld_leases() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let a = node(&db, "a", 5000).await;
    for r in ["game:1", "game:2", "game:3"] {
        a.claim(r).await.unwrap();
    }
    let all: Vec<String> = ["game:1", "game:2", "game:3", "game:4"]
        .map(String::from)
        .into();
    assert_eq!(
        a.leases.unheld(&all).await.unwrap(),
        vec!["game:4".to_owned()]
    );
    let keep = ["game:1".to_owned()];
    let spare = Duration::from_millis(300);
    let released = a.leases.release_except(&keep, spare).await.unwrap();
    assert_eq!(released, 0, "just claimed: spared");
    tokio::time::sleep(spare).await;
    assert_eq!(a.leases.release_except(&keep, spare).await.unwrap(), 2);
    let mut unheld = a.leases.unheld(&all).await.unwrap();
    unheld.sort();
    assert_eq!(unheld, ["game:2", "game:3", "game:4"]);
    a.release("game:1").await;
    assert!(!a.holds("game:1"));
    assert_eq!(a.leases.unheld(&all).await.unwrap().len(), 4);
    db.drop().await;
}

/// A claim whose request was sent before a renewal listed its leases, but which entered the
/// node's table only after the list was made, survives that renewal: it was not asked about,
/// so it was not lost (before, it was dropped, and the game's next move was refused with 503
/// `not_owner` under load).
#[tokio::test]
async fn a_claim_racing_a_renewal_is_kept() {
    let Some(db) = TestDb::new().await else {
        return;
    };
    let a = node(&db, "a", 4000).await;
    let sent_before_listing = Instant::now();
    tokio::time::sleep(Duration::from_millis(5)).await;
    let listed = Instant::now();
    assert!(matches!(
        a.claim("game:raced").await.unwrap(),
        Claim::Mine { .. }
    ));
    // The claim's entry as the race leaves it: claimed before `listed`.
    a.held
        .lock()
        .unwrap()
        .get_mut("game:raced")
        .unwrap()
        .claimed = sent_before_listing;
    a.renew(&[], listed).await.unwrap();
    assert!(a.holds("game:raced"), "a lease not asked about is kept");
    // A lease that was asked about and not renewed is lost.
    a.leases.release("game:raced").await.unwrap();
    a.renew(&["game:raced".to_owned()], Instant::now())
        .await
        .unwrap();
    assert!(
        !a.holds("game:raced"),
        "a lease asked about and not renewed is lost"
    );
    db.drop().await;
}
