//! Entrants and player lists (CSV or JSON).

use serde::{Deserialize, Serialize};

use crate::Error;

/// A player's number in the event (starting rank, 1-based). 0 is never a player: it is the
/// bye (空号) in the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl PlayerId {
    /// The 0-based index into the player list.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The id of the player at 0-based `index`.
    pub fn from_index(index: usize) -> PlayerId {
        PlayerId(index as u32 + 1)
    }
}

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An entrant as registered.
///
/// ```
/// use xiangqi_tournament::Player;
/// let p = Player::new("胡荣华").with_club("上海").with_rating(2600);
/// assert_eq!(p.club.as_deref(), Some("上海"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Full name.
    pub name: String,
    /// Club, province or team (单位); players of one unit can be kept apart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// Rating, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// Seed (种子) or lot number; 1 is the top seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u32>,
}

impl Player {
    /// A player with just a name.
    pub fn new(name: impl Into<String>) -> Player {
        Player {
            name: name.into(),
            club: None,
            rating: None,
            seed: None,
        }
    }

    /// Sets the club.
    pub fn with_club(mut self, club: impl Into<String>) -> Player {
        self.club = Some(club.into());
        self
    }

    /// Sets the rating.
    pub fn with_rating(mut self, rating: u32) -> Player {
        self.rating = Some(rating);
        self
    }

    /// Sets the seed.
    pub fn with_seed(mut self, seed: u32) -> Player {
        self.seed = Some(seed);
        self
    }
}

/// Puts players in starting order: by seed (seeded players first, lowest seed first), then by
/// rating (highest first), then in the order given. The position in the result is the
/// player's number ([`PlayerId`]).
///
/// ```
/// use xiangqi_tournament::{Player, player::starting_order};
/// let list = vec![Player::new("a").with_rating(1500), Player::new("b").with_seed(1)];
/// let names: Vec<_> = starting_order(list).into_iter().map(|p| p.name).collect();
/// assert_eq!(names, ["b", "a"]);
/// ```
pub fn starting_order(mut players: Vec<Player>) -> Vec<Player> {
    // A stable sort keeps the input order among equals, which the doc promises.
    players.sort_by_key(|p| {
        (
            p.seed.is_none(),
            p.seed.unwrap_or(0),
            std::cmp::Reverse(p.rating.unwrap_or(0)),
        )
    });
    players
}

/// Reads a player list: JSON if it starts with `[`, otherwise CSV with a header row naming
/// the columns `name` (required), `club`, `rating`, `seed` (any order, case-insensitive;
/// Chinese headers 姓名, 单位, 等级分, 种子 also accepted).
///
/// ```
/// use xiangqi_tournament::player::read_players;
/// let csv = "name,club,rating\n许银川,广东,2700\n吕钦,广东,2650\n";
/// let ps = read_players(csv).unwrap();
/// assert_eq!(ps[1].rating, Some(2650));
/// assert!(read_players("name,rating\nx,high\n").is_err());
/// ```
pub fn read_players(text: &str) -> Result<Vec<Player>, Error> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    let players = if trimmed.starts_with('[') {
        read_json(trimmed)?
    } else {
        read_csv(trimmed)?
    };
    if players.is_empty() {
        return Err(Error::Roster {
            line: 0,
            message: "no players".into(),
        });
    }
    Ok(players)
}

fn read_json(text: &str) -> Result<Vec<Player>, Error> {
    let players: Vec<Player> = serde_json::from_str(text).map_err(|e| Error::Roster {
        line: e.line(),
        message: format!("{e}"),
    })?;
    for (i, p) in players.iter().enumerate() {
        check_player(p, i + 1)?;
    }
    Ok(players)
}

fn check_player(p: &Player, line: usize) -> Result<(), Error> {
    if p.name.trim().is_empty() {
        return Err(Error::Roster {
            line,
            message: "empty name".into(),
        });
    }
    if p.seed == Some(0) {
        return Err(Error::Roster {
            line,
            message: "seed 0: seeds start at 1".into(),
        });
    }
    Ok(())
}

fn read_csv(text: &str) -> Result<Vec<Player>, Error> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| Error::Roster {
            line: 1,
            message: format!("header: {e}"),
        })?
        .clone();
    let column = |names: &[&str]| {
        headers
            .iter()
            .position(|h| names.iter().any(|n| h.eq_ignore_ascii_case(n)))
    };
    let name_col = column(&["name", "姓名", "player"]).ok_or_else(|| Error::Roster {
        line: 1,
        message: "no `name` column in the header".into(),
    })?;
    let club_col = column(&["club", "单位", "team", "federation"]);
    let rating_col = column(&["rating", "等级分", "elo"]);
    let seed_col = column(&["seed", "种子", "lot"]);
    let mut players = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| Error::Roster {
            line: e.position().map_or(0, |p| p.line() as usize),
            message: e.to_string(),
        })?;
        let line = record.position().map_or(0, |p| p.line() as usize);
        if record.iter().all(str::is_empty) {
            continue;
        }
        let field = |c: Option<usize>| c.and_then(|c| record.get(c)).filter(|s| !s.is_empty());
        let number = |c: Option<usize>, what: &str| -> Result<Option<u32>, Error> {
            field(c)
                .map(|s| {
                    s.parse::<u32>().map_err(|_| Error::Roster {
                        line,
                        message: format!("{what} {s:?} is not a whole number"),
                    })
                })
                .transpose()
        };
        let player = Player {
            name: field(Some(name_col)).unwrap_or("").to_string(),
            club: field(club_col).map(str::to_string),
            rating: number(rating_col, "rating")?,
            seed: number(seed_col, "seed")?,
        };
        check_player(&player, line)?;
        players.push(player);
    }
    Ok(players)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_errors_name_the_line() {
        let err = read_players("name,rating\na,1500\nb,high\n").unwrap_err();
        assert_eq!(
            err,
            Error::Roster {
                line: 3,
                message: "rating \"high\" is not a whole number".into()
            }
        );
        let err = read_players("club\nx\n").unwrap_err();
        assert!(matches!(err, Error::Roster { line: 1, .. }));
        assert!(matches!(
            read_players("name,seed\n,1\n"),
            Err(Error::Roster { line: 2, .. })
        ));
    }

    #[test]
    fn json_and_chinese_headers() {
        let ps = read_players(r#"[{"name":"a","seed":2},{"name":"b","rating":2000}]"#).unwrap();
        assert_eq!(ps.len(), 2);
        let ps = read_players("姓名,单位,种子\n王天一,杭州,1\n").unwrap();
        assert_eq!((ps[0].club.as_deref(), ps[0].seed), (Some("杭州"), Some(1)));
        assert!(read_players("[{\"nam\":1}]").is_err());
        assert!(read_players("").is_err());
    }
}
