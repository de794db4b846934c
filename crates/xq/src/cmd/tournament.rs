//! `xq tournament`: placeholder until the tournament manager lands.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("xq tournament is not implemented yet")
}
