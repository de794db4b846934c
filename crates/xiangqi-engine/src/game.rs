//! One refereed game between two players.
//!
//! The game is the game crate's [`Game`], the one the play server runs: every move is decided
//! and applied there, so it goes through the [`Referee`] and the game ends exactly where
//! `xq judge` would rule it (mate, stalemate, no attacking material, the natural limit, the
//! 棋例), and time runs on its clock (a flag loses). This loop only speaks to the engines:
//! it reads their moves in their dialect, rules an illegal one as `judge` rules it (its
//! author loses), and ends the game for a crash, a hang, unreadable output or no move (the
//! engine at fault loses), a resignation, or the testers' adjudication (optional, never on
//! one score alone).
//!
//! Decisions: the clock starts for the side to move when the engines have been told of the
//! new game, after the book's opening moves (which the clock does not count), so the first
//! engine move is timed. A game without a time control runs on a clock of 1000 hours that no
//! engine game reaches, and the engines are not told of it. Instants are passed to the game in
//! whole milliseconds since the start, rounded down; the flag is judged on the clock at the
//! instant the answer arrived.

use std::time::{Duration, Instant};

use xiangqi::notation::{NotationError, parse_move};
use xiangqi::{Color, Move, Position};
use xiangqi_clock::{Flag, TimeControl};
use xiangqi_game::{Action, Event, Game, GameOptions};
use xiangqi_referee::{GameResult, Options, Referee, Ruling, judge};

use crate::adjudicate::{Adjudication, Scores, adjudicate};
use crate::dialect::{ClockTimes, Go, SideTime};
use crate::end::GameEnd;
use crate::game_error::GameError;
use crate::player::{Player, Request};
use crate::protocol::Score;
use crate::rules::forbidden_moves;

/// How a game is played.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The start position.
    pub start: Position,
    /// Book moves played before the engines take over.
    pub opening: Vec<Move>,
    /// The referee's options.
    pub options: Options,
    /// The time control, if any.
    pub control: Option<TimeControl>,
    /// Fixed limits for the Red player and the Black player.
    pub limits: [Go; 2],
    /// Tell a side that must vary which moves are banned (UCCI `banmoves`, UCI
    /// `searchmoves`).
    pub enforce_variation: bool,
    /// Score adjudication.
    pub adjudication: Adjudication,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// The result.
    pub result: GameResult,
    /// Why.
    pub end: GameEnd,
    /// Every move, the opening's included.
    pub moves: Vec<Move>,
    /// A comment per move (score, depth, time) for the engines' moves.
    pub comments: Vec<Option<String>>,
    /// The referee's ruling on the moves (what `xq judge` says of the game).
    pub ruling: Ruling,
    /// One line: what ended the game and under which rule.
    pub termination: String,
}

/// The control of a game without one: more than any engine game lasts.
const UNTIMED: &str = "1000h";

/// The game under the setup's rules, start, opening and time control.
fn new_game(setup: &GameSetup) -> Result<Game, GameError> {
    let options = GameOptions {
        repetitions: Some(setup.options.repetitions),
        natural_limit: setup.options.natural_limit,
        procedure: Some(setup.options.procedure),
        opening: setup.opening.iter().map(Move::to_string).collect(),
        ..GameOptions::default()
    };
    let control = setup
        .control
        .as_ref()
        .map_or_else(|| UNTIMED.to_owned(), TimeControl::to_string);
    Game::from_created(&Event::Created {
        control,
        rules: setup.options.rules,
        fen: setup.start.fen(),
        created_unix_ms: 0,
        options: Box::new(options),
    })
    .map_err(GameError::Setup)
}

