//! One refereed game between two players.
//!
//! Every move goes through the [`Referee`], so the game ends exactly where `xq judge` would
//! rule it (mate, stalemate, no attacking material, the natural limit, the 棋例), and an
//! illegal move is ruled as `judge` rules it (its author loses). Time runs on the clock
//! crate's [`GameClock`]: a flag loses. A crash, a hang, unreadable output or no move
//! loses for the engine at fault. Score adjudication is optional and never acts on one
//! score alone.

use std::time::{Duration, Instant};

use xiangqi::notation::{NotationError, parse_move};
use xiangqi::{Color, Move, Position};
use xiangqi_clock::{GameClock, Press, Side, TimeControl};
use xiangqi_referee::{GameResult, Options, Referee, Ruling, judge};

use crate::adjudicate::{Adjudication, Scores, adjudicate};
use crate::dialect::{ClockTimes, Go, SideTime};
use crate::end::GameEnd;
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

fn side(c: Color) -> Side {
    match c {
        Color::Red => Side::Red,
        Color::Black => Side::Black,
    }
}

/// Plays one game. `red` plays the side that moves first in the start position if it is
/// Red; players are named by colour.
///
/// An opening move that the referee refuses is an error of the opening book, not of a
/// player.
pub fn play_game(
    setup: &GameSetup,
    red: &mut dyn Player,
    black: &mut dyn Player,
) -> Result<GameOutcome, String> {
    let mut referee = Referee::new(setup.start.clone(), setup.options);
    for (i, &m) in setup.opening.iter().enumerate() {
        referee
            .play(m)
            .map_err(|e| format!("opening move {} ({m}): {e}", i + 1))?;
    }
    let mut comments = vec![None; setup.opening.len()];
    for c in [Color::Red, Color::Black] {
        let p: &mut dyn Player = if c == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        if let Err(e) = p.new_game() {
            let why = e.to_string();
            return forfeit(&referee, comments, c, why);
        }
    }
    let origin = Instant::now();
    let mut clock: Option<GameClock> = setup.control.clone().map(GameClock::new);
    if let Some(clock) = clock.as_mut() {
        let first = side(referee.position().turn());
        clock
            .start(first, Duration::ZERO)
            .map_err(|e| e.to_string())?;
    }
    let mut scores = Scores::new();
    loop {
        if referee.ruling().is_decided() {
            let r = referee.ruling().clone();
            return finish(&referee, comments, r.result, GameEnd::Ruled, r.to_string());
        }
        let adj = &setup.adjudication;
        if adj.max_plies > 0 && referee.moves().len() as u32 >= adj.max_plies {
            let t = format!("adjudicated draw: {} plies played", referee.moves().len());
            return finish(
                &referee,
                comments,
                GameResult::Draw,
                GameEnd::AdjudicatedDraw,
                t,
            );
        }
        let pos = referee.position().clone();
        let us = pos.turn();
        let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
        let mut banned = if setup.enforce_variation {
            forbidden_moves(&referee)
        } else {
            Vec::new()
        };
        let mut allowed: Vec<Move> = legal
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
        let now = origin.elapsed();
        let mut go = setup.limits[us.index()];
        let mut deadline = None;
        if let Some(clock) = &clock {
            let times = |c: Color| -> SideTime {
                let s = side(c);
                match clock.reading(s, now) {
                    Ok(r) => SideTime {
                        time: r.allowance,
                        increment: clock.control().schedule(s).stage(r.stage).increment,
                    },
                    Err(_) => SideTime::default(),
                }
            };
            let moves_to_go = clock.reading(side(us), now).ok().and_then(|r| r.moves_owed);
            go.clock = Some(ClockTimes {
                red: times(Color::Red),
                black: times(Color::Black),
                moves_to_go,
            });
            // A move that arrives within a few milliseconds of the fall is judged by the
            // clock itself below.
            deadline = clock
                .flag_deadline()
                .map(|d| origin + d + Duration::from_millis(20));
        }
        let player: &mut dyn Player = if us == Color::Red {
            &mut *red
        } else {
            &mut *black
        };
        let request = Request {
            start: referee.start(),
            moves: referee.moves(),
            position: &pos,
            go,
            banned: &banned,
            allowed: &allowed,
            deadline,
        };
        let reply = player.go(&request);
        let at = origin.elapsed();
        if let Some(clock) = clock.as_mut() {
            let pressed = if reply.is_ok() {
                clock.press(at)
            } else {
                clock.check(at).map(|f| match f {
                    Some(flag) => Press::Flagged(flag),
                    None => Press::InTime(xiangqi_clock::MoveTiming {
                        side: side(us),
                        move_number: 0,
                        took: Duration::ZERO,
                        remaining: Duration::ZERO,
                        stage: 0,
                    }),
                })
            };
            if let Ok(Press::Flagged(flag)) = pressed {
                let loser = if flag.loser == Side::Red {
                    Color::Red
                } else {
                    Color::Black
                };
                let articles: Vec<String> =
                    flag.citations().iter().map(|c| c.to_string()).collect();
                let t = format!(
                    "{} ({}) lost on time at move {} [{}]",
                    loser.name(),
                    player.name(),
                    flag.move_number,
                    articles.join("; ")
                );
                return finish(
                    &referee,
                    comments,
                    GameResult::win_for(!loser),
                    GameEnd::Flag { loser },
                    t,
                );
            }
        }
        let reply = match reply {
            Ok(r) => r,
            Err(e) => {
                let why = e.to_string();
                return forfeit(&referee, comments, us, why);
            }
        };
        if reply.resign {
            let t = format!("{} ({}) resigns", us.name(), player.name());
            return finish(
                &referee,
                comments,
                GameResult::win_for(!us),
                GameEnd::Resigned {
                    loser: us,
                    adjudicated: false,
                },
                t,
            );
        }
        let Some(text) = reply.mv.clone() else {
            let why = format!(
                "{} answered no move with legal moves on the board",
                player.name()
            );
            return forfeit(&referee, comments, us, why);
        };
        let m = match parse_move(&pos, &text, reply.notation) {
            Ok(m) => m,
            Err(NotationError::Illegal(illegal)) => {
                let mut moves = referee.moves().to_vec();
                moves.push(illegal.mv);
                let ruling = judge(referee.start(), &moves, &setup.options);
                let mut comments = comments;
                comments.push(Some(format!("illegal move {text} by {}", player.name())));
                return Ok(GameOutcome {
                    result: ruling.result,
                    end: GameEnd::Ruled,
                    moves,
                    comments,
                    termination: ruling.to_string(),
                    ruling,
                });
            }
            Err(e) => {
                let why = format!("{} sent an unreadable move {text:?}: {e}", player.name());
                return forfeit(&referee, comments, us, why);
            }
        };
        comments.push(Some(comment(&reply)));
        referee
            .play(m)
            .map_err(|e| format!("referee refused {m}: {e}"))?;
        if let Some(end) = adjudicate(
            &mut scores,
            &setup.adjudication,
            us,
            reply.info.and_then(|i| i.score),
            referee.moves().len(),
        ) {
            let (result, end, t) = end;
            return finish(&referee, comments, result, end, t);
        }
    }
}

fn finish(
    referee: &Referee,
    comments: Vec<Option<String>>,
    result: GameResult,
    end: GameEnd,
    termination: String,
) -> Result<GameOutcome, String> {
    Ok(GameOutcome {
        result,
        end,
        moves: referee.moves().to_vec(),
        comments,
        ruling: referee.ruling().clone(),
        termination,
    })
}

/// The side `loser`'s engine failed: it loses the game.
fn forfeit(
    referee: &Referee,
    comments: Vec<Option<String>>,
    loser: Color,
    why: String,
) -> Result<GameOutcome, String> {
    let termination = format!("{} forfeits: {why}", loser.name());
    finish(
        referee,
        comments,
        GameResult::win_for(!loser),
        GameEnd::Forfeit { loser, why },
        termination,
    )
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
