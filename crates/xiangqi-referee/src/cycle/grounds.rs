//! What each label rests on, as the report shows it: the checking pieces of 将, the first
//! check and length of the mate of 杀, the pair of 兑 (2020 art. 24.4), the piece given and its
//! takers of 献 (24.5), the paths cut by 拦 (24.6), the protected pieces 跟 attacks (24.7) —
//! all taken from the classification ([`MoveClass`]), none computed again — and the words
//! that name them in English and Chinese.

use serde::{Deserialize, Serialize};
use xiangqi::notation::{Notation, write_move};
use xiangqi::{Color, Position, Role};

use super::board::with_turn;
use super::phrases::{role_zh, side_en, side_zh};
use super::terms::{Exemption, Grounds, MateLine, MoveClass, Placed};

/// A piece where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceOn {
    /// Its square (`f5`).
    pub square: String,
    /// Its role (`horse`).
    pub piece: String,
}

/// 兑 (2020 art. 24.4): the mover's piece offered and the enemy piece of the same kind that
/// may take it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferReport {
    /// Where the offered piece stands.
    pub square: String,
    /// The offered piece's role.
    pub piece: String,
    /// Where the partner stands.
    pub partner: String,
    /// The partner's role (the same kind).
    pub partner_piece: String,
    /// Whether accepting loses nothing (always, for a move labelled 兑: an unfair offer is
    /// judged as a chase, 2020 图17).
    pub fair: bool,
    /// The mover's pieces that may take back once the partner has taken.
    #[serde(default)]
    pub retakers: Vec<PieceOn>,
}

/// 献 (24.5), 拦 (24.6) or 跟 (24.7): the moved piece and the enemy pieces the label rests on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PiecesReport {
    /// Where the moved piece stands after the move.
    pub square: String,
    /// Its role.
    pub piece: String,
    /// 献: the enemy pieces that may take it without loss; 拦: the enemy pieces that could
    /// have gone to its square; 跟: the protected enemy pieces it newly attacks.
    pub pieces: Vec<PieceOn>,
}

/// 杀 (24.2): the mate the move threatens, if the mover could move again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MateReport {
    /// The first check, ICCS (`b9b8`).
    pub first: String,
    /// The same in Chinese notation.
    pub chinese: String,
    /// The plies of the shortest forced line found, the first check and the last (mating)
    /// check included: `2 * checks - 1`.
    pub length: u32,
    /// Present when the mate does not make the move 杀: `answer_check` (the general's answer
    /// to a check, 2020 26.1.2–26.1.3) or `stood_before_check` (26.1.4).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub set_aside: String,
}

/// The grounds of one move as the report carries them.
#[derive(Default)]
pub(crate) struct MoveGrounds {
    pub(crate) checkers: Vec<PieceOn>,
    pub(crate) offer: Option<OfferReport>,
    pub(crate) sacrifice: Option<PiecesReport>,
    pub(crate) block: Option<PiecesReport>,
    pub(crate) follow: Option<PiecesReport>,
    pub(crate) mate: Option<MateReport>,
}

fn on(p: &Placed) -> PieceOn {
    PieceOn {
        square: p.square.to_string(),
        piece: p.piece.role.name().to_owned(),
    }
}

fn pieces(moved: &Placed, others: &[Placed]) -> PiecesReport {
    PiecesReport {
        square: moved.square.to_string(),
        piece: moved.piece.role.name().to_owned(),
        pieces: others.iter().map(on).collect(),
    }
}

fn mate_report(after: &Position, c: &MoveClass, line: &MateLine) -> MateReport {
    let chinese = with_turn(after, c.mover)
        .map(|p| write_move(&p, line.first, Notation::Chinese))
        .unwrap_or_default();
    MateReport {
        first: line.first.to_string(),
        chinese,
        length: 2 * u32::from(line.checks) - 1,
        set_aside: c.mate_set_aside.map_or("", Exemption::name).to_owned(),
    }
}

