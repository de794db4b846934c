//! A `go` command: the clock read in the protocol's units and by colour, the moves allowed
//! (`searchmoves`, or all less the banned), and the answer: a scripted or random move at
//! once, else a search on its own thread that reports each iteration in an `info` line.

use std::sync::atomic::Ordering;
use std::time::Duration;

use xiangqi::{Color, Move, Position};
use xiangqi_referee::Referee;

use super::{Out, State, say};
use crate::builtin::{Rng, limits_for, score_of};
use crate::dialect::{ClockTimes, Dialect, Go, SideTime};
use crate::gui::GoCommand;
use crate::protocol::Score;
use crate::search::{Limits, SearchInfo};

impl State {
    /// Answers `go` with a `bestmove` (or the dialect's "no move" line): at once for a
    /// scripted or random move, else when the search ends.
    pub(super) fn go(&mut self, out: &Out, go: GoCommand) {
        let none = no_move(self.dialect);
        let Some(referee) = self.referee.clone() else {
            say(out, "info string error: no valid position");
            say(out, none);
            return;
        };
        let pos = referee.position().clone();
        let request = Go {
            clock: self.clock(&go, pos.turn()),
            depth: go.depth,
            nodes: go.nodes,
            movetime: go.movetime.map(Duration::from_millis),
        };
        let mut limits = limits_for(&request, &pos, &self.opts.caps);
        if go.infinite {
            limits = Limits {
                depth: self.opts.caps.depth,
                ..Limits::default()
            };
        }
        let only = self.moves_allowed(&go, &pos);
        let dialect = self.dialect;
        if let Some(m) = self.scripted_move(&pos, &only) {
            say(out, &format!("bestmove {}", dialect.write_move(m)));
            return;
        }
        if let Some(rng) = self.rng.as_mut() {
            match random_move(rng, &pos, only) {
                Some(m) => say(out, &format!("bestmove {}", dialect.write_move(m))),
                None => say(out, none),
            }
            return;
        }
        self.spawn_search(out, referee, limits, only, go.infinite);
    }

    /// The clock of `go` by colour: UCCI gives the side to move's and its opponent's (in
    /// seconds unless `usemillisec`), UCI White's (Red's) and Black's in milliseconds. An
    /// opponent's time not given is taken to be the mover's.
    fn clock(&self, go: &GoCommand, turn: Color) -> Option<ClockTimes> {
        let ucci = self.dialect == Dialect::Ucci;
        let ms = |v: u64| {
            if ucci && !self.millis {
                Duration::from_secs(v)
            } else {
                Duration::from_millis(v)
            }
        };
        let red = turn == Color::Red;
        let side = |t: Option<u64>, i: Option<u64>| {
            t.map(|t| SideTime {
                time: ms(t),
                increment: ms(i.unwrap_or(0)),
            })
        };
        let (own, opp) = if ucci {
            (
                side(go.time, go.increment),
                side(go.opptime, go.oppincrement),
            )
        } else if red {
            (side(go.wtime, go.winc), side(go.btime, go.binc))
        } else {
            (side(go.btime, go.binc), side(go.wtime, go.winc))
        };
        own.map(|own| {
            let opp = opp.unwrap_or(own);
            let (r, b) = if red { (own, opp) } else { (opp, own) };
            ClockTimes {
                red: r,
                black: b,
                moves_to_go: go.movestogo,
            }
        })
    }

    /// The moves the search may choose from: `searchmoves`, else the legal moves less the
    /// banned ones when some are banned; empty for all.
    fn moves_allowed(&self, go: &GoCommand, pos: &Position) -> Vec<Move> {
        let only: Vec<Move> = go
            .searchmoves
            .iter()
            .filter_map(|t| self.dialect.read_move(pos, t).ok())
            .collect();
        if !only.is_empty() || self.banned.is_empty() {
            return only;
        }
        pos.legal_moves()
            .iter()
            .copied()
            .filter(|m| !self.banned.contains(m))
            .collect()
    }

    /// The first move of the script that is legal and allowed here.
    fn scripted_move(&self, pos: &Position, only: &[Move]) -> Option<Move> {
        self.opts
            .script
            .iter()
            .copied()
            .find(|&m| pos.is_legal(m) && (only.is_empty() || only.contains(&m)))
    }

    /// Starts the search on its own thread: an `info` line after each iteration, the
    /// `bestmove` at the end (an infinite search answers only once stopped).
    fn spawn_search(
        &mut self,
        out: &Out,
        referee: Referee,
        limits: Limits,
        only: Vec<Move>,
        infinite: bool,
    ) {
        self.stop.store(false, Ordering::Relaxed);
        let (out, searcher, stop) = (out.clone(), self.searcher.clone(), self.stop.clone());
        let dialect = self.dialect;
        self.running = Some(std::thread::spawn(move || {
            let Ok(mut s) = searcher.lock() else { return };
            let only = (!only.is_empty()).then_some(only.as_slice());
            let result = s.search(&referee, &limits, only, &mut |i| {
                say(&out, &info_line(i, dialect));
            });
            while infinite && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(5));
            }
            match result.best {
                Some(m) => say(&out, &format!("bestmove {}", dialect.write_move(m))),
                None => say(&out, no_move(dialect)),
            }
        }));
    }
}

/// The dialect's answer when there is no move to play.
fn no_move(dialect: Dialect) -> &'static str {
    if dialect == Dialect::Ucci {
        "nobestmove"
    } else {
        "bestmove (none)"
    }
}

/// A random move among those allowed (all legal ones when none is singled out).
fn random_move(rng: &mut Rng, pos: &Position, only: Vec<Move>) -> Option<Move> {
    let moves: Vec<Move> = if only.is_empty() {
        pos.legal_moves().iter().copied().collect()
    } else {
        only
    };
    moves.get(rng.below(moves.len())).copied()
}

/// The `info` line of a completed iteration.
fn info_line(i: &SearchInfo, dialect: Dialect) -> String {
    let pv: Vec<String> = i.pv.iter().map(|&m| dialect.write_move(m)).collect();
    let ms = i.elapsed.as_millis().max(1) as u64;
    let score = match score_of(i.score) {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {ms} pv {}",
        i.depth,
        i.seldepth,
        i.nodes,
        i.nodes * 1000 / ms,
        pv.join(" ")
    )
}
