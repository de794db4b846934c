//! Finding a board by round and board number, the one way every request that names a board
//! (a result, fouls, a resumption, a disqualification) finds it or says that it is not there.

use super::model::{Competition, Refused, missing};

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