/// Plays one game. `red` plays the side that moves first in the start position if it is
/// Red; players are named by colour.
///
/// An opening move that the referee refuses is an error of the opening book, not of a
/// player.
///
/// # Errors
///
/// [`GameError`]: the setup makes no game, or the referee refused an opening move.
pub fn play_game(
    setup: &GameSetup,
    red: &mut dyn Player,
    black: &mut dyn Player,
) -> Result<GameOutcome, GameError> {
    let mut table = Table {
        setup,
        game: new_game(setup)?,
        comments: vec![None; setup.opening.len()],
        origin: Instant::now(),
        scores: Scores::new(),
    };
    for c in [Color::Red, Color::Black] {
        let p: &mut dyn Player = if c == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        if let Err(e) = p.new_game() {
            return table.forfeit(c, e.to_string());
        }
    }
    table.origin = Instant::now();
    if setup.control.is_some() {
        table.game.apply(&Event::ClockStarted { at_ms: 0 });
    }
    loop {
        if let Some(end) = table.ended() {
            return end;
        }
        let us = table.game.position().turn();
        let player: &mut dyn Player = if us == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        if let Some(end) = table.turn(player)? {
            return end;
        }
    }
}

/// A game in progress between two players.
struct Table<'a> {
    setup: &'a GameSetup,
    game: Game,
    comments: Vec<Option<String>>,
    origin: Instant,
    scores: Scores,
}

