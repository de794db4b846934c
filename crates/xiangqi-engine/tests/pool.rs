//! The engine pool: bounded threads and queue; a full queue is refused at once; every
//! accepted search answers.

use std::time::{Duration, Instant};

use xiangqi::Position;
use xiangqi_engine::search::Limits;
use xiangqi_engine::{Go, Pool, PoolBusy, PoolRequest};

fn request(movetime_ms: u64) -> PoolRequest {
    PoolRequest {
        start: Position::start(),
        moves: vec!["h2e2".parse().unwrap()],
        go: Go::default(),
        level: Limits {
            movetime: Some(Duration::from_millis(movetime_ms)),
            ..Limits::default()
        },
        rules: Default::default(),
    }
}

#[test]
fn a_full_pool_refuses_at_once_and_answers_what_it_took() {
    let (threads, queue) = (2, 3);
    let pool = Pool::new(threads, queue, 1);
    let mut tickets = Vec::new();
    let t = Instant::now();
    let mut refused = 0;
    for _ in 0..20 {
        match pool.submit(request(300)) {
            Ok(ticket) => tickets.push(ticket),
            Err(PoolBusy) => refused += 1,
        }
    }
    // Submitting never waits for a search.
    assert!(
        t.elapsed() < Duration::from_millis(200),
        "{:?}",
        t.elapsed()
    );
    // At most one running per thread plus a full queue; at least the queue.
    assert!(
        tickets.len() >= queue && tickets.len() <= threads + queue,
        "{}",
        tickets.len()
    );
    assert_eq!(refused, 20 - tickets.len());
    let pos = {
        let mut p = Position::start();
        p.play("h2e2".parse().unwrap()).unwrap();
        p
    };
    for ticket in &tickets {
        let reply = ticket.wait(Duration::from_secs(30)).unwrap().unwrap();
        let mv: xiangqi::Move = reply.mv.unwrap().parse().unwrap();
        assert!(pos.is_legal(mv), "{mv}");
    }
    // With the queue drained, the pool takes work again.
    assert!(pool.submit(request(10)).is_ok());
}