/// The grounds of the classified move `c`; `after`: the position after it. Under the AXF
/// rules (`asian`) a move that follows a protected piece is a plain 闲着 (AXF has no 跟), and
/// the report shows no `follow`.
pub(crate) fn grounds(after: &Position, c: &MoveClass, asian: bool) -> MoveGrounds {
    let mut g = MoveGrounds {
        checkers: c
            .checkers
            .iter()
            .filter_map(|&sq| {
                after
                    .piece_at(sq)
                    .map(|piece| on(&Placed { square: sq, piece }))
            })
            .collect(),
        mate: c.mate.as_ref().map(|l| mate_report(after, c, l)),
        ..MoveGrounds::default()
    };
    match &c.grounds {
        Grounds::Nothing => {}
        Grounds::Offer(offers) => {
            g.offer = offers.first().map(|o| OfferReport {
                square: o.offered.square.to_string(),
                piece: o.offered.piece.role.name().to_owned(),
                partner: o.partner.square.to_string(),
                partner_piece: o.partner.piece.role.name().to_owned(),
                fair: o.fair,
                retakers: o.retakers.iter().map(on).collect(),
            });
        }
        Grounds::Sacrifice { given, takers } => g.sacrifice = Some(pieces(given, takers)),
        Grounds::Block { blocker, cut } => g.block = Some(pieces(blocker, cut)),
        Grounds::Follow { .. } if asian => {}
        Grounds::Follow { follower, targets } => g.follow = Some(pieces(follower, targets)),
    }
    g
}

/// The role a report names (`rook`).
pub(crate) fn role_of(name: &str) -> Role {
    match name {
        "rook" => Role::Rook,
        "horse" => Role::Horse,
        "cannon" => Role::Cannon,
        "advisor" => Role::Advisor,
        "elephant" => Role::Elephant,
        "king" => Role::King,
        _ => Role::Pawn,
    }
}

fn role_zh_of(name: &str) -> &'static str {
    role_zh(role_of(name))
}

fn list_en(side: Color, ps: &[PieceOn]) -> String {
    let names: Vec<String> = ps
        .iter()
        .map(|p| format!("{}'s {} on {}", side_en(side), p.piece, p.square))
        .collect();
    names.join(", ")
}

fn list_zh(side: Color, ps: &[PieceOn]) -> String {
    let names: Vec<String> = ps
        .iter()
        .map(|p| {
            format!(
                "{}{}({})",
                side_zh(side).trim_end_matches('方'),
                role_zh_of(&p.piece),
                p.square
            )
        })
        .collect();
    names.join("、")
}

/// The grounds in words, English and Chinese, appended to the move's explanation (`mover`:
/// the side that played it).
pub(crate) fn describe_grounds(g: &MoveGrounds, mover: Color, asian: bool) -> (String, String) {
    let them = !mover;
    let mut en = String::new();
    let mut zh = String::new();
    if let Some(o) = &g.offer {
        let (e, z) = describe_offer(o, mover);
        en.push_str(&e);
        zh.push_str(&z);
    }
    for (grounds, kind) in [(&g.sacrifice, 0), (&g.block, 1), (&g.follow, 2)] {
        let Some(p) = grounds else { continue };
        let (piece, sq) = (&p.piece, &p.square);
        let (ours, theirs) = (role_zh_of(piece), list_zh(them, &p.pieces));
        let others = list_en(them, &p.pieces);
        let (e, z) = match kind {
            0 => (
                format!("; gives up the {piece} on {sq}, which {others} may take without loss"),
                format!("；献{ours}({sq})，{theirs}可吃而不受损失"),
            ),
            1 => (
                format!("; the {piece} on {sq} cuts the path of {others}"),
                format!("；{ours}({sq})拦住{theirs}的去路"),
            ),
            _ => (
                format!("; the {piece} on {sq} now attacks {others}, protected"),
                format!("；{ours}({sq})跟住有根的{theirs}"),
            ),
        };
        en.push_str(&e);
        zh.push_str(&z);
    }
    if let Some(m) = &g.mate {
        let (e, z) = describe_mate(m, asian);
        en.push_str(&e);
        zh.push_str(&z);
    }
    (en, zh)
}

