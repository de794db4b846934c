//! Move trees as binary formats store them (a node per move, children in order, the first
//! child the main line), turned into checked [`Line`]s.

use xiangqi::{Move, Position};

use crate::resolve::illegal;
use crate::{ErrorKind, GameRecord, Line, Place, Ply, RecordError, Tags};

/// Variations nested deeper than this are dropped (with a problem): no real record comes
/// near it, and it keeps every recursive walk of a tree within the stack.
pub const MAX_DEPTH: usize = 200;

/// One stored move.
#[derive(Clone, Debug)]
pub(crate) struct RawNode {
    /// The move, or `None` when its squares are off the board.
    pub mv: Option<Move>,
    /// The move as stored, for error messages.
    pub text: String,
    pub comment: Option<String>,
    /// A comment before this move when it starts a variation (DhtmlXQ can say so).
    pub line_comment: Option<String>,
    pub children: Vec<usize>,
    pub place: Place,
}

/// One move as the binary formats (XQF, CBR) store it: a record in pre-order whose flags say
/// whether its continuation (`child`) and its alternative (`sibling`) follow.
pub(crate) struct Stored {
    pub mv: Option<Move>,
    /// The move as stored, for error messages.
    pub text: String,
    pub child: bool,
    pub sibling: bool,
    pub comment: Option<String>,
    /// Its byte offset in the file.
    pub at: usize,
}

/// Nodes in an arena; node 0 is the root (the position before the first move; its
/// comment is the game comment).
#[derive(Clone, Debug)]
pub(crate) struct RawTree {
    pub nodes: Vec<RawNode>,
}

impl RawTree {
    pub fn new(root_comment: Option<String>) -> RawTree {
        RawTree {
            nodes: vec![RawNode {
                mv: None,
                text: String::new(),
                comment: root_comment,
                line_comment: None,
                children: Vec::new(),
                place: Place::Game,
            }],
        }
    }

    /// Adds a node under `parent`, returning its index.
    pub fn add(&mut self, parent: usize, node: RawNode) -> usize {
        let i = self.nodes.len();
        self.nodes.push(node);
        if let Some(p) = self.nodes.get_mut(parent) {
            p.children.push(i);
        }
        i
    }

    /// Grows the tree from records in pre-order: a record, then its continuation, then its
    /// alternative, kept on an explicit stack so that no file can exhaust the call stack.
    /// `first` is the node the first record hangs from (none: no moves); reading stops at the
    /// end (`Ok(None)`) or at the first error, which is kept in `problems`.
    pub fn grow(
        &mut self,
        first: Option<usize>,
        mut next: impl FnMut() -> Result<Option<Stored>, RecordError>,
        problems: &mut Vec<RecordError>,
    ) {
        let mut expect: Vec<usize> = first.into_iter().collect();
        while let Some(parent) = expect.pop() {
            let rec = match next() {
                Ok(Some(r)) => r,
                Ok(None) => break,
                Err(e) => {
                    problems.push(e);
                    break;
                }
            };
            let node = self.add(
                parent,
                RawNode {
                    mv: rec.mv,
                    text: rec.text,
                    comment: rec.comment,
                    line_comment: None,
                    children: Vec::new(),
                    place: Place::Byte(rec.at as u64),
                },
            );
            if rec.sibling {
                expect.push(parent);
            }
            if rec.child {
                expect.push(node);
            }
        }
    }

    /// The first move's node, if any.
    pub fn first_move(&self) -> Option<&RawNode> {
        self.nodes[0].children.first().map(|&i| &self.nodes[i])
    }

    /// The checked tree: illegal moves end their line (see [`crate::GameRecord::problems`]).
    pub fn to_line(&self, start: &Position, game: usize, problems: &mut Vec<RecordError>) -> Line {
        let mut line = Line {
            comment: self.nodes[0].comment.clone(),
            plies: Vec::new(),
        };
        let children = &self.nodes[0].children;
        if let Some((&first, alts)) = children.split_first() {
            self.fill(&mut line, first, alts, start.clone(), 0, 0, game, problems);
        }
        line
    }

    /// The record of game `game` of a file: this tree's checked line from `start` (see
    /// [`Self::to_line`]), with the problems found reading the file and those the check adds.
    pub fn to_record(
        &self,
        tags: Tags,
        start: Position,
        game: usize,
        mut problems: Vec<RecordError>,
    ) -> GameRecord {
        let moves = self.to_line(&start, game, &mut problems);
        GameRecord {
            tags,
            start,
            moves,
            problems,
        }
    }

    /// Appends to `line` the moves from node `first` on (with `alts` as the alternatives to
    /// it), from `pos` after `ply` plies.
    #[allow(clippy::too_many_arguments)]
    fn fill<'a>(
        &'a self,
        line: &mut Line,
        mut node: usize,
        mut alts: &'a [usize],
        mut pos: Position,
        mut ply: u32,
        depth: usize,
        game: usize,
        problems: &mut Vec<RecordError>,
    ) {
        loop {
            let n = &self.nodes[node];
            let checked = match n.mv {
                Some(m) if pos.is_legal(m) => Ok(m),
                Some(m) => Err(illegal(&n.text, &pos, m)),
                None => Err(ErrorKind::UnreadableMove {
                    text: n.text.clone(),
                    why: "a square off the board".to_owned(),
                }),
            };
            let m = match checked {
                Ok(m) => m,
                Err(kind) => {
                    problems.push(RecordError {
                        game,
                        ply: Some(ply + 1),
                        place: n.place,
                        kind,
                    });
                    return;
                }
            };
            let mut p = Ply::new(m);
            p.comment = n.comment.clone();
            for &alt in alts {
                if depth >= MAX_DEPTH {
                    problems.push(RecordError {
                        game,
                        ply: Some(ply + 1),
                        place: self.nodes[alt].place,
                        kind: ErrorKind::BadField {
                            field: "variations".to_owned(),
                            why: format!("nested more than {MAX_DEPTH} deep; dropped"),
                        },
                    });
                    break;
                }
                let mut var = Line {
                    comment: self.nodes[alt].line_comment.clone(),
                    plies: Vec::new(),
                };
                self.fill(
                    &mut var,
                    alt,
                    &[],
                    pos.clone(),
                    ply,
                    depth + 1,
                    game,
                    problems,
                );
                if !var.plies.is_empty() || var.comment.is_some() {
                    p.variations.push(var);
                }
            }
            line.plies.push(p);
            pos.play_unchecked(m);
            ply += 1;
            match self.nodes[node].children.split_first() {
                Some((&next, rest)) => {
                    node = next;
                    alts = rest;
                }
                None => return,
            }
        }
    }
}
