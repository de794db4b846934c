//! Score adjudication: resignation after a run of bad scores, never on one mate score; draws
//! after a run of level scores.

use std::time::Duration;

use xiangqi::Position;
use xiangqi::notation::Notation;
use xiangqi_engine::{
    Adjudication, DrawRule, EngineError, GameEnd, GameSetup, Go, Info, Player, Reply, Request,
    ResignRule, Score, play_game,
};
use xiangqi_referee::{GameResult, Options};

/// Plays its first legal move and reports the scores of `scores` in turn (the last one
/// repeated).
struct Scripted {
    scores: Vec<Score>,
    moves: usize,
}

impl Player for Scripted {
    fn name(&self) -> &str {
        "scripted"
    }
    fn new_game(&mut self) -> Result<(), EngineError> {
        Ok(())
    }
    fn go(&mut self, req: &Request) -> Result<Reply, EngineError> {
        let score = self.scores[self.moves.min(self.scores.len() - 1)];
        self.moves += 1;
        let legal = req.position.legal_moves();
        Ok(Reply {
            mv: legal.first().map(|m| m.to_string()),
            notation: Notation::Iccs,
            draw: false,
            resign: false,
            info: Some(Info {
                depth: Some(1),
                score: Some(score),
                ..Info::default()
            }),
            elapsed: Duration::ZERO,
        })
    }
}

fn player(scores: &[Score]) -> Scripted {
    Scripted {
        scores: scores.to_vec(),
        moves: 0,
    }
}

fn setup(adjudication: Adjudication) -> GameSetup {
    GameSetup {
        start: Position::start(),
        opening: Vec::new(),
        options: Options {
            // First-legal-move players repeat positions: keep the referee out of the way.
            repetitions: 0,
            ..Options::default()
        },
        control: None,
        limits: [Go::default(); 2],
        enforce_variation: false,
        adjudication: Adjudication {
            max_plies: 60,
            ..adjudication
        },
    }
}

const RESIGN: ResignRule = ResignRule {
    moves: 3,
    score: 500,
    twosided: false,
};

#[test]
fn a_side_resigns_after_its_run_of_bad_scores() {
    let s = setup(Adjudication {
        resign: Some(RESIGN),
        ..Adjudication::default()
    });
    let mut red = player(&[Score::Cp(0), Score::Cp(-600)]);
    let mut black = player(&[Score::Cp(600)]);
    let o = play_game(&s, &mut red, &mut black).unwrap();
    assert_eq!(o.result, GameResult::BlackWins);
    assert!(matches!(
        o.end,
        GameEnd::Resigned {
            adjudicated: true,
            ..
        }
    ));
    // Red's first move scored 0; its 2nd, 3rd and 4th -600: resigned after ply 7.
    assert_eq!(o.moves.len(), 7);
}

#[test]
fn mate_scores_alone_never_resign() {
    let s = setup(Adjudication {
        resign: Some(RESIGN),
        ..Adjudication::default()
    });
    // Red keeps reporting "mated in 1" (a rule verdict, say) while Black sees nothing.
    let mut red = player(&[Score::Mate(-1)]);
    let mut black = player(&[Score::Cp(0)]);
    let o = play_game(&s, &mut red, &mut black).unwrap();
    assert_eq!(o.end, GameEnd::AdjudicatedDraw, "{}", o.termination);
    // When the opponent agrees, the mate score counts.
    let mut red = player(&[Score::Mate(-1)]);
    let mut black = player(&[Score::Mate(1)]);
    let o = play_game(&s, &mut red, &mut black).unwrap();
    assert!(matches!(
        o.end,
        GameEnd::Resigned {
            loser: xiangqi::Color::Red,
            adjudicated: true
        }
    ));
}

#[test]
fn level_scores_draw_after_the_move_number() {
    let s = setup(Adjudication {
        draw: Some(DrawRule {
            after_move: 5,
            moves: 4,
            score: 20,
        }),
        ..Adjudication::default()
    });
    let mut red = player(&[Score::Cp(10)]);
    let mut black = player(&[Score::Cp(-5)]);
    let o = play_game(&s, &mut red, &mut black).unwrap();
    assert_eq!(o.result, GameResult::Draw);
    assert!(o.termination.contains("within ±20 cp"), "{}", o.termination);
    // Counting starts at move 5 (ply 9); four moves each: ply 16.
    assert_eq!(o.moves.len(), 16);
}
