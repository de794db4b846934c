//! Reading a [`TrfFile`]: a line at a time, each record by its columns, then the player
//! section cross-checked. Every refusal names its line and column.

use super::{
    Acceleration, ResultCode, TrfCell, TrfFile, TrfPlayer, TrfScoring, TrfVersion, coded_type,
};
use crate::{Error, Mover, Points};

pub(super) fn bad(line: usize, column: usize, message: impl Into<String>) -> Error {
    Error::File {
        line,
        column,
        message: message.into(),
    }
}

/// Characters `from..=to` (1-based columns) of `chars`, trimmed.
fn field(chars: &[char], from: usize, to: usize) -> String {
    let end = to.min(chars.len());
    if from > end {
        return String::new();
    }
    chars[from - 1..end]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

fn number(chars: &[char], from: usize, to: usize, line: usize) -> Result<Option<u32>, Error> {
    let f = field(chars, from, to);
    if f.is_empty() {
        return Ok(None);
    }
    f.parse::<u32>()
        .map(Some)
        .map_err(|_| bad(line, from, format!("{f:?} is not a number")))
}

/// Parses `11.5`-style points (whole or half values only) into half-points.
fn points(text: &str, line: usize, column: usize) -> Result<Points, Error> {
    let t = text.trim();
    let err = || {
        bad(
            line,
            column,
            format!("points {t:?}: expected a number like 4.5"),
        )
    };
    let (neg, t2) = t.strip_prefix('-').map_or((false, t), |r| (true, r));
    let (whole, frac) = t2.split_once('.').unwrap_or((t2, ""));
    if whole.is_empty() && frac.is_empty() || whole.len() > 4 {
        return Err(err());
    }
    let w: i32 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| err())?
    };
    let frac = frac.trim_end_matches('0');
    let h = match frac {
        "" => 2 * w,
        "5" => 2 * w + 1,
        _ => {
            return Err(bad(
                line,
                column,
                format!("points {t:?}: only whole and half points"),
            ));
        }
    };
    Ok(Points::from_halves(if neg { -h } else { h }))
}

/// A point value of a header record: its field has four columns (`99.5` at most).
fn value(text: &str, line: usize, column: usize) -> Result<Points, Error> {
    let p = points(text, line, column)?;
    // Written back as `{:.1}` into four columns: -9.5 to 99.5 fit (-70.0 does not: a
    // fuzzer's find, `tests/data/fuzz-trf-250-negative.trf`).
    if format!("{:.1}", p.as_f64()).len() > 4 {
        return Err(bad(
            line,
            column,
            format!("{p} points do not fit the four-column field"),
        ));
    }
    Ok(p)
}

