//! Swiss pairing (积分编排制 / 积分循环制): the 1960 rules and modern Chinese practice.
//!
//! * [`SwissVariant::Rules1960`] — 1960 §9 四 and §10: round 1 by lot number, 1 v 2, 3 v 4, …,
//!   the odd number moving first; from round 2 pair from the top score down, never the same
//!   pair twice, and reverse each player's previous side as far as possible.
//! * [`SwissVariant::Chinese`] — what Chinese pairing software does today, as Match BP Online
//!   (黎柏文's program, `libowen/Match_BP_Online` `bp/class/public.php`) pairs: colour balance
//!   first (within a score group a player due to move first is paired with the nearest player
//!   due to move second), never three games running on one side nor a surplus of three,
//!   neighbours within a score group, floaters to the nearest lower group, the bye to the
//!   lowest scorer who has not had one.
//!
//! Both are absolute about rematches and second byes. The search is a preference-ordered
//! depth-first search with a work budget; if it gives up, a maximum matching over the "may
//! meet" graph (restricted to ever wider windows of neighbouring places) finds a complete
//! pairing or proves there is none. Only then, and only in the Chinese variant, are the hard
//! colour rules relaxed, and the pairing says so in [`SwissPairing::notes`].

mod colour;
pub mod dutch;
mod search;

pub use colour::ColourState;
use colour::{SideRule, a_moves_first};

use serde::{Deserialize, Serialize};

use crate::matching::maximum_matching;
use crate::{Error, PlayerId, Points};

/// Which Swiss rules to follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SwissVariant {
    /// The 1960 rules (积分循环制).
    Rules1960,
    /// Modern Chinese practice (积分编排制).
    #[default]
    Chinese,
    /// The FIDE (Dutch) system, FIDE Handbook C.04.3 effective 1 February 2026.
    Dutch,
}

/// How round 1 is paired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstRound {
    /// 临近: 1 v 2, 3 v 4, … (1960 §10).
    #[default]
    Adjacent,
    /// 拦腰: top half against bottom half, 1 v n/2+1, 2 v n/2+2, ….
    Split,
}

/// One player as the pairing sees him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissPlayer {
    /// The player's number (also the tie-break of equal scores: smaller is placed higher).
    pub id: PlayerId,
    /// Points so far.
    pub score: Points,
    /// Sides of the games actually played, oldest first.
    pub sides: Vec<crate::Mover>,
    /// Everyone already met (forfeits included: a scheduled pairing is not repeated).
    pub opponents: Vec<PlayerId>,
    /// Pairing-allocated byes received so far.
    pub byes: u32,
}

/// The pairing of one round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SwissPairing {
    /// Boards in order: (moves first, moves second).
    pub boards: Vec<(PlayerId, PlayerId)>,
    /// The player with the bye, if the field is odd.
    pub bye: Option<PlayerId>,
    /// Anything the arbiter should know (relaxed rules).
    pub notes: Vec<String>,
}

impl SwissPairing {
    /// The pairing of boards and bye given as indices into a list of players, `id` naming
    /// each.
    pub(crate) fn from_indices(
        boards: &[(usize, usize)],
        bye: Option<usize>,
        notes: Vec<String>,
        id: impl Fn(usize) -> PlayerId,
    ) -> SwissPairing {
        SwissPairing {
            boards: boards.iter().map(|&(a, b)| (id(a), id(b))).collect(),
            bye: bye.map(id),
            notes,
        }
    }
}

/// Pairs round `round` (1-based) for `players` (the active players only).
///
/// ```
/// use xiangqi_tournament::{PlayerId, Points, swiss::{pair_round, SwissPlayer, SwissVariant, FirstRound}};
/// let players: Vec<SwissPlayer> = (1..=4)
///     .map(|i| SwissPlayer { id: PlayerId(i), score: Points::ZERO, sides: vec![], opponents: vec![], byes: 0 })
///     .collect();
/// let p = pair_round(&players, 1, SwissVariant::Rules1960, FirstRound::Adjacent).unwrap();
/// assert_eq!(p.boards, vec![(PlayerId(1), PlayerId(2)), (PlayerId(3), PlayerId(4))]);
/// ```
pub fn pair_round(
    players: &[SwissPlayer],
    round: u32,
    variant: SwissVariant,
    first_round: FirstRound,
) -> Result<SwissPairing, Error> {
    pair_round_with(players, round, variant, first_round, None)
}

