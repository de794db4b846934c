//! `xq db copy`: an installation written through the storage interface is copied from
//! SQLite to another SQLite directory, and to PostgreSQL and back when `XQ_TEST_POSTGRES`
//! is set; every game, event, token, competition and the heartbeat arrive, the counts are
//! printed, a non-empty destination is refused without `--force`.

mod common;

use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;

use xiangqi_server::config::{Config, StorageOpt};
use xiangqi_server::game::Event;
use xiangqi_server::ids::{GameId, Token};
use xiangqi_server::metrics::Metrics;
use xiangqi_server::store::copy;
use xiangqi_server::store::testing::{self, TestDatabase};
use xiangqi_server::store::{MoreTokens, NewGame, Store};

fn xq_db_copy(from: &str, to: &str, force: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_xq"));
    command.args(["db", "copy", "--from", from, "--to", to]);
    if force {
        command.arg("--force");
    }
    command.output().expect("xq db copy runs")
}

fn storage(dir: &Path, db: Option<&TestDatabase>) -> StorageOpt {
    let mut storage = Config::new("127.0.0.1:0".parse().unwrap(), dir.into()).storage;
    storage.database = db.map(|db| db.url().clone());
    storage
}

fn a_move(mv: &str, at_ms: u64) -> Event {
    Event::Move {
        side: xiangqi::Color::Red,
        mv: mv.into(),
        at_ms,
        lag_ms: 0,
        seat: None,
        by_arbiter: false,
    }
}

