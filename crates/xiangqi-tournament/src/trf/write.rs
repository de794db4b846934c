//! Writing a [`TrfFile`] in either layout.

use super::{TrfFile, TrfVersion};
use crate::{Points, Side};

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
        let mut out = String::new();
        let mut line = |s: String| {
            out.push_str(s.trim_end());
            out.push('\n');
        };
        line(format!("012 {}", self.name));
        if !self.kind.is_empty() {
            line(format!("092 {}", self.kind));
        }
        let new = version == TrfVersion::Trf2026;
        if let Some(r) = self.rounds {
            line(format!("{} {r}", if new { "142" } else { "XXR" }));
        }
        if let Some(c) = self.initial_colour {
            line(match (new, c) {
                (true, Side::First) => "152 W".into(),
                (true, Side::Second) => "152 B".into(),
                (false, Side::First) => "XXC white1".into(),
                (false, Side::Second) => "XXC black1".into(),
            });
        }
        let s = self.scoring;
        if s != super::TrfScoring::default() {
            if new {
                // Code in column 6, value in columns 7–10, every 9 columns; only the values
                // that differ from TRF-2026's defaults (W 1.0, D 0.5, L 0.0, A 0.0, P = W), as
                // bbpPairings v6 writes it: it refuses the `A` code, which it does not read.
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
                line(t.into_iter().collect());
            } else {
                line(format!("BBW {:>4}", pts(s.win)));
                line(format!("BBD {:>4}", pts(s.draw)));
                line(format!("BBL {:>4}", pts(s.loss)));
                line(format!("BBZ {:>4}", pts(s.absence)));
                line(format!("BBF {:>4}", pts(s.absence)));
                line(format!("BBU {:>4}", pts(s.pab)));
            }
        }
        if new && !self.coded_type.is_empty() {
            match super::written_coded_type(&self.coded_type) {
                Some(tag) => {
                    line(format!("192 {tag}"));
                    line(super::rules_comment(&self.coded_type));
                }
                None => line(format!("192 {}", self.coded_type)),
            }
        }
        for o in &self.other {
            let code: String = o.chars().take(3).collect();
            if new || !code.starts_with('#') && !code.starts_with(['1', '2']) {
                line(o.clone());
            }
        }
        for p in &self.players {
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
                    Some(Side::First) => 'w',
                    Some(Side::Second) => 'b',
                    None => '-',
                };
                l.push_str(&format!("  {opp} {col} {}", c.result.symbol()));
            }
            line(l);
        }
        if new {
            for (kind, round, ids) in &self.byes {
                let list: String = ids.iter().map(|i| format!(" {i:>4}")).collect();
                line(format!("240 {kind} {round:>3}{list}"));
            }
            for a in &self.accelerations {
                line(format!(
                    "250 {:>4} {:>4} {:>3} {:>3} {:>4} {:>4}",
                    "",
                    pts(a.points),
                    a.rounds.0,
                    a.rounds.1,
                    a.ids.0,
                    a.ids.1
                ));
            }
            for (r1, r2, ids) in &self.forbidden {
                let list: String = ids.iter().map(|i| format!(" {i:>4}")).collect();
                line(format!("260 {r1:>3} {r2:>3}{list}"));
            }
        } else {
            // JaVaFo's `XXA`: one line per player, the fictitious points of every round.
            let rounds = self
                .accelerations
                .iter()
                .map(|a| a.rounds.1)
                .max()
                .unwrap_or(0);
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
                    line(format!("XXA {:>4}{vals}", p.id));
                }
            }
            for (_, _, ids) in &self.forbidden {
                let list: String = ids.iter().map(|i| format!(" {i}")).collect();
                line(format!("XXP{list}"));
            }
        }
        out
    }
}
