//! `xq judge`: rule on a game (the referee's contract in `docs/design.md`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use xiangqi::notation::{Notation, NotationError, parse_line};
use xiangqi::{Move, Position, fen::START_FEN};
use xiangqi_referee::{Game, Handicap, Options, Procedure, RuleSet, Ruling};

#[path = "judge_explain.rs"]
mod explain;

/// Rule on a game: replay the moves, stop at the first ply where the game is decided (mate,
/// stalemate, no attacking material, a repetition ruling, the natural limit, an illegal move)
/// and print the ruling.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A game record file (PGN, DhtmlXQ, XQF, or FEN + moves; the format is detected). Every
    /// game in it is ruled on, unless --game picks one; --fen and --moves are then ignored.
    file: Option<PathBuf>,
    /// With a record file: rule only on this game (counting from 1).
    #[arg(long, value_name = "N", requires = "file")]
    game: Option<usize>,
    /// The start position (FEN); the standard start if not given.
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// The moves, separated by spaces or commas: ICCS (`h2e2 h9g7`), or any notation `xq
    /// notation` reads (Chinese, WXF, UCI), detected move by move.
    #[arg(long, default_value = "")]
    moves: String,
    /// The notation of --moves, if detection should not guess (iccs, uci, uci10, chinese, wxf).
    #[arg(long)]
    notation: Option<Notation>,
    /// The rule set: chinese (CXA, default), asian (AXF) or chinese1960 (the 1960 book).
    #[arg(long, default_value = "chinese")]
    rules: RuleSet,
    /// What a cycle at the ruling occurrence does: book (default: an order to vary, or a
    /// claimable draw; the game goes on) or immediate (the game ends there).
    #[arg(long, default_value = "book")]
    procedure: Procedure,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// With a repetition ruling: print the cycle as a table, move by move (label, targets,
    /// their protection, the exchange, the article). Ignored with --json, whose `cycle`
    /// object holds the same.
    #[arg(long)]
    explain: bool,
    /// The occurrence of a repeated position that triggers a ruling (0: no repetition rulings).
    #[arg(long, default_value_t = 3)]
    repetitions: u32,
    /// The natural move limit in moves by each side (0: none); default: the rule set's (60).
    #[arg(long)]
    natural_limit: Option<u32>,
    /// Move odds: the side to move opens with this many moves in a row (2 = 两先, 3 = 三先).
    #[arg(long, value_name = "N")]
    move_odds: Option<u8>,
}

