//! The command line of `xq tournament`: its subcommands and their options.

use std::path::PathBuf;

use clap::{Subcommand, ValueEnum};

#[derive(Subcommand, Debug)]
pub(super) enum Command {
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
    /// Export: TRF16 or TRF-2026, crosstable CSV or HTML, or the tournament JSON itself.
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
    /// Read a TRF (TRF16 or TRF-2026, from any program) into a tournament file that can be
    /// paired on.
    Import {
        /// The TRF file.
        trf: PathBuf,
        /// Where to write the tournament file (default: the TRF's name with `.json`).
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// Scoring of the event (default: the TRF's own point system).
        #[arg(long, value_enum)]
        scoring: Option<ScoringArg>,
        /// Overwrite an existing file.
        #[arg(long)]
        force: bool,
    },
    /// Checking mode: re-pair every round from the results before it and compare. Exit 0
    /// when every round is the rules' own pairing, 1 at the first difference (printed with
    /// the criterion that decides).
    Check {
        /// A TRF or a tournament file.
        file: PathBuf,
        /// Pairing system for a TRF that does not name one (default: the Dutch system).
        #[arg(long, value_enum)]
        swiss: Option<SwissArg>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Generate a random tournament (ratings, results drawn from the rating difference,
    /// every round paired by the chosen system) and write it as TRF. Seeded: reproducible.
    Generate {
        /// Where to write the TRF.
        file: PathBuf,
        /// Number of players.
        #[arg(long)]
        players: u32,
        /// Number of rounds.
        #[arg(long)]
        rounds: u32,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Forfeits per thousand games.
        #[arg(long, default_value_t = 20)]
        forfeits: u32,
        /// Requested byes (absences, late entries) per thousand player-rounds.
        #[arg(long, default_value_t = 20)]
        byes: u32,
        /// Baku acceleration.
        #[arg(long)]
        baku: bool,
        /// Write TRF16 instead of TRF-2026.
        #[arg(long)]
        trf16: bool,
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
pub(super) struct NewArgs {
    /// Where to write the tournament file.
    pub(super) file: PathBuf,
    /// Player list: CSV (columns name, club, rating, seed) or JSON.
    #[arg(long)]
    pub(super) players: PathBuf,
    /// Event name.
    #[arg(long, default_value = "Tournament")]
    pub(super) name: String,
    /// Pairing system.
    #[arg(long, value_enum, default_value_t = SystemArg::Swiss)]
    pub(super) system: SystemArg,
    /// Rounds (Swiss).
    #[arg(long)]
    pub(super) rounds: Option<u32>,
    /// Swiss rules.
    #[arg(long, value_enum, default_value_t = SwissArg::Chinese)]
    pub(super) swiss: SwissArg,
    /// Round-1 pairing of a Swiss.
    #[arg(long, value_enum, default_value_t = FirstRoundArg::Adjacent)]
    pub(super) first_round: FirstRoundArg,
    /// Swap the last two rounds of the first cycle of a double round robin.
    #[arg(long)]
    pub(super) swap_last_two: bool,
    /// Scoring: 1960 (2/1/0) or modern (1/½/0); default 1960, modern for the Dutch system.
    #[arg(long, value_enum)]
    pub(super) scoring: Option<ScoringArg>,
    /// Tie-breaks: a preset (single-1960, two-game-1960, chinese-swiss, chinese-swiss-full,
    /// round-robin-modern, fide-swiss) or a comma list of criteria (points, match_points,
    /// head_to_head, unbeaten, fewer_losses, fewer_fouls, buchholz, buchholz_cut1,
    /// progressive, wins, wins_as_second, games_as_second, sonneborn_berger).
    #[arg(long)]
    pub(super) tiebreaks: Option<String>,
    /// Withdrawal rule.
    #[arg(long, value_enum, default_value_t = WithdrawalArg::Rules1960)]
    pub(super) withdrawal: WithdrawalArg,
    /// Same-club avoidance (同队不相遇): `all` rounds, or the number of first rounds in which
    /// it is absolute.
    #[arg(long)]
    pub(super) clubs_apart: Option<String>,
    /// Baku acceleration (Dutch system).
    #[arg(long)]
    pub(super) baku: bool,
    /// Colour of the top player in round 1 (Dutch system, art. 5.1).
    #[arg(long, value_enum)]
    pub(super) initial_colour: Option<ColourArg>,
    /// Chinese system: colour priority for the higher scorer in the last N rounds.
    #[arg(long)]
    pub(super) last_rounds_priority: Option<u32>,
    /// The smallest score gap for that priority, in points of the event's scale.
    #[arg(long, default_value_t = 0.5)]
    pub(super) priority_gap: f64,
    /// Overwrite an existing file.
    #[arg(long)]
    pub(super) force: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(super) enum ColourArg {
    /// First mover (red; TRF white).
    White,
    /// Second mover.
    Black,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(super) enum SystemArg {
    /// Single round robin (Berger tables).
    RoundRobin,
    /// Double round robin.
    DoubleRoundRobin,
    /// Swiss.
    Swiss,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(super) enum SwissArg {
    /// 1960 rules.
    #[value(name = "1960")]
    Rules1960,
    /// Modern Chinese practice.
    Chinese,
    /// The FIDE (Dutch) system, C.04.3.
    Dutch,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(super) enum FirstRoundArg {
    Adjacent,
    Split,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(super) enum ScoringArg {
    #[value(name = "1960")]
    Rules1960,
    Modern,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(super) enum WithdrawalArg {
    #[value(name = "1960")]
    Rules1960,
    Fide,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TableFormat {
    Text,
    Csv,
    Html,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(super) enum ExportFormat {
    /// TRF16.
    Trf,
    /// TRF-2026.
    Trf2026,
    Csv,
    Html,
    Text,
    Json,
}
