//! A whole game (start position and moves) and the one-shot [`judge`].

use xiangqi::{Move, Position};

use crate::articles::{self, illegal_zh, piece_en, piece_zh, side_en, side_zh};
use crate::{GameResult, Handicap, HandicapError, Options, PlayError, Reason, Referee, Ruling};

/// A game as a record holds it: the start position, the moves, and the handicap it was
/// played under.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::{Game, GameResult, Options, Reason};
/// let game = Game::new(Position::start(), vec!["h2e2".parse().unwrap(), "e6e4".parse().unwrap()]);
/// let ruling = game.ruling(&Options::default()).unwrap();
/// assert_eq!(ruling.result, GameResult::RedWins);
/// assert_eq!(ruling.board_reason(), Some(Reason::IllegalMove));
/// assert_eq!(ruling.ply, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Where the game starts (piece odds are pieces missing here).
    pub start: Position,
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// Move odds, if any.
    pub handicap: Handicap,
}

impl Game {
    /// An even game.
    pub fn new(start: Position, moves: Vec<Move>) -> Game {
        Game {
            start,
            moves,
            handicap: Handicap::None,
        }
    }

    /// Rules on the game: replays it and stops at the first ply where it is decided (see
    /// [`judge`]). Fails only for a handicap the books do not know ([`Handicap::MoveOdds`]
    /// outside 1–3).
    pub fn ruling(&self, options: &Options) -> Result<Ruling, HandicapError> {
        let referee = Referee::with_handicap(self.start.clone(), *options, self.handicap)?;
        Ok(replay(referee, &self.moves))
    }
}

/// Rules on the game from `start` with `moves`: replays the moves, stops at the first ply
/// where the game is decided (mate, stalemate, no attacking material, a repetition ruling,
/// the natural limit) and reports an illegal move with its ply and reason — the author of an
/// illegal move loses (current text 4.1.6; 4.1.2 for a move that leaves the kings facing).
/// Moves after the deciding ply are not looked at.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::{judge, GameResult, Options, Reason};
/// // Red's rook mates on the back rank.
/// let pos = Position::from_fen("3k5/9/3P5/9/9/9/9/9/4R4/4K4 w").unwrap();
/// let ruling = judge(&pos, &["e1e9".parse().unwrap()], &Options::default());
/// assert_eq!((ruling.result, ruling.board_reason(), ruling.ply), (GameResult::RedWins, Some(Reason::Checkmate), 1));
/// ```
pub fn judge(start: &Position, moves: &[Move], options: &Options) -> Ruling {
    replay(Referee::new(start.clone(), *options), moves)
}

fn replay(mut referee: Referee, moves: &[Move]) -> Ruling {
    // Whether `moves[i]` was found legal while ruling on the ply before it.
    let mut known_legal = false;
    for (i, &m) in moves.iter().enumerate() {
        if referee.ruling().is_decided() {
            break;
        }
        match referee.advance(m, known_legal, moves.get(i + 1).copied()) {
            Ok(next_legal) => known_legal = next_legal,
            Err(err) => return refusal(&referee, i as u32 + 1, m, &err),
        }
    }
    referee.ruling().clone()
}

/// The ruling on a refused move: its author loses.
fn refusal(referee: &Referee, ply: u32, m: Move, err: &PlayError) -> Ruling {
    let pos = referee.position();
    let mover = pos.turn();
    let rules = referee.options().rules;
    let (what_en, what_zh) = match pos.piece_at(m.from()) {
        Some(p) => (
            format!("{} {m}", piece_en(p)),
            format!("{}{m}", piece_zh(p)),
        ),
        None => (format!("move {m}"), format!("着法{m}")),
    };
    let (rule, why_en, why_zh) = match err {
        PlayError::Illegal(e) => (
            articles::illegal(rules, Some(e.reason)).to_owned(),
            e.reason.to_string(),
            illegal_zh(e.reason).to_owned(),
        ),
        PlayError::Odds { violation, .. } => (
            articles::MOVE_ODDS.to_owned(),
            violation.to_string(),
            violation.chinese().to_owned(),
        ),
        // `replay` stops at the deciding ply, so a decided game never sees another move.
        PlayError::GameOver { .. } => return referee.ruling().clone(),
    };
    Ruling::new(
        GameResult::win_for(!mover),
        Some(Reason::IllegalMove),
        ply,
        Some(mover),
        rule,
        (
            format!(
                "Ply {ply}: {}'s {what_en} is illegal: {why_en}; {} loses.",
                side_en(mover),
                side_en(mover)
            ),
            format!(
                "第{ply}着{}{what_zh}不合规则：{why_zh}，{}负。",
                side_zh(mover),
                side_zh(mover)
            ),
        ),
    )
}
