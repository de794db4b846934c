//! Writing a [`TrfFile`] in either layout.

use super::{TrfFile, TrfVersion};
use crate::{Mover, Points};

fn pts(p: Points) -> String {
    format!("{:.1}", p.as_f64())
}

impl TrfFile {
    /// The file as text in `version`'s layout (lines end with `\n`).
    ///
    /// TRF16 states the rounds as `XXR` and the initial colour as `XXC`; TRF-2026 as `142`
    /// and `152`, with the point system in `162` when it is not the default, the coded type in
    /// `192`, byes in `240`, accelerations in `250` and forbidden pairs in `260`. TRF16 has no
    /// place for `240`/`250`/`260`, so there they become JaVaFo's `XXP` (forbidden pairs,
    /// whole event) and the `BB?` point values; `240` byes are already in the round cells.
    ///
    /// ```
    /// use xiangqi_tournament::trf::{TrfFile, TrfVersion};
    /// let text = "012 Open\n142 5\n001    1      Li                                1800                             0.0    1\n";
    /// let f = TrfFile::parse(text).unwrap();
    /// assert_eq!(f.version, TrfVersion::Trf2026);
    /// assert!(f.write(TrfVersion::Trf16).contains("XXR 5\n"));
    /// assert_eq!(TrfFile::parse(&f.write(TrfVersion::Trf2026)).unwrap(), f);
    /// ```
    pub fn write(&self, version: TrfVersion) -> String {
        let new = version == TrfVersion::Trf2026;
        let mut lines = self.header_lines(new);
        lines.extend(self.scoring_lines(new));
        lines.extend(self.coded_type_lines(new));
        lines.extend(
            self.other
                .iter()
                .filter(|o| {
                    let code: String = o.chars().take(3).collect();
                    new || !code.starts_with('#') && !code.starts_with(['1', '2'])
                })
                .cloned(),
        );
        lines.extend(self.players.iter().map(player_line));
        lines.extend(if new {
            self.extras_2026()
        } else {
            self.extras_trf16()
        });
        let mut out = String::new();
        for l in lines {
            out.push_str(l.trim_end());
            out.push('\n');
        }
        out
    }

    /// The event's name, type, rounds and initial colour.
    fn header_lines(&self, new: bool) -> Vec<String> {
        let mut lines = vec![format!("012 {}", self.name)];
        if !self.kind.is_empty() {
            lines.push(format!("092 {}", self.kind));
        }
        if let Some(r) = self.rounds {
            lines.push(format!("{} {r}", if new { "142" } else { "XXR" }));
        }
        if let Some(c) = self.initial_colour {
            lines.push(
                match (new, c) {
                    (true, Mover::First) => "152 W",
                    (true, Mover::Second) => "152 B",
                    (false, Mover::First) => "XXC white1",
                    (false, Mover::Second) => "XXC black1",
                }
                .into(),
            );
        }
        lines
    }

    /// The point system, when it is not the default: TRF-2026's `162`, TRF16's `BB?` lines.
    fn scoring_lines(&self, new: bool) -> Vec<String> {
        let s = self.scoring;
        if s == super::TrfScoring::default() {
            return Vec::new();
        }
        if !new {
            return [
                ("BBW", s.win),
                ("BBD", s.draw),
                ("BBL", s.loss),
                ("BBZ", s.absence),
                ("BBF", s.absence),
                ("BBU", s.pab),
            ]
            .into_iter()
            .map(|(code, p)| format!("{code} {:>4}", pts(p)))
            .collect();
        }
        // Code in column 6, value in columns 7–10, every 9 columns; only the values that
        // differ from TRF-2026's defaults (W 1.0, D 0.5, L 0.0, A 0.0, P = W), as bbpPairings
        // v6 writes it: it refuses the `A` code, which it does not read.
        let d = super::TrfScoring::default();
        let codes: Vec<(char, Points)> = [
            ('W', s.win, d.win),
            ('D', s.draw, d.draw),
            ('L', s.loss, d.loss),
            ('A', s.absence, d.absence),
            ('P', s.pab, s.win),
        ]
        .into_iter()
        .filter(|(_, p, default)| p != default)
        .map(|(c, p, _)| (c, p))
        .collect();
        let width = 5 + 9 * codes.len();
        let mut t: Vec<char> = "162"
            .chars()
            .chain(std::iter::repeat_n(' ', width))
            .collect();
        for (k, (c, p)) in codes.into_iter().enumerate() {
            t[5 + 9 * k] = c;
            for (j, ch) in format!("{:>4}", pts(p)).chars().take(4).enumerate() {
                t[6 + 9 * k + j] = ch;
            }
        }
        vec![t.into_iter().collect()]
    }

