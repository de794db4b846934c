//! The server's options: one [`Config`] of flattened groups, each option also read from an
//! environment variable (`XQ_LISTEN`, `XQ_DATA`, …). Doc comments are the `--help` text.

pub mod cluster;
pub mod engines;

pub use cluster::{ClusterOpt, ClusterOptError};
pub use engines::EngineOpt;

use std::net::SocketAddr;
use std::path::PathBuf;

/// Everything `xq serve` can be told.
///
/// ```
/// use clap::Parser;
/// #[derive(Parser)]
/// struct Opt {
///     #[command(flatten)]
///     server: xiangqi_server::Config,
/// }
/// let opt = Opt::parse_from(["xq"]);
/// assert_eq!(opt.server.net.listen.to_string(), "127.0.0.1:8080");
/// ```
#[derive(clap::Args, Debug, Clone)]
pub struct Config {
    /// Network.
    #[command(flatten)]
    pub net: NetOpt,
    /// Storage.
    #[command(flatten)]
    pub storage: StorageOpt,
    /// Abuse limits.
    #[command(flatten)]
    pub limits: LimitOpt,
    /// The computer opponent and the analysis aid.
    #[command(flatten)]
    pub engines: EngineOpt,
    /// Several nodes on one PostgreSQL database.
    #[command(flatten)]
    pub cluster: ClusterOpt,
}

impl Config {
    /// A configuration for tests and examples: listen on `listen`, keep data in `data`, the
    /// default limits.
    ///
    /// ```
    /// let config = xiangqi_server::Config::new("127.0.0.1:0".parse().unwrap(), "/tmp/xq".into());
    /// assert_eq!(config.limits.max_body_bytes, 4096);
    /// ```
    pub fn new(listen: SocketAddr, data: PathBuf) -> Config {
        Config {
            net: NetOpt {
                listen,
                public_url: None,
                allow_origins: Vec::new(),
            },
            storage: StorageOpt {
                data,
                synchronous: Synchronous::Full,
                database: None,
            },
            limits: LimitOpt::default(),
            engines: EngineOpt::default(),
            cluster: ClusterOpt::default(),
        }
    }
}

/// Where to listen and how to name ourselves.
#[derive(clap::Args, Debug, Clone)]
pub struct NetOpt {
    /// Address to listen on (use 0.0.0.0:8080 to accept other machines).
    #[arg(long, env = "XQ_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// The server's public base URL for the links it hands out (default: from the request's
    /// Host header).
    #[arg(long, env = "XQ_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Extra origins allowed to open WebSockets (the server's own origin always is), comma
    /// separated, e.g. `https://club.example`.
    #[arg(long = "allow-origin", env = "XQ_ALLOW_ORIGIN", value_delimiter = ',')]
    pub allow_origins: Vec<String>,
}

/// Where games are kept.
#[derive(clap::Args, Debug, Clone)]
pub struct StorageOpt {
    /// Data directory; the SQLite database `xq.sqlite3` is created there on first start.
    #[arg(long, env = "XQ_DATA", default_value = "xq-data")]
    pub data: PathBuf,
    /// SQLite `synchronous` mode: `full` survives power loss, `normal` survives a crash of the
    /// server (kill -9) but may lose the last moves on power loss.
    #[arg(long, env = "XQ_SYNCHRONOUS", value_enum, default_value = "full")]
    pub synchronous: Synchronous,
    /// PostgreSQL instead of SQLite, e.g. `postgres://xq:secret@db.example:5432/xq`: every
    /// game, event, token and competition is kept there (`--data` and `--synchronous` are
    /// then unused; commits run with `synchronous_commit=on`). Empty: SQLite.
    #[arg(long, env = "XQ_DATABASE", value_name = "URL")]
    pub database: Option<DatabaseUrl>,
}

impl StorageOpt {
    /// The PostgreSQL database, if one is given (an empty `XQ_DATABASE` is none: SQLite).
    ///
    /// ```
    /// let mut config = xiangqi_server::Config::new("127.0.0.1:0".parse().unwrap(), "d".into());
    /// assert!(config.storage.postgres().is_none());
    /// config.storage.database = Some("".parse().unwrap());
    /// assert!(config.storage.postgres().is_none());
    /// config.storage.database = Some("postgres://db/xq".parse().unwrap());
    /// assert!(config.storage.postgres().is_some());
    /// ```
    pub fn postgres(&self) -> Option<&DatabaseUrl> {
        self.database
            .as_ref()
            .filter(|url| !url.secret().is_empty())
    }
}

