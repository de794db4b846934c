//! What the referee forbids the side to move.

use xiangqi::Move;
use xiangqi_referee::Referee;

/// The legal moves of the side to move that would complete a forbidden cycle: the referee,
/// given the move, would rule the game lost for its author (长将, 长捉, … under the game's
/// rule set). An arbiter tells the player to vary; UCCI sends these as `banmoves`.
///
/// The referee has no such question of its own; this tries every legal move on a copy of
/// it, so the answer is the referee's ruling exactly.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_engine::forbidden_moves;
/// use xiangqi_referee::{Options, Referee};
/// // 1960 rules 图四: Red's rook checks back and forth; the fifth check would make it 长将.
/// let mut r = Referee::new(Position::from_fen("5k3/9/9/9/9/9/9/9/7R1/3K5 w").unwrap(), Options::default());
/// for m in "h1h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9".split(' ') {
///     r.play(m.parse().unwrap()).unwrap();
/// }
/// let banned: Vec<String> = forbidden_moves(&r).iter().map(|m| m.to_string()).collect();
/// assert_eq!(banned, ["h8h9"]);
/// ```
pub fn forbidden_moves(referee: &Referee) -> Vec<Move> {
    if referee.ruling().is_decided() || referee.options().repetition_trigger().is_none() {
        return Vec::new();
    }
    let pos = referee.position();
    let mover = pos.turn();
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|&m| {
            // Only a move that returns to an earlier position can complete a cycle.
            if pos.piece_at(m.to()).is_some() {
                return false;
            }
            let mut after = referee.clone();
            matches!(after.play(m), Ok(r) if r.is_decided() && r.offender == Some(mover))
        })
        .collect()
}
