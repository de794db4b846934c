//! Writing PGN in the xqbase dialect, with real `( … )` variations and `{ … }` comments.

use xiangqi::Position;
use xiangqi::notation::Notation;

use crate::write::{WriteError, move_text, play};
use crate::{Encoding, GameRecord, Line, encode};

/// How to write PGN.
///
/// ```
/// use xiangqi_records::pgn::PgnOptions;
/// use xiangqi::notation::Notation;
/// let opts = PgnOptions { notation: Notation::Wxf, ..PgnOptions::default() };
/// assert!(!opts.crlf);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PgnOptions {
    /// The move format: Chinese (the default), WXF or ICCS (`H2-E2`). Recorded in the
    /// `Format` tag.
    pub notation: Notation,
    /// Text encoding of the bytes written: UTF-8 (default) or GBK for old programs.
    pub encoding: Encoding,
    /// CRLF line ends (as ElephantEye writes) instead of LF.
    pub crlf: bool,
    /// Write variations (ElephantEye and XQWizard cannot read them).
    pub variations: bool,
    /// Write comments.
    pub comments: bool,
}

impl Default for PgnOptions {
    fn default() -> PgnOptions {
        PgnOptions {
            notation: Notation::Chinese,
            encoding: Encoding::Utf8,
            crlf: false,
            variations: true,
            comments: true,
        }
    }
}

fn format_name(n: Notation) -> &'static str {
    match n {
        Notation::Wxf => "WXF",
        Notation::Chinese => "Chinese",
        _ => "ICCS",
    }
}

