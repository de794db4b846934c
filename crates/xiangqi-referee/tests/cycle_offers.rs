//! A same-kind pair in mutual attack is an offer of exchange (邀兑, 2020 art. 24.4: 「同兵种
//! 邀兑，而对方一旦吃掉此子后，不致立即被将死或立即在子力价值上遭受损失者，称为“兑”」; 图17's
//! note 「如黑方吃车则双车尽失，判“捉”」; 图21 车四退二 兑; 图20 「邀兑之子参与做杀，判杀」).
//! Built positions, each with the concept applying and just failing; every one is also ruled
//! mirrored and with the colours swapped, label for label. See `src/cycle/offer.rs`.

mod common;

use common::drawing::{Drawing, redraw_move, redraw_position};
use common::{classes_redrawn, line, pos};
use xiangqi::{Move, Position};
use xiangqi_referee::{
    RuleSet,
    cycle::{ChaseKind, IdleKind, MoveClass, MoveKind, classify_cycle},
};

/// The class of the first move of `moves` played from `fen` (Chinese rules), after checking
/// that the two redrawings of the position give the move the same label.
fn first(fen: &str, moves: &str) -> MoveClass {
    let start = pos(fen);
    let moves = line(moves);
    let class = classify_cycle(&start, &moves, RuleSet::Chinese)[0].clone();
    for d in [Drawing::Mirror, Drawing::ColourSwap] {
        let p: Position = redraw_position(&start, d);
        let m: Vec<Move> = moves.iter().map(|&m| redraw_move(m, d)).collect();
        let redrawn = &classify_cycle(&p, &m, RuleSet::Chinese)[0];
        assert_eq!(redrawn.kind, class.kind, "{d:?} of {fen}: {redrawn:?}");
        assert_eq!(redrawn.chases.len(), class.chases.len(), "{d:?} of {fen}");
    }
    class
}

fn targets(c: &MoveClass) -> Vec<(String, ChaseKind)> {
    c.chases
        .iter()
        .map(|t| (t.target.to_string(), t.kind))
        .collect()
}

/// (a) 24.4 read to the letter (the decision in `src/cycle/offer.rs`): the rook c1 steps up to
/// c5 beside the black rook e5, neither rooted. Black may take it and lose nothing — it wins a
/// rook — and 24.4's provisos are the acceptor's only (not mated, not down material at once),
/// the words of 24.5's 献; the offering rook's own free capture of the partner is the offer's
/// (参考图5, 图29: 长兑). So the move is 兑, not a chase of the rook e5. Just fails: a red
/// cannon e1 pins the black rook to its general over the elephant e7, so Black cannot accept
/// (不能离线, 图29's note): the rook c5 chases it, 捉.
#[test]
fn an_offer_the_partner_may_take_for_nothing_is_an_exchange() {
    let line = "c1c5 d9e8 c5c1 e8d9";
    let c = first("3ak4/9/9/9/4r4/9/9/9/2R6/3K5 w", line);
    assert_eq!(c.kind, MoveKind::Idle(IdleKind::Trade), "{c:?}");
    assert!(c.chases.is_empty(), "{c:?}");
    let c = first("3ak4/9/4b4/9/4r4/9/9/9/2R1C4/3K5 w", line);
    assert_eq!(c.kind, MoveKind::Chase, "{c:?}");
    assert!(
        targets(&c).contains(&("e5".to_owned(), ChaseKind::Unprotected)),
        "{c:?}"
    );
}

/// 24.4 with 参考图21: the red rook g4 and the black rook i4 face each other, neither rooted —
/// an offer either way. Black's rook f5-f6 threatens mate, and Red's rook can no longer accept
/// (车×i4 walks into the mate), so 车×g4 is a threat now. Red's own last move put the rook on g4
/// (b4-g4): the chased state is Red's doing (「自己造成的」), no chase of the black move, which
/// the report lists as exempt (`left_by_its_side`). Just fails: the rook stood on g4 and Red's
/// last move was the cannon's: the move that keeps the partner from accepting chases it
/// (参考图49 「不能离线，为长捉无根子」).
#[test]
fn a_pair_its_own_side_made_is_not_chased_when_acceptance_fails() {
    let own = classes_redrawn(
        "C8/9/4k4/9/2P2r3/1R6r/9/3K5/3c5/9 w",
        "b4g4 f5f6 g4b4 f6f5",
        RuleSet::Chinese,
    );
    assert_eq!(own[0].kind, MoveKind::Idle(IdleKind::Trade), "{own:?}");
    assert!(!targets(&own[1]).iter().any(|t| t.0 == "g4"), "{own:?}");
    assert!(
        own[1]
            .exempt
            .iter()
            .any(|e| e.chase.target.to_string() == "g4"),
        "{own:?}"
    );
    let stood = classes_redrawn(
        "C8/9/4k4/9/2P2r3/6R1r/9/3K5/3c5/9 w",
        "a9a8 f5f6 a8a9 f6f5",
        RuleSet::Chinese,
    );
    assert!(
        targets(&stood[1]).contains(&("g4".to_owned(), ChaseKind::Unprotected)),
        "{stood:?}"
    );
}

