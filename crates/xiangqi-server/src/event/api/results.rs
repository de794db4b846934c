//! Results the organiser or an arbiter enters (`POST /api/events/{id}/results`), which end
//! a server game still going the same way, and withdrawals (`/withdraw`, 1960 §14).

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde_json::{Value, json};
use xiangqi::Color;
use xiangqi_competition::Refused;
use xiangqi_competition::request::{WithdrawRequest, parse_result};
use xiangqi_game::{Adjudged, ForfeitReason};
use xiangqi_tournament::Outcome;

use super::access::{App, organiser, organiser_or_arbiter};
use crate::error::ApiError;
use crate::ids::GameId;
use crate::request::body;

/// The arbiter's action (the body of `POST /api/games/{id}/arbiter`, in JSON so that it can
/// be sent to the node that owns the game) that makes a server game end as the organiser's
/// result says.
fn ending(outcome: Outcome) -> Option<Value> {
    let adjudicate = |result: Adjudged| json!({"action": "adjudicate", "result": result, "note": "result entered by the organiser"});
    let forfeit =
        |side: Color| json!({"action": "forfeit", "side": side, "reason": ForfeitReason::Refusal});
    Some(match outcome {
        Outcome::FirstWins => adjudicate(Adjudged::RedWins),
        Outcome::SecondWins => adjudicate(Adjudged::BlackWins),
        Outcome::Draw => adjudicate(Adjudged::Draw),
        Outcome::FirstWinsByForfeit => forfeit(Color::Black),
        Outcome::SecondWinsByForfeit => forfeit(Color::Red),
        Outcome::DoubleForfeit => return None,
    })
}

pub(super) async fn enter_result(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let (r, outcome) = parse_result(&bytes)?;
    let events = app.clone();
    events
        .events
        .change(&id, move |desk| async move {
            let mut c = desk.copy();
            organiser_or_arbiter(&c, &headers)?;
            let game = c
                .boards
                .iter()
                .find(|b| b.round == r.round && b.board == r.board)
                .ok_or_else(|| {
                    Refused::Missing(
                        format!("round {} has no board {}", r.round, r.board),
                        format!("第{}轮没有第{}台", r.round, r.board),
                    )
                })?
                .game
                .clone();
            // A server game still going is ended the same way, so its record says what the
            // event says; one already over keeps its record.
            if let (Some(game), Some(action)) =
                (game.as_deref().and_then(GameId::parse), ending(outcome))
            {
                // On whichever node owns the game (see `cluster::relay::arbitrate`);
                // refused if it is over.
                crate::cluster::relay::arbitrate(&app, &game, &action).await?;
            }
            c.set_result(r.round, r.board, outcome)?;
            desk.commit(c).await?;
            Ok(Json(
                json!({"round": r.round, "board": r.board, "result": outcome.to_string()}),
            ))
        })
        .await
}

pub(super) async fn withdraw(
    State(app): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let r: WithdrawRequest = body(&bytes)?;
    app.events
        .change(&id, move |desk| async move {
            let mut c = desk.copy();
            organiser(&c, &headers)?;
            let note = c.withdraw(r.player)?;
            // His game of the round in progress, if unfinished, is the arbiter's to
            // adjudicate (1960 §14): it is listed so the console can offer it.
            let unfinished: Vec<Value> = c
                .boards
                .iter()
                .filter(|b| (b.red == r.player || b.black == r.player) && c.outcome_of(b).is_none())
                .map(|b| json!({"round": b.round, "board": b.board, "game": b.game}))
                .collect();
            desk.commit(c).await?;
            Ok(Json(
                json!({"player": r.player, "note": note, "to_adjudicate": unfinished}),
            ))
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entered_result_ends_a_game_with_an_arbiter_action_the_game_reads() {
        use xiangqi_game::ArbiterAction;
        let read = |o| {
            let body = ending(o).map(|v| v.to_string());
            body.map(|b| crate::request::parse_arbiter(b.as_bytes()))
        };
        assert!(matches!(
            read(Outcome::FirstWins),
            Some(Ok(ArbiterAction::Adjudicate {
                result: Adjudged::RedWins,
                ..
            }))
        ));
        assert!(matches!(
            read(Outcome::SecondWins),
            Some(Ok(ArbiterAction::Adjudicate {
                result: Adjudged::BlackWins,
                ..
            }))
        ));
        assert!(matches!(
            read(Outcome::Draw),
            Some(Ok(ArbiterAction::Adjudicate {
                result: Adjudged::Draw,
                ..
            }))
        ));
        assert_eq!(
            read(Outcome::FirstWinsByForfeit),
            Some(Ok(ArbiterAction::Forfeit {
                side: Color::Black,
                reason: ForfeitReason::Refusal
            }))
        );
        assert_eq!(
            read(Outcome::SecondWinsByForfeit),
            Some(Ok(ArbiterAction::Forfeit {
                side: Color::Red,
                reason: ForfeitReason::Refusal
            }))
        );
        assert!(read(Outcome::DoubleForfeit).is_none());
    }
}
