//! `xq db`: the server's database. `xq db copy --from sqlite:DIR --to postgres://…` moves
//! an installation to PostgreSQL (or back, `--from postgres://… --to sqlite:DIR`); the work
//! is `xiangqi_server::store::copy`, this file parses options and shows progress.

use std::io::IsTerminal;
use std::process::ExitCode;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use xiangqi_server::store::copy::{self, Location};

/// Arguments of `xq db`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Copy games, events, tokens, competitions and the heartbeat from one database to
    /// another, then compare the counts. Stop the server first: what it writes during the
    /// copy is not copied (the source is read as one snapshot).
    Copy(CopyArgs),
}

#[derive(clap::Args, Debug)]
struct CopyArgs {
    /// The source: `sqlite:DIR` (a server's data directory) or `postgres://…`.
    #[arg(long, value_name = "sqlite:DIR|postgres://…", value_parser = parse_location)]
    from: Location,
    /// The destination, created and migrated if need be; it must be empty.
    #[arg(long, value_name = "sqlite:DIR|postgres://…", value_parser = parse_location)]
    to: Location,
    /// Delete whatever the destination holds before copying (it is refused otherwise).
    #[arg(long)]
    force: bool,
}

fn parse_location(s: &str) -> Result<Location, String> {
    s.parse()
}

/// Runs `xq db`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Command::Copy(args) = args.command;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{bar:40}] {pos}/{len} games {per_sec}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    let copied = runtime
        .block_on(copy::copy(
            &args.from,
            &args.to,
            args.force,
            |done, total| {
                bar.set_length(total);
                bar.set_position(done);
            },
        ))
        .with_context(|| format!("xq db copy --from {} --to {}", args.from, args.to))?;
    bar.finish_and_clear();
    if let Some(old) = copied.replaced {
        println!("deleted from {}: {old}", args.to);
    }
    println!("copied {} -> {}: {}", args.from, args.to, copied.counts);
    println!("verified: the destination holds the same counts");
    Ok(ExitCode::SUCCESS)
}
