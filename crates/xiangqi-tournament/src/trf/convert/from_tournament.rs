//! A tournament written out as a TRF file: its players with their cells, its type and its
//! accelerations (the other direction, a file read into a tournament, is in `convert.rs`).

use super::{
    EntryKind, History, Mover, PlayerId, PlayerResult, Points, ResultCode, SwissVariant, System,
    Tournament, TrfCell, TrfFile, TrfPlayer, TrfScoring, TrfVersion, rescale,
};

impl TrfFile {
    /// A tournament as a TRF file in `version`'s layout (written with [`TrfFile::write`]).
    ///
    /// ```
    /// use xiangqi_tournament::{trf::{TrfFile, TrfVersion}, Player, Settings, Tournament, Outcome};
    /// let mut t = Tournament::new("Open", vec![Player::new("Li"), Player::new("Wang")], Settings::swiss(1)).unwrap();
    /// t.pair_next_round().unwrap();
    /// t.set_result(1, 1, Outcome::Draw).unwrap();
    /// let f = TrfFile::from_tournament(&t, TrfVersion::Trf2026);
    /// assert_eq!(f.players[0].cells[0].opponent, Some(2));
    /// let back = TrfFile::parse(&f.write(TrfVersion::Trf2026)).unwrap().to_tournament(Some(t.settings.scoring)).unwrap();
    /// assert_eq!(back.rounds, t.rounds);
    /// ```
    pub fn from_tournament(t: &Tournament, version: TrfVersion) -> TrfFile {
        let sc = &t.settings.scoring;
        let history = History::build(t.players.len(), &t.rounds, sc, &[]);
        let mut rank = vec![None; t.players.len()];
        for row in &t.standings().rows {
            rank[row.player.index()] = Some(row.rank);
        }
        let players = t
            .players
            .iter()
            .enumerate()
            .map(|(i, player)| {
                let id = PlayerId::from_index(i);
                let (cells, total) = cells_of(t, &history, id);
                TrfPlayer {
                    id: id.0,
                    sex: String::new(),
                    title: String::new(),
                    name: player.name.clone(),
                    rating: player.rating.map(|r| r.min(9999)),
                    federation: player
                        .club
                        .as_deref()
                        .filter(|c| c.chars().count() <= 3)
                        .unwrap_or("")
                        .to_string(),
                    fide_id: String::new(),
                    birth: String::new(),
                    points: Some(total),
                    rank: rank[i],
                    cells,
                }
            })
            .collect();
        let (kind, coded) = type_of(t);
        let o = &t.settings.swiss;
        TrfFile {
            version,
            name: t.name.clone(),
            rounds: Some(t.planned_rounds()),
            initial_colour: o.initial_colour,
            scoring: TrfScoring {
                pab: rescale(sc.bye, sc.win),
                ..TrfScoring::default()
            },
            kind: kind.into(),
            coded_type: coded,
            players,
            byes: o
                .requested_byes
                .iter()
                .map(|&(round, p, pts)| {
                    let k = match rescale(pts, sc.win).halves() {
                        h if h >= 2 => 'F',
                        1 => 'H',
                        _ => 'Z',
                    };
                    (k, round, vec![p.0])
                })
                .collect(),
            accelerations: accelerations(t),
            forbidden: o
                .forbidden
                .iter()
                .map(|(a, b, ids)| (*a, *b, ids.iter().map(|p| p.0).collect()))
                .collect(),
            other: Vec::new(),
        }
    }
}

/// Every fictitious point of the event as explicit accelerations (one per round and run of
/// consecutive players with the same points), so that a Baku event reads back the same in
/// programs that do not know the method by name.
fn accelerations(t: &Tournament) -> Vec<crate::trf::Acceleration> {
    let mut out: Vec<crate::trf::Acceleration> = Vec::new();
    let n = t.players.len() as u32;
    for r in 1..=t.planned_rounds() {
        for id in 1..=n {
            let pts = t.fictitious(PlayerId(id), r);
            if pts == Points::ZERO {
                continue;
            }
            match out.last_mut() {
                Some(a) if a.rounds == (r, r) && a.points == pts && a.ids.1 + 1 == id => {
                    a.ids.1 = id
                }
                _ => out.push(crate::trf::Acceleration {
                    points: pts,
                    rounds: (r, r),
                    ids: (id, id),
                }),
            }
        }
    }
    out
}

/// A player's round cells (results in TRF's scale, games not yet played as pending) and
/// his total.
fn cells_of(t: &Tournament, history: &History, id: PlayerId) -> (Vec<TrfCell>, Points) {
    let sc = &t.settings.scoring;
    let empty = TrfCell {
        opponent: None,
        colour: None,
        result: ResultCode::ZeroBye,
    };
    let mut cells = vec![empty; t.rounds.len()];
    let mut total = Points::ZERO;
    for e in history.entries(id) {
        let value = rescale(e.points, sc.win);
        total += value;
        cells[e.round as usize - 1] = match e.kind {
            EntryKind::Bye => TrfCell {
                result: ResultCode::Pab,
                ..empty
            },
            EntryKind::Rest => TrfCell {
                result: match value.halves() {
                    h if h >= 2 => ResultCode::FullBye,
                    1 => ResultCode::HalfBye,
                    _ => ResultCode::ZeroBye,
                },
                ..empty
            },
            EntryKind::Game {
                opponent,
                side,
                result,
            } => TrfCell {
                opponent: Some(opponent.0),
                colour: Some(side),
                result: match result {
                    PlayerResult::Win => ResultCode::Win,
                    PlayerResult::Draw => ResultCode::Draw,
                    PlayerResult::Loss => ResultCode::Loss,
                    PlayerResult::ForfeitWin => ResultCode::ForfeitWin,
                    PlayerResult::ForfeitLoss => ResultCode::ForfeitLoss,
                },
            },
        };
    }
    for r in &t.rounds {
        for g in r.games.iter().filter(|g| g.outcome.is_none()) {
            if let Some(side) = g.side_of(id) {
                let opp = if side == Mover::First {
                    g.second
                } else {
                    g.first
                };
                cells[r.number as usize - 1] = TrfCell {
                    opponent: Some(opp.0),
                    colour: Some(side),
                    result: ResultCode::Pending,
                };
            }
        }
    }
    (cells, total)
}

/// The file's type (`092`) and coded type (`192`) for a tournament's system.
fn type_of(t: &Tournament) -> (&'static str, String) {
    match &t.settings.system {
        System::RoundRobin { cycles: 2, .. } => ("Double Round Robin", String::new()),
        System::RoundRobin { .. } => ("Round Robin", String::new()),
        System::Swiss { variant, .. } => match variant {
            SwissVariant::Dutch => (
                "Swiss System",
                if t.settings.swiss.baku {
                    "FIDE_DUTCH_2026_BAKU".to_string()
                } else {
                    "FIDE_DUTCH_2026".to_string()
                },
            ),
            SwissVariant::Chinese => ("Swiss System (Chinese)", String::new()),
            SwissVariant::Rules1960 => ("Swiss System (1960)", String::new()),
        },
    }
}
