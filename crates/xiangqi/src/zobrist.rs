//! Zobrist keys: one random number per piece and square, and one for Black to move.
//!
//! Generated at compile time with SplitMix64 from a fixed seed, so hashes are the same in
//! every build and can be stored.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// `PIECE_SQUARE[code][square]` for piece codes 0..16 (see `Piece::code`) and squares 0..90.
pub(crate) static PIECE_SQUARE: [[u64; 90]; 16] = {
    let mut t = [[0u64; 90]; 16];
    let mut state = 0x5851_F42D_4C95_7F2D_u64;
    let mut code = 0;
    while code < 16 {
        let mut sq = 0;
        while sq < 90 {
            let (s, v) = splitmix(state);
            state = s;
            // Codes 0, 8 and 15 are not pieces; their keys are never used.
            t[code][sq] = v;
            sq += 1;
        }
        code += 1;
    }
    t
};

/// XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix(0xD1B5_4A32_D192_ED03).1;
