//! An order to vary or a claimable draw, awaiting the next moves: how a move settles it
//! (the decisions are in [`crate::Procedure`]'s module and the README, "The book's
//! procedure").

use xiangqi::{Color, Move, Position};

use crate::articles::{side_en, side_zh};
use crate::order::reason_zh;
use crate::{Claimable, Claimant, Order, Reason, RuleSet, Ruling};

/// The positions of a ruled cycle, in the cycle's order from its start.
#[derive(Clone)]
pub(crate) struct CyclePositions(Vec<Position>);

impl CyclePositions {
    pub fn new(start: &Position, moves: &[Move]) -> CyclePositions {
        let mut pos = start.clone();
        let mut all = Vec::with_capacity(moves.len());
        for &m in moves {
            all.push(pos.clone());
            pos.play_unchecked(m);
        }
        CyclePositions(all)
    }

    pub fn contains(&self, pos: &Position) -> bool {
        self.0.iter().any(|p| same(p, pos))
    }

    /// The legal moves from `pos` that lead to a position of the cycle.
    pub fn continuing(&self, pos: &Position) -> Vec<Move> {
        pos.legal_moves()
            .iter()
            .copied()
            .filter(|&m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                self.contains(&after)
            })
            .collect()
    }

    /// The position that follows `pos` in the cycle.
    fn after(&self, pos: &Position) -> Option<&Position> {
        let i = self.0.iter().position(|p| same(p, pos))?;
        self.0.get((i + 1) % self.0.len())
    }
}

/// The same position in the repetition sense: pieces and side to move (not the counters).
fn same(a: &Position, b: &Position) -> bool {
    a.hash() == b.hash() && a.turn() == b.turn() && a.board() == b.board()
}

/// An order or a claimable draw awaiting the next moves.
#[derive(Clone)]
pub(crate) enum Pending {
    Order {
        order: Box<Order>,
        cycle: CyclePositions,
        /// The ruling `Immediate` would have given: the loss if the side does not vary.
        ruled: Box<Ruling>,
    },
    Claim {
        claimable: Box<Claimable>,
        cycle: CyclePositions,
        /// The position of the ruling occurrence: its next occurrence draws.
        latest: Box<Position>,
        /// The draw `Immediate` would have ruled.
        ruled: Box<Ruling>,
    },
}

/// What a move did to a pending order or claim.
pub(crate) enum Step {
    /// Still pending.
    Kept(Pending),
    /// The game left the cycle: nothing pending any more.
    Lifted,
    /// The game is decided: a loss for not varying, or the unclaimed draw.
    Decided(Box<Ruling>),
}

impl Pending {
    /// The pending state for `ruled`, the ruling `Immediate` gives on the cycle from `start`
    /// by `moves` at the current `position`, and the ongoing ruling that shows it; or the
    /// decided ruling if the ordered side is to move and cannot vary.
    pub fn new(
        ruled: Ruling,
        start: &Position,
        moves: &[Move],
        position: &Position,
        rules: RuleSet,
    ) -> Result<(Pending, Ruling), Box<Ruling>> {
        let cycle = CyclePositions::new(start, moves);
        let ply = ruled.ply;
        let report = ruled
            .cycle
            .as_deref()
            .cloned()
            .unwrap_or_else(|| empty_report(ply));
        let pending = match ruled.offender {
            Some(side) => {
                let forbidden = forbidden(&cycle, position, side);
                let order = Order {
                    side,
                    reason: ruled.board_reason().unwrap_or(Reason::PerpetualCheck),
                    ply,
                    explanation: order_en(&ruled, side, &forbidden),
                    explanation_zh: order_zh(&ruled, side, &forbidden),
                    forbidden,
                    rule: format!("{}；{}", ruled.rule, must_vary_article(rules)),
                    cycle: report,
                };
                Pending::Order {
                    order: Box::new(order),
                    cycle,
                    ruled: Box::new(ruled),
                }
            }
            None => Pending::Claim {
                claimable: Box::new(Claimable {
                    reason: Reason::RepetitionDraw,
                    ply,
                    rule: format!("{}；{}", ruled.rule, claim_article(rules)),
                    explanation: format!(
                        "{} Either player may claim the draw; the game goes on until a claim, or until the cycle goes round once more (then the arbiter rules the draw).",
                        ruled.explanation
                    ),
                    explanation_zh: format!(
                        "{}。任何一方可提和，经审查属实判和；如双方都没有提和而循环继续一轮，裁判员判和。",
                        ruled.explanation_zh.trim_end_matches('。')
                    ),
                    cycle: report,
                }),
                cycle,
                latest: Box::new(position.clone()),
                ruled: Box::new(ruled),
            },
        };
        match pending.cannot_vary(position) {
            Some(loss) => Err(Box::new(loss)),
            None => {
                let shown = pending.ongoing(ply);
                Ok((pending, shown))
            }
        }
    }