/// A PostgreSQL URL. It may hold a password, so it is shown (`Display`, `Debug`) with the
/// password replaced by `***`; [`DatabaseUrl::secret`] gives the URL itself.
///
/// ```
/// use xiangqi_server::config::DatabaseUrl;
/// let url: DatabaseUrl = "postgres://xq:hunter2@db:5432/xq?sslmode=disable".parse().unwrap();
/// assert_eq!(url.to_string(), "postgres://xq:***@db:5432/xq?sslmode=disable");
/// let url: DatabaseUrl = "postgres://db/xq?user=xq&password=hunter2".parse().unwrap();
/// assert_eq!(url.to_string(), "postgres://db/xq?user=xq&password=***");
/// assert_eq!(url.secret(), "postgres://db/xq?user=xq&password=hunter2");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct DatabaseUrl(String);

impl DatabaseUrl {
    /// The URL as given, password included: only for connecting.
    pub fn secret(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for DatabaseUrl {
    type Err = std::convert::Infallible;

    /// Any text: it is checked when the server connects, so that an error can name the URL
    /// without its password (an error from the option parser would print it whole).
    fn from_str(s: &str) -> Result<DatabaseUrl, Self::Err> {
        Ok(DatabaseUrl(s.to_owned()))
    }
}

impl From<String> for DatabaseUrl {
    fn from(url: String) -> DatabaseUrl {
        DatabaseUrl(url)
    }
}

impl std::fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let url = &self.0;
        let (scheme, rest) = match url.find("://") {
            Some(i) => url.split_at(i + 3),
            None => ("", url.as_str()),
        };
        let (authority, tail) = rest.split_at(rest.find(['/', '?']).unwrap_or(rest.len()));
        f.write_str(scheme)?;
        match authority.rfind('@') {
            Some(at) => {
                let userinfo = &authority[..at];
                match userinfo.find(':') {
                    Some(colon) => write!(f, "{}:***", &userinfo[..colon])?,
                    None => f.write_str(userinfo)?,
                }
                f.write_str(&authority[at..])?;
            }
            None => f.write_str(authority)?,
        }
        let (path, query) = tail.split_at(tail.find('?').unwrap_or(tail.len()));
        f.write_str(path)?;
        for (i, pair) in query.trim_start_matches('?').split('&').enumerate() {
            if query.is_empty() {
                break;
            }
            f.write_str(if i == 0 { "?" } else { "&" })?;
            match pair.split_once('=') {
                Some((key, _)) if key.eq_ignore_ascii_case("password") => write!(f, "{key}=***")?,
                _ => f.write_str(pair)?,
            }
        }
        Ok(())
    }
}

impl std::fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DatabaseUrl({self})")
    }
}

/// SQLite's durability setting for the write-ahead log.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Synchronous {
    /// `fsync` the WAL at every commit: a committed move survives power loss.
    Full,
    /// `fsync` only at checkpoints: a committed move survives a process crash, not power loss.
    Normal,
}

/// Limits that keep one stranger from hurting everyone else.
#[derive(clap::Args, Debug, Clone)]
pub struct LimitOpt {
    /// Largest accepted HTTP request body, in bytes.
    #[arg(long, env = "XQ_MAX_BODY", default_value_t = 4096)]
    pub max_body_bytes: usize,
    /// Largest accepted WebSocket message, in bytes.
    #[arg(long, env = "XQ_MAX_WS_MESSAGE", default_value_t = 4096)]
    pub max_ws_message_bytes: usize,
    /// Requests per second allowed on one HTTP connection (token bucket refill rate).
    #[arg(long, env = "XQ_HTTP_RATE", default_value_t = 20.0)]
    pub http_rate: f64,
    /// Burst of requests allowed on one HTTP connection.
    #[arg(long, env = "XQ_HTTP_BURST", default_value_t = 60.0)]
    pub http_burst: f64,
    /// Messages per second allowed on one WebSocket.
    #[arg(long, env = "XQ_WS_RATE", default_value_t = 10.0)]
    pub ws_rate: f64,
    /// Burst of messages allowed on one WebSocket.
    #[arg(long, env = "XQ_WS_BURST", default_value_t = 30.0)]
    pub ws_burst: f64,
    /// Games one IP address may create per minute.
    #[arg(long, env = "XQ_CREATE_PER_MINUTE", default_value_t = 30.0)]
    pub create_per_minute: f64,
}

impl Default for LimitOpt {
    fn default() -> LimitOpt {
        LimitOpt {
            max_body_bytes: 4096,
            max_ws_message_bytes: 4096,
            http_rate: 20.0,
            http_burst: 60.0,
            ws_rate: 10.0,
            ws_burst: 30.0,
            create_per_minute: 30.0,
        }
    }
}
