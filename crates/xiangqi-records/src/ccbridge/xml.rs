//! A minimal XML scanner, enough for CBF: elements, attributes, text, CDATA, comments, the five
//! named entities and numeric references; anything malformed is an error at its byte offset.

use crate::{ErrorKind, Place, RecordError};

/// An error of the (single-game) file at byte offset `at`.
pub(super) fn err(at: usize, kind: ErrorKind) -> RecordError {
    RecordError {
        game: 1,
        ply: None,
        place: Place::Byte(at as u64),
        kind,
    }
}

/// One XML event, with the byte offset where it starts.
#[derive(Debug)]
pub(super) enum Event<'a> {
    Start {
        name: &'a str,
        attrs: Vec<(&'a str, String)>,
        empty: bool,
    },
    End(&'a str),
    Text(String),
}

/// A minimal XML scanner: elements, attributes, text, CDATA, comments, the five named
/// entities and numeric references. Enough for CBF; anything malformed is an error at its
/// byte offset.
pub(super) struct Scanner<'a> {
    text: &'a str,
    at: usize,
    base: usize,
}

/// `raw` with its entities and character references replaced.
fn unescape(raw: &str, at: usize) -> Result<String, RecordError> {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail.find(';').ok_or_else(|| {
            err(
                at,
                ErrorKind::BadField {
                    field: "XML text".to_owned(),
                    why: "'&' without ';'".to_owned(),
                },
            )
        })?;
        let name = &tail[1..end];
        let c = match name {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => {
                let n = if let Some(h) = name.strip_prefix("#x").or(name.strip_prefix("#X")) {
                    u32::from_str_radix(h, 16).ok()
                } else if let Some(d) = name.strip_prefix('#') {
                    d.parse().ok()
                } else {
                    None
                };
                n.and_then(char::from_u32)
            }
        };
        let c = c.ok_or_else(|| {
            err(
                at,
                ErrorKind::BadField {
                    field: "XML text".to_owned(),
                    why: format!("unknown entity &{name};"),
                },
            )
        })?;
        out.push(c);
        rest = &tail[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

impl<'a> Scanner<'a> {
    /// A scanner over `text`, which starts at byte `base` of the file.
    pub(super) fn new(text: &'a str, base: usize) -> Scanner<'a> {
        Scanner { text, at: 0, base }
    }

    /// The error of a file that ends inside `what`.
    pub(super) fn truncated(&self, what: &'static str) -> RecordError {
        err(self.base + self.text.len(), ErrorKind::Truncated(what))
    }

    /// The next event and its offset, `None` at the end.
    pub(super) fn next(&mut self) -> Option<Result<(usize, Event<'a>), RecordError>> {
        loop {
            let rest = &self.text[self.at..];
            if rest.is_empty() {
                return None;
            }
            let at = self.base + self.at;
            if !rest.starts_with('<') {
                let len = rest.find('<').unwrap_or(rest.len());
                self.at += len;
                return Some(unescape(&rest[..len], at).map(|t| (at, Event::Text(t))));
            }
            let (skip, close) = if rest.starts_with("<![CDATA[") {
                let Some(end) = rest.find("]]>") else {
                    return Some(Err(self.truncated("a CDATA section")));
                };
                self.at += end + 3;
                return Some(Ok((at, Event::Text(rest[9..end].to_owned()))));
            } else if rest.starts_with("<!--") {
                (4, "-->")
            } else if rest.starts_with("<?") {
                (2, "?>")
            } else if rest.starts_with("<!") {
                (2, ">")
            } else {
                return Some(self.tag(rest, at));
            };
            match rest[skip..].find(close) {
                Some(end) => self.at += skip + end + close.len(),
                None => return Some(Err(self.truncated("an XML declaration or comment"))),
            }
        }
    }

    /// A start or end tag at the start of `rest`.
    fn tag(&mut self, rest: &'a str, at: usize) -> Result<(usize, Event<'a>), RecordError> {
        let end = find_tag_end(rest).ok_or_else(|| self.truncated("an XML tag"))?;
        self.at += end + 1;
        let inner = &rest[1..end];
        if let Some(name) = inner.strip_prefix('/') {
            return Ok((at, Event::End(name.trim())));
        }
        let (inner, empty) = match inner.strip_suffix('/') {
            Some(i) => (i, true),
            None => (inner, false),
        };
        let name_end = inner
            .find(|c: char| c.is_whitespace())
            .unwrap_or(inner.len());
        let name = &inner[..name_end];
        if name.is_empty() {
            return Err(bad_tag(at, "a tag without a name"));
        }
        if let Some(c) = name.chars().find(|&c| !is_name_char(c)) {
            return Err(bad_tag(
                at,
                &format!("a tag name {name:?} with {c:?}, which no XML name holds"),
            ));
        }
        let mut attrs = Vec::new();
        let mut a = inner[name_end..].trim_start();
        while !a.is_empty() {
            let eq = a
                .find('=')
                .ok_or_else(|| bad_tag(at, "an attribute without '='"))?;
            let key = a[..eq].trim();
            let v = a[eq + 1..].trim_start();
            let quote = v
                .chars()
                .next()
                .filter(|&q| q == '"' || q == '\'')
                .ok_or_else(|| bad_tag(at, "an attribute value without quotes"))?;
            let close = v[1..]
                .find(quote)
                .ok_or_else(|| bad_tag(at, "an attribute value never closed"))?;
            attrs.push((key, unescape(&v[1..1 + close], at)?));
            a = v[close + 2..].trim_start();
        }
        Ok((at, Event::Start { name, attrs, empty }))
    }
}

/// A malformed tag at `at`, and why.
pub(super) fn bad_tag(at: usize, why: &str) -> RecordError {
    err(
        at,
        ErrorKind::BadField {
            field: "XML tag".to_owned(),
            why: why.to_owned(),
        },
    )
}

/// Whether `c` may stand in an XML element name. XML 1.0 (5th ed., §2.3, `NameChar`) allows
/// letters, digits, `-`, `.`, `_`, `:` and most of Unicode beyond ASCII; ASCII punctuation and
/// control characters never. (The finer rule for a name's first character is not checked.)
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | ':') || (c as u32) >= 0xB7
}

/// The offset of the `>` closing the tag at the start of `rest`, skipping quoted values.
fn find_tag_end(rest: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in rest.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if q == c => quote = None,
            (None, '>') => return Some(i),
            _ => {}
        }
    }
    None
}