/// Three games with moves (one finished, one with an arbiter and second players), 400
/// more just created, two competitions, a heartbeat.
async fn fill(store: &Store) -> Vec<GameId> {
    let mut ids = Vec::new();
    for g in 0..3u64 {
        let id = GameId::random().unwrap();
        let token = || Token::random().unwrap().hash();
        let more = if g == 1 {
            MoreTokens {
                arbiter: Some(token()),
                red2: Some(token()),
                black2: Some(token()),
            }
        } else {
            MoreTokens::default()
        };
        let created = Event::Created {
            control: "10m+5s".into(),
            rules: Default::default(),
            fen: xiangqi::Position::start().fen(),
            created_unix_ms: 1000 + g,
            options: Default::default(),
        };
        let new = NewGame {
            id: id.clone(),
            created_unix_ms: 1000 + g,
            red: token(),
            black: token(),
            more,
            created,
        };
        store.create_game(&new).await.unwrap();
        let line = [a_move("h2e2", 5), a_move("h9g7", 9), a_move("h0g2", 12)];
        let finished = (g == 0).then_some("1-0");
        store
            .append(&id, 2, &line[..=g as usize], finished)
            .await
            .unwrap();
        ids.push(id);
    }
    // More games than a page of the copy, created at once (group commit).
    let mut more = tokio::task::JoinSet::new();
    for g in 0..2 * copy::PAGE as u64 {
        let store = store.clone();
        more.spawn(async move {
            let new = NewGame {
                id: GameId::random().unwrap(),
                created_unix_ms: 2000 + g,
                red: Token::random().unwrap().hash(),
                black: Token::random().unwrap().hash(),
                more: MoreTokens::default(),
                created: Event::Created {
                    control: "5m+3s".into(),
                    rules: Default::default(),
                    fen: xiangqi::Position::start().fen(),
                    created_unix_ms: 2000 + g,
                    options: Default::default(),
                },
            };
            store.create_game(&new).await.map(|()| new.id)
        });
    }
    while let Some(id) = more.join_next().await {
        ids.push(id.unwrap().unwrap());
    }
    store
        .save_competition("spring", 7, true, r#"{"id":"spring"}"#)
        .await
        .unwrap();
    store
        .save_competition("autumn", 8, false, r#"{"id":"autumn"}"#)
        .await
        .unwrap();
    store.heartbeat(123_456).await.unwrap();
    ids
}

/// `to` holds what `from` does, read back through the storage interface.
async fn same(from: &Store, to: &Store, ids: &[GameId]) {
    for id in ids {
        let (a, b) = (
            from.load(id).await.unwrap().unwrap(),
            to.load(id).await.unwrap().unwrap(),
        );
        assert_eq!(a.events, b.events, "{id}: events");
        assert_eq!((a.red, a.black), (b.red, b.black), "{id}: tokens");
        assert_eq!(
            (a.more.arbiter, a.more.red2, a.more.black2),
            (b.more.arbiter, b.more.red2, b.more.black2),
            "{id}: tokens"
        );
    }
    let mut unfinished = (
        from.unfinished().await.unwrap(),
        to.unfinished().await.unwrap(),
    );
    unfinished.0.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    unfinished.1.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    assert_eq!(
        unfinished.0, unfinished.1,
        "the finished games stay finished"
    );
    assert_eq!(unfinished.1.len(), ids.len() - 1);
    assert_eq!(
        from.competitions().await.unwrap(),
        to.competitions().await.unwrap()
    );
    assert_eq!(to.last_heartbeat().await.unwrap(), Some(123_456));
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "xq db copy failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const COUNTS: &str = "403 games (1 finished), 409 events, 809 tokens, 2 competitions, 1 heartbeat";

#[tokio::test(flavor = "multi_thread")]
async fn copy_moves_everything_and_refuses_to_overwrite() {
    if let Err(e) = testing::postgres_from_env() {
        panic!("{e}");
    }
    let source_dir = tempfile::tempdir().unwrap();
    let source = Store::open(
        &storage(source_dir.path(), None),
        Arc::new(Metrics::default()),
    )
    .await
    .unwrap();
    let ids = fill(&source).await;
    let from = format!("sqlite:{}", source_dir.path().display());

    // SQLite to SQLite: always.
    let other = tempfile::tempdir().unwrap();
    let to = format!("sqlite:{}", other.path().join("copy").display());
    let out = stdout(&xq_db_copy(&from, &to, false));
    assert!(out.contains(COUNTS), "{out}");
    let copy = Store::open(
        &storage(&other.path().join("copy"), None),
        Arc::new(Metrics::default()),
    )
    .await
    .unwrap();
    same(&source, &copy, &ids).await;

    // A destination that holds something is refused, and left alone; --force replaces it.
    let refused = xq_db_copy(&from, &to, false);
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(
        said.contains("is not empty") && said.contains("--force"),
        "{said}"
    );
    let out = stdout(&xq_db_copy(&from, &to, true));
    assert!(
        out.contains(&format!("deleted from {to}: {COUNTS}")),
        "{out}"
    );
    same(&source, &copy, &ids).await;

    let missing = xq_db_copy("sqlite:/nonexistent/xq", &to, false);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no such database"));

    // PostgreSQL and back, when there is one.
    let Some(admin) = testing::postgres_url_if_set() else {
        // The SQLite-only run: CI's PostgreSQL run sets the URL and runs the rest.
        eprintln!("PostgreSQL part not run: no XQ_TEST_POSTGRES");
        return;
    };
    let db = TestDatabase::create(&admin).await.unwrap();
    let pg = db.url().secret().to_owned();
    let out = stdout(&xq_db_copy(&from, &pg, false));
    assert!(out.contains(COUNTS), "{out}");
    assert!(out.contains(&db.url().to_string()), "{out}");
    if db.url().to_string() != pg {
        assert!(!out.contains(&pg), "the password is not printed: {out}");
    }
    let on_pg = Store::open(
        &storage(other.path(), Some(&db)),
        Arc::new(Metrics::default()),
    )
    .await
    .unwrap();
    same(&source, &on_pg, &ids).await;
    let back = tempfile::tempdir().unwrap();
    let to = format!("sqlite:{}", back.path().display());
    let out = stdout(&xq_db_copy(&pg, &to, false));
    assert!(out.contains(COUNTS), "{out}");
    let back = Store::open(&storage(back.path(), None), Arc::new(Metrics::default()))
        .await
        .unwrap();
    same(&source, &back, &ids).await;
}