/// (a) 24.4, a fair offer whose partner is unprotected: the rook c1 steps up to c5 beside the
/// black rook e5, which has no root. Black may take it (车×c5, 车×c5) and lose nothing, so the
/// move is 兑 — not a chase of the rook e5, though 车×e5 would win it.
#[test]
fn a_fair_offer_to_an_unprotected_partner_is_an_exchange() {
    let c = first("5k3/4a4/9/9/4r4/9/9/9/2R6/2RK5 w", "c1c5");
    assert_eq!(c.kind, MoveKind::Idle(IdleKind::Trade), "{c:?}");
    assert!(c.chases.is_empty(), "{c:?}");
}

/// (a) 24.4 and 2020 图21, a fair offer whose partner is short of protectors: the rook's move
/// to f4 guards the horse e4 and attacks the horse f6 a second time, which one rook protects
/// (少根: 车×f6 车×f6 马×f6 would win it, 24.3). The horses attack each other, and Black's
/// horse may take the one offered (马×e4 车×e4) and lose nothing: 兑, though the offered horse
/// did not move.
#[test]
fn a_fair_offer_to_a_partner_short_of_protectors_is_an_exchange() {
    let c = first("3k5/9/9/5n2r/9/1n2N3R/9/9/9/5K3 w", "i4f4");
    assert_eq!(c.kind, MoveKind::Idle(IdleKind::Trade), "{c:?}");
    assert!(c.chases.is_empty(), "{c:?}");
}

/// (a′) The same with a cannon on f1, for which the rook's arrival on f4 makes a screen:
/// without the offering horse the cannon and the rook alone win the horse f6 (炮×f6 车×f6
/// 车×f6: two attackers against its one root, 少根), so that capture is a chase beside the
/// offer, not the offer (2020 参考图49 「捉少根子」): 捉, the light kind.
#[test]
fn a_partner_the_other_attackers_win_alone_is_chased() {
    let c = first("3k5/9/9/5n2r/9/1n2N3R/9/9/5C3/5K3 w", "i4f4");
    assert_eq!(c.kind, MoveKind::Chase, "{c:?}");
    assert_eq!(targets(&c), [("f6".to_owned(), ChaseKind::Outnumbered)]);
}

/// (c) 24.4, a loss that stood before the acceptance: the rook i4 steps to g4, guarding the
/// horse f4 and attacking the horse g6 a second time (one rook protects it, 少根). The black
/// elephant e7 hangs to the rook e0 before and after the move (the cannon f6 blocks the
/// horse g6's guard of it), and 车×e7 checks, so after 马×f4 车×f4 the line could go on and
/// take it. That loss is not the acceptance's: Black had it coming whatever it played
/// (「一旦吃掉此子后…遭受损失」 is the loss the capture brings; 图22: a piece hanging elsewhere
/// spoils nothing). Accepting loses nothing more: the offer is fair, 兑.
#[test]
fn a_piece_left_hanging_before_the_offer_does_not_make_it_unfair() {
    let c = first("4k4/9/4b4/5cn1r/9/5N2R/9/9/9/3KR4 w", "i4g4");
    assert_eq!(c.kind, MoveKind::Idle(IdleKind::Trade), "{c:?}");
    assert!(c.chases.is_empty(), "{c:?}");
}

/// (c′) The same without the cannon f6: the horse g6 guards the elephant e7, so 车×e7 won
/// nothing before; the horse that accepts (马×f4) leaves its guard, 车×f4 and 车×e7+ follow,
/// and accepting costs Black the elephant: the offer is unfair (图17's note) and the short
/// horse g6 is chased, 捉 the light kind.
#[test]
fn a_piece_the_acceptance_leaves_hanging_makes_the_offer_unfair() {
    let c = first("4k4/9/4b4/6n1r/9/5N2R/9/9/9/3KR4 w", "i4g4");
    assert_eq!(c.kind, MoveKind::Chase, "{c:?}");
    assert_eq!(targets(&c), [("g6".to_owned(), ChaseKind::Outnumbered)]);
}

