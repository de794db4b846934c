//! Who took an arbiter's action: the officials of 1960 §18 (总裁判长/裁判长, 副总裁判长/副裁判长,
//! 裁判员), a stand-alone game's own arbiter, or the organiser entering a result. The server
//! names him from the token he acted with; the game stores the name in each arbiter event
//! (`by`), in the ruling of an ending he ruled ([`Ruling::by`](crate::Ruling::by)) and in the
//! record's comment, so the record says who ruled.

use serde::{Deserialize, Serialize};

/// The office of whoever took an arbiter's action.
///
/// ```
/// use xiangqi_referee::ArbiterRole;
/// assert_eq!(ArbiterRole::Deputy.chinese(), "副裁判长");
/// assert_eq!(serde_json::to_string(&ArbiterRole::Board).unwrap(), r#""board""#);
/// ```
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ArbiterRole {
    /// 总裁判长 (裁判长): every game of the event (1960 §18 一).
    Chief,
    /// 副总裁判长 (副裁判长): every game, as the chief.
    Deputy,
    /// 裁判员: the boards assigned to him.
    Board,
    /// The organiser (竞赛委员会, 1960 §17), entering a result.
    Organiser,
    /// The arbiter's link of a game outside any event.
    Game,
}

impl ArbiterRole {
    /// In Chinese.
    pub fn chinese(self) -> &'static str {
        match self {
            ArbiterRole::Chief => "裁判长",
            ArbiterRole::Deputy => "副裁判长",
            ArbiterRole::Board => "裁判员",
            ArbiterRole::Organiser => "竞赛委员会",
            ArbiterRole::Game => "本局裁判",
        }
    }

    /// In English.
    pub fn english(self) -> &'static str {
        match self {
            ArbiterRole::Chief => "chief arbiter",
            ArbiterRole::Deputy => "deputy chief arbiter",
            ArbiterRole::Board => "board arbiter",
            ArbiterRole::Organiser => "organiser",
            ArbiterRole::Game => "the game's arbiter",
        }
    }
}

/// Who took an arbiter's action.
///
/// ```
/// use xiangqi_referee::{ArbiterRole, Signer};
/// let by = Signer { role: ArbiterRole::Board, name: "李".into() };
/// assert_eq!(by.chinese(), "裁判员李");
/// assert_eq!(by.english(), "board arbiter 李");
/// ```
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Signer {
    /// His office.
    pub role: ArbiterRole,
    /// His name, empty when the office has none on record.
    #[serde(default)]
    pub name: String,
}

impl Signer {
    /// "裁判员李".
    pub fn chinese(&self) -> String {
        format!("{}{}", self.role.chinese(), self.name)
    }

    /// "board arbiter 李".
    pub fn english(&self) -> String {
        if self.name.is_empty() {
            self.role.english().to_owned()
        } else {
            format!("{} {}", self.role.english(), self.name)
        }
    }
}
