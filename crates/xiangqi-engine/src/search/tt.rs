//! The transposition table: one entry per slot, replaced when the new search is deeper or
//! the old entry is from an earlier search.

use xiangqi::Move;

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least the score (a beta cut-off).
    Lower,
    /// At most the score (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// The best move found.
    pub mv: Option<Move>,
    /// The score, mate scores relative to this node.
    pub score: i32,
    /// The remaining depth it was searched to.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
    age: u8,
}

/// A fixed-size table indexed by the position's hash.
pub struct Table {
    slots: Vec<Option<Entry>>,
    age: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one slot).
    pub fn new(mb: usize) -> Table {
        let n = (mb * 1024 * 1024 / std::mem::size_of::<Option<Entry>>()).max(1);
        Table {
            slots: vec![None; n],
            age: 0,
        }
    }

    /// Marks the start of a new search (older entries become replaceable).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    /// Stores a result.
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = self.index(key);
        let age = self.age;
        let replace = match &self.slots[i] {
            None => true,
            Some(old) => old.age != age || old.key == key || depth >= old.depth,
        };
        if replace {
            let mv = mv.or_else(|| self.slots[i].filter(|e| e.key == key).and_then(|e| e.mv));
            self.slots[i] = Some(Entry {
                key,
                mv,
                score,
                depth,
                bound,
                age,
            });
        }
    }

    /// Slots used, in per mille (of the first thousand).
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|e| e.is_some_and(|e| e.age == self.age))
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}