    /// The ongoing ruling that shows the pending order or claim after `ply` plies.
    pub fn ongoing(&self, ply: u32) -> Ruling {
        let mut r = Ruling::ongoing(ply);
        match self {
            Pending::Order { order, .. } => r.order = Some(order.clone()),
            Pending::Claim { claimable, .. } => r.claimable = Some(claimable.clone()),
        }
        r
    }

    /// Rules on the move just played by `mover`, which led to `position` at `ply`.
    pub fn after_move(mut self, mover: Color, position: &Position, ply: u32) -> Step {
        let in_cycle = match &self {
            Pending::Order { cycle, .. } | Pending::Claim { cycle, .. } => cycle.contains(position),
        };
        if !in_cycle {
            return Step::Lifted;
        }
        match &mut self {
            Pending::Order {
                order,
                cycle,
                ruled,
            } => {
                if mover == order.side {
                    return Step::Decided(Box::new(not_varied(ruled, order, ply)));
                }
                order.forbidden = forbidden(cycle, position, order.side);
            }
            Pending::Claim {
                latest, claimable, ..
            } => {
                if same(latest, position) {
                    let claimable = Claimable::clone(claimable);
                    return Step::Decided(Box::new(self.unclaimed_draw(&claimable, ply)));
                }
            }
        }
        match self.cannot_vary(position) {
            Some(loss) => Step::Decided(Box::new(loss)),
            None => Step::Kept(self),
        }
    }

    /// The loss of an ordered side that is to move and has no move outside the cycle.
    fn cannot_vary(&self, position: &Position) -> Option<Ruling> {
        let Pending::Order {
            order,
            cycle,
            ruled,
        } = self
        else {
            return None;
        };
        if position.turn() != order.side {
            return None;
        }
        let legal = position.legal_moves();
        let varies = legal.iter().any(|&m| {
            let mut after = position.clone();
            after.play_unchecked(m);
            !cycle.contains(&after)
        });
        if varies {
            return None;
        }
        let mut loss = not_varied(ruled, order, order.ply);
        let side = order.side;
        loss.explanation = format!(
            "{} Every legal move of {} continues the cycle: it cannot vary and loses (one-sided forbidden repetition is never allowed).",
            ruled.explanation,
            side_en(side)
        );
        loss.explanation_zh = format!(
            "{}。{}无从变着，仍判{}负。",
            ruled.explanation_zh.trim_end_matches('。'),
            side_zh(side),
            side_zh(side)
        );
        Some(loss)
    }

    /// The draw a claim (or the arbiter) makes at `ply`.
    pub fn claimed(&self, by: Claimant, ply: u32) -> Option<Ruling> {
        let Pending::Claim { claimable, .. } = self else {
            return None;
        };
        let (who_en, who_zh) = match by {
            Claimant::Player(c) => (
                format!("{} claims", side_en(c)),
                format!("{}提和", side_zh(c)),
            ),
            Claimant::Arbiter => ("The arbiter declares".to_owned(), "裁判员判和".to_owned()),
        };
        let mut r = self.draw(ply, claimable);
        r.claimed_by = Some(by);
        r.explanation = format!(
            "{who_en} the repetition draw at ply {ply} (claimable since ply {}): {}",
            claimable.ply, r.explanation
        );
        r.explanation_zh = format!(
            "第{ply}着后{who_zh}（自第{}着起可提和），经审查属实：{}",
            claimable.ply, r.explanation_zh
        );
        Some(r)
    }