impl TrfFile {
    /// Reads a TRF16 or TRF-2026 file (the version is detected from the tags used).
    ///
    /// ```
    /// use xiangqi_tournament::trf::{TrfFile, ResultCode};
    /// // Columns: id 5–8, name 15–47, rating 49–52, points 81–84, round 1 from 92.
    /// let line = |id: u32, name: &str, pts: &str, cell: &str| {
    ///     format!("001 {id:>4}      {name:<33} 1800 {:3} {:>11} {:10} {pts:>4} {:>4}  {cell}", "", "", "", "")
    /// };
    /// let text = format!("012 Open\nXXR 3\n{}\n{}\n", line(1, "Li", "1.0", "   2 w 1"), line(2, "Wang", "0.0", "   1 b 0"));
    /// let f = TrfFile::parse(&text).unwrap();
    /// assert_eq!(f.rounds, Some(3));
    /// assert_eq!(f.players[1].cells[0].result, ResultCode::Loss);
    /// assert!(TrfFile::parse("001 abcd").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<TrfFile, Error> {
        let mut f = TrfFile {
            version: TrfVersion::Trf16,
            name: String::new(),
            rounds: None,
            initial_colour: None,
            scoring: TrfScoring::default(),
            kind: String::new(),
            coded_type: String::new(),
            players: Vec::new(),
            byes: Vec::new(),
            accelerations: Vec::new(),
            forbidden: Vec::new(),
            other: Vec::new(),
        };
        let mut pab_given = false;
        let text = text.trim_start_matches('\u{feff}');
        for (i, raw) in text.split(['\n', '\r']).enumerate() {
            let chars: Vec<char> = raw.chars().collect();
            if !chars.iter().all(|c| c.is_whitespace()) {
                pab_given |= f.read_line(raw, &chars, i + 1)?;
            }
        }
        f.coded_type = coded_type::read_back(&f.coded_type, &mut f.other);
        if !pab_given {
            // TRF-2026 `162`: P, the pairing-allocated bye, "default = W" (and TRF16's
            // `BBU`, as bbpPairings reads it, likewise defaults to `BBW`).
            f.scoring.pab = f.scoring.win;
        }
        f.check()?;
        Ok(f)
    }

    /// Reads one line (number `line`, from 1) into the file; true if it gave the bye's points.
    fn read_line(&mut self, raw: &str, chars: &[char], line: usize) -> Result<bool, Error> {
        let code: String = chars.iter().take(3).collect();
        let rest = field(chars, 5, chars.len());
        if TRF2026_CODES.contains(&code.as_str()) {
            self.version = TrfVersion::Trf2026;
        }
        match code.as_str() {
            "001" => self.players.push(read_player(chars, line)?),
            "012" => self.name = rest,
            "092" => self.kind = rest,
            "XXR" | "142" => {
                self.rounds = Some(rest.parse().map_err(|_| {
                    bad(
                        line,
                        5,
                        format!("number of rounds {rest:?} is not a number"),
                    )
                })?)
            }
            "152" | "XXC" => {
                let word = rest.split_whitespace().next().unwrap_or("");
                match word.to_ascii_lowercase().as_str() {
                    "w" | "white1" => self.initial_colour = Some(Mover::First),
                    "b" | "black1" => self.initial_colour = Some(Mover::Second),
                    _ => self.other.push(raw.to_string()),
                }
            }
            "162" => return read_scoring(chars, line, &mut self.scoring),
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let p = value(&rest, line, 5)?;
                match code.as_str() {
                    "BBW" => self.scoring.win = p,
                    "BBD" => self.scoring.draw = p,
                    "BBL" => self.scoring.loss = p,
                    "BBZ" | "BBF" => self.scoring.absence = p,
                    _ => {
                        self.scoring.pab = p;
                        return Ok(true);
                    }
                }
            }
            "192" => self.coded_type = rest,
            "240" => self.byes.push(read_bye(chars, line)?),
            "250" => self.accelerations.push(read_acceleration(chars, line)?),
            "XXA" => self
                .accelerations
                .extend(read_javafo_acceleration(chars, line)?),
            "260" => {
                let r1 = number(chars, 5, 7, line)?.unwrap_or(1);
                let r2 = number(chars, 9, 11, line)?.unwrap_or(999);
                let ids = id_list(&field(chars, 13, chars.len()), line, 13)?;
                self.forbidden.push((r1, r2, ids));
            }
            "XXP" => {
                let ids = id_list(&rest, line, 5)?;
                self.forbidden.push((1, 999, ids));
            }
            _ => self.other.push(raw.to_string()),
        }
        Ok(false)
    }
}

fn id_list(text: &str, line: usize, column: usize) -> Result<Vec<u32>, Error> {
    text.split_whitespace()
        .map(|w| {
            w.parse::<u32>()
                .map_err(|_| bad(line, column, format!("player id {w:?} is not a number")))
        })
        .collect()
}

/// Reads a `162` record into `s`; whether it gave the PAB's value.
fn read_scoring(chars: &[char], line: usize, s: &mut TrfScoring) -> Result<bool, Error> {
    // Code at column 6, value in 7–10, every 9 columns.
    let mut pab_given = false;
    let mut col = 6;
    while col <= chars.len() {
        let code = chars[col - 1];
        if code != ' ' {
            let p = value(&field(chars, col + 1, col + 4), line, col + 1)?;
            match code.to_ascii_uppercase() {
                'W' => s.win = p,
                'D' => s.draw = p,
                'L' => s.loss = p,
                'A' => s.absence = p,
                'P' => {
                    pab_given = true;
                    s.pab = p
                }
                'X' => {}
                other => {
                    return Err(bad(
                        line,
                        col,
                        format!("162: unknown result code {other:?}"),
                    ));
                }
            }
        }
        col += 9;
    }
    Ok(pab_given)
}

/// The codes only TRF-2026 has: a file with one of them is a TRF-2026 file.
const TRF2026_CODES: [&str; 13] = [
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "###",
];

/// A `240` line: the bye's type (F, H or Z), its round and the players.
fn read_bye(chars: &[char], line: usize) -> Result<(char, u32, Vec<u32>), Error> {
    let kind = chars.get(4).copied().unwrap_or(' ').to_ascii_uppercase();
    if !"FHZ".contains(kind) || kind == ' ' {
        return Err(bad(line, 5, "bye type must be F, H or Z"));
    }
    let round = number(chars, 7, 9, line)?.unwrap_or(0);
    let ids = id_list(&field(chars, 11, chars.len()), line, 11)?;
    Ok((kind, round, ids))
}

