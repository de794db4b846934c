//! FIDE Tournament Report File, 2016 layout (TRF16).
//!
//! Column layout of the `001` player line as in the TRF16 specification (transcribed in the
//! reference notes, tournaments.md §2.5): starting rank in columns 5–8, name 15–47, rating
//! 49–52, points 81–84, rank 86–89, then ten columns per round from column 92 (opponent
//! 92–95, colour 97, result 99). The first mover is written as white (`w`).
//!
//! TRF's points and results are on the 1/½/0 scale; an event scored 2/1/0 is written on that
//! scale too (a win 1, a draw =, a default + or −), because TRF16 has no way to state another
//! point system. A pairing-allocated bye is `U` (`0000 - U`), a round-robin rest or a round
//! without a pairing `Z`.

use crate::history::EntryKind;
use crate::{PlayerId, PlayerResult, Side, System, Tournament};

/// The tournament as a TRF16 file (lines end with `\n`).
///
/// ```
/// use xiangqi_tournament::{export::to_trf, Player, Settings, Tournament, Outcome};
/// let mut t = Tournament::new("Open", vec![Player::new("Li"), Player::new("Wang")], Settings::swiss(1)).unwrap();
/// t.pair_next_round().unwrap();
/// t.set_result(1, 1, Outcome::Draw).unwrap();
/// let trf = to_trf(&t);
/// let line = trf.lines().find(|l| l.starts_with("001    1")).unwrap();
/// assert_eq!(&line[91..99], "   2 w =");
/// assert_eq!(&line[14..16], "Li");
/// ```
pub fn to_trf(t: &Tournament) -> String {
    let history =
        crate::history::History::build(t.players.len(), &t.rounds, &t.settings.scoring, &[]);
    let standings = t.standings();
    let mut rank = vec![0u32; t.players.len()];
    for r in &standings.rows {
        rank[r.player.index()] = r.rank;
    }
    let mut out = String::new();
    out.push_str(&format!("012 {}\n", t.name));
    out.push_str(&format!("062 {}\n", t.players.len()));
    out.push_str(&format!(
        "072 {}\n",
        t.players.iter().filter(|p| p.rating.is_some()).count()
    ));
    let kind = match t.settings.system {
        System::RoundRobin { cycles: 2, .. } => "Double Round Robin",
        System::RoundRobin { .. } => "Round Robin",
        System::Swiss { .. } => "Swiss System",
    };
    out.push_str(&format!("092 {kind}\n"));
    out.push_str(&format!("XXR {}\n", t.planned_rounds()));
    let rounds = t.rounds.len();
    for (i, player) in t.players.iter().enumerate() {
        let id = PlayerId::from_index(i);
        let mut cells = vec![None; rounds];
        let mut fide_halves = 0i32;
        for e in history.entries(id) {
            let (opp, colour, code, halves) = match e.kind {
                EntryKind::Bye if e.points.halves() > 0 => (0, '-', 'U', 2),
                EntryKind::Bye => (0, '-', 'Z', 0),
                EntryKind::Game {
                    opponent,
                    side,
                    result,
                } => {
                    let c = if side == Side::First { 'w' } else { 'b' };
                    let (code, h) = match result {
                        PlayerResult::Win => ('1', 2),
                        PlayerResult::Draw => ('=', 1),
                        PlayerResult::Loss => ('0', 0),
                        PlayerResult::ForfeitWin => ('+', 2),
                        PlayerResult::ForfeitLoss => ('-', 0),
                    };
                    (opponent.0, c, code, h)
                }
            };
            fide_halves += halves;
            cells[e.round as usize - 1] = Some((opp, colour, code));
        }
        // Paired games still without a result: opponent and colour, blank result.
        for r in &t.rounds {
            for g in &r.games {
                if g.outcome.is_none()
                    && let Some(side) = g.side_of(id)
                {
                    let opp = if side == Side::First {
                        g.second
                    } else {
                        g.first
                    };
                    let c = if side == Side::First { 'w' } else { 'b' };
                    cells[r.number as usize - 1] = Some((opp.0, c, ' '));
                }
            }
        }
        let name: String = player.name.chars().take(33).collect();
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4}{:28}{:>4.1} {:>4}",
            i + 1,
            name,
            player
                .rating
                .map(|r| r.min(9999).to_string())
                .unwrap_or_default(),
            "",
            f64::from(fide_halves) / 2.0,
            if rank[i] > 0 {
                rank[i].to_string()
            } else {
                String::new()
            },
        );
        // Pad by characters so that column 92 is reached even with wide names.
        while line.chars().count() < 89 {
            line.push(' ');
        }
        for c in cells {
            let (opp, colour, code) = c.unwrap_or((0, '-', 'Z'));
            line.push_str(&format!("  {opp:>4} {colour} {code}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
