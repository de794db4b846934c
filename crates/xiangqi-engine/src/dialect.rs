//! The three dialects an engine may speak, and how each writes positions, moves and `go`.
//!
//! Sources: Pikafish `src/uci.cpp` (ranks 0–9; `parse_limits`: `go wtime … searchmoves` last);
//! the UCCI spec, `xqbase/eleeye` `PROTOCOL/cchess_ucci.htm` (`position fen` after the last
//! capture, `banmoves`, `go time … increment … opptime …`, seconds unless `usemillisec`);
//! Fairy-Stockfish `src/uci.cpp` (`UCI_Variant xiangqi`, ranks 1–10).

use std::fmt;
use std::time::Duration;

use xiangqi::notation::{Notation, NotationError, parse_move};
use xiangqi::{Color, Move, Position};

/// The protocol an engine speaks.
///
/// ```
/// use xiangqi_engine::Dialect;
/// let m = "h0g2".parse().unwrap();
/// assert_eq!(Dialect::Uci.write_move(m), "h0g2");
/// assert_eq!(Dialect::UciRanks10.write_move(m), "h1g3");
/// let top = "a9a8".parse().unwrap();
/// assert_eq!(Dialect::UciRanks10.write_move(top), "a10a9");
/// assert_eq!("fsf".parse::<Dialect>().unwrap(), Dialect::UciRanks10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// UCI as Pikafish speaks it (ranks 0–9).
    Uci,
    /// Fairy-Stockfish's UCI with `UCI_Variant xiangqi` (ranks 1–10).
    UciRanks10,
    /// UCCI (ElephantEye and the older Chinese engines).
    Ucci,
}

impl Dialect {
    /// `uci`, `fsf` or `ucci`.
    pub const fn name(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::UciRanks10 => "fsf",
            Dialect::Ucci => "ucci",
        }
    }

    /// The move notation of the dialect.
    pub const fn notation(self) -> Notation {
        match self {
            Dialect::Uci => Notation::Uci,
            Dialect::UciRanks10 => Notation::Uci10,
            Dialect::Ucci => Notation::Iccs,
        }
    }

    /// Writes a move (coordinates need no position).
    pub fn write_move(self, m: Move) -> String {
        match self {
            Dialect::Uci | Dialect::Ucci => m.to_string(),
            Dialect::UciRanks10 => {
                let sq =
                    |s: xiangqi::Square| format!("{}{}", s.file().char(), s.rank().index() + 1);
                format!("{}{}", sq(m.from()), sq(m.to()))
            }
        }
    }

    /// Reads a move the engine sent, checking it is legal in `pos`.
    pub fn read_move(self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        parse_move(pos, text, self.notation())
    }

    /// The `position` command for the game from `start` with `moves`. UCCI gets the position
    /// after the last capture and the moves since, as its specification asks.
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_engine::Dialect;
    /// let moves: Vec<_> = ["h2e2", "h9g7", "e2e6"].iter().map(|m| m.parse().unwrap()).collect();
    /// let ucci = Dialect::Ucci.position_command(&Position::start(), &moves);
    /// assert!(ucci.starts_with("position fen rnbakab1r/9/1c4nc1/p1p1C1p1p/"));
    /// assert!(!ucci.contains("moves"));
    /// let uci = Dialect::Uci.position_command(&Position::start(), &moves);
    /// assert!(uci.ends_with("moves h2e2 h9g7 e2e6"));
    /// ```
    pub fn position_command(self, start: &Position, moves: &[Move]) -> String {
        let (base, rest) = match self {
            Dialect::Ucci => {
                let mut pos = start.clone();
                let mut base = start.clone();
                let mut from = 0;
                for (i, &m) in moves.iter().enumerate() {
                    let capture = pos.piece_at(m.to()).is_some();
                    pos.play_unchecked(m);
                    if capture {
                        base = pos.clone();
                        from = i + 1;
                    }
                }
                (base, &moves[from..])
            }
            _ => (start.clone(), moves),
        };
        let mut out = format!("position fen {}", base.fen());
        if !rest.is_empty() {
            out.push_str(" moves");
            for &m in rest {
                out.push(' ');
                out.push_str(&self.write_move(m));
            }
        }
        out
    }

    /// The `setoption` command.
    pub fn setoption_command(self, name: &str, value: &str) -> String {
        match self {
            Dialect::Ucci => format!("setoption {name} {value}"),
            _ => format!("setoption name {name} value {value}"),
        }
    }

    /// The `go` command (and, for UCCI with moves to ban, the `banmoves` line before it).
    /// `allowed` are the legal moves less the banned ones, for UCI's `searchmoves`.
    pub fn go_commands(
        self,
        go: &Go,
        turn: Color,
        banned: &[Move],
        allowed: &[Move],
        millis: bool,
    ) -> Vec<String> {
        match self {
            Dialect::Ucci => self.ucci_go(go, turn, banned, millis),
            _ => vec![self.uci_go(go, banned, allowed)],
        }
    }

    /// UCCI's `go`: the clock as the side to move's and its opponent's (in seconds unless the
    /// engine takes milliseconds), else one limit; banned moves on a `banmoves` line before it.
    fn ucci_go(self, go: &Go, turn: Color, banned: &[Move], millis: bool) -> Vec<String> {
        let mut lines = Vec::new();
        if !banned.is_empty() {
            let list: Vec<String> = banned.iter().map(|&m| self.write_move(m)).collect();
            lines.push(format!("banmoves {}", list.join(" ")));
        }
        let unit = |d: Duration| {
            if millis { ms(d) } else { d.as_secs().max(1) }
        };
        let mut out = String::from("go");
        if let Some(t) = &go.clock {
            let (own, opp) = (t.side(turn), t.side(!turn));
            out.push_str(&format!(" time {}", unit(own.time)));
            match t.moves_to_go {
                Some(n) => out.push_str(&format!(" movestogo {n}")),
                None => out.push_str(&format!(" increment {}", unit(own.increment))),
            }
            out.push_str(&format!(" opptime {}", unit(opp.time)));
            match t.moves_to_go {
                Some(n) => out.push_str(&format!(" oppmovestogo {n}")),
                None => out.push_str(&format!(" oppincrement {}", unit(opp.increment))),
            }
        } else if let Some(d) = go.depth {
            out.push_str(&format!(" depth {d}"));
        } else if let Some(n) = go.nodes {
            out.push_str(&format!(" nodes {n}"));
        } else if let Some(t) = go.movetime {
            out.push_str(&format!(" time {} movestogo 1", unit(t)));
        } else {
            out.push_str(" depth 10");
        }
        lines.push(out);
        lines
    }

    /// UCI's `go`: the clock by colour in milliseconds and every limit set; the moves allowed
    /// as `searchmoves` when some are banned (UCI has no `banmoves`).
    fn uci_go(self, go: &Go, banned: &[Move], allowed: &[Move]) -> String {
        let mut out = String::from("go");
        if let Some(t) = &go.clock {
            out.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                ms(t.red.time),
                ms(t.black.time),
                ms(t.red.increment),
                ms(t.black.increment)
            ));
            if let Some(n) = t.moves_to_go {
                out.push_str(&format!(" movestogo {n}"));
            }
        }
        if let Some(d) = go.depth {
            out.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = go.nodes {
            out.push_str(&format!(" nodes {n}"));
        }
        if let Some(t) = go.movetime {
            out.push_str(&format!(" movetime {}", ms(t)));
        }
        if go.clock.is_none() && go.depth.is_none() && go.nodes.is_none() && go.movetime.is_none() {
            out.push_str(" depth 10");
        }
        if !banned.is_empty() && !allowed.is_empty() {
            out.push_str(" searchmoves");
            for &m in allowed {
                out.push(' ');
                out.push_str(&self.write_move(m));
            }
        }
        out
    }
}

