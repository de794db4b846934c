//! XQF's scrambling (versions 11 and up). The algorithm is a fact of the format, taken from
//! The key derivation (after `xqbase/eleeye` `XQFTOOLS/xqf2pgn.cpp` and the XQStudio
//! Pascal `XQFRW.pas` formulas quoted by `walker8088/cchess`); it was re-derived there and
//! checked on real files, and is checked again here by the corpus tests.

/// The 32 bytes the move-area key stream is cut from.
const COPYRIGHT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// Decoded keys of one file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Keys {
    /// Subtracted from the piece squares (and the rotation of the piece table, v ≥ 12).
    pub xy: u8,
    /// Subtracted from each move's from-square byte.
    pub from: u8,
    /// Subtracted from each move's to-square byte.
    pub to: u8,
    /// Added to every stored comment length.
    pub comment_size: u32,
    /// The key stream, indexed by file offset mod 32.
    pub stream: [u8; 32],
}

fn f(b: u8) -> u8 {
    // 54·b² + 221, the closed form of XQStudio's (((((b·b)·3+9)·3+8)·2+1)·3+8).
    54u8.wrapping_mul(b).wrapping_mul(b).wrapping_add(221)
}

impl Keys {
    /// The keys for a header (at least 16 bytes). Versions below 11 are not scrambled.
    pub fn from_header(h: &[u8]) -> Keys {
        let version = h[2];
        if version < 11 {
            return Keys::default();
        }
        let (mask, sum, kxy, kf, kt) = (h[3], h[12], h[13], h[14], h[15]);
        let xy = f(kxy).wrapping_mul(kxy);
        let from = f(kf).wrapping_mul(xy);
        let to = f(kt).wrapping_mul(from);
        let comment_size = ((sum as u32 * 256 + kxy as u32) % 32000) + 767;
        let or = [h[8], h[9], h[10], h[11]];
        let k = [sum, kxy, kf, kt];
        let mut stream = [0u8; 32];
        for (i, s) in stream.iter_mut().enumerate() {
            *s = COPYRIGHT[i] & (or[i % 4] | (k[i % 4] & mask));
        }
        Keys {
            xy,
            from,
            to,
            comment_size,
            stream,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_form_equals_the_pascal_expression() {
        for b in 0..=255u8 {
            let pascal = (((((b as u32 * b as u32) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) % 256;
            assert_eq!(f(b) as u32, pascal, "b = {b}");
        }
    }

    #[test]
    fn zero_keys_are_the_identity() {
        let mut h = [0u8; 16];
        h[2] = 11;
        let k = Keys::from_header(&h);
        assert_eq!((k.xy, k.from, k.to, k.comment_size), (0, 0, 0, 767));
        assert_eq!(k.stream, [0; 32]);
    }
}
