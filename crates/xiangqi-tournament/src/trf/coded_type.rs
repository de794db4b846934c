//! The `192` coded tournament type as the programs arbiters use read it, and the comment
//! line that keeps the rules a file was paired under where the two differ.
//!
//! TRF-2026 (FIDE, approved 12/05/2025) gives the Dutch system the code `FIDE_DUTCH_2026`
//! (`_BAKU` with Baku acceleration). bbpPairings v6.0.0, a FIDE-endorsed pairing program,
//! reads only `FIDE_DUTCH_2025`, `FIDE_DUTCH`, their `_BAKU` forms and the Burstein codes, and
//! refuses a file with any other `192` ("unsupported tournament type"); the codes of the
//! final TRF-2026 text reached it only after v6 (its pull request #34). Its `FIDE_DUTCH_2025`
//! is the same C.04.3 text we pair by — approved in 2025, in force from 1 February 2026
//! (bbpPairings: "the effective date for the rules was delayed to 2026"; its tests
//! `dutch_2025_C5` and `dutch_2025_C9` are that text's C5 and C9). So `192` is written with
//! that code, and the TRF-2026 code follows on a `###` line, which TRF-2026 makes a comment
//! (readers skip it; bbpPairings skips every line it does not know). Reading takes the
//! comment back only after the `192` it belongs to, so a file of ours reads back exactly.

/// The code written in `192` for the rules named `code`, where the programs arbiters use
/// know them under another; `None` where `code` is written as it is.
///
/// ```
/// use xiangqi_tournament::trf::written_coded_type;
/// assert_eq!(written_coded_type("FIDE_DUTCH_2026"), Some("FIDE_DUTCH_2025"));
/// assert_eq!(written_coded_type("FIDE_DUTCH_2026_BAKU"), Some("FIDE_DUTCH_2025_BAKU"));
/// assert_eq!(written_coded_type("FIDE_BURSTEIN"), None);
/// ```
pub fn written_coded_type(code: &str) -> Option<&'static str> {
    match code {
        "FIDE_DUTCH_2026" => Some("FIDE_DUTCH_2025"),
        "FIDE_DUTCH_2026_BAKU" => Some("FIDE_DUTCH_2025_BAKU"),
        _ => None,
    }
}

/// The comment line that names the rules `code` after a `192` written with
/// [`written_coded_type`]'s code.
///
/// ```
/// use xiangqi_tournament::trf::rules_comment;
/// assert!(rules_comment("FIDE_DUTCH_2026").starts_with("### 192 FIDE_DUTCH_2026 "));
/// ```
pub fn rules_comment(code: &str) -> String {
    format!(
        "### 192 {code} (paired under these rules; the 192 record names them as the programs \
         that read TRF know them)"
    )
}

/// After reading: `coded` as read from `192` and the file's other lines. If `coded` is the
/// written code of some rules whose [`rules_comment`] is among `other`, that comment is taken
/// out of `other` and those rules' code is returned; otherwise `coded` unchanged.
pub(super) fn read_back(coded: &str, other: &mut Vec<String>) -> String {
    for code in ["FIDE_DUTCH_2026", "FIDE_DUTCH_2026_BAKU"] {
        if written_coded_type(code) != Some(coded) {
            continue;
        }
        let comment = rules_comment(code);
        if let Some(k) = other.iter().position(|l| *l == comment) {
            other.remove(k);
            return code.to_string();
        }
    }
    coded.to_string()
}