/// A `250` line: fictitious points for a range of rounds and a range of players.
fn read_acceleration(chars: &[char], line: usize) -> Result<Acceleration, Error> {
    let p = value(&field(chars, 10, 13), line, 10)?;
    let r = (number(chars, 15, 17, line)?, number(chars, 19, 21, line)?);
    let ids = (number(chars, 23, 26, line)?, number(chars, 28, 31, line)?);
    let (Some(r1), Some(r2), Some(i1), Some(i2)) = (r.0, r.1, ids.0, ids.1) else {
        return Err(bad(
            line,
            15,
            "250 needs first/last round and first/last id",
        ));
    };
    Ok(Acceleration {
        points: p,
        rounds: (r1, r2),
        ids: (i1, i2),
    })
}

/// JaVaFo's `XXA NNNN  p1  p2 …`: fictitious points per round for player NNNN.
fn read_javafo_acceleration(chars: &[char], line: usize) -> Result<Vec<Acceleration>, Error> {
    let id = number(chars, 5, 8, line)?.unwrap_or(0);
    let vals = field(chars, 9, chars.len());
    vals.split_whitespace()
        .enumerate()
        .map(|(k, v)| {
            let r = k as u32 + 1;
            Ok(Acceleration {
                points: value(v, line, 9)?,
                rounds: (r, r),
                ids: (id, id),
            })
        })
        .collect()
}

fn read_player(chars: &[char], line: usize) -> Result<TrfPlayer, Error> {
    let id = number(chars, 5, 8, line)?.ok_or_else(|| bad(line, 5, "no starting rank"))?;
    if id > 9999 {
        return Err(bad(line, 5, "starting rank above 9999"));
    }
    let rating = number(chars, 49, 52, line)?.filter(|&r| r > 0);
    let pts = field(chars, 81, 84);
    let mut cells = Vec::new();
    let mut col = 92;
    while col <= chars.len() {
        cells.push(read_cell(chars, line, col, cells.len() + 1)?);
        col += 10;
    }
    if cells.len() > 999 {
        return Err(bad(line, 92, "more than 999 rounds"));
    }
    Ok(TrfPlayer {
        id,
        sex: field(chars, 10, 10),
        title: field(chars, 11, 13),
        name: field(chars, 15, 47),
        rating,
        federation: field(chars, 54, 56),
        fide_id: field(chars, 58, 68),
        birth: field(chars, 70, 79),
        points: if pts.is_empty() {
            None
        } else {
            Some(points(&pts, line, 81)?)
        },
        rank: number(chars, 86, 89, line)?,
        cells,
    })
}

/// The cell of round `round` of a player line, at column `col`: opponent, colour, result,
/// which must fit each other (a bye has no opponent, a game has one).
fn read_cell(chars: &[char], line: usize, col: usize, round: usize) -> Result<TrfCell, Error> {
    let opp = field(chars, col, col + 3);
    let opponent = if opp.is_empty() {
        None
    } else {
        match opp.parse::<u32>() {
            Ok(0) => None,
            Ok(o) => Some(o),
            Err(_) => return Err(bad(line, col, format!("opponent {opp:?} is not a number"))),
        }
    };
    let colour = match chars.get(col + 4).copied().unwrap_or(' ') {
        'w' | 'W' => Some(Mover::First),
        'b' | 'B' => Some(Mover::Second),
        '-' | ' ' => None,
        c => {
            return Err(bad(
                line,
                col + 5,
                format!("colour {c:?}: expected w, b or -"),
            ));
        }
    };
    let rc = chars.get(col + 6).copied().unwrap_or(' ');
    let result = ResultCode::parse(rc, opponent.is_some())
        .ok_or_else(|| bad(line, col + 7, format!("unknown result code {rc:?}")))?;
    let byeish = matches!(
        result,
        ResultCode::HalfBye | ResultCode::FullBye | ResultCode::Pab | ResultCode::ZeroBye
    );
    let needs_opponent = matches!(
        result,
        ResultCode::Win
            | ResultCode::Draw
            | ResultCode::Loss
            | ResultCode::UnratedWin
            | ResultCode::UnratedDraw
            | ResultCode::UnratedLoss
    );
    if (opponent.is_some() && byeish) || (opponent.is_none() && needs_opponent) {
        return Err(bad(
            line,
            col,
            format!("round {round}: result {rc:?} does not fit the opponent {opp:?}"),
        ));
    }
    Ok(TrfCell {
        opponent,
        colour,
        result,
    })
}
