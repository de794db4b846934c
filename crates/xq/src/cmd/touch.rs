//! `xq touch`: placeholder until its issue lands.

use std::process::ExitCode;

/// Arguments of `xq touch`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `xq touch`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("xq touch is not implemented yet")
}