/// (b) The same with the black general on e9: taking the offered horse now loses more (马×e4
/// 车×e4 checks along the file, and the horse b4 or the rook that interposes falls), so the
/// offer is not fair (24.4's proviso, 图17's note) and the horse f6, short of protectors, is
/// chased as 24.3 says: 捉, the light kind.
#[test]
fn an_offer_whose_acceptance_loses_more_is_a_chase() {
    let c = first("4k4/9/9/5n2r/9/1n2N3R/9/9/9/5K3 w", "i4f4");
    assert_eq!(c.kind, MoveKind::Chase, "{c:?}");
    assert_eq!(targets(&c), [("f6".to_owned(), ChaseKind::Outnumbered)]);
}

/// (c) A forced mate that begins by taking the partner is no 杀 (2020 图17: 「如黑方吃车则双车尽
/// 失，判“捉”」, though 车×c7+ would begin a mate there). The rook h7 offers itself to the
/// black rook g7 (unprotected: the general on f7 cannot leave the palace), and 车×g7+ 将f8,
/// 车h8+ 将f9, 车g9 mates; taking the rook h7 costs Black the rook b7 too (车×h7 checks along
/// the rank), so the offer is unfair: 捉 of the rook g7, and no mate threat.
#[test]
fn a_mate_that_begins_by_taking_the_partner_is_no_mate_threat() {
    let c = first("3a3R1/4a2R1/1r3kr2/9/9/9/9/9/9/4K4 w", "h8h7");
    assert!(!c.mate_threat, "{c:?}");
    assert_eq!(c.kind, MoveKind::Chase, "{c:?}");
    assert!(
        targets(&c).contains(&("g7".to_owned(), ChaseKind::Unprotected)),
        "{c:?}"
    );
    // Without the rook b7 the offer is fair: 兑, and still no mate threat (2020 图29).
    let c = first("3a3R1/4a2R1/5kr2/9/9/9/9/9/9/4K4 w", "h8h7");
    assert!(!c.mate_threat, "{c:?}");
    assert_eq!(c.kind, MoveKind::Idle(IdleKind::Trade), "{c:?}");
}

/// (d) 2020 图20 (「邀兑之子参与做杀，判杀」): a mate that begins otherwise — here 车b9+, and the
/// rook c8 that offers itself to the rook a8 holds the general off rank 8 — is 杀, the offer
/// notwithstanding (兑兼杀 is 杀, 26.4). Without the rook b1 there is no mate, and the same
/// move is 兑.
#[test]
fn a_mate_the_offering_piece_takes_part_in_is_a_mate_threat() {
    let c = first("5k3/r8/2R6/3N5/9/9/9/9/1R7/4K4 w", "c7c8");
    assert!(c.mate_threat, "{c:?}");
    assert_eq!(c.kind, MoveKind::MateThreat, "{c:?}");
    let c = first("5k3/r8/2R6/3N5/9/9/9/9/9/4K4 w", "c7c8");
    assert!(!c.mate_threat, "{c:?}");
    assert_eq!(c.kind, MoveKind::Idle(IdleKind::Trade), "{c:?}");
}

/// (e) 兑兼捉 is 捉 (26.4): the rook's move to f4 makes the fair offer of horses of (a) and
/// attacks the unprotected cannon f2 too. The cannon is chased; the horse f6 is not.
#[test]
fn an_offer_with_a_chase_of_another_piece_is_a_chase() {
    let c = first("3k5/9/9/5n2r/9/1n2N3R/9/5c3/9/4K4 w", "i4f4");
    assert_eq!(c.kind, MoveKind::Chase, "{c:?}");
    assert_eq!(targets(&c), [("f2".to_owned(), ChaseKind::Unprotected)]);
}

/// 2020 图29's note (「本局红方首着如改走车五平二，因黑方8路车不能离线，判杀」): a partner that
/// cannot leave its line to accept is offered nothing. The rook h9 holds rank 9: if it takes the
/// rook h3, 车i9 mates (the advisor e8 may not interpose, it stands between the generals), so
/// the pair is no offer, 车×h9+ mates for the same reason, and the move is 杀 (and chases the
/// rook h9). With the red general on d0 the advisor may interpose, the black rook may accept,
/// and the same move is 兑.
#[test]
fn a_partner_that_cannot_leave_its_line_is_offered_nothing() {
    let c = first("3ak2r1/4a4/9/9/9/9/3R4R/9/9/4K4 w", "d3h3");
    assert!(c.mate_threat, "{c:?}");
    assert_eq!(c.kind, MoveKind::MateThreat, "{c:?}");
    assert_eq!(targets(&c), [("h9".to_owned(), ChaseKind::Unprotected)]);
    let c = first("3ak2r1/4a4/9/9/9/9/3R4R/9/9/3K5 w", "d3h3");
    assert!(!c.mate_threat, "{c:?}");
    assert_eq!(c.kind, MoveKind::Idle(IdleKind::Trade), "{c:?}");
}
