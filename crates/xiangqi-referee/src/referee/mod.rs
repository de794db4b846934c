//! The incremental referee: plays moves one at a time and rules after each, in the order of
//! the books' endings (mate, current text 4.1.1; stalemate, 4.1.3; no attacking material,
//! 4.2.1; a repeated cycle, 4.2.3 and the 棋例; the natural limit, 4.2.4). Its rulings on a
//! repeated cycle and on the natural limit are in the files below it.

mod limit_ruling;
mod repeated;

use xiangqi::{Color, Move, Position, Square, Undo};

use crate::endings::{has_attacking_material, has_legal_move, insufficient, no_moves};
use crate::handicap::{self, Handicap, HandicapError, OddsViolation};
use crate::pending::{Pending, Step};
use crate::repetition::Window;
use crate::{ClaimError, Claimant, NaturalLimit, Options, PlayError, Procedure, Ruling};

/// A game in progress, ruled after every move: what the play server keeps per board.
///
/// After each ply it looks, in this order, for: no legal move for the side to move (mate or
/// stalemate; so a mate on the move that reaches the natural limit wins), no attacking
/// material left after a capture, a position occurring for the
/// [`repetitions`](Options::repetitions)-th time (the cycle is ruled by [`cycle::rule_cycle`](crate::cycle::rule_cycle)),
/// and the natural move limit. The start position is ruled too (a FEN may be mate already, or
/// past the limit by its half-move counter).
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_referee::{GameResult, Options, Reason, Referee};
/// let mut referee = Referee::new(Position::start(), Options::default());
/// for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
///     referee.play(m.parse().unwrap()).unwrap();
/// }
/// assert_eq!(referee.ruling().result, GameResult::Ongoing);
/// assert_eq!(referee.moves().len(), 4);
/// // An illegal move is refused and changes nothing.
/// assert!(referee.play("a0a5".parse().unwrap()).is_err());
/// assert_eq!(referee.moves().len(), 4);
/// ```
#[derive(Clone)]
pub struct Referee {
    options: Options,
    limit: Option<NaturalLimit>,
    start: Position,
    position: Position,
    moves: Vec<Move>,
    ruling: Ruling,
    /// Moves the favoured side must still play in a row (move odds); 0 once alternation has
    /// begun.
    odds_left: u8,
    /// Where the pieces moved in the odds series stand now.
    odds_moved: Vec<Square>,
    window: Window,
    /// The position from which the game replays move by move, and after how many moves:
    /// the start, or the end of a move-odds opening.
    origin: (Position, usize),
    plies_since_capture: u32,
    checks: [u32; 2],
    /// Under the book's procedure: an order to vary or a claimable draw awaiting the next
    /// moves (`crate::procedure`).
    pending: Option<Pending>,
}

impl Referee {
    /// A referee for a game from `start`.
    pub fn new(start: Position, options: Options) -> Referee {
        let window = Window::new(&start, 0);
        let plies_since_capture = start.halfmoves();
        let mut referee = Referee {
            options,
            limit: options.limit(),
            position: start.clone(),
            origin: (start.clone(), 0),
            start,
            moves: Vec::new(),
            ruling: Ruling::ongoing(0),
            odds_left: 0,
            odds_moved: Vec::new(),
            window,
            plies_since_capture,
            checks: [0; 2],
            pending: None,
        };
        referee.ruling = referee.rule_start();
        referee
    }

    /// A referee for a handicap game (move odds: the side to move in `start` opens with
    /// several moves in a row, 1960 §7.2).
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_referee::{Handicap, Options, PlayError, Referee};
    /// let mut r = Referee::with_handicap(Position::start(), Options::default(), Handicap::MoveOdds(2)).unwrap();
    /// r.play("h2e2".parse().unwrap()).unwrap();
    /// // Red again; the same cannon may not move twice.
    /// assert!(matches!(r.play("e2e1".parse().unwrap()), Err(PlayError::Odds { .. })));
    /// r.play("h0g2".parse().unwrap()).unwrap();
    /// assert_eq!(r.position().turn(), xiangqi::Color::Black);
    /// ```
    pub fn with_handicap(
        start: Position,
        options: Options,
        handicap: Handicap,
    ) -> Result<Referee, HandicapError> {
        handicap.validate()?;
        let mut referee = Referee::new(start, options);
        let n = handicap.opening_moves();
        if n >= 2 && !referee.ruling.is_decided() {
            referee.odds_left = n;
        }
        Ok(referee)
    }