impl Table<'_> {
    fn referee(&self) -> &Referee {
        self.game.referee()
    }

    /// The outcome if the game is over before the next move.
    fn ended(&mut self) -> Option<Result<GameOutcome, GameError>> {
        if self.referee().ruling().is_decided() {
            let r = self.referee().ruling().clone();
            return Some(self.finish(r.result, GameEnd::Ruled, r.to_string()));
        }
        let max = self.setup.adjudication.max_plies;
        let plies = self.referee().moves().len();
        if max > 0 && plies as u32 >= max {
            let t = format!("adjudicated draw: {plies} plies played");
            return Some(self.finish(GameResult::Draw, GameEnd::AdjudicatedDraw, t));
        }
        None
    }

    /// The engines' limits for the move, the moves it may not play, the moves it may, and
    /// when its flag falls.
    fn limits(&self, pos: &Position) -> (Go, Vec<Move>, Vec<Move>, Option<Instant>) {
        let us = pos.turn();
        let mut banned = if self.setup.enforce_variation {
            forbidden_moves(self.referee())
        } else {
            Vec::new()
        };
        let mut allowed: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| !banned.contains(m))
            .collect();
        if allowed.is_empty() {
            // Every move is forbidden: nothing to tell; whatever it plays loses.
            banned.clear();
        }
        if banned.is_empty() {
            allowed.clear();
        }
        let mut go = self.setup.limits[us.index()];
        if self.setup.control.is_none() {
            return (go, banned, allowed, None);
        }
        let now = self.origin.elapsed();
        let clock = self.game.clock();
        let times = |c: Color| -> SideTime {
            match clock.reading(c, now) {
                Ok(r) => SideTime {
                    time: r.allowance,
                    increment: clock.control().schedule(c).stage(r.stage).increment,
                },
                Err(_) => SideTime::default(),
            }
        };
        let moves_to_go = clock.reading(us, now).ok().and_then(|r| r.moves_owed);
        go.clock = Some(ClockTimes {
            red: times(Color::Red),
            black: times(Color::Black),
            moves_to_go,
        });
        // A move that arrives within a few milliseconds of the fall is judged by the clock
        // itself.
        let deadline = clock
            .flag_deadline()
            .map(|d| self.origin + d + Duration::from_millis(20));
        (go, banned, allowed, deadline)
    }

    /// The flag that had fallen when the answer arrived `at`, if any.
    fn fallen(&self, at: Duration) -> Option<Flag> {
        self.setup.control.as_ref()?;
        let mut probe = self.game.clock().clone();
        probe.check(at).ok().flatten()
    }

    /// Asks `player` for its move and plays it; the outcome if that ends the game.
    fn turn(
        &mut self,
        player: &mut dyn Player,
    ) -> Result<Option<Result<GameOutcome, GameError>>, GameError> {
        let pos = self.game.position().clone();
        let us = pos.turn();
        let (go, banned, allowed, deadline) = self.limits(&pos);
        let request = Request {
            start: self.referee().start(),
            moves: self.referee().moves(),
            position: &pos,
            go,
            banned: &banned,
            allowed: &allowed,
            deadline,
        };
        let reply = player.go(&request);
        let at = self.origin.elapsed();
        if let Some(flag) = self.fallen(at) {
            let loser = flag.loser;
            let articles: Vec<String> = flag.citations().iter().map(|c| c.to_string()).collect();
            let t = format!(
                "{} ({}) lost on time at move {} [{}]",
                loser.name(),
                player.name(),
                flag.move_number,
                articles.join("; ")
            );
            let end = self.finish(GameResult::win_for(!loser), GameEnd::Flag { loser }, t);
            return Ok(Some(end));
        }
        let reply = match reply {
            Ok(r) => r,
            Err(e) => return Ok(Some(self.forfeit(us, e.to_string()))),
        };
        if reply.resign {
            let t = format!("{} ({}) resigns", us.name(), player.name());
            let end = GameEnd::Resigned {
                loser: us,
                adjudicated: false,
            };
            return Ok(Some(self.finish(GameResult::win_for(!us), end, t)));
        }
        let Some(text) = reply.mv.clone() else {
            let why = format!(
                "{} answered no move with legal moves on the board",
                player.name()
            );
            return Ok(Some(self.forfeit(us, why)));
        };
        let m = match parse_move(&pos, &text, reply.notation) {
            Ok(m) => m,
            Err(NotationError::Illegal(illegal)) => {
                let why = format!("illegal move {text} by {}", player.name());
                return Ok(Some(Ok(self.illegal(illegal.mv, why))));
            }
            Err(e) => {
                let why = format!("{} sent an unreadable move {text:?}: {e}", player.name());
                return Ok(Some(self.forfeit(us, why)));
            }
        };
        self.comments.push(Some(comment(&reply)));
        self.play(m, at)?;
        let score = reply.info.and_then(|i| i.score);
        let plies = self.referee().moves().len();
        Ok(
            adjudicate(&mut self.scores, &self.setup.adjudication, us, score, plies)
                .map(|(result, end, t)| self.finish(result, end, t)),
        )
    }

    /// Decides and applies `m`, played `at`.
    fn play(&mut self, m: Move, at: Duration) -> Result<(), GameError> {
        let side = self.game.position().turn();
        let action = Action::Move {
            text: m.to_string(),
            lag_ms: 0,
        };
        let at_ms = u64::try_from(at.as_millis()).unwrap_or(u64::MAX);
        let decision = self.game.decide(side, &action, at_ms);
        if let Some(refusal) = decision.refusal {
            return Err(GameError::Refused { mv: m, refusal });
        }
        for event in &decision.events {
            self.game.apply(event);
        }
        Ok(())
    }

    /// The outcome of an illegal move: the referee's ruling on the moves with it.
    fn illegal(&mut self, mv: Move, why: String) -> GameOutcome {
        let mut moves = self.referee().moves().to_vec();
        moves.push(mv);
        let ruling = judge(self.referee().start(), &moves, &self.setup.options);
        let mut comments = std::mem::take(&mut self.comments);
        comments.push(Some(why));
        GameOutcome {
            result: ruling.result,
            end: GameEnd::Ruled,
            moves,
            comments,
            termination: ruling.to_string(),
            ruling,
        }
    }

    fn finish(
        &mut self,
        result: GameResult,
        end: GameEnd,
        termination: String,
    ) -> Result<GameOutcome, GameError> {
        Ok(GameOutcome {
            result,
            end,
            moves: self.referee().moves().to_vec(),
            comments: std::mem::take(&mut self.comments),
            ruling: self.referee().ruling().clone(),
            termination,
        })
    }

    /// The side `loser`'s engine failed: it loses the game.
    fn forfeit(&mut self, loser: Color, why: String) -> Result<GameOutcome, GameError> {
        let termination = format!("{} forfeits: {why}", loser.name());
        self.finish(
            GameResult::win_for(!loser),
            GameEnd::Forfeit { loser, why },
            termination,
        )
    }
}

fn comment(reply: &crate::player::Reply) -> String {
    let mut out = String::new();
    if let Some(info) = &reply.info {
        if let Some(s) = info.score {
            out.push_str(&match s {
                Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
                Score::Mate(n) => format!("M{n}"),
            });
        }
        if let Some(d) = info.depth {
            out.push_str(&format!("/{d}"));
        }
        out.push(' ');
    }
    out.push_str(&format!("{:.3}s", reply.elapsed.as_secs_f64()));
    out
}
