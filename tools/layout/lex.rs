//! Rust source as tokens, without comments and literals.

/// A word, `::` or a punctuation character, or a string literal as `"content`.
pub struct Token {
    pub text: String,
    pub line: usize,
}

pub fn is_ident(s: &str) -> bool {
    s.starts_with(|c: char| c.is_alphabetic() || c == '_') && s != "_"
}

/// The tokens of Rust source with comments and literals dropped, except that a string literal
/// is kept as one token `"content` (for `#[path = "…"]`). Identifiers, `::`, and every other
/// punctuation character are tokens of their own.
pub fn lex(src: &str) -> Vec<Token> {
    let mut lexer = Lexer {
        c: src.chars().collect(),
        i: 0,
        line: 1,
        out: Vec::new(),
    };
    while lexer.i < lexer.c.len() {
        lexer.step();
    }
    lexer.out
}

struct Lexer {
    c: Vec<char>,
    i: usize,
    line: usize,
    out: Vec<Token>,
}

impl Lexer {
    fn at(&self, k: usize) -> char {
        self.c.get(k).copied().unwrap_or('\0')
    }

    /// Moves past one character, counting lines.
    fn bump(&mut self) {
        self.line += usize::from(self.at(self.i) == '\n');
        self.i += 1;
    }

    fn push(&mut self, text: String, line: usize) {
        self.out.push(Token { text, line });
    }

    fn step(&mut self) {
        let (ch, next, line) = (self.at(self.i), self.at(self.i + 1), self.line);
        if ch.is_whitespace() {
            self.bump();
        } else if ch == '/' && next == '/' {
            while self.i < self.c.len() && self.at(self.i) != '\n' {
                self.bump();
            }
        } else if ch == '/' && next == '*' {
            self.block_comment();
        } else if let Some(hashes) = raw_string_start(&self.c, self.i) {
            // r"…", r#"…"#, br"…": no escapes, ends at the quote and as many hashes.
            self.i += usize::from(ch == 'b') + hashes + 2;
            let start = self.i;
            while self.i < self.c.len()
                && !(self.at(self.i) == '"' && (1..=hashes).all(|h| self.at(self.i + h) == '#'))
            {
                self.bump();
            }
            let content: String = self.c[start..self.i.min(self.c.len())].iter().collect();
            self.push(format!("\"{content}"), line);
            self.i += 1 + hashes;
        } else if ch == '"' || (ch == 'b' && next == '"') {
            self.i += 1 + usize::from(ch == 'b');
            let start = self.i;
            while self.i < self.c.len() && self.at(self.i) != '"' {
                if self.at(self.i) == '\\' {
                    self.bump();
                }
                self.bump();
            }
            let content: String = self.c[start..self.i.min(self.c.len())].iter().collect();
            self.push(format!("\"{content}"), line);
            self.i += 1;
        } else if ch == '\'' || (ch == 'b' && next == '\'') {
            self.char_or_lifetime(usize::from(ch == 'b'));
        } else if ch.is_alphabetic() || ch == '_' {
            if ch == 'r' && next == '#' {
                self.i += 2;
            }
            let start = self.i;
            self.word();
            let text = self.c[start..self.i].iter().collect();
            self.push(text, line);
        } else if ch.is_ascii_digit() {
            while self.at(self.i).is_alphanumeric() || matches!(self.at(self.i), '_' | '.') {
                self.i += 1;
            }
        } else if ch == ':' && next == ':' {
            self.push("::".into(), line);
            self.i += 2;
        } else {
            self.push(ch.to_string(), line);
            self.i += 1;
        }
    }

    fn word(&mut self) {
        while self.at(self.i).is_alphanumeric() || self.at(self.i) == '_' {
            self.i += 1;
        }
    }

    /// Nested block comments, as Rust nests them.
    fn block_comment(&mut self) {
        let mut depth = 0;
        while self.i < self.c.len() {
            if self.at(self.i) == '/' && self.at(self.i + 1) == '*' {
                depth += 1;
                self.i += 2;
            } else if self.at(self.i) == '*' && self.at(self.i + 1) == '/' {
                depth -= 1;
                self.i += 2;
                if depth == 0 {
                    return;
                }
            } else {
                self.bump();
            }
        }
    }

    /// A character literal (`'a'`, `'\n'`, `'\u{1F600}'`, `b'a'`) or a lifetime (`'a`).
    fn char_or_lifetime(&mut self, prefix: usize) {
        let k = self.i + 1 + prefix;
        if self.at(k) == '\\' {
            self.i = k + 2;
            while self.i < self.c.len() && self.at(self.i) != '\'' {
                self.i += 1;
            }
            self.i += 1;
        } else if self.at(k + 1) == '\'' {
            self.i = k + 2;
        } else {
            self.i = k;
            self.word();
        }
    }
}

/// The number of `#` of a raw string literal starting at `i`, if one starts there.
fn raw_string_start(c: &[char], i: usize) -> Option<usize> {
    let k = i + usize::from(c.get(i) == Some(&'b'));
    if c.get(k) != Some(&'r') {
        return None;
    }
    let hashes = c[k + 1..].iter().take_while(|&&h| h == '#').count();
    (c.get(k + 1 + hashes) == Some(&'"')).then_some(hashes)
}
