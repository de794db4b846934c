//! Crosstables (成绩表) in text, CSV and HTML.

use serde::Serialize;

use super::text::{html_escape, text_table};
use crate::history::EntryKind;
use crate::tournament::WithdrawalRule;
use crate::{PlayerId, PlayerResult, Standings, Tournament};

/// One line of a crosstable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CrosstableRow {
    /// Place label (`3`, `3=`), empty for a withdrawn player outside the standings.
    pub place: String,
    /// The player's number.
    pub player: PlayerId,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// One cell per round: opponent number, side (`r` = moved first, `b` = second) and
    /// result (`1`, `=`, `0`, `+`, `-`); `bye` for a bye, empty when not paired.
    pub rounds: Vec<String>,
    /// Points.
    pub points: String,
    /// Tie-break values in chain order.
    pub tiebreaks: Vec<String>,
}

/// A crosstable: standings order, one cell per round, every tie-break column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Crosstable {
    /// Event name.
    pub title: String,
    /// Column headings of the tie-breaks.
    pub tiebreak_codes: Vec<String>,
    /// Rows.
    pub rows: Vec<CrosstableRow>,
}

impl Crosstable {
    /// Builds the crosstable of `t`. Under the 1960 withdrawal rule an annulled player is
    /// struck from the table; under the FIDE rule he is listed at the bottom, unranked, with
    /// his games shown.
    ///
    /// ```
    /// use xiangqi_tournament::{export::Crosstable, Player, Settings, Tournament, Outcome};
    /// let mut t = Tournament::new("t", vec![Player::new("a"), Player::new("b")], Settings::round_robin_1960()).unwrap();
    /// t.pair_next_round().unwrap();
    /// t.set_result(1, 1, Outcome::FirstWins).unwrap();
    /// let x = Crosstable::build(&t);
    /// assert_eq!(x.rows[0].rounds, ["2r1"]);
    /// assert!(x.to_text().contains("2r1"));
    /// ```
    pub fn build(t: &Tournament) -> Crosstable {
        let standings: Standings = t.standings();
        let full =
            crate::history::History::build(t.players.len(), &t.rounds, &t.settings.scoring, &[]);
        let history = t.history();
        let rounds = t.rounds.len();
        let cells = |p: PlayerId, h: &crate::history::History| {
            let mut cells = vec![String::new(); rounds];
            for e in h.entries(p) {
                cells[e.round as usize - 1] = match e.kind {
                    EntryKind::Bye => "bye".into(),
                    EntryKind::Rest => format!("-{}", e.points),
                    EntryKind::Game {
                        opponent,
                        side,
                        result,
                    } => {
                        let s = if side == crate::Mover::First {
                            'r'
                        } else {
                            'b'
                        };
                        format!("{opponent}{s}{}", result_symbol(result))
                    }
                };
            }
            cells
        };
        let name = |p: PlayerId| t.player(p).map(|x| x.name.clone()).unwrap_or_default();
        let club = |p: PlayerId| t.player(p).and_then(|x| x.club.clone()).unwrap_or_default();
        let mut rows: Vec<CrosstableRow> = standings
            .rows
            .iter()
            .map(|r| CrosstableRow {
                place: Standings::place_label(r),
                player: r.player,
                name: name(r.player),
                club: club(r.player),
                rounds: cells(r.player, &history),
                points: r.points.to_string(),
                tiebreaks: r
                    .values
                    .iter()
                    .map(|v| v.map(|v| v.to_string()).unwrap_or_default())
                    .collect(),
            })
            .collect();
        if t.settings.withdrawal_rule == WithdrawalRule::Fide {
            for p in t.excluded() {
                rows.push(CrosstableRow {
                    place: String::new(),
                    player: p,
                    name: format!("{} (withdrawn)", name(p)),
                    club: club(p),
                    rounds: cells(p, &full),
                    points: full.points(p).to_string(),
                    tiebreaks: vec![String::new(); standings.criteria.len()],
                });
            }
        }
        Crosstable {
            title: t.name.clone(),
            tiebreak_codes: standings
                .criteria
                .iter()
                .map(|c| c.code().to_string())
                .collect(),
            rows,
        }
    }

    fn header(&self) -> Vec<String> {
        let rounds = self.rows.first().map_or(0, |r| r.rounds.len());
        let mut h: Vec<String> = ["Place", "No", "Name", "Club"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        h.extend((1..=rounds).map(|r| format!("R{r}")));
        h.push("Pts".into());
        h.extend(self.tiebreak_codes.iter().skip(1).cloned());
        h
    }

    fn cells(&self, r: &CrosstableRow) -> Vec<String> {
        let mut c = vec![
            r.place.clone(),
            r.player.to_string(),
            r.name.clone(),
            r.club.clone(),
        ];
        c.extend(r.rounds.iter().cloned());
        c.push(r.points.clone());
        c.extend(r.tiebreaks.iter().skip(1).cloned());
        c
    }

    /// An aligned text table (Chinese names counted as double width).
    pub fn to_text(&self) -> String {
        let rows: Vec<Vec<String>> = self.rows.iter().map(|r| self.cells(r)).collect();
        format!("{}\n\n{}", self.title, text_table(&self.header(), &rows))
    }

    /// CSV with a header row.
    pub fn to_csv(&self) -> String {
        let mut w = csv::Writer::from_writer(Vec::new());
        // Writing to memory cannot fail.
        let _ = w.write_record(self.header());
        for r in &self.rows {
            let _ = w.write_record(self.cells(r));
        }
        String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
    }

    /// A standalone HTML page.
    pub fn to_html(&self) -> String {
        let mut s = String::new();
        s.push_str("<!DOCTYPE html>\n<html lang=\"zh\">\n<head><meta charset=\"utf-8\">");
        s.push_str(&format!("<title>{}</title>\n", html_escape(&self.title)));
        s.push_str("<style>table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 6px}td.n{text-align:right}</style>\n");
        s.push_str(&format!(
            "</head>\n<body>\n<h1>{}</h1>\n<table>\n<tr>",
            html_escape(&self.title)
        ));
        for h in self.header() {
            s.push_str(&format!("<th>{}</th>", html_escape(&h)));
        }
        s.push_str("</tr>\n");
        for r in &self.rows {
            s.push_str("<tr>");
            for (i, c) in self.cells(r).iter().enumerate() {
                let class = if i == 2 || i == 3 { "" } else { " class=\"n\"" };
                s.push_str(&format!("<td{class}>{}</td>", html_escape(c)));
            }
            s.push_str("</tr>\n");
        }
        s.push_str("</table>\n</body>\n</html>\n");
        s
    }
}

fn result_symbol(r: PlayerResult) -> &'static str {
    r.symbol()
}
