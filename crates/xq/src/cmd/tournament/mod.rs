//! `xq tournament`: run a competition from a tournament file (JSON) that holds everything
//! and can be resumed at any point.
//!
//! ```text
//! xq tournament new --players players.csv --system swiss --rounds 9 event.json
//! xq tournament pair event.json
//! xq tournament result event.json 1 3 1-0
//! xq tournament standings event.json
//! xq tournament crosstable event.json --format html > table.html
//! xq tournament export event.json --format trf > event.trf
//! xq tournament new --players players.csv --system swiss --swiss dutch --rounds 9 open.json
//! xq tournament new --players players.csv --swiss chinese --clubs-apart 3 --last-rounds-priority 3 cn.json
//! xq tournament import other.trf -o event.json
//! xq tournament check event.trf          # exit 0: every round is the rules' own; 1: first difference
//! xq tournament generate --players 40 --rounds 7 --seed 1 random.trf
//! xq tournament export event.json --format trf2026 > event.trf
//! xq tournament berger 6 --json
//! xq tournament knockout players.csv --third-place
//! xq tournament draw-cards 13 --seed 2026
//! xq tournament groups players.csv --groups 2
//! ```

mod args;
mod bracket;
mod file;
mod output;
mod trf;

use args::{
    ColourArg, Command, ExportFormat, FirstRoundArg, NewArgs, ScoringArg, SwissArg, SystemArg,
    TableFormat, WithdrawalArg,
};
use file::{load, save};
use output::{print_pairings, standings_json, standings_text};

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use xiangqi_tournament::export::{Crosstable, to_trf, to_trf2026};
use xiangqi_tournament::swiss::{FirstRound, SwissVariant};
use xiangqi_tournament::tournament::{ClubRule, LastRoundsPriority, SwissOptions};
use xiangqi_tournament::{
    Outcome, PlayerId, Scoring, Settings, System, TieBreak, TieBreakPreset, Tournament,
    WithdrawalRule,
};

/// Tournaments: pairings, results, standings, crosstables.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

/// Runs `xq tournament`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Command::New(a) => new(a)?,
        Command::Pair { file, json } => pair(&file, json)?,
        Command::Pairings { file, round, json } => pairings(&file, round, json)?,
        Command::Result {
            file,
            round,
            board,
            result,
            fouls,
        } => enter_result(&file, round, board, &result, fouls.as_deref())?,
        Command::Withdraw {
            file,
            player,
            after,
        } => withdraw(&file, player, after)?,
        Command::Standings { file, json } => standings(&file, json)?,
        Command::Crosstable { file, format } => crosstable(&file, format)?,
        Command::Export { file, format, out } => export(&file, format, out)?,
        Command::Import {
            trf,
            out,
            scoring,
            force,
        } => trf::import(&trf, out, scoring.map(scoring_of), force)?,
        Command::Check { file, swiss, json } => {
            return trf::check(&file, swiss.map(variant_of), json);
        }
        Command::Generate {
            file,
            players,
            rounds,
            seed,
            forfeits,
            byes,
            baku,
            trf16,
        } => trf::generate(&file, players, rounds, seed, forfeits, byes, baku, trf16)?,
        Command::Berger {
            players,
            double,
            swap_last_two,
            json,
        } => bracket::berger_table(players, double, swap_last_two, json)?,
        Command::Knockout {
            players,
            double,
            third_place,
            reset,
            json,
        } => bracket::knockout(&players, double, third_place, reset, json)?,
        Command::DrawCards {
            players,
            seed,
            json,
        } => bracket::draw_cards(players, seed, json)?,
        Command::Groups {
            players,
            groups,
            json,
        } => bracket::groups(&players, groups, json)?,
        Command::TeamScore {
            teams,
            matches,
            scoring,
            json,
        } => bracket::team_score(teams, &matches, &scoring_of(scoring), json)?,
        Command::Lineups {
            squad,
            boards,
            json,
        } => bracket::lineups(squad, boards, json)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `xq tournament pair`: the next round paired, saved and shown.