    /// TRF-2026's `192`, with the rules' own code in a comment when the tag is another's.
    fn coded_type_lines(&self, new: bool) -> Vec<String> {
        if !new || self.coded_type.is_empty() {
            return Vec::new();
        }
        match super::written_coded_type(&self.coded_type) {
            Some(tag) => vec![format!("192 {tag}"), super::rules_comment(&self.coded_type)],
            None => vec![format!("192 {}", self.coded_type)],
        }
    }

    /// TRF-2026's byes (`240`), accelerations (`250`) and forbidden pairs (`260`).
    fn extras_2026(&self) -> Vec<String> {
        let ids = |ids: &[u32]| -> String { ids.iter().map(|i| format!(" {i:>4}")).collect() };
        let byes = self
            .byes
            .iter()
            .map(|(kind, round, list)| format!("240 {kind} {round:>3}{}", ids(list)));
        let accelerations = self.accelerations.iter().map(|a| {
            format!(
                "250 {:>4} {:>4} {:>3} {:>3} {:>4} {:>4}",
                "",
                pts(a.points),
                a.rounds.0,
                a.rounds.1,
                a.ids.0,
                a.ids.1
            )
        });
        let forbidden = self
            .forbidden
            .iter()
            .map(|(r1, r2, list)| format!("260 {r1:>3} {r2:>3}{}", ids(list)));
        byes.chain(accelerations).chain(forbidden).collect()
    }

    /// JaVaFo's `XXA` (one line per player, the fictitious points of every round) and `XXP`
    /// (forbidden pairs, whole event): TRF16 has no `250` or `260`.
    fn extras_trf16(&self) -> Vec<String> {
        let rounds = self
            .accelerations
            .iter()
            .map(|a| a.rounds.1)
            .max()
            .unwrap_or(0);
        let mut lines = Vec::new();
        for p in &self.players {
            let per: Vec<Points> = (1..=rounds)
                .map(|r| {
                    self.accelerations
                        .iter()
                        .filter(|a| (a.rounds.0..=a.rounds.1).contains(&r))
                        .filter(|a| (a.ids.0..=a.ids.1).contains(&p.id))
                        .map(|a| a.points)
                        .sum()
                })
                .collect();
            if per.iter().any(|x| *x != Points::ZERO) {
                let vals: String = per.iter().map(|x| format!(" {:>4}", pts(*x))).collect();
                lines.push(format!("XXA {:>4}{vals}", p.id));
            }
        }
        for (_, _, ids) in &self.forbidden {
            let list: String = ids.iter().map(|i| format!(" {i}")).collect();
            lines.push(format!("XXP{list}"));
        }
        lines
    }
}

/// A player's `001` line with his round cells.
fn player_line(p: &super::TrfPlayer) -> String {
    let mut l = format!(
        "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        p.id,
        p.sex,
        p.title,
        p.name.chars().take(33).collect::<String>(),
        p.rating.map(|r| r.to_string()).unwrap_or_default(),
        p.federation,
        p.fide_id,
        p.birth,
        // Four columns: a total that does not fit is left out rather than misplaced.
        p.points
            .map(pts)
            .filter(|t| t.len() <= 4)
            .unwrap_or_default(),
        p.rank.map(|r| r.to_string()).unwrap_or_default(),
    );
    // Pad by characters so that column 92 is reached even with wide names.
    while l.chars().count() < 89 {
        l.push(' ');
    }
    for c in &p.cells {
        let opp = c.opponent.map_or("0000".to_string(), |o| format!("{o:>4}"));
        let col = match c.colour {
            Some(Mover::First) => 'w',
            Some(Mover::Second) => 'b',
            None => '-',
        };
        l.push_str(&format!("  {opp} {col} {}", c.result.symbol()));
    }
    l
}