/// The exchange the move offers (兑, 2020 art. 24.4): the pieces, who takes back, and whether
/// the offer is fair, in English and Chinese.
fn describe_offer(o: &OfferReport, me: Color) -> (String, String) {
    let them = !me;
    let (back_en, back_zh) = if o.retakers.is_empty() {
        (String::new(), String::new())
    } else {
        (
            format!(
                "after {}×{}, {} takes back; ",
                o.partner,
                o.square,
                list_en(me, &o.retakers)
            ),
            format!("吃后{}可吃回，", list_zh(me, &o.retakers)),
        )
    };
    let fair_en = if o.fair {
        format!("a fair offer: {back_en}taking it loses nothing")
    } else {
        format!("an unfair offer: {back_en}taking it loses material")
    };
    let fair_zh = if o.fair {
        format!("{back_zh}对方吃子后不受损失")
    } else {
        format!("{back_zh}对方吃子后受损失")
    };
    (
        format!(
            "; offers {}'s {} on {} to {}'s {} on {} ({fair_en})",
            side_en(me),
            o.piece,
            o.square,
            side_en(them),
            o.partner_piece,
            o.partner
        ),
        format!(
            "；以{}{}({})邀兑{}{}({})，{fair_zh}",
            side_zh(me).trim_end_matches('方'),
            role_zh_of(&o.piece),
            o.square,
            side_zh(them).trim_end_matches('方'),
            role_zh_of(&o.partner_piece),
            o.partner
        ),
    )
}

/// The mate by checks the move threatens (杀, 2020 art. 24.2; AXF 连照将死), and why it was
/// set aside if it was, in English and Chinese.
fn describe_mate(m: &MateReport, asian: bool) -> (String, String) {
    let (why_en, why_zh) = match m.set_aside.as_str() {
        "answer_check" => (
            ": the general answers a check, 闲 (2020 26.1.2–26.1.3)",
            "，将帅应将按闲处理（2020 第26.1.2–26.1.3条）",
        ),
        "stood_before_check" => (
            ": it stood before the check this move answers, 闲 (2020 26.1.4)",
            "，应将前已经存在，按闲处理（2020 第26.1.4条）",
        ),
        _ => ("", ""),
    };
    let (mate_en, mate_zh) = if asian {
        ("checkmate", "连照将死")
    } else {
        ("mate", "连将杀")
    };
    let plies = if m.length == 1 { "ply" } else { "plies" };
    (
        format!(
            "; {mate_en} by checks beginning {} ({} {plies}){why_en}",
            m.first, m.length
        ),
        format!(
            "；{mate_zh}首着{}（{}）共{}着{why_zh}",
            m.chinese, m.first, m.length
        ),
    )
}

/// The words for an attack the books exempt for `reason` (other than a general's or pawn's
/// own chase, which the report words itself): `target_en` "Black's rook on e5", `target_zh`
/// "黑车(e5)" (English, Chinese).
pub(crate) fn exempt_words(
    reason: &str,
    target_en: &str,
    target_zh: &str,
    article: &str,
) -> Option<(String, String)> {
    Some(match reason {
        "answer_check" => (
            format!(
                "; attacks {target_en} while the general answers a check: no chase ({article})"
            ),
            format!("；将帅应将，附带捉{target_zh}按闲处理"),
        ),
        "key_point" => (
            format!(
                "; attacks {target_en} with the defending side's lone attacking piece on a drawing point: no chase ({article})"
            ),
            format!("；守和方仅有一个进攻子占据守和要点，附带捉{target_zh}按闲处理"),
        ),
        "stood_before_check" => (
            format!(
                "; attacks {target_en}, as it did before answering the check: no chase ({article})"
            ),
            format!("；应将前已经存在的捉{target_zh}，按闲处理"),
        ),
        "left_by_its_side" => (
            format!(
                "; attacks {target_en}, left so by its own side's last move: no chase ({article})"
            ),
            format!("；{target_zh}受攻系其本方上一着所致，不算捉"),
        ),
        _ => return None,
    })
}
