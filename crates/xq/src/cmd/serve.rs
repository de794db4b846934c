//! `xq serve`: the play server with its web board. Everything is in the
//! `xiangqi-server` crate; this file only parses options, sets up logging and runs it.

use std::ffi::OsString;
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
        let data = match args.server.storage.postgres() {
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

/// `xq serve --engine name=… cmd=…`: the server takes each `--engine` as one value, the spec
/// in one quoted word. So that the words may also come separately, as `xq match` takes them,
/// the words after each `--engine` (up to the next option) are joined into one, a line each;
/// the engine crate's one parser (`EngineSpec::parse`) reads every form. Only `xq serve`'s
/// command line is touched.
pub fn join_engine_words(argv: Vec<OsString>) -> Vec<OsString> {
    if argv.get(1).and_then(|a| a.to_str()) != Some("serve") {
        return argv;
    }
    let mut out: Vec<OsString> = Vec::with_capacity(argv.len());
    // Whether the last word kept is an engine spec that the next word may continue.
    let mut spec_open = false;
    let mut after_flag = false;
    for word in argv {
        let text = word.to_str().map(str::to_owned);
        let option = text.as_deref().is_none_or(|t| t.starts_with('-'));
        if spec_open
            && !option
            && let (Some(last), Some(t)) = (out.last_mut(), text.as_deref())
        {
            last.push("\n");
            last.push(t);
            continue;
        }
        spec_open =
            (after_flag && !option) || text.as_deref().is_some_and(|t| t.starts_with("--engine="));
        after_flag = text.as_deref() == Some("--engine");
        out.push(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn join(words: &[&str]) -> Vec<String> {
        let argv = words.iter().map(OsString::from).collect();
        join_engine_words(argv)
            .into_iter()
            .map(|w| w.into_string().unwrap())
            .collect()
    }

    #[test]
    fn the_words_of_each_engine_become_one_value() {
        assert_eq!(
            join(&[
                "xq", "serve", "--engine", "name=a", "cmd=b c", "--listen", "x:1"
            ]),
            [
                "xq",
                "serve",
                "--engine",
                "name=a\ncmd=b c",
                "--listen",
                "x:1"
            ]
        );
        assert_eq!(
            join(&[
                "xq",
                "serve",
                "--engine=name=a",
                "cmd=b",
                "--engine",
                "name=c cmd=d"
            ]),
            [
                "xq",
                "serve",
                "--engine=name=a\ncmd=b",
                "--engine",
                "name=c cmd=d"
            ]
        );
        // Other subcommands keep their words.
        let other = ["xq", "match", "--engine", "name=a", "cmd=b"];
        assert_eq!(join(&other), other);
    }
}
