//! What the referee forbids the side to move.

use std::collections::HashSet;

use xiangqi::{Move, Position};
use xiangqi_referee::{Procedure, Referee};

/// The legal moves of the side to move that the referee forbids it, as an arbiter tells a
/// player to vary (UCCI `banmoves`).
///
/// Under the book's procedure ([`Procedure::Book`]) this is the standing order's
/// `forbidden` list when the ordered side is to move (the moves that continue the ruled
/// cycle, which lose), and nothing otherwise: the referee's own list, word for word.
///
/// Under [`Procedure::Immediate`] the game ends at the ruling occurrence, so the side must be
/// told before: a move that completes a cycle the referee rules lost for its author (长将,
/// 长捉, … under the game's rule set), or one after which the opponent completes such a cycle
/// with its reply — the position that repeats for the last time may well come on the
/// opponent's move (1960 rules 图七: the chaser's rook moves back, and the cannon's return
/// repeats the position for the third time). The referee has no such question of its own;
/// this tries the moves on copies of it, so the answer is the referee's ruling exactly. Only
/// replies that return to a position seen since the last capture are tried.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_engine::forbidden_moves;
/// use xiangqi_referee::{Options, Procedure, Referee};
/// // 1960 rules 图四: Red's rook checks back and forth; the fifth check would make it 长将.
/// let immediate = Options::default().with_procedure(Procedure::Immediate);
/// let mut r = Referee::new(Position::from_fen("5k3/9/9/9/9/9/9/9/7R1/3K5 w").unwrap(), immediate);
/// for m in "h1h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9".split(' ') {
///     r.play(m.parse().unwrap()).unwrap();
/// }
/// let banned: Vec<String> = forbidden_moves(&r).iter().map(|m| m.to_string()).collect();
/// assert_eq!(banned, ["h8h9"]);
///
/// // Under the book's procedure the check at ply 9 (the third occurrence) is an order to
/// // vary; after Black's answer the order forbids Red the next check.
/// let mut r = Referee::new(Position::from_fen("5k3/9/9/9/9/9/9/9/7R1/3K5 w").unwrap(), Options::default());
/// for m in "h1h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9 f9f8".split(' ') {
///     r.play(m.parse().unwrap()).unwrap();
/// }
/// let banned: Vec<String> = forbidden_moves(&r).iter().map(|m| m.to_string()).collect();
/// assert_eq!(banned, ["h9h8"]);
/// ```
pub fn forbidden_moves(referee: &Referee) -> Vec<Move> {
    if referee.ruling().is_decided() || referee.options().repetition_trigger().is_none() {
        return Vec::new();
    }
    if referee.options().procedure == Procedure::Book {
        return match &referee.ruling().order {
            Some(order) if order.side == referee.position().turn() => order.forbidden.clone(),
            _ => Vec::new(),
        };
    }
    let seen = positions_since_capture(referee);
    let pos = referee.position();
    let mover = pos.turn();
    let loses = |r: &Referee| r.ruling().is_decided() && r.ruling().offender == Some(mover);
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|&m| {
            // A capture starts afresh: no cycle reaches back across it.
            if pos.piece_at(m.to()).is_some() {
                return false;
            }
            let mut after = referee.clone();
            if after.play(m).is_err() {
                return false;
            }
            if loses(&after) {
                return true;
            }
            if after.ruling().is_decided() {
                return false;
            }
            let mid = after.position().clone();
            mid.legal_moves().iter().any(|&reply| {
                if mid.piece_at(reply.to()).is_some() {
                    return false;
                }
                let mut p = mid.clone();
                p.play_unchecked(reply);
                if !seen.contains(&p.hash()) {
                    return false;
                }
                let mut end = after.clone();
                end.play(reply).is_ok() && loses(&end)
            })
        })
        .collect()
}

fn positions_since_capture(referee: &Referee) -> HashSet<u64> {
    let mut pos: Position = referee.start().clone();
    let mut seen = HashSet::from([pos.hash()]);
    for &m in referee.moves() {
        if pos.piece_at(m.to()).is_some() {
            seen.clear();
        }
        pos.play_unchecked(m);
        seen.insert(pos.hash());
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_referee::Options;

    #[test]
    fn the_chaser_is_told_before_the_evader_completes_the_cycle() {
        // 1960 rules 图七: b5b6 a6a5 b6b5 a5a6, twice; the start position's third
        // occurrence comes with Black's a5a6 at ply 8, so Red's b6b5 at ply 7 is banned.
        let pos = Position::from_fen("3aka3/9/9/c8/1R7/9/9/9/9/3K5 w").unwrap();
        let mut r = Referee::new(pos, Options::default().with_procedure(Procedure::Immediate));
        for m in "b5b6 a6a5 b6b5 a5a6 b5b6 a6a5".split(' ') {
            assert!(forbidden_moves(&r).is_empty());
            r.play(m.parse().unwrap()).unwrap();
        }
        let banned: Vec<String> = forbidden_moves(&r).iter().map(|m| m.to_string()).collect();
        assert_eq!(banned, ["b6b5"]);
    }

    #[test]
    fn under_the_book_the_order_names_the_banned_moves() {
        // The same chase under the book's procedure: the third occurrence at ply 8 orders Red
        // to vary, with Red to move; the ban is the order's list, and nothing before it.
        let pos = Position::from_fen("3aka3/9/9/c8/1R7/9/9/9/9/3K5 w").unwrap();
        let mut r = Referee::new(pos, Options::default());
        for m in "b5b6 a6a5 b6b5 a5a6 b5b6 a6a5 b6b5 a5a6".split(' ') {
            assert!(forbidden_moves(&r).is_empty());
            r.play(m.parse().unwrap()).unwrap();
        }
        let order = r.ruling().order.clone().expect("an order");
        assert_eq!(forbidden_moves(&r), order.forbidden);
        let banned: Vec<String> = forbidden_moves(&r).iter().map(|m| m.to_string()).collect();
        assert_eq!(banned, ["b5b6"]);
    }
}