fn pair(file: &Path, json: bool) -> anyhow::Result<()> {
    let mut t = load(file)?;
    let round = t.pair_next_round()?;
    save(file, &t)?;
    print_pairings(&t, round, json);
    Ok(())
}

/// `xq tournament withdraw`: a player leaves after a round.
fn withdraw(file: &Path, player: u32, after: u32) -> anyhow::Result<()> {
    let mut t = load(file)?;
    let effect = t.withdraw(PlayerId(player), after)?;
    save(file, &t)?;
    println!("player {player} withdrawn after round {after}: {effect:?}");
    Ok(())
}

/// `xq tournament standings`: the standings as text or JSON.
fn standings(file: &Path, json: bool) -> anyhow::Result<()> {
    let t = load(file)?;
    let s = t.standings();
    if json {
        println!("{}", serde_json::to_string_pretty(&standings_json(&t, &s))?);
    } else {
        print!("{}", standings_text(&t, &s));
    }
    Ok(())
}

/// `xq tournament crosstable`: the crosstable as text, CSV or HTML.
fn crosstable(file: &Path, format: TableFormat) -> anyhow::Result<()> {
    let x = Crosstable::build(&load(file)?);
    print!(
        "{}",
        match format {
            TableFormat::Text => x.to_text(),
            TableFormat::Csv => x.to_csv(),
            TableFormat::Html => x.to_html(),
        }
    );
    Ok(())
}

/// `xq tournament pairings`: a round's pairings (the last round's by default).
fn pairings(file: &Path, round: Option<u32>, json: bool) -> anyhow::Result<()> {
    let t = load(file)?;
    let round = round.unwrap_or(t.rounds.len() as u32);
    if round == 0 || round as usize > t.rounds.len() {
        bail!(
            "round {round} has not been paired ({} rounds so far)",
            t.rounds.len()
        );
    }
    print_pairings(&t, round, json);
    Ok(())
}

/// `xq tournament result`: a game's result and, with `--fouls A,B`, each side's fouls.
fn enter_result(
    file: &Path,
    round: u32,
    board: u32,
    result: &str,
    fouls: Option<&str>,
) -> anyhow::Result<()> {
    let mut t = load(file)?;
    let outcome: Outcome = result.parse()?;
    t.set_result(round, board, outcome)?;
    if let Some(f) = fouls {
        let parts: Vec<&str> = f.split(',').map(str::trim).collect();
        let [a, b] = parts[..] else {
            bail!("--fouls wants two numbers like 1,0, not {f:?}")
        };
        t.set_fouls(
            round,
            board,
            [a.parse().context("--fouls")?, b.parse().context("--fouls")?],
        )?;
    }
    save(file, &t)?;
    println!("round {round} board {board}: {outcome}");
    Ok(())
}

/// `xq tournament export`: the event as TRF, CSV, HTML, text or JSON, to a file or stdout.
fn export(file: &Path, format: ExportFormat, out: Option<PathBuf>) -> anyhow::Result<()> {
    let t = load(file)?;
    let x = Crosstable::build(&t);
    let text = match format {
        ExportFormat::Trf => to_trf(&t),
        ExportFormat::Trf2026 => to_trf2026(&t),
        ExportFormat::Csv => x.to_csv(),
        ExportFormat::Html => x.to_html(),
        ExportFormat::Text => x.to_text(),
        ExportFormat::Json => t.to_json() + "\n",
    };
    match out {
        Some(path) => {
            std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?
        }
        None => print!("{text}"),
    }
    Ok(())
}

