//! The Chinese text of the tournament crate's refusals, for the Chinese pages: the event's
//! own refusals carry theirs ([`crate::Refused`]), the tournament crate knows nothing
//! of languages. The terms are the 1960 rules' (轮, 台, 编排, 出场名单 §8 二).

use xiangqi_tournament::Error;

/// Why the tournament crate refused, in Chinese, naming the round, board or player at fault.
///
/// ```
/// use xiangqi_competition::refused_zh::tournament_zh;
/// use xiangqi_tournament::Error;
/// assert_eq!(tournament_zh(&Error::UnknownBoard { round: 2, board: 9 }), "第2轮没有第9台");
/// let e = Error::RoundIncomplete { round: 1, boards: vec![2, 3] };
/// assert_eq!(tournament_zh(&e), "第1轮尚未结束：第2、3台还没有结果");
/// ```
pub fn tournament_zh(e: &Error) -> String {
    match e {
        Error::Roster { line, .. } if *line > 0 => format!("选手名单第{line}行有误"),
        Error::Roster { .. } => "选手名单有误".into(),
        Error::File { line, column, .. } => format!("赛事文件第{line}行第{column}列有误"),
        Error::UnknownPlayer(p) => format!("本比赛没有{p}号选手"),
        Error::UnknownRound(r) => format!("第{r}轮尚未编排"),
        Error::UnknownBoard { round, board } => format!("第{round}轮没有第{board}台"),
        Error::RoundIncomplete { round, boards } => {
            let list: Vec<String> = boards.iter().map(u32::to_string).collect();
            format!("第{round}轮尚未结束：第{}台还没有结果", list.join("、"))
        }
        Error::Finished { rounds } => format!("全部{rounds}轮都已编排"),
        Error::NoPairing { round, .. } => {
            format!("第{round}轮无法编排：没有符合编排规则的对阵（如余下的选手都已相遇）")
        }
        Error::Settings(_) => "比赛的设置不适用于这项操作".into(),
        Error::LineUp(_) => {
            "出场名单有误：须是本队报名的选手，各台按报名顺序排列（1960年规则第八节二）".into()
        }
        // The crate may add kinds of refusal; until they are named here, say it refused.
        _ => "比赛不接受这项操作".into(),
    }
}