/// Whether `name` can be a PGN tag name: the PGN standard (1994, §8.1.1) makes tag names of
/// letters, digits and `_` only, beginning with a letter, and that is all the reader takes
/// back (its game splitter and its tag parser both use this rule). A name from another
/// format (a CBF head element, say) that is not one cannot be written without changing it.
pub(crate) fn is_tag_name(name: &str) -> bool {
    name.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

fn escape_tag(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\r', '\n'], " ")
}

/// A comment's token. PGN has no escape for `}`: a one-line comment holding one is written
/// as a `;` comment (to the end of the line); otherwise `}` becomes the full-width `｝`.
/// A comment line starting with `[`, after any spaces and tabs, would read as the next game's
/// tags, so that `[` becomes `［`.
fn comment_token(text: &str) -> String {
    let guarded;
    let starts_tag = |l: &str| l.trim_start_matches([' ', '\t']).starts_with('[');
    let text = if text.split('\n').skip(1).any(starts_tag) {
        guarded = text
            .split('\n')
            .map(
                |l| match l.trim_start_matches([' ', '\t']).strip_prefix('[') {
                    Some(rest) => format!("{}［{rest}", &l[..l.len() - rest.len() - 1]),
                    None => l.to_owned(),
                },
            )
            .collect::<Vec<_>>()
            .join("\n");
        guarded.as_str()
    } else {
        text
    };
    if !text.contains('}') {
        format!("{{{text}}}")
    } else if !text.contains(['\n', '\r']) && text.trim() == text {
        format!(";{text}")
    } else {
        format!("{{{}}}", text.replace('}', "｝"))
    }
}

/// Writes a game as PGN text.
///
/// ```
/// use xiangqi_records::{GameRecord, pgn::{write_pgn, PgnOptions}};
/// let game = GameRecord::from_moves(xiangqi::Position::start(),
///     ["h2e2", "h9g7"].iter().map(|m| m.parse().unwrap()));
/// let text = write_pgn(&game, &PgnOptions::default()).unwrap();
/// assert!(text.starts_with("[Game \"Chinese Chess\"]\n"));
/// assert!(text.contains("1. 炮二平五 马８进７"));
/// ```
pub fn write_pgn(game: &GameRecord, opts: &PgnOptions) -> Result<String, WriteError> {
    let nl = if opts.crlf { "\r\n" } else { "\n" };
    let mut out = String::new();
    out.push_str("[Game \"Chinese Chess\"]");
    out.push_str(nl);
    let outcome = game.outcome();
    let mut wrote_result = false;
    for (name, value) in game.tags.iter() {
        // The `Game` tag is written first, always as above; a second one would start a new
        // game for the reader (which drops the tag on reading, so nothing read is lost).
        // `FEN` and `Format` are written below from the record's start and the options: one
        // that another format left among the tags would be a second, maybe contrary, one.
        if ["Game", "FEN", "Format"]
            .iter()
            .any(|own| name.eq_ignore_ascii_case(own))
        {
            continue;
        }
        if !is_tag_name(name) {
            return Err(WriteError::Unrepresentable(format!(
                "a tag named {name:?}: a PGN tag name is a letter, then letters, digits and '_'"
            )));
        }
        let value = if name.eq_ignore_ascii_case("Result") {
            wrote_result = true;
            outcome.pgn()
        } else {
            value
        };
        out.push_str(&format!("[{name} \"{}\"]{nl}", escape_tag(value)));
    }
    if !wrote_result {
        out.push_str(&format!("[Result \"{}\"]{nl}", outcome.pgn()));
    }
    if game.start != Position::start() {
        out.push_str(&format!("[FEN \"{}\"]{nl}", game.start.fen()));
    }
    out.push_str(&format!("[Format \"{}\"]{nl}", format_name(opts.notation)));
    out.push_str(nl);
    let mut tokens = Vec::new();
    write_line(&game.moves, game.start.clone(), 1, opts, &mut tokens)?;
    tokens.push(outcome.pgn().to_owned());
    let mut width = 0;
    // `(` sticks to the token after it, `)` to the one before.
    let mut joined: Vec<String> = Vec::with_capacity(tokens.len());
    let mut open = String::new();
    for token in tokens {
        if token == "(" {
            open.push('(');
        } else if token == ")" && !joined.last().is_some_and(|t| is_line_comment(t)) {
            match joined.last_mut() {
                Some(last) => last.push(')'),
                None => joined.push(token),
            }
        } else {
            joined.push(format!("{open}{token}"));
            open.clear();
        }
    }
    for token in joined {
        let len = token.chars().count();
        if width > 0 && width + 1 + len > 80 {
            out.push_str(nl);
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(&token);
        width += len;
        if is_line_comment(&token) {
            out.push_str(nl);
            width = 0;
        }
    }
    out.push_str(nl);
    Ok(out)
}

/// Whether a movetext token is a `;` comment (which runs to the end of its line).
fn is_line_comment(token: &str) -> bool {
    token.trim_start_matches('(').starts_with(';')
}

/// Writes a game as PGN bytes in the chosen encoding.
pub fn write_pgn_bytes(game: &GameRecord, opts: &PgnOptions) -> Result<Vec<u8>, WriteError> {
    let text = write_pgn(game, opts)?;
    Ok(encode(&text, opts.encoding).into_owned())
}

fn write_line(
    line: &Line,
    mut pos: Position,
    first_ply: u32,
    opts: &PgnOptions,
    out: &mut Vec<String>,
) -> Result<(), WriteError> {
    if let Some(c) = line.comment.as_ref().filter(|_| opts.comments) {
        out.push(comment_token(c));
    }
    let mut need_number = true;
    for (i, ply) in line.plies.iter().enumerate() {
        let n = pos.fullmoves();
        let red = pos.turn() == xiangqi::Color::Red;
        let text = if pos.is_legal(ply.mv) {
            move_text(&pos, ply.mv, opts.notation)
        } else {
            // Let `play` name the reason.
            play(&mut pos.clone(), ply.mv, first_ply + i as u32)?;
            String::new()
        };
        if red {
            out.push(format!("{n}."));
        } else if need_number {
            out.push(format!("{n}..."));
        }
        out.push(text);
        need_number = false;
        if let Some(c) = ply.comment.as_ref().filter(|_| opts.comments) {
            out.push(comment_token(c));
            need_number = true;
        }
        if opts.variations {
            for var in &ply.variations {
                out.push("(".to_owned());
                write_line(var, pos.clone(), first_ply + i as u32, opts, out)?;
                out.push(")".to_owned());
                need_number = true;
            }
        }
        play(&mut pos, ply.mv, first_ply + i as u32)?;
    }
    Ok(())
}
