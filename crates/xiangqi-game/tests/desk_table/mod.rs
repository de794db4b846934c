//! The arbiter's table the desk's procedure tests share: a game decided and applied action
//! by action, with its events logged to replay it as a restart does.

use xiangqi::{Color, Position};
use xiangqi_game::{Action, Actor, ArbiterAction, Event, Game, Refusal};

pub struct Table {
    pub game: Game,
    pub log: Vec<Event>,
    pub created: Event,
    pub now: u64,
}

impl Table {
    pub fn new(fen: &str) -> Table {
        let created = Event::Created {
            control: "30m".into(),
            rules: Default::default(),
            fen: fen.into(),
            created_unix_ms: 0,
            options: Default::default(),
        };
        Table {
            game: Game::from_created(&created).unwrap(),
            log: Vec::new(),
            created,
            now: 0,
        }
    }

    pub fn start() -> Table {
        Table::new(&Position::start().fen())
    }

    pub fn act(&mut self, actor: Actor, action: Action) -> Result<Vec<Event>, Refusal> {
        self.now += 1_000;
        let d = self.game.decide_as(actor, &action, self.now);
        for e in &d.events {
            self.game.apply(e);
            self.log.push(e.clone());
        }
        d.refusal.map_or(Ok(d.events), Err)
    }

    pub fn arbiter(&mut self, a: ArbiterAction) -> Result<Vec<Event>, Refusal> {
        self.act(Actor::Arbiter, Action::Arbiter(a))
    }

    pub fn play(&mut self, mv: &str) -> Result<Vec<Event>, Refusal> {
        let side = match self.game.position().turn() {
            xiangqi::Color::Red => Color::Red,
            xiangqi::Color::Black => Color::Black,
        };
        let action = Action::Move {
            text: mv.into(),
            lag_ms: 0,
        };
        self.act(Actor::Player { side, seat: 0 }, action)
    }

    pub fn line(&mut self, moves: &str) {
        for m in moves.split_whitespace() {
            self.play(m).unwrap_or_else(|r| panic!("{m}: {r}"));
        }
    }

    /// The same events applied to a fresh game, as a restart does: the same view.
    pub fn assert_replays(&self) {
        let mut again = Game::from_created(&self.created).unwrap();
        for e in &self.log {
            again.apply(e);
        }
        let (a, b) = (self.game.view("g", self.now), again.view("g", self.now));
        assert_eq!(
            serde_json::to_value(&a).unwrap(),
            serde_json::to_value(&b).unwrap()
        );
        assert_eq!(self.game.arbiter_notes(), again.arbiter_notes());
    }
}

pub fn code(r: Result<Vec<Event>, Refusal>) -> &'static str {
    r.expect_err("a refusal").name()
}

pub fn declare(rounds: u32) -> ArbiterAction {
    ArbiterAction::MoveLimit { rounds }
}
