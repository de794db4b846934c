//! `xq check`: placeholder until its issue lands.

use std::process::ExitCode;

/// Arguments of `xq check`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `xq check`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("xq check is not implemented yet")
}