/// Runs `xq judge`. Exit code 0 whenever a ruling is printed, whatever it is.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.repetitions == 1 {
        bail!("--repetitions 1: a repetition needs at least 2 occurrences (0 turns rulings off)");
    }
    if let Some(path) = &args.file {
        return judge_file(&args, path);
    }
    let start = Position::from_fen(&args.fen).with_context(|| format!("--fen {:?}", args.fen))?;
    let handicap = match args.move_odds {
        None => Handicap::None,
        Some(n) => {
            let h = Handicap::MoveOdds(n);
            h.validate().context("--move-odds")?;
            h
        }
    };
    let moves = read_moves(&start, &args.moves, args.notation, handicap)?;
    let options = options(&args);
    let game = Game {
        start,
        moves,
        handicap,
    };
    let ruling = game.ruling(&options)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&ruling)?)?;
    } else {
        print_text(&mut out, &ruling, args.explain)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn options(args: &Args) -> Options {
    Options {
        rules: args.rules,
        repetitions: args.repetitions,
        natural_limit: args.natural_limit,
        procedure: args.procedure,
    }
}

/// Rules on the games of a record file: one ruling per game, each as `xq judge` prints it for
/// one game (in JSON, one object per line, with a `"game"` number when the file holds more than
/// one). A main-line move that is illegal in the record is handed to the referee, which rules it
/// at its ply; a move that cannot be read at all ends the game's line there, with a warning.
fn judge_file(args: &Args, path: &Path) -> anyhow::Result<ExitCode> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let games = xiangqi_records::read_mainlines(&bytes)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if let Some(n) = args.game
        && (n == 0 || n > games.len())
    {
        bail!("--game {n}: {} holds {} games", path.display(), games.len());
    }
    let several = games.len() > 1 && args.game.is_none();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (i, game) in games.into_iter().enumerate() {
        if args.game.is_some_and(|n| n != i + 1) {
            continue;
        }
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                eprintln!("xq: {}: game {}: {e}", path.display(), i + 1);
                continue;
            }
        };
        let mut moves = game.moves;
        if let Some(problem) = &game.problem {
            match &problem.kind {
                xiangqi_records::ErrorKind::IllegalMove { mv, .. } => moves.push(*mv),
                _ => eprintln!("xq: {}: game {}: {problem}", path.display(), i + 1),
            }
        }
        let ruling = Game {
            start: game.start,
            moves,
            handicap: Handicap::None,
        }
        .ruling(&options(args))?;
        if args.json {
            let mut value = serde_json::to_value(&ruling)?;
            if several && let Some(object) = value.as_object_mut() {
                object.insert("game".into(), (i + 1).into());
            }
            writeln!(out, "{value}")?;
        } else {
            if several {
                writeln!(out, "game {}:", i + 1)?;
            }
            print_text(&mut out, &ruling, args.explain)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads the move list. Plain ICCS is taken as written, so that an illegal move reaches the
/// referee and is ruled on with its ply; other notations need the position to be read, and
/// reading stops at a move that fits no legal move: if the text still names the move (a
/// coordinate move), it is handed to the referee; otherwise it is an input error.
fn read_moves(
    start: &Position,
    text: &str,
    notation: Option<Notation>,
    handicap: Handicap,
) -> anyhow::Result<Vec<Move>> {
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let iccs_wanted = matches!(notation, None | Some(Notation::Iccs) | Some(Notation::Uci));
    if iccs_wanted
        && let Ok(moves) = tokens
            .iter()
            .map(|t| t.parse::<Move>())
            .collect::<Result<Vec<_>, _>>()
    {
        return Ok(moves);
    }
    if !matches!(handicap, Handicap::None | Handicap::MoveOdds(1)) {
        bail!(
            "--moves: with --move-odds give the moves in ICCS (h2e2), since the odds moves break alternation"
        );
    }
    match parse_line(start, text, notation) {
        Ok(moves) => Ok(moves),
        Err(e) => match e.error {
            NotationError::Illegal(illegal) => {
                let mut moves =
                    parse_line(start, text.get(..e.offset).unwrap_or_default(), notation)
                        .map_err(|e| anyhow::anyhow!("--moves: {e}"))?;
                moves.push(illegal.mv);
                Ok(moves)
            }
            _ => bail!("--moves: {e}"),
        },
    }
}

fn print_text(out: &mut impl Write, r: &Ruling, explain: bool) -> std::io::Result<()> {
    writeln!(out, "result:      {}", r.result)?;
    writeln!(
        out,
        "reason:      {}",
        r.reason.as_ref().map_or("-", |x| x.name())
    )?;
    writeln!(out, "ply:         {}", r.ply)?;
    writeln!(out, "offender:    {}", r.offender.map_or("-", |c| c.name()))?;
    if !r.rule.is_empty() {
        writeln!(out, "rule:        {}", r.rule)?;
    }
    if let Some(at) = r.ordered_at {
        writeln!(
            out,
            "ordered at:  ply {at} (the order to vary was not obeyed)"
        )?;
    }
    if let Some(by) = r.claimed_by {
        writeln!(out, "claimed by:  {}", by.name())?;
    }
    writeln!(out, "explanation: {}", r.explanation)?;
    writeln!(out, "说明:        {}", r.explanation_zh)?;
    if let Some(order) = &r.order {
        let forbidden: Vec<String> = order.forbidden.iter().map(|m| m.to_string()).collect();
        writeln!(
            out,
            "order:       {} must vary ({}, ply {}); forbidden: {}",
            order.side.name(),
            order.reason,
            order.ply,
            if forbidden.is_empty() {
                "-".to_owned()
            } else {
                forbidden.join(" ")
            }
        )?;
        writeln!(out, "rule:        {}", order.rule)?;
        writeln!(out, "explanation: {}", order.explanation)?;
        writeln!(out, "说明:        {}", order.explanation_zh)?;
    }
    if let Some(claim) = &r.claimable {
        writeln!(
            out,
            "claimable:   draw (repetition_draw) since ply {}",
            claim.ply
        )?;
        writeln!(out, "rule:        {}", claim.rule)?;
        writeln!(out, "explanation: {}", claim.explanation)?;
        writeln!(out, "说明:        {}", claim.explanation_zh)?;
    }
    let cycle = r
        .cycle
        .as_deref()
        .or(r.order.as_ref().map(|o| &o.cycle))
        .or(r.claimable.as_ref().map(|c| &c.cycle));
    match cycle {
        Some(report) if explain => explain::print_cycle(out, report),
        _ => Ok(()),
    }
}
