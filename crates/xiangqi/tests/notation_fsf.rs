//! Our WXF and Chinese writers against Fairy-Stockfish's WXF writer, on positions from
//! seeded random games and from positions with tandem pieces.
//!
//! `data/notation/fsf-wxf.tsv` was produced with pyffish 0.0.90 (Fairy-Stockfish's Python
//! binding, `get_san("xiangqi", fen, move, False, NOTATION_XIANGQI_WXF)`): a random sample of
//! all the moves compared, plus every move where the two writers differ. On 62,847 moves the
//! writers agree except for tandem pieces, where Fairy-Stockfish departs from the official WXF
//! table (`wxf.org/xq/computer/wxf_notation.html`):
//!
//! * with two of a kind on a file it writes `+`/`-` only when the other piece could make the
//!   same displacement, else the file digit (`C8+2` where WXF writes `C-+2`);
//! * with three or more pawns on a file, or pawns doubled on two files, it writes
//!   `<index from the front><file>` without a letter (`17=8`), where WXF writes `P+.8`,
//!   `P7.8`, `++.8`, `7+.8` …;
//! * it marks check (`+`) and mate (`#`) and writes `=` for sideways.
//!
//! We write the official table; we read Fairy-Stockfish's forms too.

use xiangqi::notation::{Notation, parse_move, write_move};
use xiangqi::{Color, Move, Position};

/// Fairy-Stockfish's text without its check mark, `=` as `.`.
fn normalise(fsf: &str) -> String {
    let body = if fsf.len() > 4 && (fsf.ends_with('+') || fsf.ends_with('#')) {
        &fsf[..4]
    } else {
        fsf
    };
    body.replace('=', ".")
}

/// A letter and a file digit: no tandem marking.
fn plain(wxf: &str) -> bool {
    let b = wxf.as_bytes();
    b.len() == 4 && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit()
}

/// Fairy-Stockfish's plain WXF as Chinese notation.
fn chinese(side: Color, wxf: &str) -> String {
    let red = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    let num = |c: u8| match side {
        Color::Red => red[(c - b'1') as usize],
        Color::Black => c as char,
    };
    let b = wxf.as_bytes();
    let piece = match (b[0], side) {
        (b'K', Color::Red) => '帅',
        (b'K', Color::Black) => '将',
        (b'A', Color::Red) => '仕',
        (b'A', Color::Black) => '士',
        (b'E', Color::Red) => '相',
        (b'E', Color::Black) => '象',
        (b'H', _) => '马',
        (b'R', _) => '车',
        (b'C', _) => '炮',
        (b'P', Color::Red) => '兵',
        (_, _) => '卒',
    };
    let dir = match b[2] {
        b'+' => '进',
        b'-' => '退',
        _ => '平',
    };
    [piece, num(b[1]), dir, num(b[3])].iter().collect()
}

#[test]
fn agrees_with_fairy_stockfish_but_for_tandem_pieces() {
    let (mut same, mut tandem, mut chinese_checked) = (0, 0, 0);
    for line in include_str!("data/notation/fsf-wxf.tsv").lines() {
        if line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let pos = Position::from_fen(f[0]).unwrap_or_else(|e| panic!("{line}: {e}"));
        let m: Move = f[1].parse().unwrap();
        let fsf = normalise(f[2]);
        let ours = write_move(&pos, m, Notation::Wxf);
        let piece = pos.piece_at(m.from()).expect("a move of the position");
        let company = pos
            .squares_of(piece)
            .filter(|sq| sq.file() == m.from().file())
            .count();
        // We read what Fairy-Stockfish writes, check marks and all.
        assert_eq!(
            parse_move(&pos, f[2], Notation::Wxf),
            Ok(m),
            "reading {line}"
        );
        if ours == fsf {
            same += 1;
        } else {
            // Only the tandem marking may differ; direction and number never.
            assert!(company >= 2, "{line}: ours {ours}");
            assert_eq!(ours[2..], fsf[2..], "{line}: ours {ours}");
            tandem += 1;
        }
        if company == 1 {
            assert!(plain(&fsf), "{line}");
            assert_eq!(
                write_move(&pos, m, Notation::Chinese),
                chinese(pos.turn(), &fsf),
                "{line}"
            );
            chinese_checked += 1;
        }
    }
    assert!(
        same > 1500 && tandem > 900 && chinese_checked > 1500,
        "{same} {tandem} {chinese_checked}"
    );
}
