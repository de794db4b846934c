//! The arbiters of an event besides the chief (1960 §18 一: 总裁判长, 副总裁判长, 裁判员):
//! deputies, who act on every game as the chief does, and board arbiters, each acting only
//! on the boards the organiser assigns him round by round. The chief arbiter is the event
//! arbiter's link. Each has his own link, derived from the organiser's like the players'
//! (`links.rs`), listed and re-issued the same way.
//!
//! 1960 §18 一 gives the boards one arbiter oversees: 1–3 in national events, 2–5 in
//! provincial ones, 4–7 in others. An assignment beyond a range is not refused (the
//! organiser knows his hall); the answer warns, naming the range it exceeds.

use super::arbiters::{Official, OfficialRole, ratio_warnings};
use super::model::{Competition, Refused};

impl Competition {
    /// Adds an official; his token digest is set by the caller (`derive_official_link`).
    ///
    /// # Errors
    ///
    /// An empty or overlong name, or more than 200 officials.
    pub(crate) fn add_official(&mut self, name: &str, role: OfficialRole) -> Result<u32, Refused> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 60 {
            return Err(Refused(
                "an arbiter's name: 1 to 60 characters".into(),
                "裁判的姓名应为1至60个字".into(),
            ));
        }
        if self.officials.len() >= 200 {
            return Err(Refused(
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
    pub(crate) fn assign(
        &mut self,
        official: u32,
        round: u32,
        boards: &[u32],
    ) -> Result<Vec<(String, String)>, Refused> {
        if round == 0 || round > 1000 || boards.iter().any(|b| *b == 0 || *b > 1000) {
            return Err(Refused(
                "rounds and boards are numbered 1 to 1000".into(),
                "轮次和台次应为1至1000".into(),
            ));
        }
        let Some(o) = self.officials.iter_mut().find(|o| o.id == official) else {
            return Err(Refused(
                format!("no arbiter {official}"),
                format!("没有{official}号裁判"),
            ));
        };
        if o.role == OfficialRole::Deputy {
            return Err(Refused(
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
