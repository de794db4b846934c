//! `xq serve`: the play server with its web board (issue 7). Everything is in the
//! `xiangqi-server` crate; this file only parses options, sets up logging and runs it.

use std::process::ExitCode;

/// Arguments of `xq serve`: every option has an `XQ_…` environment variable too.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    server: xiangqi_server::Config,
    /// Log level: error, warn, info, debug or trace.
    #[arg(long, env = "XQ_LOG", default_value = "info")]
    log: tracing::Level,
}

/// Runs `xq serve` until Ctrl-C or SIGTERM.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    tracing_subscriber::fmt()
        .with_max_level(args.log)
        .with_writer(std::io::stderr)
        .with_target(false)
        .init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let data = match &args.server.storage.database {
            Some(url) => format!("PostgreSQL at {url}"),
            None => args.server.storage.data.display().to_string(),
        };
        let server = xiangqi_server::Server::start(args.server).await?;
        // The first line says where to go; scripts (and the crash test) read it.
        eprintln!(
            "xq serve: listening on http://{} (data in {})",
            server.local_addr(),
            data
        );
        server.wait().await;
        Ok(ExitCode::SUCCESS)
    })
}