/// A duration in whole milliseconds, as the protocols write it (saturating).
fn ms(d: Duration) -> u64 {
    d.as_millis().min(u64::MAX as u128) as u64
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A protocol name that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownDialect(pub String);

impl fmt::Display for UnknownDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown protocol {:?}: expected uci, fsf (Fairy-Stockfish, ranks 1-10), ucci or auto",
            self.0
        )
    }
}

impl std::error::Error for UnknownDialect {}

impl std::str::FromStr for Dialect {
    type Err = UnknownDialect;
    fn from_str(s: &str) -> Result<Dialect, UnknownDialect> {
        match s.to_ascii_lowercase().as_str() {
            "uci" | "pikafish" => Ok(Dialect::Uci),
            "fsf" | "uci10" | "fairy" | "fairy-stockfish" => Ok(Dialect::UciRanks10),
            "ucci" => Ok(Dialect::Ucci),
            _ => Err(UnknownDialect(s.to_owned())),
        }
    }
}

/// One side's time as the engine is told it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideTime {
    /// Time left before the flag falls.
    pub time: Duration,
    /// Added after each move.
    pub increment: Duration,
}

/// Both sides' time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockTimes {
    /// Red's (UCI `wtime`/`winc`).
    pub red: SideTime,
    /// Black's (UCI `btime`/`binc`).
    pub black: SideTime,
    /// Moves to the next time control, if the stage has a quota.
    pub moves_to_go: Option<u32>,
}

impl ClockTimes {
    /// One side's.
    pub fn side(&self, c: Color) -> SideTime {
        match c {
            Color::Red => self.red,
            Color::Black => self.black,
        }
    }
}

/// What an engine is asked to search: a clock, fixed limits, or both (the engine stops at
/// the first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// The clocks.
    pub clock: Option<ClockTimes>,
    /// Fixed depth.
    pub depth: Option<u32>,
    /// Fixed nodes.
    pub nodes: Option<u64>,
    /// Fixed time per move.
    pub movetime: Option<Duration>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::write_move;

    #[test]
    fn moves_are_written_as_the_notation_module_writes_them() {
        let pos = Position::start();
        for from in xiangqi::Square::all() {
            for to in [xiangqi::Square::new(0), xiangqi::Square::new(89)]
                .into_iter()
                .flatten()
            {
                let m = Move::new(from, to);
                for d in [Dialect::Uci, Dialect::UciRanks10, Dialect::Ucci] {
                    assert_eq!(
                        d.write_move(m),
                        write_move(&pos, m, d.notation()),
                        "{d} {m}"
                    );
                }
            }
        }
    }
}
