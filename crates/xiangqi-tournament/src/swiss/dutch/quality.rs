//! The value of a bracket's candidate under the quality criteria C6–C21 (FIDE Handbook
//! C.04.3 art. 2.3), as one list of digits, and where each criterion sits in it.

/// A candidate's value under C6–C21, lower is better, compared lexicographically. C7's
/// scores are listed highest first (one entry per downfloater).
pub(crate) type Quality = Vec<i64>;

/// Where C8 (the following bracket's pairs, then its PSD's length and entries) starts in `q`:
/// after C6 and C7 (the PSD's length and entries).
pub(crate) fn c8_at(q: &[i64]) -> usize {
    2 + q[1].max(0) as usize
}

/// Where C9 sits in `q`.
pub(crate) fn c9_at(q: &[i64]) -> usize {
    let c8 = c8_at(q);
    c8 + 2 + q[c8 + 1].max(0) as usize
}

/// Where C12 sits in `q`: after C9, C10 and C11.
pub(crate) fn c12_at(q: &[i64]) -> usize {
    c9_at(q) + 3
}
