//! `xq`: the Xiangqi Arbiter's command line. One subcommand per job; each lives in `cmd/`.

mod cmd;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "xq",
    version,
    about = "Xiangqi Arbiter: the Chinese chess competition rules as software"
)]
struct Opt {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count leaf nodes of the legal move tree (move generator check and benchmark).
    Perft(cmd::perft::Args),
    /// Convert a line of moves between notations (ICCS, UCI, WXF, Chinese).
    Notation(cmd::notation::Args),
    /// Rule on a game: mate, stalemate, natural limit, repetitions (棋例).
    Judge(cmd::judge::Args),
    /// Touch-move (摸子动子): the moves a player is bound to after touching pieces.
    Touch(cmd::touch::Args),
    /// Convert game records between PGN, DhtmlXQ and XQF.
    Convert(cmd::convert::Args),
    /// Replay every game in record files and report illegal moves and wrong results.
    Check(cmd::check::Args),
    /// Tournaments: pairings, results, standings, crosstables.
    Tournament(cmd::tournament::Args),
    /// Run the play server with its web board.
    Serve(cmd::serve::Args),
    /// The server's database: `xq db copy` between SQLite and PostgreSQL.
    Db(cmd::db::Args),
    /// The built-in engine over UCI/UCCI on stdin/stdout.
    Engine(cmd::engine::Args),
    /// Engine matches refereed by the rules: SPRT, Elo, pentanomial counts, PGN.
    Match(cmd::engine_match::Args),
}

fn main() -> std::process::ExitCode {
    let opt = Opt::parse_from(cmd::serve::join_engine_words(std::env::args_os().collect()));
    let result = match opt.command {
        Command::Perft(args) => cmd::perft::run(args),
        Command::Notation(args) => cmd::notation::run(args),
        Command::Judge(args) => cmd::judge::run(args),
        Command::Touch(args) => cmd::touch::run(args),
        Command::Convert(args) => cmd::convert::run(args),
        Command::Check(args) => cmd::check::run(args),
        Command::Tournament(args) => cmd::tournament::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Db(args) => cmd::db::run(args),
        Command::Engine(args) => cmd::engine::run(args),
        Command::Match(args) => cmd::engine_match::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) if is_broken_pipe(&err) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("xq: {err:#}");
            std::process::ExitCode::from(2)
        }
    }
}

/// Output cut short by the reader (`xq perft 5 --divide | head`) is not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
