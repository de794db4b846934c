//! `xq`: the Xiangqi Arbiter's command line. One subcommand per job; each lives in `cmd/`.

mod cmd;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "xq", version, about = "Xiangqi Arbiter: the Chinese chess competition rules as software")]
struct Opt {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count leaf nodes of the legal move tree (move generator check and benchmark).
    Perft(cmd::perft::Args),
    /// Tournaments: pairings, results, standings, crosstables.
    Tournament(cmd::tournament::Args),
}

fn main() -> std::process::ExitCode {
    let opt = Opt::parse();
    let result = match opt.command {
        Command::Perft(args) => cmd::perft::run(args),
        Command::Tournament(args) => cmd::tournament::run(args),
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
