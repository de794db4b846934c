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

/// Bits in the filter that spares the scan for positions not seen before.
const FILTER_BITS: usize = 1024;

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
    /// One bit per hash in `hashes`, set at `filter_bit(hash)`: a clear bit proves a position
    /// new, and most positions are, so most pushes need no scan.
    filter: [u64; FILTER_BITS / 64],
}

/// The word and bit of a hash in [`Window::filter`]; from the hash's top bits, as the low
/// ones also pick the table bucket.
#[inline]
fn filter_bit(h: u64) -> (usize, u64) {
    let i = (h >> (64 - FILTER_BITS.trailing_zeros())) as usize;
    (i / 64, 1 << (i % 64))
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
        let mut window = Window {
            offset,
            hashes: Vec::with_capacity(64),
            table: None,
            filter: [0; FILTER_BITS / 64],
        };
        window.reset(base, offset);
        window
    }

    /// Starts the window again at `base`, reached after `offset` moves (after a capture).
    pub fn reset(&mut self, base: &Position, offset: usize) {
        self.offset = offset;
        self.hashes.clear();
        self.hashes.push(base.hash());
        self.table = None;
        self.filter = [0; FILTER_BITS / 64];
        let (word, bit) = filter_bit(base.hash());
        self.filter[word] |= bit;
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
        let mut rec = Recurrence {
            first: last,
            count: 1,
        };
        let (word, bit) = filter_bit(h);
        let maybe_seen = self.filter[word] & bit != 0;
        self.filter[word] |= bit;
        if !maybe_seen {
            return rec;
        }
        // The hash includes the side to move, so only every other entry can match; no
        // position recurs within fewer than four plies.
        if let Some(top) = last.checked_sub(4) {
            for (k, &x) in self.hashes[..=top].iter().enumerate().rev().step_by(2) {
                if x == h {
                    rec.first = k;
                    rec.count += 1;
                }
            }
        }
        rec
    }

    /// The window index of the latest position's `back`-th earlier occurrence, counting
    /// back from it (`1`: the previous one). Scans: asked only when a cycle is ruled.
    pub fn earlier(&self, back: u32) -> Option<usize> {
        let last = self.hashes.len().checked_sub(1)?;
        let h = self.hashes[last];
        let top = last.checked_sub(2)?;
        self.hashes[..=top]
            .iter()
            .enumerate()
            .rev()
            .step_by(2)
            .filter(|&(_, &x)| x == h)
            .nth(back.checked_sub(1)? as usize)
            .map(|(k, _)| k)
    }

    /// The position at window index `i` and the moves from it to the latest position, given
    /// the game's moves and a position `origin` reached after `origin_ply` of them, from which
    /// the rest replays move by move (the start, or the end of a move-odds opening); `None`
    /// if the position at `i` is not the latest position (equal hashes of different
    /// positions: a collision, never a real repetition).
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
        // The moves from `start` lead to `latest` by construction; what a hash cannot vouch
        // for is that `start` itself is the same position as `latest`.
        (start.board() == latest.board() && start.turn() == latest.turn()).then_some((start, cycle))
    }

    /// Overwrites the hash at window index `i`, as a collision would make it.
    #[cfg(test)]
    fn forge(&mut self, i: usize, h: u64) {
        self.hashes[i] = h;
        let (word, bit) = filter_bit(h);
        self.filter[word] |= bit;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A forced collision: the start position's hash is overwritten with the hash of the
    /// position four plies later, so the window reports a repetition that did not happen;
    /// `cycle` refuses it, and accepts the real repetition that follows.
    #[test]
    fn a_hash_collision_is_not_a_repetition() {
        let start = Position::start();
        let moves: Vec<Move> = [
            "h2e2", "h9g7", "b0c2", "b9c7", "c2b0", "c7b9", "b0c2", "b9c7",
        ]
        .iter()
        .map(|m| m.parse().expect("ICCS"))
        .collect();
        let mut pos = start.clone();
        for &m in &moves[..4] {
            pos.play(m).expect("legal");
        }
        let mut window = Window::new(&start, 0);
        window.forge(0, pos.hash());
        let mut replay = start.clone();
        let mut recs = Vec::new();
        for (k, &m) in moves.iter().enumerate() {
            replay.play(m).expect("legal");
            recs.push((k + 1, window.push(&replay), replay.clone()));
        }
        // After ply 4 the forged hash matches: a false recurrence of window index 0.
        let (ply, rec, latest) = &recs[3];
        assert_eq!(rec.count, 2);
        assert_eq!(rec.first, 0);
        assert!(
            window
                .cycle(rec.first, &moves[..*ply], (&start, 0), latest)
                .is_none(),
            "a collision was taken for a repetition"
        );
        // After ply 8 the position of ply 4 really recurs.
        let (ply, rec, latest) = &recs[7];
        assert_eq!(rec.count, 3);
        let (cycle_start, cycle) = window
            .cycle(4, &moves[..*ply], (&start, 0), latest)
            .expect("a real repetition");
        assert_eq!(cycle_start.board(), latest.board());
        assert_eq!(cycle.len(), 4);
    }

    /// Random games whose moves often undo the mover's last one, so positions recur, some
    /// past the scan limit: every push reports what a plain count over the positions since
    /// the last capture reports.
    #[test]
    fn push_counts_as_a_plain_scan_does() {
        let mut state = 0x5ca1_ab1e_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut repeats, mut long) = (0, 0);
        for _ in 0..60 {
            let mut pos = Position::start();
            let mut window = Window::new(&pos, 0);
            let mut seen = vec![pos.hash()];
            let mut moves: Vec<Move> = Vec::new();
            for _ in 0..400 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mut m = legal[(next() % legal.len() as u64) as usize];
                if next() % 100 < 70 && moves.len() >= 2 {
                    let prev = moves[moves.len() - 2];
                    let back = Move::new(prev.to(), prev.from());
                    if pos.is_legal(back) {
                        m = back;
                    }
                }
                // Captures are rare on purpose: long windows reach the table.
                if pos.piece_at(m.to()).is_some() && next() % 4 != 0 {
                    continue;
                }
                let capture = pos.play_unchecked(m).captured().is_some();
                moves.push(m);
                if capture {
                    window.reset(&pos, moves.len());
                    seen = vec![pos.hash()];
                    continue;
                }
                let rec = window.push(&pos);
                seen.push(pos.hash());
                let h = pos.hash();
                let first = seen.iter().position(|&x| x == h).unwrap_or(0);
                let count = seen.iter().filter(|&&x| x == h).count() as u32;
                assert_eq!(rec, Recurrence { first, count });
                repeats += usize::from(count > 1);
                long += usize::from(seen.len() > SCAN_LIMIT);
            }
        }
        assert!(
            repeats > 1_000 && long > 1_000,
            "{repeats} repeats, {long} long"
        );
    }
}
