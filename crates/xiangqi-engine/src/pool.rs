//! A bounded pool of built-in engines, for a server that lets people play the computer or
//! shows an evaluation: a fixed number of search threads and a bounded queue, so that many
//! computer games cannot take every core from the human games. A full queue is refused at
//! once ([`PoolBusy`]) rather than waited on.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use xiangqi::{Move, Position};
use xiangqi_referee::RuleSet;

use crate::builtin::Builtin;
use crate::dialect::Go;
use crate::error::EngineError;
use crate::player::{Player, Reply, Request};
use crate::search::Limits;

/// One search for the pool: the game so far, the clock or limits, and the level.
#[derive(Clone, Debug)]
pub struct PoolRequest {
    /// Where the game started.
    pub start: Position,
    /// The moves since (legal: the caller's referee has accepted them).
    pub moves: Vec<Move>,
    /// The clock and limits of the request.
    pub go: Go,
    /// The level's caps.
    pub level: Limits,
    /// The game's rule set.
    pub rules: RuleSet,
}

/// The pool's queue is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolBusy;

impl std::fmt::Display for PoolBusy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the engine pool is busy; try again")
    }
}

impl std::error::Error for PoolBusy {}

type Answer = Result<Reply, EngineError>;

/// A pending answer.
pub struct Ticket(Receiver<Answer>);

impl Ticket {
    /// Waits up to `timeout` for the answer; `None` if it has not come.
    pub fn wait(&self, timeout: Duration) -> Option<Answer> {
        match self.0.recv_timeout(timeout) {
            Ok(a) => Some(a),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(Err(EngineError::Exited {
                engine: "pool".to_owned(),
                waiting_for: "a search".to_owned(),
                status: None,
                last_lines: Vec::new(),
            })),
        }
    }
}

/// Search threads, each with its own built-in engine and table, fed by a bounded queue.
///
/// ```
/// use std::time::Duration;
/// use xiangqi::Position;
/// use xiangqi_engine::{Go, Pool, PoolRequest};
/// use xiangqi_engine::search::Limits;
/// let pool = Pool::new(1, 4, 1);
/// let ticket = pool.submit(PoolRequest {
///     start: Position::start(), moves: vec![], go: Go::default(),
///     level: Limits::depth(2), rules: Default::default(),
/// }).unwrap();
/// let reply = ticket.wait(Duration::from_secs(30)).unwrap().unwrap();
/// assert!(reply.mv.is_some());
/// ```
pub struct Pool {
    queue: Option<SyncSender<(PoolRequest, mpsc::Sender<Answer>)>>,
    workers: Vec<JoinHandle<()>>,
}

impl Pool {
    /// `threads` search threads (at least 1), a queue of `queue` waiting requests, tables of
    /// `hash_mb` megabytes each.
    pub fn new(threads: usize, queue: usize, hash_mb: usize) -> Pool {
        let (tx, rx) = mpsc::sync_channel::<(PoolRequest, mpsc::Sender<Answer>)>(queue);
        let rx = Arc::new(Mutex::new(rx));
        let workers = (0..threads.max(1))
            .map(|i| {
                let rx = rx.clone();
                std::thread::spawn(move || {
                    let mut engine =
                        Builtin::with_hash(&format!("pool-{i}"), Limits::default(), hash_mb);
                    loop {
                        let job = match rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        let Ok((req, answer)) = job else { return };
                        let mut position = req.start.clone();
                        for &m in &req.moves {
                            position.play_unchecked(m);
                        }
                        engine.caps = req.level;
                        engine.rules = req.rules;
                        let reply = engine.go(&Request {
                            start: &req.start,
                            moves: &req.moves,
                            position: &position,
                            go: req.go,
                            banned: &[],
                            allowed: &[],
                            deadline: None,
                        });
                        let _ = answer.send(reply);
                    }
                })
            })
            .collect();
        Pool {
            queue: Some(tx),
            workers,
        }
    }

    /// Queues a search; refused at once when the queue is full.
    pub fn submit(&self, request: PoolRequest) -> Result<Ticket, PoolBusy> {
        let (tx, rx) = mpsc::channel();
        let queue = self.queue.as_ref().ok_or(PoolBusy)?;
        match queue.try_send((request, tx)) {
            Ok(()) => Ok(Ticket(rx)),
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => Err(PoolBusy),
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Closing the queue ends each thread after its current search.
        self.queue = None;
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}
