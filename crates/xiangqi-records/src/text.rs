//! Text encodings of record files: UTF-8 or GBK (read as GB18030, its superset), detected
//! from the bytes.
//!
//! The rule (xqbase and ElephantEye write GBK; newer collections UTF-8, some in traditional
//! characters): strip a UTF-8 byte-order mark; bytes that are valid UTF-8 are UTF-8; anything
//! else is GB18030. GBK text of more than a few characters is almost never valid UTF-8, and
//! detection runs on a whole game at a time, never on a single word.

use std::borrow::Cow;

/// The encoding a text was read in, or is to be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Encoding {
    /// UTF-8 (newer collections, web exports). The default for writing.
    #[default]
    Utf8,
    /// GBK / GB18030 (xqbase, ElephantEye, XQStudio, most files before 2010).
    Gbk,
}

/// Decodes bytes, detecting the encoding.
///
/// ```
/// use xiangqi_records::{decode, Encoding};
/// let gbk = [0xC5, 0xDA, 0xB6, 0xFE, 0xC6, 0xBD, 0xCE, 0xE5]; // 炮二平五 in GBK
/// assert_eq!(decode(&gbk), ("炮二平五".into(), Encoding::Gbk));
/// assert_eq!(decode("炮二平五".as_bytes()).1, Encoding::Utf8);
/// ```
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, Encoding) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => (Cow::Borrowed(s), Encoding::Utf8),
        Err(_) => (decode_gbk(bytes), Encoding::Gbk),
    }
}

/// Decodes GBK/GB18030 bytes; bytes that are not GB18030 become U+FFFD.
pub fn decode_gbk(bytes: &[u8]) -> Cow<'_, str> {
    encoding_rs::GB18030.decode_without_bom_handling(bytes).0
}

/// A comment as every reader keeps it: line breaks as `\n` (files write `\r\n`), nothing
/// else touched; `None` when only blanks are left.
pub(crate) fn normalize_comment(text: &str) -> Option<String> {
    if text.trim().is_empty() {
        return None;
    }
    Some(if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text.to_owned()
    })
}

/// Encodes text; characters GBK lacks become `?`-like numeric references in the
/// encoder's way (GB18030 can encode every character, so nothing is lost).
pub fn encode(text: &str, encoding: Encoding) -> Cow<'_, [u8]> {
    match encoding {
        Encoding::Utf8 => Cow::Borrowed(text.as_bytes()),
        Encoding::Gbk => encoding_rs::GB18030.encode(text).0,
    }
}
