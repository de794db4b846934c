//! The positions since the last capture, for finding repetitions cheaply.
//!
//! Only positions since the last capture can recur (a capture changes the material for
//! good), so the history is cut at every capture. Short histories — the usual case, since the
//! natural limit bounds them at 120 plies — are scanned linearly; a long one (natural limit
//! off) switches to a hash table so that refereeing stays linear in the game's length.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use xiangqi::{Move, Position};

/// Beyond this many positions the window keeps a table of counts instead of scanning.
const SCAN_LIMIT: usize = 128;

/// Zobrist hashes are already uniformly distributed; hashing them again is waste.
#[derive(Default)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The positions since the last capture (or since the start).
///
/// It keeps hashes only: the positions themselves are rebuilt by replaying the game when a
/// repetition is found, which happens at most once or twice a game, instead of being copied
/// at every capture.
#[derive(Clone)]
pub(crate) struct Window {
    /// The index in the game's move list of the first move of the window.
    offset: usize,
    /// The hash of `base` and of the position after each later move.
    hashes: Vec<u64>,
    /// For long windows: hash → (first index, occurrences).
    table: Option<HashMap<u64, (u32, u32), BuildHasherDefault<ZobristHasher>>>,
}

/// A position seen for the `count`-th time; its first occurrence in the window is at `first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Recurrence {
    pub first: usize,
    pub count: u32,
}

impl Window {
    /// A window starting at `base`, which is reached after `offset` moves of the game.
    pub fn new(base: &Position, offset: usize) -> Window {
        Window {
            offset,
            hashes: vec![base.hash()],
            table: None,
        }
    }

    /// Starts the window again at `base`, reached after `offset` moves (after a capture).
    pub fn reset(&mut self, base: &Position, offset: usize) {
        self.offset = offset;
        self.hashes.clear();
        self.hashes.push(base.hash());
        self.table = None;
    }

    /// Records the position after the next move; says how often it has now occurred and
    /// where first.
    pub fn push(&mut self, pos: &Position) -> Recurrence {
        let h = pos.hash();
        self.hashes.push(h);
        let last = self.hashes.len() - 1;
        if let Some(table) = &mut self.table {
            let entry = table.entry(h).or_insert((last as u32, 0));
            entry.1 += 1;
            return Recurrence {
                first: entry.0 as usize,
                count: entry.1,
            };
        }
        if self.hashes.len() > SCAN_LIMIT {
            let mut table: HashMap<u64, (u32, u32), BuildHasherDefault<ZobristHasher>> =
                HashMap::default();
            for (i, &x) in self.hashes.iter().enumerate() {
                table.entry(x).or_insert((i as u32, 0)).1 += 1;
            }
            let (first, count) = table[&h];
            self.table = Some(table);
            return Recurrence {
                first: first as usize,
                count,
            };
        }
        // The hash includes the side to move, so only every other entry can match; no
        // position recurs within fewer than four plies.
        let mut rec = Recurrence {
            first: last,
            count: 1,
        };
        if let Some(top) = last.checked_sub(4) {
            for k in (0..=top).rev().step_by(2) {
                if self.hashes[k] == h {
                    rec.first = k;
                    rec.count += 1;
                }
            }
        }
        rec
    }

    /// The position at window index `i` and the moves from it to the latest position, given
    /// the game's moves and a position `origin` reached after `origin_ply` of them, from which
    /// the rest replays move by move (the start, or the end of a move-odds opening); `None`
    /// if replaying does not reach the latest position (a hash collision, never a real
    /// repetition).
    pub fn cycle<'m>(
        &self,
        i: usize,
        moves: &'m [Move],
        (origin, origin_ply): (&Position, usize),
        latest: &Position,
    ) -> Option<(Position, &'m [Move])> {
        let first = self.offset + i;
        let mut start = origin.clone();
        for &m in moves.get(origin_ply..first)? {
            start.play_unchecked(m);
        }
        let cycle = moves.get(first..)?;
        let mut end = start.clone();
        for &m in cycle {
            end.play_unchecked(m);
        }
        (end.board() == latest.board() && end.turn() == latest.turn()).then_some((start, cycle))
    }
}