/// [`pair_round`] with the Chinese software's last-rounds colour priority in force (the
/// caller passes it only in the rounds it covers): when the two players' scores differ by at
/// least `priority.gap`, the higher scorer moves first or second as his colour history
/// prefers, as long as the hard colour rules allow it (Match BP Online's option
/// 「后三轮配对后，优先平衡多 0.5 分（含）一方的先后走」, `bp/user/xinjian.php`).
pub fn pair_round_with(
    players: &[SwissPlayer],
    round: u32,
    variant: SwissVariant,
    first_round: FirstRound,
    priority: Option<crate::tournament::LastRoundsPriority>,
) -> Result<SwissPairing, Error> {
    if variant == SwissVariant::Dutch {
        return Err(Error::Settings(
            "the Dutch system is paired by swiss::dutch::pair".into(),
        ));
    }
    let mut ctx = Context::new(players, round, variant);
    ctx.priority = priority;
    if round == 1
        && players
            .iter()
            .all(|p| p.opponents.is_empty() && p.byes == 0)
    {
        return Ok(ctx.first_round(first_round));
    }
    let strict_options: &[bool] = if variant == SwissVariant::Chinese {
        &[true, false]
    } else {
        &[false]
    };
    for &strict in strict_options {
        ctx.strict = strict;
        if let Some(mut pairing) = ctx.pair_with_bye() {
            if variant == SwissVariant::Chinese && !strict {
                pairing.notes.push(
                    "no pairing keeps every player within the colour rules (no three in a row, \
                     no surplus of three); those rules were relaxed for this round"
                        .into(),
                );
            }
            return Ok(pairing);
        }
    }
    Err(Error::NoPairing {
        round,
        reason: "every possible pairing repeats a game or gives someone a second bye".into(),
    })
}

struct Context<'a> {
    players: &'a [SwissPlayer],
    round: u32,
    variant: SwissVariant,
    strict: bool,
    colours: Vec<ColourState>,
    /// Players sorted by score (descending), then number: indices into `players`.
    order: Vec<usize>,
    /// `group[i]`: score-group index of `players[i]` (0 = top group).
    group: Vec<u32>,
    /// Bitset of who has met whom, `words` u64s per player.
    met: Vec<u64>,
    words: usize,
    priority: Option<crate::tournament::LastRoundsPriority>,
}

const SEARCH_BUDGET: usize = 20_000;

