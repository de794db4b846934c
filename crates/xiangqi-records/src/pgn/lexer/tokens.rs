//! What one piece of a game's text says, read on its own: a result token, a move-number
//! prefix, a tag line. The lexer finds the pieces; these read them.

use crate::GameResult;

/// The outcome a result token stands for.
pub(super) fn result_token(token: &str) -> Option<GameResult> {
    match token {
        "1-0" => Some(GameResult::RedWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" | "½-½" | "1/2" => Some(GameResult::Draw),
        "*" => Some(GameResult::Ongoing),
        _ if !token.is_ascii() => {
            GameResult::from_text(token).filter(|_| token.chars().count() == 2)
        }
        _ => None,
    }
}

/// Splits a move-number prefix (`12.`, `12...`, `1．`, `……`) from a token: the byte offset
/// where the move starts, and the move.
pub(super) fn strip_move_number(token: &str) -> (usize, &str) {
    let b = token.as_bytes();
    // WXF tandem-pawn forms like `33.4` or `77.6` look like a move number: keep them.
    if b.len() == 4
        && matches!(b[0], b'1'..=b'9')
        && matches!(b[1], b'1'..=b'9' | b'+' | b'-')
        && matches!(b[2], b'.' | b'=' | b'+' | b'-')
        && matches!(b[3], b'1'..=b'9')
    {
        return (0, token);
    }
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let after = &token[digits..];
    let dots = after
        .char_indices()
        .find(|&(_, c)| !matches!(c, '.' | '．' | '…' | '。'))
        .map_or(after.len(), |(i, _)| i);
    if digits > 0 && dots == 0 {
        // Digits not followed by a dot: part of a move (a WXF form like `3+.4`) or junk.
        return (0, token);
    }
    let offset = digits + dots;
    (offset, &token[offset..])
}

/// Parses `[Name "value"]` at the start of `line`: the name, the unescaped value, and the
/// bytes used. Lenient with unescaped quotes inside the value.
pub(super) fn parse_tag(line: &str) -> Option<(&str, String, usize)> {
    let b = line.as_bytes();
    let name_len = b[1..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count();
    let name = &line[1..1 + name_len];
    // The one rule of the writer and the game splitter: a line `[10Game "…"]` is neither
    // taken as a tag here nor split on there (it is refused as a bad tag instead).
    if !crate::pgn::write::is_tag_name(name) {
        return None;
    }
    let mut i = 1 + name_len;
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    if i >= b.len() || b[i] != b'"' {
        return None;
    }
    let open = i;
    // Strict: the first unescaped quote closes the value, then `]`.
    let mut value = String::new();
    let mut j = open + 1;
    let mut escaped = false;
    let mut close = None;
    for (k, c) in line[j..].char_indices() {
        if escaped {
            value.push(c);
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            close = Some(j + k);
            break;
        } else {
            value.push(c);
        }
    }
    if let Some(q) = close {
        j = q + 1;
        while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
            j += 1;
        }
        if j < b.len() && b[j] == b']' {
            return Some((name, value, j + 1));
        }
    }
    // Lenient: the last `"` followed by `]` on the line closes the value.
    let tail = line.trim_end();
    let body = tail.strip_suffix(']')?.trim_end();
    let value_end = body
        .len()
        .checked_sub(1)
        .filter(|&e| e > open && b[e] == b'"')?;
    Some((name, line[open + 1..value_end].to_owned(), tail.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_come_off_and_wxf_tandem_forms_stay() {
        assert_eq!(strip_move_number("12.h2e2"), (3, "h2e2"));
        assert_eq!(strip_move_number("1..."), (4, ""));
        assert_eq!(strip_move_number("…………"), (12, ""));
        assert_eq!(strip_move_number("33.4"), (0, "33.4"));
        assert_eq!(strip_move_number("3+.4"), (0, "3+.4"));
        assert_eq!(strip_move_number("C2.5"), (0, "C2.5"));
    }

    #[test]
    fn tags_strict_and_lenient() {
        let (n, v, used) = parse_tag("[Event \"a \\\"b\\\" c\"] [Site \"x\"]").unwrap();
        assert_eq!((n, v.as_str(), used), ("Event", "a \"b\" c", 19));
        let (n, v, _) = parse_tag("[Event \"第一届\"五羊杯\"\"]").unwrap();
        assert_eq!((n, v.as_str()), ("Event", "第一届\"五羊杯\""));
        assert!(parse_tag("[Event x]").is_none());
        assert!(parse_tag("[ \"x\"]").is_none());
    }

    #[test]
    fn result_words() {
        assert_eq!(result_token("红胜"), Some(GameResult::RedWins));
        assert_eq!(result_token("1/2-1/2"), Some(GameResult::Draw));
        assert_eq!(result_token("炮二平五"), None);
    }
}
