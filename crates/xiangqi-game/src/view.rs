//! The game as clients see it: `GET /api/games/{id}` and every WebSocket state message.

use serde::Serialize;
use xiangqi::Color;
use xiangqi_clock::{BySide, ClockState};

use super::{Adjournment, Game, GameOptions, GameResult, Ruling};

/// One side's clock at the moment of the view.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SideClock {
    /// Main time left (the bank), ms.
    pub remaining_ms: u64,
    /// Time until this side's flag falls if it is on move and does not move, ms (main time,
    /// delay, byo-yomi and per-move limit together).
    pub left_ms: u64,
    /// Byo-yomi periods left, if the control has byo-yomi.
    pub byoyomi_periods: Option<u32>,
    /// Time left in the current byo-yomi period, once in byo-yomi.
    pub byoyomi_ms: Option<u64>,
    /// Moves still owed in the current stage, if it has a quota.
    pub moves_owed: Option<u32>,
    /// Total thinking time used, ms.
    pub used_ms: u64,
}

/// Both clocks.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct ClockView {
    /// `ready` (before the first move), `running`, `paused`, `adjourned`, `flagged`, `stopped`.
    pub state: ClockState,
    /// The side whose clock runs.
    pub running: Option<Color>,
    /// Red's clock.
    pub red: SideClock,
    /// Black's clock.
    pub black: SideClock,
}

/// Everything public about a game at one moment.
#[derive(Serialize, Debug, Clone)]
pub struct GameView {
    /// The game id.
    pub id: String,
    /// The number of the last event (for `?since=`).
    pub seq: u64,
    /// `waiting` (no move yet), `playing`, `adjourned` or `ended`.
    pub status: &'static str,
    /// `ongoing`, `red_wins`, `black_wins` or `draw`.
    pub result: GameResult,
    /// The time control, in the clock's text form.
    pub control: String,
    /// `chinese`, `asian` or `chinese1960`.
    pub rules: &'static str,
    /// The start position.
    pub start_fen: String,
    /// The current position.
    pub fen: String,
    /// The side to move.
    pub turn: Color,
    /// The moves, ICCS.
    pub moves: Vec<String>,
    /// The moves in Chinese notation.
    pub moves_chinese: Vec<String>,
    /// The moves in WXF notation.
    pub moves_wxf: Vec<String>,
    /// The last move, ICCS.
    pub last_move: Option<String>,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The legal moves of the side to move, ICCS (empty when it may not move).
    pub legal_moves: Vec<String>,
    /// Both clocks.
    pub clocks: ClockView,
    /// A standing draw offer, by whom.
    pub draw_offer: Option<Color>,
    /// The adjournment procedure: `null`, or `{state: proposed|agreed|sealed, by, ready}`.
    pub adjournment: Option<serde_json::Value>,
    /// Why the game ended.
    pub ruling: Option<Ruling>,
    /// The players' names (`Red`/`Black` unless given).
    pub names: BySide<String>,
    /// The options chosen at creation (only those given).
    pub options: GameOptions,
    /// The side that moved first.
    pub first: Color,
    /// Each side's fouls, and the limit that loses (4.1.8).
    pub fouls: BySide<u32>,
    /// The foul limit in force.
    pub foul_limit: u32,
    /// A declared move limit (1960 §12): `{rounds, from_ply, ends_at_ply, rounds_left, captures}`.
    pub move_limit: Option<serde_json::Value>,
    /// An expired limit awaiting the arbiter's ruling (1960 §12 四): `{changes, changed,
    /// summary_zh, rule, rule_zh}`, the book's criteria measured against the noted position.
    pub limit_judgment: Option<serde_json::Value>,
    /// The moves the side to move is bound to by a touch or a correction (1960 §7 四, 五).
    pub binding: Option<crate::touch::Binding>,
    /// Each side's warnings (1960 §18 九).
    pub warnings: BySide<u32>,
    /// Whether the arbiter has stopped the clocks.
    pub paused: bool,
    /// Who has opened a scheduled game (both `true` for a game not scheduled).
    pub arrived: BySide<bool>,
    /// The arbiter's events so far (fouls, limits, pauses, time, takebacks), each with its
    /// `seq`.
    pub arbiter_log: Vec<serde_json::Value>,
    /// The standing order to vary (the referee's `order`: side, reason, ply, forbidden moves,
    /// rule, explanations, cycle), while the game goes on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<xiangqi_referee::Order>,
    /// The repetition draw either player may claim now (the referee's `claimable`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimable: Option<xiangqi_referee::Claimable>,
    /// The adjournment envelope's cover (1960 §11 四): names, position, whose move and
    /// which, time used by each.
    pub envelope: Option<serde_json::Value>,
}

