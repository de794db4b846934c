//! The rule sets a game can be played under.

use std::fmt;

/// Which book's repetition rulings (棋例) and natural move limit apply.
///
/// ```
/// use xiangqi_referee::RuleSet;
/// assert_eq!("asian".parse::<RuleSet>().unwrap(), RuleSet::Asian);
/// assert_eq!("chinese1960".parse::<RuleSet>().unwrap(), RuleSet::Chinese1960);
/// assert_eq!("1960".parse::<RuleSet>().unwrap(), RuleSet::Chinese1960);
/// assert_eq!(RuleSet::default(), RuleSet::Chinese);
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum RuleSet {
    /// The current rules of the Chinese Xiangqi Association (中国象棋协会《象棋竞赛规则》, 2020).
    #[default]
    Chinese,
    /// The Asian Xiangqi Federation rules (亚洲象棋联合会《象棋比赛规例》, 2017 revision), which
    /// the World Xiangqi Federation's 2018 rules follow.
    Asian,
    /// The 1960 rules (《中国象棋竞赛规则（1960）》, 第四节 二 and 第五节, with their appendix),
    /// which superseded the 1956 rules. Moves are labelled with the current book's
    /// definitions except where the 1960 text says otherwise (only an unprotected piece or a
    /// stronger one is chased, §4 二(四), §5 五); the verdict is the 1960 book's own
    /// (`cycle::book1960`): 长拦 draws (§5 三), and a forbidden pattern answered by an attack
    /// (还打, appendix 例三–例六, 例九) draws. Also `1960`, `cn1960`, `cxa1960`.
    Chinese1960,
}

impl RuleSet {
    /// `"chinese"`, `"asian"` or `"chinese1960"`.
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Chinese => "chinese",
            RuleSet::Asian => "asian",
            RuleSet::Chinese1960 => "chinese1960",
        }
    }

    /// Every rule set, the default first.
    ///
    /// ```
    /// use xiangqi_referee::RuleSet;
    /// assert!(RuleSet::ALL.iter().all(|r| r.name().parse::<RuleSet>() == Ok(*r)));
    /// ```
    pub const ALL: [RuleSet; 3] = [RuleSet::Chinese, RuleSet::Asian, RuleSet::Chinese1960];

    /// The rule set whose definitions of the moves (将, 杀, 捉, 闲) this one classifies with:
    /// the 1960 set uses the current Chinese book's, with its own changes on top
    /// (`cycle::moves1960`).
    pub(crate) const fn classifies_as(self) -> RuleSet {
        match self {
            RuleSet::Chinese | RuleSet::Chinese1960 => RuleSet::Chinese,
            RuleSet::Asian => RuleSet::Asian,
        }
    }

    /// The rule set's natural move limit (自然限着), if it has one that applies by itself.
    ///
    /// * Chinese: 60 moves by each side without a capture is a draw, checks counted like any
    ///   other move (current text 4.2.4). The 2011 book (§22.2, known to us only
    ///   by quotation) counted at most 10 of the claimant's checks; the current text says nothing
    ///   of checks, so neither do we.
    /// * Asian: 60 moves without a capture, and the claimant has given no more than 10 checks in
    ///   them (the AXF rules); we read it as the
    ///   claimant's checks beyond 10 not counting as moves, so a side that checks on and on cannot
    ///   claim the draw it is avoiding, while its opponent still can.
    /// * Chinese 1960: none. The 1960 book has no limit that applies by itself: 限着 is set by
    ///   the arbiter, on a player's request or his own judgement, when an endgame keeps
    ///   repeating or its outcome is unclear (第十二节 一), noting the position and the side to
    ///   move (二), 「一般的情况下，限着的数目定为40回合」 (三); at its end the arbiter *judges*
    ///   whether a new change appeared — a piece lost or in danger, advisors or elephants away
    ///   from home, a general threatened — and draws, sets a new limit or lets play go on (四).
    ///   That judgement is the arbiter's, not the referee's: a declared limit is
    ///   `Options::natural_limit` (`xq judge --natural-limit 40`), or the server's arbiter desk.
    ///
    /// ```
    /// use xiangqi_referee::RuleSet;
    /// assert_eq!(RuleSet::Chinese.natural_limit().map(|l| l.plies()), Some(120));
    /// assert_eq!(RuleSet::Asian.natural_limit().and_then(|l| l.counted_checks), Some(10));
    /// assert_eq!(RuleSet::Chinese1960.natural_limit(), None);
    /// ```
    pub const fn natural_limit(self) -> Option<crate::NaturalLimit> {
        match self {
            RuleSet::Chinese => Some(crate::NaturalLimit {
                moves: 60,
                counted_checks: None,
            }),
            RuleSet::Asian => Some(crate::NaturalLimit {
                moves: 60,
                counted_checks: Some(10),
            }),
            RuleSet::Chinese1960 => None,
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown rule-set name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRuleSetError(pub String);

impl fmt::Display for ParseRuleSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rule set {:?}: expected chinese, asian or chinese1960",
            self.0
        )
    }
}

impl std::error::Error for ParseRuleSetError {}

impl std::str::FromStr for RuleSet {
    type Err = ParseRuleSetError;
    fn from_str(s: &str) -> Result<RuleSet, ParseRuleSetError> {
        match s.to_ascii_lowercase().as_str() {
            "chinese" | "cxa" | "china" | "cn" => Ok(RuleSet::Chinese),
            "asian" | "axf" | "wxf" | "asia" => Ok(RuleSet::Asian),
            "chinese1960" | "chinese-1960" | "chinese_1960" | "1960" | "cn1960" | "cxa1960"
            | "china1960" => Ok(RuleSet::Chinese1960),
            _ => Err(ParseRuleSetError(s.to_owned())),
        }
    }
}