fn new(a: NewArgs) -> anyhow::Result<()> {
    if a.file.exists() && !a.force {
        bail!("{} exists; use --force to overwrite it", a.file.display());
    }
    let text = std::fs::read_to_string(&a.players)
        .with_context(|| format!("reading {}", a.players.display()))?;
    let players = xiangqi_tournament::player::read_players(&text)
        .with_context(|| a.players.display().to_string())?;
    let n = players.len() as u32;
    let system = match a.system {
        SystemArg::RoundRobin => System::RoundRobin {
            cycles: 1,
            swap_last_two: false,
        },
        SystemArg::DoubleRoundRobin => System::RoundRobin {
            cycles: 2,
            swap_last_two: a.swap_last_two,
        },
        SystemArg::Swiss => System::Swiss {
            // 1960 §9 四(二): about half the number of players.
            rounds: a.rounds.unwrap_or((n / 2).clamp(1, 11).min(n + n % 2 - 1)),
            variant: variant_of(a.swiss),
            first_round: match a.first_round {
                FirstRoundArg::Adjacent => FirstRound::Adjacent,
                FirstRoundArg::Split => FirstRound::Split,
            },
        },
    };
    let default_preset = match a.system {
        SystemArg::RoundRobin => TieBreakPreset::Single1960,
        SystemArg::DoubleRoundRobin => TieBreakPreset::TwoGame1960,
        SystemArg::Swiss if matches!(a.swiss, SwissArg::Dutch) => TieBreakPreset::FideSwiss,
        SystemArg::Swiss => TieBreakPreset::ChineseSwiss,
    };
    let tiebreaks = match &a.tiebreaks {
        None => default_preset.chain(),
        Some(s) => parse_tiebreaks(s)?,
    };
    let settings = Settings {
        system,
        scoring: match (a.scoring, a.swiss) {
            (Some(s), _) => scoring_of(s),
            (None, SwissArg::Dutch) if matches!(a.system, SystemArg::Swiss) => Scoring::modern(),
            (None, _) => Scoring::rules_1960(),
        },
        tiebreaks,
        withdrawal_rule: match a.withdrawal {
            WithdrawalArg::Rules1960 => WithdrawalRule::Rules1960,
            WithdrawalArg::Fide => WithdrawalRule::Fide,
        },
        swiss: swiss_options(&a)?,
    };
    let t = Tournament::new(&a.name, players, settings)?;
    save(&a.file, &t)?;
    println!(
        "{}: {} players, {} rounds",
        a.file.display(),
        t.players.len(),
        t.planned_rounds()
    );
    Ok(())
}

fn scoring_of(s: ScoringArg) -> Scoring {
    match s {
        ScoringArg::Rules1960 => Scoring::rules_1960(),
        ScoringArg::Modern => Scoring::modern(),
    }
}

fn variant_of(s: SwissArg) -> SwissVariant {
    match s {
        SwissArg::Rules1960 => SwissVariant::Rules1960,
        SwissArg::Chinese => SwissVariant::Chinese,
        SwissArg::Dutch => SwissVariant::Dutch,
    }
}

fn swiss_options(a: &NewArgs) -> anyhow::Result<SwissOptions> {
    let clubs = match a.clubs_apart.as_deref().map(str::trim) {
        None => ClubRule::Off,
        Some("all" | "always") => ClubRule::Always,
        Some(n) => ClubRule::FirstRounds {
            rounds: n.parse().with_context(|| {
                format!("--clubs-apart wants `all` or a number of rounds, not {n:?}")
            })?,
        },
    };
    let gap = a.priority_gap * 2.0;
    if !(0.0..=1000.0).contains(&gap) || gap.fract() != 0.0 {
        bail!("--priority-gap wants a whole or half number of points");
    }
    Ok(SwissOptions {
        clubs,
        baku: a.baku,
        initial_colour: a.initial_colour.map(|c| match c {
            ColourArg::White => xiangqi_tournament::Mover::First,
            ColourArg::Black => xiangqi_tournament::Mover::Second,
        }),
        last_rounds_priority: a.last_rounds_priority.map(|rounds| LastRoundsPriority {
            rounds,
            gap: xiangqi_tournament::Points::from_halves(gap as i32),
        }),
        ..SwissOptions::default()
    })
}

fn parse_tiebreaks(s: &str) -> anyhow::Result<Vec<TieBreak>> {
    xiangqi_tournament::tiebreak::parse_chain(s)
        .map_err(|c| anyhow::anyhow!("unknown tie-break {:?}", c.0))
}
