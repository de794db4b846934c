//! The event's record (`log`) in Chinese, for the Chinese pages. The record is kept in
//! English as written when each procedure ran (old events keep theirs); each kind of line
//! the procedures write is read back here by its fixed words and said in Chinese with the
//! same names and numbers. A line of a kind not listed here is shown as it is.

/// `line` in Chinese, if it is of a kind the procedures write.
///
/// ```
/// use xiangqi_competition::log_zh::log_zh;
/// assert_eq!(log_zh("player 3's link re-issued").as_deref(), Some("已重发3号选手的链接"));
/// assert_eq!(log_zh("team 2's captain's link re-issued").as_deref(), Some("已重发2号队领队的链接"));
/// assert_eq!(
///     log_zh("王 withdrew after round 2: fewer than half of his games played, all his games are cancelled (1960 §14)").as_deref(),
///     Some("王在第2轮后退出：所赛不足一半，其全部对局取消（1960年规则第十四节）")
/// );
/// assert_eq!(log_zh("round 2: 王 over boards [1, 3]").as_deref(), Some("第2轮：王负责第1、3台"));
/// assert_eq!(
///     log_zh("disqualified at round 3, board 2 (1960 §18 九; current 8.8); he leaves the event: half or more of his games played, his remaining games are lost by default (1960 §14)").as_deref(),
///     Some("第3轮第2台被除名（1960年规则第十八节九；现行规则8.8），退出比赛：所赛已达一半，其余对局均判负（1960年规则第十四节）")
/// );
/// assert_eq!(log_zh("something else"), None);
/// ```
pub fn log_zh(line: &str) -> Option<String> {
    if let Some(rest) = line.strip_prefix("player ")
        && let Some(n) = rest.strip_suffix("'s link re-issued")
    {
        return Some(format!("已重发{n}号选手的链接"));
    }
    if let Some(rest) = line.strip_prefix("team ")
        && let Some(n) = rest.strip_suffix("'s captain's link re-issued")
    {
        return Some(format!("已重发{n}号队领队的链接"));
    }
    if let Some(rest) = line.strip_prefix("arbiter ") {
        if let Some(n) = rest.strip_suffix("'s link re-issued") {
            return Some(format!("已重发{n}号裁判的链接"));
        }
        if let Some((who, role)) = rest.split_once(") appointed: ") {
            let (n, name) = who.split_once(" (")?;
            let role = if role == "Deputy" {
                "副总裁判长"
            } else {
                "裁判员"
            };
            return Some(format!("任命{n}号裁判{name}为{role}"));
        }
    }
    if let Some(rest) = line.strip_prefix("the arbiter's link re-issued (link ") {
        return Some(format!(
            "已重发裁判长链接（第{}次）",
            rest.trim_end_matches(')')
        ));
    }
    if let Some(rest) = line.strip_prefix("round ") {
        if let Some(rb) = rest.strip_suffix(": resumption scheduled (1960 §18 五)") {
            let (r, b) = rb.split_once(" board ")?;
            return Some(format!(
                "第{r}轮第{b}台：已排定续赛时间（1960年规则第十八节五）"
            ));
        }
        // A board arbiter's boards in a round (`officials.rs`): "round 2: 王 over boards [1, 2]".
        let (r, assigned) = rest.split_once(": ")?;
        let (name, boards) = assigned.rsplit_once(" over boards ")?;
        let boards = boards
            .trim_matches(|c| c == '[' || c == ']')
            .replace(", ", "、");
        return Some(format!("第{r}轮：{name}负责第{boards}台"));
    }
    if let Some(rest) = line.strip_prefix("late entry: ") {
        let (name, rest) = rest.split_once(" as number ")?;
        let (n, r) = rest.split_once(" before round ")?;
        return Some(format!("迟到报名：{name}为{n}号，自第{r}轮起参赛"));
    }
    if let Some(rest) = line.strip_prefix("numbers drawn by lot (seed ") {
        let (seed, rest) = rest.split_once(", draw ")?;
        let (draw, list) = rest.split_once("): ")?;
        return Some(format!(
            "抽签确定序号（种子{seed}，第{draw}次抽签）：{list}"
        ));
    }
    if let Some(name) =
        line.strip_suffix(" entered after the draw: the numbers will be drawn again")
    {
        return Some(format!("{name}在抽签后报名：序号重新抽签"));
    }
    if let Some(rest) = line.strip_prefix("disqualified at round ") {
        // A disqualification (`disqualification.rs`): he leaves the event as §14 says.
        let (r, rest) = rest.split_once(", board ")?;
        let (b, effect) = rest.split_once(" (1960 §18 九; current 8.8); he leaves the event: ")?;
        return Some(format!(
            "第{r}轮第{b}台被除名（1960年规则第十八节九；现行规则8.8），退出比赛：{}（1960年规则第十四节）",
            effect_zh(effect)
        ));
    }
    withdrawal_zh(line)
}

/// What leaving the event does to a player's games (1960 §14).
fn effect_zh(effect: &str) -> &'static str {
    if effect.starts_with("fewer than half") {
        "所赛不足一半，其全部对局取消"
    } else {
        "所赛已达一半，其余对局均判负"
    }
}

/// A withdrawal's line (1960 §14), before or after the draw or during the event.
fn withdrawal_zh(line: &str) -> Option<String> {
    let section = "（1960年规则第十四节）";
    if let Some((name, rest)) = line.split_once(" withdrew before the draw; ") {
        let left = rest.strip_suffix(" players left")?;
        return Some(format!("{name}在抽签前退出；余{left}人"));
    }
    if let Some((name, rest)) = line.split_once(" withdrew after the draw; ") {
        let (left, how) = rest.split_once(" players left, ")?;
        let how = if how.starts_with("an even field") {
            "人数为双数：重新抽签"
        } else {
            "人数为单数：抽签不变，其序号轮空"
        };
        return Some(format!("{name}在抽签后退出；余{left}人，{how}{section}"));
    }
    let (name, rest) = line.split_once(" withdrew after round ")?;
    let (round, effect) = rest.split_once(": ")?;
    Some(format!(
        "{name}在第{round}轮后退出：{}{section}",
        effect_zh(effect)
    ))
}