    /// The ruling so far.
    pub fn ruling(&self) -> &Ruling {
        &self.ruling
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The options the game is refereed under.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Plays a move and rules on the position it leads to. An illegal move, a move that
    /// breaks the move-odds conditions, and any move after the game is decided are refused
    /// and change nothing.
    pub fn play(&mut self, m: Move) -> Result<&Ruling, PlayError> {
        self.advance(m, false, None)?;
        Ok(&self.ruling)
    }

    /// [`Referee::play`] for a game whose moves are all known in advance ([`crate::judge`]).
    /// `known_legal` vouches that `m` was already found legal in the current position; `next`
    /// is the move that follows `m` in the record. Returns whether `next` is legal in the
    /// position `m` leads to.
    ///
    /// A legal next move proves that the side to move has one, so the search for a legal
    /// move ([`has_legal_move`]) — the referee's costliest question — is only asked when the
    /// record ends or its next move is illegal. The ruling is the same as [`Referee::play`]'s:
    /// mate or stalemate still comes before the illegal move that follows it.
    pub(crate) fn advance(
        &mut self,
        m: Move,
        known_legal: bool,
        next: Option<Move>,
    ) -> Result<bool, PlayError> {
        if self.ruling.is_decided() {
            return Err(PlayError::GameOver {
                result: self.ruling.result,
                reason: self.ruling.board_reason(),
                ply: self.ruling.ply,
            });
        }
        let mover = self.position.turn();
        let in_odds = self.odds_left > 0;
        let captured = self.position.piece_at(m.to()).is_some();
        // Checks matter only to move odds (none may be given) and to a natural limit that
        // counts them (Asian rules); elsewhere the referee does not look.
        let counts_checks = self.limit.is_some_and(|l| l.counted_checks.is_some());
        let gave_check = (in_odds || counts_checks) && self.position.gives_check(m);
        let undo = if known_legal {
            self.position.play_unchecked(m)
        } else {
            self.position.play(m).map_err(PlayError::Illegal)?
        };
        if in_odds {
            self.odds_move(m, undo, mover, captured, gave_check)?;
        }
        self.moves.push(m);
        let ply = self.moves.len() as u32;
        self.count(in_odds, captured, gave_check, mover);
        if in_odds && self.odds_left > 0 {
            self.ruling.ply = ply;
            return Ok(false);
        }
        let next_legal = next.is_some_and(|n| self.position.is_legal(n));
        if let Some(pending) = self.pending.take() {
            match pending.after_move(mover, &self.position, ply) {
                Step::Decided(r) => {
                    self.ruling = *r;
                    return Ok(next_legal);
                }
                Step::Kept(p) => self.pending = Some(p),
                Step::Lifted => self.ruling = Ruling::ongoing(ply),
            }
        }
        match self.rule_after(ply, m, captured, in_odds, next_legal) {
            Some(decided) => self.ruling = decided,
            None => match &self.pending {
                Some(p) => self.ruling = p.ongoing(ply),
                // The ruling was ongoing (a decided game takes no moves): only the ply changes.
                None => self.ruling.ply = ply,
            },
        }
        Ok(next_legal)
    }

    /// One of the free moves of move odds (让步), just played: refused and taken back if it
    /// moves a piece that already moved, captures or gives check; else the side with the
    /// odds keeps the move until its free moves are used.
    fn odds_move(
        &mut self,
        m: Move,
        undo: Undo,
        mover: Color,
        captured: bool,
        gave_check: bool,
    ) -> Result<(), PlayError> {
        let violation = if self.odds_moved.contains(&m.from()) {
            Some(OddsViolation::SamePiece)
        } else if captured {
            Some(OddsViolation::Capture)
        } else if gave_check {
            Some(OddsViolation::Check)
        } else {
            None
        };
        if let Some(violation) = violation {
            self.position.undo(m, undo);
            return Err(PlayError::Odds { mv: m, violation });
        }
        if self.odds_left > 1 {
            match handicap::with_turn(&self.position, mover) {
                Ok(pos) => self.position = pos,
                Err(_) => {
                    self.position.undo(m, undo);
                    return Err(PlayError::Odds {
                        mv: m,
                        violation: OddsViolation::Check,
                    });
                }
            }
        }
        self.odds_left -= 1;
        self.odds_moved.push(m.to());
        Ok(())
    }

    /// What the referee counts after a move: the plies without a capture and each side's
    /// checks (the natural limit), and where repetitions are counted from (a capture, or the
    /// end of the odds moves, starts afresh).
    #[inline]
    fn count(&mut self, in_odds: bool, captured: bool, gave_check: bool, mover: Color) {
        if in_odds {
            self.plies_since_capture += 1;
            if self.odds_left == 0 {
                // Alternation begins: repetitions are counted from here.
                self.window.reset(&self.position, self.moves.len());
                self.origin = (self.position.clone(), self.moves.len());
            }
        } else if captured {
            self.plies_since_capture = 0;
            self.checks = [0; 2];
            self.window.reset(&self.position, self.moves.len());
        } else {
            self.plies_since_capture += 1;
            if gave_check {
                self.checks[mover.index()] += 1;
            }
        }
    }

    /// The ruling on the start position.
    fn rule_start(&self) -> Ruling {
        let pos = &self.position;
        if !has_legal_move(pos) {
            return no_moves(pos, self.options.rules, 0, None);
        }
        if !has_attacking_material(pos, Color::Red) && !has_attacking_material(pos, Color::Black) {
            return insufficient(self.options.rules, 0);
        }
        if let Some(r) = self.natural_limit(0) {
            return r;
        }
        Ruling::ongoing(0)
    }

    /// The ruling after a ply, if the ply decided the game. `has_move` says the side to move
    /// is already known to have a legal move.
    fn rule_after(
        &mut self,
        ply: u32,
        m: Move,
        captured: bool,
        after_odds: bool,
        has_move: bool,
    ) -> Option<Ruling> {
        if !has_move && !has_legal_move(&self.position) {
            return Some(no_moves(&self.position, self.options.rules, ply, Some(m)));
        }
        if captured
            && !has_attacking_material(&self.position, Color::Red)
            && !has_attacking_material(&self.position, Color::Black)
        {
            return Some(insufficient(self.options.rules, ply));
        }
        if !captured
            && !after_odds
            && let Some(trigger) = self.options.repetition_trigger()
        {
            let rec = self.window.push(&self.position);
            let book = self.options.procedure == Procedure::Book;
            // While an order or a claim stands, the cycle is not ruled again.
            if rec.count >= trigger && !(book && self.pending.is_some()) {
                // After an order was lifted the position may recur again: the cycle ruled is
                // then the last `trigger - 1` turns, not the whole history.
                let first = match book {
                    true => self.window.earlier(trigger - 1).unwrap_or(rec.first),
                    false => rec.first,
                };
                if let Some(r) = self.repetition(ply, first) {
                    match book {
                        false => return Some(r),
                        true => match self.book_ruling(r, first) {
                            Ok(shown) => return self.natural_limit(ply).or(Some(shown)),
                            Err(decided) => return Some(*decided),
                        },
                    }
                }
            }
        }
        self.natural_limit(ply)
    }

    /// A claim of a repetition draw, by a player or by the arbiter (current text 2.5(3)): if
    /// the draw is [claimable](Ruling::claimable), the game is drawn now; otherwise the claim
    /// is refused, saying why, and nothing changes.
    ///
    /// ```
    /// use xiangqi::{Color, Position};
    /// use xiangqi_referee::{ClaimError, Claimant, GameResult, Options, Referee};
    /// // Both sides shuffle a horse: an allowed cycle, claimable at its third occurrence.
    /// let mut r = Referee::new(Position::start(), Options::default());
    /// let claim = Claimant::Player(Color::Black);
    /// for m in "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0".split(' ') {
    ///     r.play(m.parse().unwrap()).unwrap();
    ///     assert_eq!(r.claim(claim).unwrap_err(), ClaimError::NoRepetition);
    /// }
    /// r.play("c7b9".parse().unwrap()).unwrap();
    /// assert!(r.ruling().claimable.is_some());
    /// let ruling = r.claim(claim).unwrap();
    /// assert_eq!((ruling.result, ruling.ply, ruling.claimed_by), (GameResult::Draw, 8, Some(claim)));
    /// ```
    pub fn claim(&mut self, by: Claimant) -> Result<&Ruling, ClaimError> {
        if self.ruling.is_decided() {
            return Err(ClaimError::GameOver);
        }
        let Some(pending) = &self.pending else {
            return Err(ClaimError::NoRepetition);
        };
        if let Some(refused) = pending.refusal() {
            return Err(refused);
        }
        let ply = self.moves.len() as u32;
        let drawn = pending.claimed(by, ply).ok_or(ClaimError::NoRepetition)?;
        self.pending = None;
        self.ruling = drawn;
        Ok(&self.ruling)
    }
}
