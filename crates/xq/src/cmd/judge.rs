//! `xq judge`: placeholder until its issue lands.

use std::process::ExitCode;

/// Arguments of `xq judge`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `xq judge`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("xq judge is not implemented yet")
}