impl<'a> Context<'a> {
    fn new(players: &'a [SwissPlayer], round: u32, variant: SwissVariant) -> Context<'a> {
        let n = players.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(players[i].score), players[i].id));
        let mut group = vec![0u32; n];
        for w in 1..n {
            let (a, b) = (order[w - 1], order[w]);
            group[b] = group[a] + u32::from(players[a].score != players[b].score);
        }
        let index: std::collections::HashMap<PlayerId, usize> =
            players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let words = n.div_ceil(64).max(1);
        let mut met = vec![0u64; n * words];
        for (i, p) in players.iter().enumerate() {
            for o in &p.opponents {
                if let Some(&j) = index.get(o) {
                    met[i * words + j / 64] |= 1 << (j % 64);
                    met[j * words + i / 64] |= 1 << (i % 64);
                }
            }
        }
        let colours = players
            .iter()
            .map(|p| ColourState::from_sides(&p.sides))
            .collect();
        Context {
            players,
            round,
            variant,
            strict: false,
            colours,
            order,
            group,
            met,
            words,
            priority: None,
        }
    }

    fn side_rule(&self) -> SideRule {
        match self.variant {
            SwissVariant::Rules1960 => SideRule::Alternate,
            SwissVariant::Chinese | SwissVariant::Dutch => SideRule::Balance,
        }
    }

    fn have_met(&self, a: usize, b: usize) -> bool {
        self.met[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        if a == b || self.have_met(a, b) {
            return false;
        }
        if !self.strict {
            return true;
        }
        use crate::Mover::{First, Second};
        let (ca, cb) = (&self.colours[a], &self.colours[b]);
        (ca.allows(First) && cb.allows(Second)) || (ca.allows(Second) && cb.allows(First))
    }

    fn first_round(&self, method: FirstRound) -> SwissPairing {
        let mut ids: Vec<PlayerId> = self.players.iter().map(|p| p.id).collect();
        ids.sort();
        let bye = if ids.len() % 2 == 1 { ids.pop() } else { None };
        let half = ids.len() / 2;
        let boards = (0..half)
            .map(|k| {
                let (a, b) = match method {
                    FirstRound::Adjacent => (ids[2 * k], ids[2 * k + 1]),
                    FirstRound::Split => (ids[k], ids[k + half]),
                };
                // 1960: the odd number always moves first. Modern practice alternates by
                // board (1–2, 4–3, 5–6, …) so that the seeds' sides balance.
                let a_first = self.variant == SwissVariant::Rules1960
                    && method == FirstRound::Adjacent
                    || k % 2 == 0;
                if a_first { (a, b) } else { (b, a) }
            })
            .collect();
        SwissPairing {
            boards,
            bye,
            notes: Vec::new(),
        }
    }

    /// Tries bye candidates from the bottom up (lowest score, then largest number) among
    /// players without a bye; pairs everyone else.
    fn pair_with_bye(&self) -> Option<SwissPairing> {
        if self.players.len().is_multiple_of(2) {
            return self.pair_all(None);
        }
        let min_byes = self.players.iter().map(|p| p.byes).min().unwrap_or(0);
        if min_byes > 0 {
            return None;
        }
        for &cand in self.order.iter().rev() {
            if self.players[cand].byes == 0
                && let Some(p) = self.pair_all(Some(cand))
            {
                return Some(p);
            }
        }
        None
    }

    fn pair_all(&self, bye: Option<usize>) -> Option<SwissPairing> {
        let seq: Vec<usize> = self
            .order
            .iter()
            .copied()
            .filter(|&i| Some(i) != bye)
            .collect();
        let pairs = self.search(&seq).or_else(|| self.by_matching(&seq))?;
        Some(self.finish(pairs, bye))
    }

    fn finish(&self, pairs: Vec<(usize, usize)>, bye: Option<usize>) -> SwissPairing {
        let place = |i: usize| (std::cmp::Reverse(self.players[i].score), self.players[i].id);
        let mut boards: Vec<(usize, usize)> = pairs
            .into_iter()
            .map(|(a, b)| {
                let (hi, lo) = if place(a) <= place(b) { (a, b) } else { (b, a) };
                let gap = self.players[hi].score - self.players[lo].score;
                let (ch, cl) = (&self.colours[hi], &self.colours[lo]);
                let priority = self
                    .priority
                    .filter(|p| gap >= p.gap && gap > Points::ZERO)
                    .and_then(|_| ch.preference())
                    .filter(|&s| ch.allows(s) && cl.allows(s.other()));
                let hi_first = match priority {
                    Some(side) => side == crate::Mover::First,
                    None => a_moves_first(
                        self.side_rule(),
                        (ch, self.players[hi].id.0),
                        (cl, self.players[lo].id.0),
                        self.round,
                    ),
                };
                if hi_first { (hi, lo) } else { (lo, hi) }
            })
            .collect();
        // Boards: higher score first, then the other player's score, then the higher place.
        boards.sort_by_key(|&(a, b)| {
            let (pa, pb) = (place(a), place(b));
            let (top, bottom) = if pa <= pb { (pa, pb) } else { (pb, pa) };
            (top.0, bottom.0, top.1)
        });
        SwissPairing::from_indices(&boards, bye, Vec::new(), |i| self.players[i].id)
    }
}
