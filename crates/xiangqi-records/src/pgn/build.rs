//! The visitor that turns PGN syntax into a checked [`GameRecord`].

use xiangqi::{Move, Position, Undo};

use crate::pgn::visitor::{Skip, Visitor};
use crate::resolve::{MoveReader, notation_of_format};
use crate::{ErrorKind, GameRecord, GameResult, Line, Place, Ply, RecordError, Tags};

/// Builds a [`GameRecord`] from a game's parts, reading each move against the position
/// (notation from the `Format` tag, else detected) and checking that it is legal.
///
/// An unreadable or illegal move ends its line: the rest of that line is dropped and the
/// problem is listed in [`GameRecord::problems`] with its place and ply. A start position
/// that cannot be read makes the whole game an error.
#[derive(Default)]
pub struct GameBuilder {
    mainline_only: bool,
    game: usize,
    tags: Tags,
    start: Option<Result<Position, ErrorKind>>,
    reader: MoveReader,
    stack: Vec<Frame>,
    problems: Vec<RecordError>,
    outcome: Option<GameResult>,
}

struct Frame {
    line: Line,
    pos: Position,
    last: Option<(Move, Undo)>,
    /// Plies played from the game's start to `pos`.
    ply: u32,
    dead: bool,
}

impl GameBuilder {
    /// A builder keeping variations and comments.
    pub fn new() -> GameBuilder {
        GameBuilder::default()
    }

    /// A builder that skips variations and comments: the main line only, faster.
    pub fn mainline_only() -> GameBuilder {
        GameBuilder {
            mainline_only: true,
            ..GameBuilder::default()
        }
    }

    fn start_position(&mut self) -> Result<Position, ErrorKind> {
        let fen = self.tags.remove("FEN");
        let format = self.tags.remove("Format");
        self.reader = MoveReader::new(format.as_deref().and_then(notation_of_format));
        match fen.as_deref().map(str::trim) {
            None | Some("") => Ok(Position::start()),
            Some(fen) => read_start(fen),
        }
    }
}

/// Reads a start FEN, accepting placement oddities (an endgame study may have them) but not
/// a position that breaks the laws of movement.
pub(crate) fn read_start(fen: &str) -> Result<Position, ErrorKind> {
    let setup = xiangqi::fen::parse_fen(fen)
        .map_err(|e| ErrorKind::BadStartPosition(format!("{e} in {fen:?}")))?;
    Position::from_setup(setup)
        .or_else(|e| e.ignore_placement())
        .map_err(|e| ErrorKind::BadStartPosition(e.to_string()))
}

fn append(slot: &mut Option<String>, text: &str) {
    let Some(text) = crate::text::normalize_comment(text) else {
        return;
    };
    match slot {
        Some(s) => {
            s.push('\n');
            s.push_str(&text);
        }
        None => *slot = Some(text),
    }
}

impl Visitor for GameBuilder {
    type Output = Result<GameRecord, RecordError>;

    fn begin_game(&mut self) {
        self.game += 1;
        self.tags = Tags::default();
        self.start = None;
        self.stack.clear();
        self.problems.clear();
        self.outcome = None;
    }

    fn tag(&mut self, name: &str, value: &str) {
        // An empty value says nothing; every reader drops it, so conversions agree.
        if !name.eq_ignore_ascii_case("Game") && !value.trim().is_empty() {
            self.tags.set(name, value);
        }
    }

    fn end_tags(&mut self) -> Skip {
        let start = self.start_position();
        if let Ok(pos) = &start {
            self.stack.push(Frame {
                line: Line::default(),
                pos: pos.clone(),
                last: None,
                ply: 0,
                dead: false,
            });
        }
        let skip = start.is_err();
        self.start = Some(start);
        Skip(skip)
    }

    fn mv(&mut self, text: &str, at: Place) {
        let Some(top) = self.stack.last_mut() else {
            return;
        };
        if top.dead {
            return;
        }
        match self.reader.read(&top.pos, text) {
            Ok(m) => {
                let undo = top.pos.play_unchecked(m);
                top.last = Some((m, undo));
                top.ply += 1;
                top.line.plies.push(Ply::new(m));
            }
            Err(kind) => {
                top.dead = true;
                self.problems.push(RecordError {
                    game: self.game,
                    ply: Some(top.ply + 1),
                    place: at,
                    kind,
                });
            }
        }
    }

    fn comment(&mut self, text: &str, _at: Place) {
        if self.mainline_only {
            return;
        }
        let Some(top) = self.stack.last_mut() else {
            return;
        };
        if top.dead {
            return;
        }
        match top.line.plies.last_mut() {
            Some(ply) => append(&mut ply.comment, text),
            None => append(&mut top.line.comment, text),
        }
    }

    fn begin_variation(&mut self, at: Place) -> Skip {
        if self.mainline_only {
            return Skip(true);
        }
        let Some(top) = self.stack.last() else {
            return Skip(true);
        };
        if self.stack.len() > crate::MAX_DEPTH {
            self.problems.push(RecordError {
                game: self.game,
                ply: Some(top.ply),
                place: at,
                kind: ErrorKind::BadField {
                    field: "variations".to_owned(),
                    why: format!("nested more than {} deep; dropped", crate::MAX_DEPTH),
                },
            });
            return Skip(true);
        }
        let Some((m, undo)) = top.last.filter(|_| !top.dead) else {
            // A variation with nothing to replace, or under a dropped move.
            return Skip(true);
        };
        let mut pos = top.pos.clone();
        pos.undo(m, undo);
        let ply = top.ply - 1;
        self.stack.push(Frame {
            line: Line::default(),
            pos,
            last: None,
            ply,
            dead: false,
        });
        Skip(false)
    }

    fn end_variation(&mut self) {
        if self.stack.len() < 2 {
            return;
        }
        if let Some(frame) = self.stack.pop() {
            let parent = self.stack.last_mut();
            if let Some(ply) = parent.and_then(|p| p.line.plies.last_mut())
                && (!frame.line.plies.is_empty() || frame.line.comment.is_some())
            {
                ply.variations.push(frame.line);
            }
        }
    }

    fn outcome(&mut self, outcome: GameResult) {
        self.outcome = Some(outcome);
    }

    fn end_game(&mut self) -> Result<GameRecord, RecordError> {
        let start = match self.start.take() {
            Some(Ok(pos)) => pos,
            Some(Err(kind)) => {
                return Err(RecordError {
                    game: self.game,
                    ply: None,
                    place: Place::Game,
                    kind,
                });
            }
            // No tags and no movetext reached `end_tags`: cannot happen, but stay total.
            None => Position::start(),
        };
        while self.stack.len() > 1 {
            self.end_variation();
        }
        let moves = self.stack.pop().map(|f| f.line).unwrap_or_default();
        let mut tags = std::mem::take(&mut self.tags);
        // The Result tag wins over the token; either way it is stored in PGN form.
        let recorded = tags
            .get("Result")
            .filter(|r| !r.trim().is_empty())
            .and_then(GameResult::from_text);
        let outcome = recorded.or(self.outcome).unwrap_or(GameResult::Ongoing);
        tags.set("Result", outcome.pgn());
        Ok(GameRecord {
            tags,
            start,
            moves,
            problems: std::mem::take(&mut self.problems),
        })
    }
}
