//! The arbiters of an event besides the chief (1960 §18 一: 总裁判长, 副总裁判长, 裁判员):
//! deputies, who act on every game as the chief does, and board arbiters, each acting only
//! on the boards the organiser assigns him round by round. The chief arbiter is the event
//! arbiter's link. Each has his own link, derived by the server from the organiser's like
//! the players', listed and re-issued the same way.
//!
//! 1960 §18 一 gives the boards one arbiter oversees: 1–3 in national events, 2–5 in
//! provincial ones, 4–7 in others. An assignment beyond a range is not refused (the
//! organiser knows his hall); the answer warns, naming the range it exceeds.

use super::arbiters::{Official, OfficialRole, ratio_warnings};
use super::model::{Competition, Refused, missing};

impl Competition {
    /// Adds an official; his token digest is set by the caller (`derive_official_link`).
    ///
    /// # Errors
    ///
    /// An empty or overlong name, or more than 200 officials.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// use xiangqi_competition::arbiters::OfficialRole;
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// assert_eq!(c.add_official("Wang", OfficialRole::Deputy), Ok(1));
    /// assert!(c.add_official("  ", OfficialRole::Board).is_err());
    /// ```
    pub fn add_official(&mut self, name: &str, role: OfficialRole) -> Result<u32, Refused> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 60 {
            return Err(Refused::Procedure(
                "an arbiter's name: 1 to 60 characters".into(),
                "裁判的姓名应为1至60个字".into(),
            ));
        }
        if self.officials.len() >= 200 {
            return Err(Refused::Procedure(
                "an event has at most 200 arbiters".into(),
                "一个比赛最多200名裁判".into(),
            ));
        }
        let id = self.officials.len() as u32 + 1;
        self.officials.push(Official {
            id,
            name: name.to_owned(),
            role,
            token_sha256: String::new(),
            link: 0,
            boards: Vec::new(),
        });
        self.log
            .push(format!("arbiter {id} ({name}) appointed: {role:?}"));
        Ok(id)
    }

    /// Assigns board arbiter `official` the `boards` of `round` (replacing his boards of that
    /// round; other arbiters keep theirs: two may share a board). Returns the warnings.
    ///
    /// # Errors
    ///
    /// No such official, a deputy (he has every board), or a board number out of range.
    ///
    /// ```
    /// # use xiangqi_competition::{Competition, SpecError, create_event::parse_create_event};
    /// # use xiangqi_tournament::{Outcome, Player};
    /// # let event = |j: &str| Competition::new(parse_create_event(j.as_bytes(), |_| Ok::<(), SpecError>(())).unwrap(), "ev", 0, 7, ["", ""]);
    /// # let four = |j: &str| { let mut c = event(j); for n in ["A", "B", "C", "D"] { c.register(Player::new(n), String::new()).unwrap(); } c };
    /// use xiangqi_competition::arbiters::OfficialRole;
    /// let mut c = four(r#"{"system": "round_robin"}"#);
    /// let board = c.add_official("Li", OfficialRole::Board).unwrap();
    /// assert!(c.assign(board, 1, &[1, 2]).unwrap().is_empty());
    /// assert_eq!(c.assign(board, 1, &[1, 2, 3, 4]).unwrap().len(), 1); // beyond 1–3
    /// let deputy = c.add_official("Wang", OfficialRole::Deputy).unwrap();
    /// assert!(c.assign(deputy, 1, &[1]).is_err());
    /// ```
    pub fn assign(
        &mut self,
        official: u32,
        round: u32,
        boards: &[u32],
    ) -> Result<Vec<(String, String)>, Refused> {
        if round == 0 || round > 1000 || boards.iter().any(|b| *b == 0 || *b > 1000) {
            return Err(Refused::Procedure(
                "rounds and boards are numbered 1 to 1000".into(),
                "轮次和台次应为1至1000".into(),
            ));
        }
        let Some(o) = self.officials.iter_mut().find(|o| o.id == official) else {
            return missing(
                format!("no arbiter {official}"),
                format!("没有{official}号裁判"),
            );
        };
        if o.role == OfficialRole::Deputy {
            return Err(Refused::Procedure(
                format!("arbiter {official} is a deputy: he acts on every board"),
                format!("{official}号裁判是副总裁判长：本来就管所有台次"),
            ));
        }
        o.boards.retain(|(r, _)| *r != round);
        let mut mine: Vec<u32> = boards.to_vec();
        mine.sort_unstable();
        mine.dedup();
        o.boards.extend(mine.iter().map(|b| (round, *b)));
        let warnings = ratio_warnings(&o.name, mine.len() as u32);
        let name = o.name.clone();
        self.log
            .push(format!("round {round}: {name} over boards {mine:?}"));
        Ok(warnings)
    }
}
