//! Results of `xq match`: per pairing W/D/L, pentanomial pairs, Elo, LOS, SPRT; the table;
//! the PGN of each game.

use std::collections::HashMap;
use std::fmt::Write as _;

use xiangqi::notation::Notation;
use xiangqi::{Color, Position};
use xiangqi_engine::stats::{Pentanomial, Sprt, SprtState, Wdl};
use xiangqi_engine::{GameEnd, GameOutcome};
use xiangqi_records::GameRecord;
use xiangqi_records::pgn::{PgnOptions, write_pgn};
use xiangqi_referee::GameResult;

/// One engine against another: the first engine's view.
pub struct Pairing {
    pub a: usize,
    pub b: usize,
    pub wdl: Wdl,
    pub penta: Pentanomial,
    /// The first finished game of each pair: the first engine's score.
    pending: HashMap<u32, f64>,
}

impl Pairing {
    pub fn new(a: usize, b: usize) -> Pairing {
        Pairing {
            a,
            b,
            wdl: Wdl::default(),
            penta: Pentanomial::default(),
            pending: HashMap::new(),
        }
    }

    /// Adds a game: `a_red` says whether the first engine had Red.
    pub fn add(&mut self, pair: u32, a_red: bool, result: GameResult) {
        let a_score = match (result.winner(), a_red) {
            (None, _) => 0.5,
            (Some(Color::Red), true) | (Some(Color::Black), false) => 1.0,
            _ => 0.0,
        };
        match a_score {
            1.0 => self.wdl.wins += 1,
            0.0 => self.wdl.losses += 1,
            _ => self.wdl.draws += 1,
        }
        match self.pending.remove(&pair) {
            Some(first) => self.penta.add(first, a_score),
            None => {
                self.pending.insert(pair, a_score);
            }
        }
    }
}

/// The final table.
pub fn table(names: &[String], pairings: &[Pairing], sprt: Option<&Sprt>) -> String {
    let mut out = String::new();
    for p in pairings {
        pairing_lines(&mut out, names, p, sprt);
    }
    if names.len() > 2 {
        standings(&mut out, names, pairings);
    }
    out
}

/// One pairing's lines: games, score, Elo and LOS, pentanomial counts, and the SPRT.
fn pairing_lines(out: &mut String, names: &[String], p: &Pairing, sprt: Option<&Sprt>) {
    let (a, b) = (&names[p.a], &names[p.b]);
    let w = p.wdl;
    let games = w.games();
    let score = if games > 0 {
        (w.wins as f64 + w.draws as f64 / 2.0) / games as f64
    } else {
        0.5
    };
    let _ = writeln!(out, "{a} vs {b}: {games} games");
    let _ = writeln!(
        out,
        "  {a}: +{} ={} -{}  score {:.1} %",
        w.wins,
        w.draws,
        w.losses,
        score * 100.0
    );
    // Error bars from complete pairs when there are some, else from single games.
    let (est, basis) = if p.penta.pairs() > 0 {
        (p.penta.estimate(), "pairs")
    } else {
        (w.estimate(), "games")
    };
    let _ = writeln!(
        out,
        "  Elo {est} (95 %, from {basis}); LOS {:.1} %",
        est.los * 100.0
    );
    let _ = writeln!(
        out,
        "  Ptnml(0-2) {:?}  ({} pairs)",
        p.penta.0,
        p.penta.pairs()
    );
    if let Some(s) = sprt {
        sprt_line(out, s, &p.penta);
    }
}

/// The SPRT's line: its bounds, the log-likelihood ratio, and its decision so far.
fn sprt_line(out: &mut String, s: &Sprt, penta: &Pentanomial) {
    let (lo, hi) = s.bounds();
    let state = match s.state(penta) {
        SprtState::Continue => "continue",
        SprtState::AcceptH0 => "H0 accepted",
        SprtState::AcceptH1 => "H1 accepted",
    };
    let _ = writeln!(
        out,
        "  SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} ({:.2}, {:.2}) {state}",
        s.elo0,
        s.elo1,
        s.alpha,
        s.beta,
        s.llr(penta),
        lo,
        hi
    );
}

/// A round robin's standings: points and games of each engine, most points first.
fn standings(out: &mut String, names: &[String], pairings: &[Pairing]) {
    let mut points = vec![(0.0f64, 0u32); names.len()];
    for p in pairings {
        let w = p.wdl;
        points[p.a].0 += w.wins as f64 + w.draws as f64 / 2.0;
        points[p.b].0 += w.losses as f64 + w.draws as f64 / 2.0;
        points[p.a].1 += w.games();
        points[p.b].1 += w.games();
    }
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&x, &y| points[y].0.total_cmp(&points[x].0));
    let _ = writeln!(out, "Standings:");
    for (rank, i) in order.into_iter().enumerate() {
        let _ = writeln!(
            out,
            "  {}. {}  {} / {}",
            rank + 1,
            names[i],
            points[i].0,
            points[i].1
        );
    }
}

/// Tag values and the game as PGN.
pub struct PgnGame<'a> {
    pub round: String,
    pub red: &'a str,
    pub black: &'a str,
    pub start: &'a Position,
    pub outcome: &'a GameOutcome,
    pub time_control: Option<String>,
    pub rules: &'a str,
    pub notation: Notation,
}

pub fn pgn(g: &PgnGame) -> anyhow::Result<String> {
    let o = g.outcome;
    // An illegal last move cannot be written as a move: it is named in the comment.
    let illegal = o.ruling.board_reason() == Some(xiangqi_referee::Reason::IllegalMove);
    let legal = if illegal {
        o.moves.len().saturating_sub(1)
    } else {
        o.moves.len()
    };
    let mut record = GameRecord::from_moves(g.start.clone(), o.moves[..legal].iter().copied());
    for (ply, comment) in record.moves.plies.iter_mut().zip(&o.comments) {
        ply.comment = comment.clone();
    }
    let tags = &mut record.tags;
    tags.set("Event", "xq match");
    tags.set("Round", g.round.clone());
    tags.set("Red", g.red);
    tags.set("Black", g.black);
    tags.set("Result", o.result.score());
    if let Some(tc) = &g.time_control {
        tags.set("TimeControl", tc.clone());
    }
    tags.set("Rules", g.rules);
    let termination = match &o.end {
        GameEnd::Ruled => o
            .ruling
            .reason
            .as_ref()
            .map_or("unterminated".to_owned(), |r| r.name().to_owned()),
        GameEnd::Flag { .. } => "time forfeit".to_owned(),
        GameEnd::Forfeit { .. } => "engine failure".to_owned(),
        GameEnd::Resigned {
            adjudicated: true, ..
        }
        | GameEnd::AdjudicatedDraw => "adjudication".to_owned(),
        GameEnd::Resigned { .. } => "resignation".to_owned(),
    };
    tags.set("Termination", termination);
    let mut last = o.termination.clone();
    if matches!(o.end, GameEnd::Ruled) && !o.ruling.explanation_zh.is_empty() {
        last.push_str(" / ");
        last.push_str(&o.ruling.explanation_zh);
    }
    match record.moves.plies.last_mut() {
        Some(p) => {
            p.comment = Some(match &p.comment {
                Some(c) => format!("{c}; {last}"),
                None => last,
            })
        }
        None => record.moves.comment = Some(last),
    }
    let opts = PgnOptions {
        notation: g.notation,
        ..PgnOptions::default()
    };
    write_pgn(&record, &opts).map_err(|e| anyhow::anyhow!("writing PGN: {e}"))
}
