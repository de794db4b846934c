//! `xq convert`: placeholder until its issue lands.

use std::process::ExitCode;

/// Arguments of `xq convert`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `xq convert`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("xq convert is not implemented yet")
}
