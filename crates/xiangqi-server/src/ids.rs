//! Game ids and player tokens.
//!
//! Both come from the operating system's CSPRNG (`getrandom`). A token is 256 random bits,
//! written as 64 hex digits; the database keeps only its SHA-256, so a copy of the database
//! does not let anyone play. Tokens are compared as digests in constant time.

use std::fmt;

use sha2::{Digest, Sha256};

/// Letters of a game id: Crockford's base 32 in lower case (no `i`, `l`, `o`, `u`), so an id
/// read aloud or copied by hand is not mistaken.
const ID_ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
const ID_LEN: usize = 10;

/// A game's public id: 10 characters (50 random bits), as in `/g/{id}`.
///
/// ```
/// use xiangqi_server::ids::GameId;
/// let id = GameId::random().unwrap();
/// assert_eq!(id.as_str().len(), 10);
/// assert_eq!(GameId::parse(id.as_str()), Some(id.clone()));
/// assert_eq!(GameId::parse("../etc/passwd"), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(String);

impl GameId {
    /// A fresh random id.
    ///
    /// # Errors
    ///
    /// When the operating system's random source fails.
    pub fn random() -> Result<GameId, getrandom::Error> {
        let mut bytes = [0u8; ID_LEN];
        getrandom::fill(&mut bytes)?;
        Ok(GameId(
            bytes
                .iter()
                .map(|b| ID_ALPHABET[usize::from(b & 31)] as char)
                .collect(),
        ))
    }

    /// Reads an id from a URL; `None` unless it has the shape of one (so a stranger's path
    /// never reaches the database).
    pub fn parse(text: &str) -> Option<GameId> {
        (text.len() == ID_LEN && text.bytes().all(|b| ID_ALPHABET.contains(&b)))
            .then(|| GameId(text.to_owned()))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A player's secret: 256 random bits as 64 lower-case hex digits.
///
/// ```
/// use xiangqi_server::ids::Token;
/// let t = Token::random().unwrap();
/// assert_eq!(t.as_str().len(), 64);
/// assert!(t.hash().matches(t.as_str()));
/// assert!(!t.hash().matches("not the token"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A fresh random token.
    ///
    /// # Errors
    ///
    /// When the operating system's random source fails.
    pub fn random() -> Result<Token, getrandom::Error> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)?;
        Ok(Token(hex(&bytes)))
    }

    /// The token derived from `secret` (another token) for `label`: HMAC-SHA-256 (RFC 2104)
    /// of the label keyed by the secret. An event's organiser can so be given every link
    /// of his event again at any time while the server keeps only their digests: each is
    /// derived from his own token, which only he holds; a new `label` (a new generation)
    /// re-issues a link.
    ///
    /// ```
    /// use xiangqi_server::ids::Token;
    /// let secret = Token::random().unwrap();
    /// let a = Token::derive(secret.as_str(), "ev/player/1/0");
    /// assert_eq!(a, Token::derive(secret.as_str(), "ev/player/1/0"));
    /// assert_ne!(a, Token::derive(secret.as_str(), "ev/player/1/1"));
    /// assert_eq!(a.as_str().len(), 64);
    /// // RFC 4231 test case 2.
    /// assert_eq!(
    ///     Token::derive("Jefe", "what do ya want for nothing?").as_str(),
    ///     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    /// );
    /// ```
    pub fn derive(secret: &str, label: &str) -> Token {
        const BLOCK: usize = 64;
        let mut key = [0u8; BLOCK];
        if secret.len() > BLOCK {
            key[..32].copy_from_slice(&Sha256::digest(secret.as_bytes()));
        } else {
            key[..secret.len()].copy_from_slice(secret.as_bytes());
        }
        let pad = |byte: u8| key.map(|k| k ^ byte);
        let inner = Sha256::new()
            .chain_update(pad(0x36))
            .chain_update(label.as_bytes())
            .finalize();
        let outer = Sha256::new()
            .chain_update(pad(0x5c))
            .chain_update(inner)
            .finalize();
        Token(hex(&outer))
    }

    /// The token as text, to hand to its player once.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the database keeps.
    pub fn hash(&self) -> TokenHash {
        TokenHash::of(&self.0)
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(…)")
    }
}

/// The SHA-256 of a token.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TokenHash([u8; 32]);

impl TokenHash {
    /// The digest of `text`.
    pub fn of(text: &str) -> TokenHash {
        TokenHash(Sha256::digest(text.as_bytes()).into())
    }

    /// Whether `text` is the token, compared without an early exit.
    pub fn matches(&self, text: &str) -> bool {
        let other = TokenHash::of(text);
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
    }

    /// Hex form, for storage.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads the hex form back; `None` if it is not 64 hex digits.
    pub fn from_hex(text: &str) -> Option<TokenHash> {
        if text.len() != 64 {
            return None;
        }
        let mut out = [0u8; 32];
        for (i, chunk) in text.as_bytes().chunks(2).enumerate() {
            let s = std::str::from_utf8(chunk).ok()?;
            out[i] = u8::from_str_radix(s, 16).ok()?;
        }
        Some(TokenHash(out))
    }
}

fn hex(bytes: &[u8]) -> String {
    use fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_differ_and_hash_round_trips() {
        let a = Token::random().unwrap();
        let b = Token::random().unwrap();
        assert_ne!(a, b);
        let h = a.hash();
        assert_eq!(TokenHash::from_hex(&h.to_hex()), Some(h.clone()));
        assert!(!h.matches(b.as_str()));
        assert_eq!(TokenHash::from_hex("zz"), None);
    }

    #[test]
    fn ids_use_only_the_alphabet() {
        for _ in 0..100 {
            let id = GameId::random().unwrap();
            assert!(GameId::parse(id.as_str()).is_some());
        }
        assert_eq!(GameId::parse("iiiiiiiiii"), None);
        assert_eq!(GameId::parse("abc"), None);
    }
}
