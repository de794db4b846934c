//! A round's boards: made with nothing played on them yet, in one way for every format, and
//! found by round and board number in one way for every request that names a board (a
//! result, fouls, a resumption, a disqualification), or said not to be there.

use super::model::{Board, Competition, Refused, missing};

impl Board {
    /// Board `board` of round `round`, `red` against `black` (registration numbers): no game,
    /// no result, no fouls, in no bracket, team match or stage; each format sets its own.
    pub(crate) fn new(round: u32, board: u32, red: u32, black: u32) -> Board {
        Board {
            round,
            board,
            red,
            black,
            game: None,
            outcome: None,
            bracket_match: None,
            playoff: false,
            team_match: None,
            stage: None,
            fouls: [0, 0],
        }
    }
}

impl Competition {
    /// The index in `boards` of board `board` of round `round`.
    ///
    /// # Errors
    ///
    /// [`Refused::Missing`] naming the round and board, in English and Chinese.
    pub(crate) fn board_at(&self, round: u32, board: u32) -> Result<usize, Refused> {
        match self
            .boards
            .iter()
            .position(|b| b.round == round && b.board == board)
        {
            Some(i) => Ok(i),
            None => missing(
                format!("round {round} has no board {board}"),
                format!("第{round}轮没有第{board}台"),
            ),
        }
    }
}
