//! The common in-memory game: tags, a start position, and a tree of moves with variations and
//! comments. Every reader produces it and every writer takes it, so a conversion is a read and a
//! write.

use xiangqi::{GameResult, Move, Position};

use crate::RecordError;

/// The tag pairs of a game, in the order read, names as PGN spells them (`Event`, `Red`,
/// `Result`, …). Readers of other formats map their fields onto these names (see each
/// format's module); fields with no PGN name keep their own name.
///
/// Tags with empty values are not kept (they say nothing, and not every format can hold
/// them). The start position and the move format are not tags here: the start position is
/// [`GameRecord::start`], and the move format is a choice of the writer.
///
/// ```
/// use xiangqi_records::Tags;
/// let mut tags = Tags::default();
/// tags.set("Red", "许银川");
/// tags.set("Red", "吕钦");
/// assert_eq!(tags.get("red"), Some("吕钦"));
/// assert_eq!(tags.len(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(pub Vec<(String, String)>);

impl Tags {
    /// The value of a tag, names compared without regard to ASCII case.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an earlier value of the same name in place.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .0
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(slot) => slot.1 = value,
            None => self.0.push((name.to_owned(), value)),
        }
    }

    /// Removes a tag, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self
            .0
            .iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(name))?;
        Some(self.0.remove(i).1)
    }

    /// The number of tags.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no tags.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The tags in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

/// A line of play: the moves one after another, each with its comment and the alternatives
/// to it. The main line of a game is the root line; a variation is a line that replaces one
/// move of its parent line and continues from there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// A comment before the first move (for the root line: the game comment).
    pub comment: Option<String>,
    /// The moves.
    pub plies: Vec<Ply>,
}

/// One move of a [`Line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Lines that play something else instead of this move (from the position before it).
    pub variations: Vec<Line>,
}

impl Ply {
    /// A move without comment or variations.
    pub fn new(mv: Move) -> Ply {
        Ply {
            mv,
            comment: None,
            variations: Vec::new(),
        }
    }
}

impl Line {
    /// A line of bare moves.
    pub fn from_moves(moves: impl IntoIterator<Item = Move>) -> Line {
        Line {
            comment: None,
            plies: moves.into_iter().map(Ply::new).collect(),
        }
    }

    /// The number of moves in the whole tree below this line (this line's moves and all
    /// variations).
    pub fn node_count(&self) -> usize {
        self.plies
            .iter()
            .map(|p| 1 + p.variations.iter().map(Line::node_count).sum::<usize>())
            .sum()
    }

    /// The number of leaves: lines that end somewhere, 1 for a line without variations.
    pub fn leaf_count(&self) -> usize {
        1 + self
            .plies
            .iter()
            .flat_map(|p| &p.variations)
            .map(Line::leaf_count)
            .sum::<usize>()
    }

    /// Every line of play from this line's start to a leaf, in the order a depth-first walk
    /// of the tree (main move first) meets them: this line, then the lines branching off
    /// its last moves before those branching off its first.
    pub fn leaves(&self) -> Vec<Vec<Move>> {
        let mut out = vec![self.plies.iter().map(|p| p.mv).collect()];
        for (i, ply) in self.plies.iter().enumerate().rev() {
            for var in &ply.variations {
                for tail in var.leaves() {
                    let mut line: Vec<Move> = self.plies[..i].iter().map(|p| p.mv).collect();
                    line.extend(tail);
                    out.push(line);
                }
            }
        }
        out
    }
}

/// A game as a record holds it: tags, the start position, and the move tree.
///
/// ```
/// use xiangqi_records::{GameRecord, GameResult};
/// let game = GameRecord::from_moves(xiangqi::Position::start(),
///     ["h2e2", "h9g7"].iter().map(|m| m.parse().unwrap()));
/// assert_eq!(game.mainline().len(), 2);
/// assert_eq!(game.outcome(), GameResult::Ongoing);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Tag pairs (see [`Tags`]).
    pub tags: Tags,
    /// The position before the first move; its side to move moves first.
    pub start: Position,
    /// The main line, its comments and its variations.
    pub moves: Line,
    /// Moves the reader had to drop, each with its place and why: an illegal or unreadable
    /// move ends its line there (everything after it in that line is dropped with it).
    /// Empty for a clean record.
    pub problems: Vec<RecordError>,
}

impl GameRecord {
    /// A game of bare moves with no tags.
    pub fn from_moves(start: Position, moves: impl IntoIterator<Item = Move>) -> GameRecord {
        GameRecord {
            tags: Tags::default(),
            start,
            moves: Line::from_moves(moves),
            problems: Vec::new(),
        }
    }

    /// The moves of the main line.
    pub fn mainline(&self) -> Vec<Move> {
        self.moves.plies.iter().map(|p| p.mv).collect()
    }

    /// The recorded result (`Result` tag), [`GameResult::Ongoing`] when absent or unreadable.
    pub fn outcome(&self) -> GameResult {
        self.tags
            .get("Result")
            .and_then(GameResult::from_text)
            .unwrap_or(GameResult::Ongoing)
    }

    /// Whether the reader dropped nothing.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }
}
