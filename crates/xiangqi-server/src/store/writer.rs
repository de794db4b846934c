//! The group-committing writer both backends share: a queue of writes, and one task that
//! takes every write waiting into one transaction.

use std::sync::Arc;
use std::time::Instant;

use tokio::sync::{mpsc, oneshot};

use super::base::StoreError;
use crate::metrics::Metrics;

/// The most writes committed in one transaction.
pub const MAX_BATCH: usize = 512;

/// One write, encoded for the database.
#[derive(Debug)]
pub(crate) enum Write {
    Create {
        id: String,
        created: i64,
        red: String,
        black: String,
        more: [Option<String>; 3],
        event: String,
    },
    Append {
        id: String,
        first_seq: i64,
        events: Vec<String>,
        finished: Option<String>,
    },
    Heartbeat(i64),
}

struct Job {
    write: Write,
    queued: Instant,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// What a backend does for the writer.
pub(crate) trait Batches: Send + 'static {
    /// Commits `writes` in one transaction; on failure nothing of them stays.
    fn commit(&mut self, writes: &[&Write]) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Work the backend does between two batches (SQLite: a checkpoint when asked).
    fn between(&mut self) -> impl Future<Output = ()> + Send {
        async {}
    }
}

/// The sending end: a write waits here until its transaction has committed.
#[derive(Clone, Debug)]
pub(crate) struct Queue {
    sender: mpsc::Sender<Job>,
    metrics: Arc<Metrics>,
}

impl Queue {
    /// Starts the writer task over `batches`.
    pub(crate) fn start(batches: impl Batches, metrics: Arc<Metrics>) -> Queue {
        let (sender, rx) = mpsc::channel(4 * MAX_BATCH);
        tokio::spawn(run(batches, rx, metrics.clone()));
        Queue { sender, metrics }
    }

    /// Whether the writer has stopped (every queue dropped).
    pub(crate) fn is_closed(&self) -> bool {
        self.sender.is_closed()
    }

    /// Queues `write` and waits for its commit.
    pub(crate) async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        let queued = Instant::now();
        self.sender
            .send(Job {
                write,
                queued,
                reply,
            })
            .await
            .map_err(|_| StoreError("the writer has stopped".into()))?;
        let result = answer
            .await
            .map_err(|_| StoreError("the writer has stopped".into()))?;
        self.metrics.write.record_duration(queued.elapsed());
        result
    }
}

async fn run(mut batches: impl Batches, mut rx: mpsc::Receiver<Job>, metrics: Arc<Metrics>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while let Some(job) = rx.recv().await {
        batches.between().await;
        batch.push(job);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let started = Instant::now();
        for job in &batch {
            metrics
                .queue_wait
                .record_duration(started.saturating_duration_since(job.queued));
        }
        metrics.batch.record(batch.len() as u64);
        let writes: Vec<&Write> = batch.iter().map(|j| &j.write).collect();
        let committed = batches.commit(&writes).await;
        metrics.commit.record_duration(started.elapsed());
        match committed {
            Ok(()) => {
                for job in batch.drain(..) {
                    let _ = job.reply.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 => {
                for job in batch.drain(..) {
                    let _ = job.reply.send(Err(e.clone()));
                }
            }
            Err(_) => {
                for job in batch.drain(..) {
                    let result = batches.commit(&[&job.write]).await;
                    let _ = job.reply.send(result);
                }
            }
        }
    }
}

/// A batch's rows, one list per table: what both backends bind.
#[derive(Default)]
pub(crate) struct Rows<'a> {
    #[allow(clippy::type_complexity)]
    pub games: Vec<(
        &'a str,
        i64,
        &'a str,
        &'a str,
        Option<&'a str>,
        Option<&'a str>,
        Option<&'a str>,
    )>,
    pub events: Vec<(&'a str, i64, &'a str)>,
    pub finished: Vec<(&'a str, &'a str)>,
    pub heartbeat: Option<i64>,
}

impl<'a> Rows<'a> {
    pub(crate) fn of(writes: &[&'a Write]) -> Rows<'a> {
        let mut rows = Rows::default();
        for write in writes {
            match write {
                Write::Create {
                    id,
                    created,
                    red,
                    black,
                    more,
                    event,
                } => {
                    let [a, r2, b2] = more.each_ref().map(|t| t.as_deref());
                    rows.games.push((id, *created, red, black, a, r2, b2));
                    rows.events.push((id, 1, event));
                }
                Write::Append {
                    id,
                    first_seq,
                    events,
                    finished,
                } => {
                    for (i, event) in events.iter().enumerate() {
                        let seq = first_seq.saturating_add(i64::try_from(i).unwrap_or(i64::MAX));
                        rows.events.push((id, seq, event));
                    }
                    if let Some(result) = finished {
                        rows.finished.push((id, result));
                    }
                }
                Write::Heartbeat(ms) => {
                    rows.heartbeat = Some(rows.heartbeat.map_or(*ms, |h| h.max(*ms)));
                }
            }
        }
        rows
    }
}
