//! `xq notation`: placeholder until its issue lands.

use std::process::ExitCode;

/// Arguments of `xq notation`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `xq notation`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("xq notation is not implemented yet")
}
