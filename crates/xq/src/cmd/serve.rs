//! `xq serve`: placeholder until its issue lands.

use std::process::ExitCode;

/// Arguments of `xq serve`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `xq serve`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("xq serve is not implemented yet")
}
