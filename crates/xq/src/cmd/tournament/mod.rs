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
//! xq tournament berger 6 --json
//! xq tournament knockout players.csv --third-place
//! xq tournament draw-cards 13 --seed 2026
//! xq tournament groups players.csv --groups 2
//! ```

mod bracket;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Subcommand, ValueEnum};
use xiangqi_tournament::export::{Crosstable, to_trf};
use xiangqi_tournament::swiss::{FirstRound, SwissVariant};
use xiangqi_tournament::{
    Outcome, PlayerId, Scoring, Settings, Standings, System, TieBreak, TieBreakPreset, Tournament,
    WithdrawalRule, berger, team,
};

/// Tournaments: pairings, results, standings, crosstables.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Create a tournament file from a player list (CSV with a header row, or JSON).
    New(NewArgs),
    /// Pair the next round and save it.
    Pair {
        /// The tournament file.
        file: PathBuf,
        /// Print the pairing as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Show the pairings of a round (default: the last one).
    Pairings {
        /// The tournament file.
        file: PathBuf,
        /// Round number.
        round: Option<u32>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Enter a result: 1-0, 0-1, 1/2 (or 2-0, 0-2, 1-1), +- / -+ (default), -- (both absent).
    Result {
        /// The tournament file.
        file: PathBuf,
        /// Round number.
        round: u32,
        /// Board number.
        board: u32,
        /// The result, first mover first.
        result: String,
        /// Infractions/fouls of the first and second mover, e.g. `1,0`.
        #[arg(long)]
        fouls: Option<String>,
    },
    /// Record a withdrawal after a round (1960 §14 or the FIDE rule, as the event is set).
    Withdraw {
        /// The tournament file.
        file: PathBuf,
        /// Player number.
        player: u32,
        /// The last round the player took part in.
        #[arg(long)]
        after: u32,
    },
    /// Standings with every tie-break column.
    Standings {
        /// The tournament file.
        file: PathBuf,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The crosstable.
    Crosstable {
        /// The tournament file.
        file: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = TableFormat::Text)]
        format: TableFormat,
    },
    /// Export: TRF16, crosstable CSV or HTML, or the tournament JSON itself.
    Export {
        /// The tournament file.
        file: PathBuf,
        /// Output format.
        #[arg(long, value_enum)]
        format: ExportFormat,
        /// Write here instead of standard output.
        #[arg(long, short)]
        out: Option<PathBuf>,
    },
    /// Print the Berger round-robin table for N players (0 = bye).
    Berger {
        /// Number of players.
        players: u32,
        /// A double round robin.
        #[arg(long)]
        double: bool,
        /// Swap the last two rounds of the first cycle (double round robin).
        #[arg(long)]
        swap_last_two: bool,
        /// Print `[[[first, second], …], …]`.
        #[arg(long)]
        json: bool,
    },
    /// Print the knockout bracket (淘汰制, 1960 §9 一) of a seeded player list: byes fall to
    /// the top seeds, seeds 1 and 2 in opposite halves.
    Knockout {
        /// Player list: CSV (columns name, club, rating, seed) or JSON, in any order; seeds
        /// then rating give the starting order.
        players: PathBuf,
        /// Double elimination (out after two defeats).
        #[arg(long)]
        double: bool,
        /// A play-off for third between the semi-final losers (single elimination).
        #[arg(long, conflicts_with = "double")]
        third_place: bool,
        /// A second grand final if the losers' bracket champion wins the first (double).
        #[arg(long, requires = "double")]
        reset: bool,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Draw one round of the card knockout (current text 2.9) for players 1…N: equal cards
    /// play, the red card moves first, the K has a bye.
    DrawCards {
        /// Players still in.
        players: u32,
        /// Seed of the lot, so the draw can be re-run and checked.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Spread a seeded player list over groups by the snake (分组循环制, 1960 §9 三) and print
    /// each group's round-robin schedule in overall player numbers.
    Groups {
        /// Player list: CSV or JSON, as for `new`.
        players: PathBuf,
        /// Number of groups.
        #[arg(long)]
        groups: usize,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Score team matches and rank the teams: match points (2/1/0), then board points.
    TeamScore {
        /// Number of teams.
        teams: u32,
        /// Matches as `HOME-AWAY:RESULTS`, the home team's result per board: W, D, L, + (won
        /// by default), - (lost by default); e.g. `1-2:WDDL`.
        #[arg(required = true)]
        matches: Vec<String>,
        /// Game scoring: 1960 (2/1/0) or modern (1/½/0).
        #[arg(long, value_enum, default_value_t = ScoringArg::Rules1960)]
        scoring: ScoringArg,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// List the legal team line-ups (分台制) for a squad and a number of boards.
    Lineups {
        /// Registered players in the squad.
        #[arg(long)]
        squad: u32,
        /// Boards per match.
        #[arg(long)]
        boards: u32,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(clap::Args, Debug)]
struct NewArgs {
    /// Where to write the tournament file.
    file: PathBuf,
    /// Player list: CSV (columns name, club, rating, seed) or JSON.
    #[arg(long)]
    players: PathBuf,
    /// Event name.
    #[arg(long, default_value = "Tournament")]
    name: String,
    /// Pairing system.
    #[arg(long, value_enum, default_value_t = SystemArg::Swiss)]
    system: SystemArg,
    /// Rounds (Swiss).
    #[arg(long)]
    rounds: Option<u32>,
    /// Swiss rules.
    #[arg(long, value_enum, default_value_t = SwissArg::Chinese)]
    swiss: SwissArg,
    /// Round-1 pairing of a Swiss.
    #[arg(long, value_enum, default_value_t = FirstRoundArg::Adjacent)]
    first_round: FirstRoundArg,
    /// Swap the last two rounds of the first cycle of a double round robin.
    #[arg(long)]
    swap_last_two: bool,
    /// Scoring: 1960 (2/1/0) or modern (1/½/0).
    #[arg(long, value_enum, default_value_t = ScoringArg::Rules1960)]
    scoring: ScoringArg,
    /// Tie-breaks: a preset (single-1960, two-game-1960, chinese-swiss, chinese-swiss-full,
    /// round-robin-modern, fide-swiss) or a comma list of criteria (points, match_points,
    /// head_to_head, unbeaten, fewer_losses, fewer_fouls, buchholz, buchholz_cut1,
    /// progressive, wins, wins_as_second, games_as_second, sonneborn_berger).
    #[arg(long)]
    tiebreaks: Option<String>,
    /// Withdrawal rule.
    #[arg(long, value_enum, default_value_t = WithdrawalArg::Rules1960)]
    withdrawal: WithdrawalArg,
    /// Overwrite an existing file.
    #[arg(long)]
    force: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum SystemArg {
    /// Single round robin (Berger tables).
    RoundRobin,
    /// Double round robin.
    DoubleRoundRobin,
    /// Swiss.
    Swiss,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum SwissArg {
    /// 1960 rules.
    #[value(name = "1960")]
    Rules1960,
    /// Modern Chinese practice.
    Chinese,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum FirstRoundArg {
    Adjacent,
    Split,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum ScoringArg {
    #[value(name = "1960")]
    Rules1960,
    Modern,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum WithdrawalArg {
    #[value(name = "1960")]
    Rules1960,
    Fide,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum TableFormat {
    Text,
    Csv,
    Html,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum ExportFormat {
    Trf,
    Csv,
    Html,
    Text,
    Json,
}

/// Runs `xq tournament`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Command::New(a) => new(a)?,
        Command::Pair { file, json } => {
            let mut t = load(&file)?;
            let round = t.pair_next_round()?;
            save(&file, &t)?;
            print_pairings(&t, round, json);
        }
        Command::Pairings { file, round, json } => {
            let t = load(&file)?;
            let round = round.unwrap_or(t.rounds.len() as u32);
            if round == 0 || round as usize > t.rounds.len() {
                bail!(
                    "round {round} has not been paired ({} rounds so far)",
                    t.rounds.len()
                );
            }
            print_pairings(&t, round, json);
        }
        Command::Result {
            file,
            round,
            board,
            result,
            fouls,
        } => {
            let mut t = load(&file)?;
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
            save(&file, &t)?;
            println!("round {round} board {board}: {outcome}");
        }
        Command::Withdraw {
            file,
            player,
            after,
        } => {
            let mut t = load(&file)?;
            let effect = t.withdraw(PlayerId(player), after)?;
            save(&file, &t)?;
            println!("player {player} withdrawn after round {after}: {effect:?}");
        }
        Command::Standings { file, json } => {
            let t = load(&file)?;
            let s = t.standings();
            if json {
                println!("{}", serde_json::to_string_pretty(&standings_json(&t, &s))?);
            } else {
                print!("{}", standings_text(&t, &s));
            }
        }
        Command::Crosstable { file, format } => {
            let t = load(&file)?;
            let x = Crosstable::build(&t);
            print!(
                "{}",
                match format {
                    TableFormat::Text => x.to_text(),
                    TableFormat::Csv => x.to_csv(),
                    TableFormat::Html => x.to_html(),
                }
            );
        }
        Command::Export { file, format, out } => {
            let t = load(&file)?;
            let x = Crosstable::build(&t);
            let text = match format {
                ExportFormat::Trf => to_trf(&t),
                ExportFormat::Csv => x.to_csv(),
                ExportFormat::Html => x.to_html(),
                ExportFormat::Text => x.to_text(),
                ExportFormat::Json => t.to_json() + "\n",
            };
            match out {
                Some(path) => std::fs::write(&path, text)
                    .with_context(|| format!("writing {}", path.display()))?,
                None => print!("{text}"),
            }
        }
        Command::Berger {
            players,
            double,
            swap_last_two,
            json,
        } => {
            if !(2..=1000).contains(&players) {
                bail!("a round robin needs 2 to 1000 players, not {players}");
            }
            let table = if double {
                berger::double_table(players, swap_last_two)
            } else {
                berger::table(players)
            };
            if json {
                let v: Vec<Vec<[u32; 2]>> = table
                    .iter()
                    .map(|r| r.iter().map(|f| [f.first, f.second]).collect())
                    .collect();
                println!("{}", serde_json::to_string(&v)?);
            } else {
                for (i, r) in table.iter().enumerate() {
                    let games: Vec<String> = r
                        .iter()
                        .map(|f| format!("{}-{}", f.first, f.second))
                        .collect();
                    println!("Round {:>2}: {}", i + 1, games.join(", "));
                }
            }
        }
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
        } => {
            let scoring = match scoring {
                ScoringArg::Rules1960 => Scoring::rules_1960(),
                ScoringArg::Modern => Scoring::modern(),
            };
            bracket::team_score(teams, &matches, &scoring, json)?
        }
        Command::Lineups {
            squad,
            boards,
            json,
        } => {
            let lineups = team::legal_lineups(squad, boards)?;
            if json {
                println!("{}", serde_json::to_string(&lineups)?);
            } else {
                for l in &lineups {
                    let s: Vec<String> = l.iter().map(u32::to_string).collect();
                    println!("{}", s.join("-"));
                }
                println!("{} line-ups", lineups.len());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
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
            variant: match a.swiss {
                SwissArg::Rules1960 => SwissVariant::Rules1960,
                SwissArg::Chinese => SwissVariant::Chinese,
            },
            first_round: match a.first_round {
                FirstRoundArg::Adjacent => FirstRound::Adjacent,
                FirstRoundArg::Split => FirstRound::Split,
            },
        },
    };
    let default_preset = match a.system {
        SystemArg::RoundRobin => TieBreakPreset::Single1960,
        SystemArg::DoubleRoundRobin => TieBreakPreset::TwoGame1960,
        SystemArg::Swiss => TieBreakPreset::ChineseSwiss,
    };
    let tiebreaks = match &a.tiebreaks {
        None => default_preset.chain(),
        Some(s) => parse_tiebreaks(s)?,
    };
    let settings = Settings {
        system,
        scoring: match a.scoring {
            ScoringArg::Rules1960 => Scoring::rules_1960(),
            ScoringArg::Modern => Scoring::modern(),
        },
        tiebreaks,
        withdrawal_rule: match a.withdrawal {
            WithdrawalArg::Rules1960 => WithdrawalRule::Rules1960,
            WithdrawalArg::Fide => WithdrawalRule::Fide,
        },
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

fn parse_tiebreaks(s: &str) -> anyhow::Result<Vec<TieBreak>> {
    let preset = match s.trim().replace('_', "-").as_str() {
        "single-1960" => Some(TieBreakPreset::Single1960),
        "two-game-1960" => Some(TieBreakPreset::TwoGame1960),
        "chinese-swiss" => Some(TieBreakPreset::ChineseSwiss),
        "chinese-swiss-full" => Some(TieBreakPreset::ChineseSwissFull),
        "round-robin-modern" => Some(TieBreakPreset::RoundRobinModern),
        "fide-swiss" => Some(TieBreakPreset::FideSwiss),
        _ => None,
    };
    if let Some(p) = preset {
        return Ok(p.chain());
    }
    s.split(',')
        .map(|c| {
            let c = c.trim().replace('-', "_");
            serde_json::from_value::<TieBreak>(serde_json::Value::String(c.clone()))
                .map_err(|_| anyhow::anyhow!("unknown tie-break {c:?}"))
        })
        .collect()
}

fn load(path: &Path) -> anyhow::Result<Tournament> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    Tournament::from_json(&text).with_context(|| path.display().to_string())
}

/// Writes atomically: a crash mid-write never leaves a half file behind.
fn save(path: &Path, t: &Tournament) -> anyhow::Result<()> {
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, t.to_json() + "\n")
        .with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("replacing {}", path.display()))?;
    Ok(())
}

fn name(t: &Tournament, p: PlayerId) -> String {
    t.player(p).map(|x| x.name.clone()).unwrap_or_default()
}

fn print_pairings(t: &Tournament, round: u32, json: bool) {
    let r = &t.rounds[round as usize - 1];
    if json {
        let boards: Vec<serde_json::Value> = r
            .games
            .iter()
            .map(|g| {
                serde_json::json!({
                    "board": g.board, "first": g.first.0, "second": g.second.0,
                    "first_name": name(t, g.first), "second_name": name(t, g.second),
                    "result": g.outcome.map(|o| o.to_string()),
                })
            })
            .collect();
        let v =
            serde_json::json!({"round": round, "boards": boards, "bye": r.bye.map(|(p, _)| p.0)});
        println!("{v}");
        return;
    }
    println!("Round {round}");
    for g in &r.games {
        println!(
            "{:>3}. {:>4} {}  -  {:>4} {}  {}",
            g.board,
            g.first,
            name(t, g.first),
            g.second,
            name(t, g.second),
            g.outcome.map(|o| o.to_string()).unwrap_or_default()
        );
    }
    if let Some((p, pts)) = r.bye {
        println!("bye: {p} {} ({pts})", name(t, p));
    }
}

fn standings_json(t: &Tournament, s: &Standings) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = s
        .rows
        .iter()
        .map(|r| {
            let tb: serde_json::Map<String, serde_json::Value> = s
                .criteria
                .iter()
                .zip(&r.values)
                .map(|(c, v)| (c.code().to_string(), v.map(|v| v.to_string()).into()))
                .collect();
            serde_json::json!({
                "rank": r.rank, "shared": r.shared, "player": r.player.0, "name": name(t, r.player),
                "points": r.points.to_string(), "games": r.games, "wins": r.wins, "draws": r.draws,
                "losses": r.losses, "tiebreaks": tb,
            })
        })
        .collect();
    serde_json::json!({"criteria": s.criteria.iter().map(|c| c.code()).collect::<Vec<_>>(), "rows": rows})
}

fn standings_text(t: &Tournament, s: &Standings) -> String {
    let x = Crosstable::build(t);
    let mut out = String::new();
    let mut header = vec![
        "Place".to_string(),
        "No".into(),
        "Name".into(),
        "Pts".into(),
    ];
    header.extend(s.criteria.iter().skip(1).map(|c| c.code().to_string()));
    header.extend(["G".into(), "W".into(), "D".into(), "L".into()]);
    let rows: Vec<Vec<String>> = s
        .rows
        .iter()
        .map(|r| {
            let mut c = vec![
                Standings::place_label(r),
                r.player.to_string(),
                name(t, r.player),
                r.points.to_string(),
            ];
            c.extend(
                r.values
                    .iter()
                    .skip(1)
                    .map(|v| v.map(|v| v.to_string()).unwrap_or_default()),
            );
            c.extend([r.games, r.wins, r.draws, r.losses].map(|n| n.to_string()));
            c
        })
        .collect();
    out.push_str(&format!("{}\n\n", x.title));
    out.push_str(&xiangqi_tournament::export::text_table(&header, &rows));
    let names: Vec<String> = s
        .criteria
        .iter()
        .map(|c| format!("{} = {}", c.code(), c.chinese()))
        .collect();
    out.push_str(&format!("\n{}\n", names.join("; ")));
    out
}