    fn unclaimed_draw(&self, claimable: &Claimable, ply: u32) -> Ruling {
        let mut r = self.draw(ply, claimable);
        r.explanation = format!(
            "No claim since ply {} and the cycle went round once more: the arbiter rules the draw. {}",
            claimable.ply, r.explanation
        );
        r.explanation_zh = format!(
            "自第{}着起双方都没有提和，而循环反复还在延续，裁判员判和。{}",
            claimable.ply, r.explanation_zh
        );
        r
    }

    fn draw(&self, ply: u32, claimable: &Claimable) -> Ruling {
        let mut r = match self {
            Pending::Claim { ruled, .. } => Ruling::clone(ruled),
            Pending::Order { .. } => Ruling::ongoing(ply),
        };
        r.ply = ply;
        r.rule = claimable.rule.clone();
        r
    }

    /// Why a claim is refused now, if the pending state is not a claimable draw.
    pub fn refusal(&self) -> Option<crate::ClaimError> {
        match self {
            Pending::Order { order, .. } => Some(crate::ClaimError::Forbidden {
                side: order.side,
                reason: order.reason,
            }),
            Pending::Claim { .. } => None,
        }
    }
}

/// The ordered side's moves that would continue the cycle on its next turn.
fn forbidden(cycle: &CyclePositions, position: &Position, side: Color) -> Vec<Move> {
    if position.turn() == side {
        return cycle.continuing(position);
    }
    cycle
        .after(position)
        .map(|next| cycle.continuing(next))
        .unwrap_or_default()
}

/// The loss of the ordered side that did not vary, at `ply`.
fn not_varied(ruled: &Ruling, order: &Order, ply: u32) -> Ruling {
    let side = order.side;
    let mut loss = ruled.clone();
    loss.ply = ply;
    loss.ordered_at = Some(order.ply);
    loss.rule = order.rule.clone();
    loss.explanation = format!(
        "{} was ordered at ply {} to vary ({}); its move at ply {ply} continues the ruled cycle: {} loses. {}",
        side_en(side),
        order.ply,
        order.reason,
        side_en(side),
        ruled.explanation
    );
    loss.explanation_zh = format!(
        "第{}着后{}因{}被令变着，第{ply}着仍走循环着法，应变着而不变，{}负。{}",
        order.ply,
        side_zh(side),
        reason_zh(order.reason),
        side_zh(side),
        ruled.explanation_zh
    );
    loss
}

fn order_en(ruled: &Ruling, side: Color, forbidden: &[Move]) -> String {
    let moves = if forbidden.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = forbidden.iter().map(|m| m.to_string()).collect();
        format!(" ({} on its next turn)", list.join(", "))
    };
    format!(
        "{} Order at ply {}: {} must vary; a move that continues the cycle{moves} loses.",
        ruled.explanation,
        ruled.ply,
        side_en(side)
    )
}

fn order_zh(ruled: &Ruling, side: Color, forbidden: &[Move]) -> String {
    let moves = if forbidden.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = forbidden.iter().map(|m| m.to_string()).collect();
        format!("（下一着不得走{}）", list.join("、"))
    };
    format!(
        "{}。第{}着后裁判令{}变着，仍走循环着法{moves}判负。",
        ruled.explanation_zh.trim_end_matches('。'),
        ruled.ply,
        side_zh(side)
    )
}

fn must_vary_article(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Asian => "AXF 象棋比赛规例: the side at fault must change its moves, or loses",
        _ => "中国象棋竞赛规则 4.1.7 走棋违反禁例，应变着而不变（判负）",
    }
}

fn claim_article(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Asian => "AXF 象棋比赛规例: a draw by repetition is claimed (提和)",
        _ => "中国象棋竞赛规则 2.5(3) 循环反复三次，任何一方可提和，裁判员有权判和",
    }
}

fn empty_report(ply: u32) -> crate::cycle::CycleReport {
    crate::cycle::CycleReport {
        first_ply: ply,
        last_ply: ply,
        moves: Vec::new(),
        rules: String::new(),
    }
}
