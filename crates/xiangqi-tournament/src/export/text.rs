//! Text layout shared by every output: display widths that count Chinese characters as two
//! columns, aligned tables, and HTML escaping.

/// Display width of a string in a fixed-width terminal: CJK and full-width characters take
/// two columns, so that Chinese names line up.
pub fn display_width(s: &str) -> usize {
    s.chars()
        .map(|c| {
            let u = c as u32;
            let wide = (0x1100..=0x115F).contains(&u)
                || (0x2E80..=0xA4CF).contains(&u)
                || (0xAC00..=0xD7A3).contains(&u)
                || (0xF900..=0xFAFF).contains(&u)
                || (0xFE30..=0xFE4F).contains(&u)
                || (0xFF00..=0xFF60).contains(&u)
                || (0xFFE0..=0xFFE6).contains(&u)
                || (0x20000..=0x3FFFD).contains(&u);
            if wide { 2 } else { 1 }
        })
        .sum()
}

/// Pads `s` on the right to `width` display columns.
pub(crate) fn pad(s: &str, width: usize) -> String {
    let w = display_width(s);
    format!("{s}{}", " ".repeat(width.saturating_sub(w)))
}

/// Pads `s` on the left to `width` display columns.
pub(crate) fn pad_left(s: &str, width: usize) -> String {
    let w = display_width(s);
    format!("{}{s}", " ".repeat(width.saturating_sub(w)))
}

/// Lays out rows of cells as an aligned text table (numbers right-aligned, Chinese names
/// counted as double width).
pub fn text_table(header: &[String], rows: &[Vec<String>]) -> String {
    let cols = header.len();
    let mut widths: Vec<usize> = header.iter().map(|h| display_width(h)).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate().take(cols) {
            widths[i] = widths[i].max(display_width(c));
        }
    }
    let numeric =
        |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit() || ".=-+".contains(c));
    let line = |cells: &[String]| {
        let parts: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if numeric(c) {
                    pad_left(c, widths[i])
                } else {
                    pad(c, widths[i])
                }
            })
            .collect();
        parts.join("  ").trim_end().to_string()
    };
    let mut out = line(header);
    out.push('\n');
    for r in rows {
        out.push_str(&line(r));
        out.push('\n');
    }
    out
}

/// Escapes text for HTML.
pub(crate) fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_names_take_two_columns() {
        assert_eq!(display_width("胡荣华"), 6);
        assert_eq!(display_width("Hu Ronghua"), 10);
        assert_eq!(pad("吕钦", 6), "吕钦  ");
        assert_eq!(html_escape("<a&b>"), "&lt;a&amp;b&gt;");
    }
}