impl Game {
    /// The view at `now` (game ms).
    pub fn view(&self, id: &str, now: u64) -> GameView {
        let now = self.clamp(now);
        let may_move = self.ruling.is_none() && !self.is_adjourned();
        let clocks = self.clock_view(now);
        let envelope = matches!(
            self.adjournment,
            Adjournment::Agreed | Adjournment::Sealed { .. }
        )
        .then(|| self.envelope(&clocks));
        let (move_limit, limit_judgment) = (self.move_limit_view(), self.limit_judgment_view());
        let (status, legal_moves) = (self.status(), self.legal_moves_view(may_move));
        let adjournment = self.adjournment_view();
        GameView {
            names: BySide::new(
                self.options.name(Color::Red).to_owned(),
                self.options.name(Color::Black).to_owned(),
            ),
            options: self.options.clone(),
            first: self.start.turn(),
            fouls: self.desk.fouls,
            foul_limit: self.options.foul_limit(),
            move_limit,
            limit_judgment,
            binding: self.desk.binding.clone(),
            warnings: self.desk.warnings,
            paused: self.desk.paused,
            arrived: self.desk.arrived,
            arbiter_log: self.desk.log.clone(),
            envelope,
            id: id.to_owned(),
            seq: self.seq,
            status,
            result: self
                .ruling
                .as_ref()
                .map_or(GameResult::Ongoing, |r| r.result),
            control: self.control.to_string(),
            rules: self.rules().name(),
            start_fen: self.start.fen(),
            fen: self.pos.fen(),
            turn: self.turn(),
            moves: self.moves.iter().map(|m| m.iccs.clone()).collect(),
            moves_chinese: self.moves.iter().map(|m| m.chinese.clone()).collect(),
            moves_wxf: self.moves.iter().map(|m| m.wxf.clone()).collect(),
            last_move: self.moves.last().map(|m| m.iccs.clone()),
            check: self.pos.is_check(),
            legal_moves,
            clocks,
            draw_offer: self.draw_offer,
            adjournment,
            ruling: self.ruling.clone(),
            order: self.arbiter.order().filter(|_| may_move).cloned(),
            claimable: self.arbiter.claimable().filter(|_| may_move).cloned(),
        }
    }

    /// Where the game stands: `waiting` for its first move, `playing`, `adjourned`, `ended`.
    fn status(&self) -> &'static str {
        if self.ruling.is_some() {
            "ended"
        } else if self.is_adjourned() {
            "adjourned"
        } else if self.moves.is_empty() {
            "waiting"
        } else {
            "playing"
        }
    }

    /// The moves the side to move may make (ICCS), within a touch binding; none while the
    /// game cannot be moved in.
    fn legal_moves_view(&self, may_move: bool) -> Vec<String> {
        if !may_move {
            return Vec::new();
        }
        self.pos
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .filter(|m| self.desk.binding.as_ref().is_none_or(|b| b.allows(m)))
            .collect()
    }

    /// The adjournment under way: proposed, agreed, or sealed with who is ready to resume.
    fn adjournment_view(&self) -> Option<serde_json::Value> {
        match &self.adjournment {
            Adjournment::None => None,
            Adjournment::Proposed(by) => Some(serde_json::json!({"state": "proposed", "by": by})),
            Adjournment::Agreed => Some(serde_json::json!({"state": "agreed", "by": self.turn()})),
            Adjournment::Sealed { by, ready, .. } => Some(serde_json::json!({
                "state": "sealed", "by": by, "ready": {"red": ready.red, "black": ready.black},
            })),
        }
    }

    /// The move limit in force (1960 §12): its rounds, where it ends, what is left of it.
    fn move_limit_view(&self) -> Option<serde_json::Value> {
        self.desk.move_limit.map(|l| {
            let left = l.ends_at().saturating_sub(self.ply());
            serde_json::json!({
                "rounds": l.rounds, "from_ply": l.from_ply, "ends_at_ply": l.ends_at(),
                "rounds_left": left.div_ceil(2), "plies_left": left, "captures": l.captures,
                "noted_fen": self.desk.limit_noted.as_ref().map(|p| p.fen()),
            })
        })
    }

    /// A run-out limit waiting for the arbiter's judgment (1960 §12 四): the changes seen.
    fn limit_judgment_view(&self) -> Option<serde_json::Value> {
        self.desk.limit_pending.as_ref().map(|c| {
            serde_json::json!({
                "changes": c, "changed": c.any(), "summary_zh": c.chinese(),
                "rule": "1960 rules §12 四 (如局势仍无新的变化，判为和局；但当局势出现新的变化（如一方失子或棋子处于险境，士、象不归宫，将、帅被威胁等），裁判员应根据情况重限着数，或不限着数继续进行比赛)",
                "rule_zh": "1960年规则第十二节四：限着数目届满，如局势仍无新的变化，判为和局；但当局势出现新的变化（如一方失子或棋子处于险境，士、象不归宫，将、帅被威胁等），裁判员应根据情况重限着数，或不限着数继续进行比赛。",
            })
        })
    }

    /// The envelope's cover: who seals (the side to move) and its move number, the position,
    /// the names and the time each side has used (1960 §11 四).
    fn envelope(&self, clocks: &ClockView) -> serde_json::Value {
        let sealer = match &self.adjournment {
            Adjournment::Sealed { by, .. } => *by,
            _ => self.turn(),
        };
        let sealed = self.is_adjourned();
        let move_number = self.moves.iter().filter(|m| m.side == sealer).count() + 1;
        serde_json::json!({
            "red_name": self.options.name(Color::Red),
            "black_name": self.options.name(Color::Black),
            "fen": self.pos.fen(),
            "sealer": sealer,
            "move_number": move_number,
            "sealed": sealed,
            "used_ms": {"red": clocks.red.used_ms, "black": clocks.black.used_ms},
        })
    }

    fn clock_view(&self, now: u64) -> ClockView {
        let at = crate::game::ms(now);
        let side = |s: Color| {
            let r = self.clock.reading(s, at).ok();
            SideClock {
                remaining_ms: r.map_or(0, |r| millis(r.remaining)),
                left_ms: r.map_or(0, |r| millis(r.allowance)),
                byoyomi_periods: r.and_then(|r| r.byoyomi_periods),
                byoyomi_ms: r.and_then(|r| r.byoyomi_remaining).map(millis),
                moves_owed: r.and_then(|r| r.moves_owed),
                used_ms: r.map_or(0, |r| millis(r.used)),
            }
        };
        let state = self.clock.state();
        ClockView {
            state,
            running: (state == ClockState::Running)
                .then(|| self.clock.to_move())
                .flatten(),
            red: side(Color::Red),
            black: side(Color::Black),
        }
    }
}

fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}
