//! The games played on worker threads: the plan every worker shares, the jobs they take in
//! turn, and each worker's engine processes (one per engine, started when first needed and
//! afresh after a failure).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};

use xiangqi_clock::TimeControl;
use xiangqi_engine::{
    Adjudication, Engine, EngineError, GameEnd, GameOutcome, GameSetup, Player, Reply, Request,
    play_game,
};
use xiangqi_referee::Options;

use super::openings::Opening;
use super::spec::EngineSpec;

/// One game to play: which pairing, which pair of its games, the colours and the opening.
pub(super) struct Job {
    pub(super) pairing: usize,
    pub(super) pair: u32,
    /// Whether the pairing's first engine has Red.
    pub(super) a_red: bool,
    pub(super) opening: usize,
}

/// A game played (or why it could not be).
pub(super) struct Done {
    pub(super) job: Job,
    pub(super) outcome: Result<GameOutcome, String>,
}

/// What every worker shares: the engines, the pairings, the openings and the rules.
pub(super) struct Plan {
    pub(super) specs: Vec<EngineSpec>,
    pub(super) pairs: Vec<(usize, usize)>,
    pub(super) openings: Vec<Opening>,
    pub(super) options: Options,
    pub(super) control: Option<TimeControl>,
    pub(super) enforce: bool,
    pub(super) adjudication: Adjudication,
}

/// A player whose engine could not be started: it forfeits at the start of the game.
struct Unstartable {
    name: String,
    error: EngineError,
}

impl Player for Unstartable {
    fn name(&self) -> &str {
        &self.name
    }
    fn new_game(&mut self) -> Result<(), EngineError> {
        Err(self.error.clone())
    }
    fn go(&mut self, _: &Request) -> Result<Reply, EngineError> {
        Err(self.error.clone())
    }
}

/// Plays the queue's jobs until it is empty, `stop` is set, or nobody listens.
pub(super) fn worker(
    plan: &Plan,
    queue: &Mutex<VecDeque<Job>>,
    stop: &AtomicBool,
    tx: &mpsc::Sender<Done>,
) {
    // This worker's processes, one per engine, started when first needed and restarted
    // after a failure.
    let mut engines: Vec<Option<Box<dyn Player + Send>>> =
        plan.specs.iter().map(|_| None).collect();
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let Some(job) = queue.lock().ok().and_then(|mut q| q.pop_front()) else {
            return;
        };
        let (a, b) = plan.pairs[job.pairing];
        let (red, black) = if job.a_red { (a, b) } else { (b, a) };
        for i in [red, black] {
            if engines[i].is_none() {
                let spec = &plan.specs[i];
                engines[i] = Some(match Engine::start(spec.config.clone()) {
                    Ok(e) => Box::new(e),
                    Err(error) => Box::new(Unstartable {
                        name: spec.config.name.clone(),
                        error,
                    }),
                });
            }
        }
        let opening = &plan.openings[job.opening];
        let setup = GameSetup {
            start: opening.start.clone(),
            opening: opening.moves.clone(),
            options: plan.options,
            control: plan.control.clone(),
            limits: [plan.specs[red].limits, plan.specs[black].limits],
            enforce_variation: plan.enforce,
            adjudication: plan.adjudication,
        };
        let (mut r, mut bl) = match (engines[red].take(), engines[black].take()) {
            (Some(r), Some(b)) => (r, b),
            _ => return,
        };
        let outcome = play_game(&setup, r.as_mut(), bl.as_mut()).map_err(|e| e.to_string());
        // An engine that failed, or lost on time mid-search, is started afresh next game.
        let failed = match &outcome {
            Ok(o) => match o.end {
                GameEnd::Forfeit { loser, .. } | GameEnd::Flag { loser } => Some(loser),
                _ => None,
            },
            Err(_) => None,
        };
        if failed != Some(xiangqi::Color::Red) {
            engines[red] = Some(r);
        }
        if failed != Some(xiangqi::Color::Black) {
            engines[black] = Some(bl);
        }
        if tx.send(Done { job, outcome }).is_err() {
            return;
        }
    }
}
