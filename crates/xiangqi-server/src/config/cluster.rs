//! A node's options ([`ClusterOpt`], flattened into the server's [`crate::Config`]).

use std::fmt;
use std::net::SocketAddr;

/// Options of a node that cannot work: which option, and why.
///
/// ```
/// use xiangqi_server::cluster::{ClusterOpt, ClusterOptError};
/// let listen = "0.0.0.0:8080".parse().unwrap();
/// let e = ClusterOpt::default().url(listen).unwrap_err();
/// assert_eq!(e, ClusterOptError::NoAdvertiseUrl { listen });
/// assert!(e.to_string().contains("--advertise-url"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClusterOptError {
    /// No `--advertise-url`, and the node listens on a wildcard address that other nodes
    /// cannot use to reach it.
    NoAdvertiseUrl {
        /// The listening address.
        listen: SocketAddr,
    },
    /// `--renew-ms` is zero or more than a third of `--lease-ms`: a lease could lapse between
    /// two renewals that fail once.
    RenewTooSlow {
        /// `--renew-ms`.
        renew_ms: u64,
        /// `--lease-ms`.
        lease_ms: u64,
    },
}

impl fmt::Display for ClusterOptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClusterOptError::NoAdvertiseUrl { listen } => write!(
                f,
                "listening on {listen}: say how other nodes reach this one (--advertise-url)"
            ),
            ClusterOptError::RenewTooSlow { renew_ms, lease_ms } => write!(
                f,
                "--renew-ms {renew_ms} must be at most a third of --lease-ms {lease_ms}"
            ),
        }
    }
}

impl std::error::Error for ClusterOptError {}

/// The options of a node (they matter only with a PostgreSQL `--database`).
#[derive(clap::Args, Debug, Clone)]
pub struct ClusterOpt {
    /// This node's name in the lease table (default: random at each start).
    #[arg(long, env = "XQ_NODE_ID")]
    pub node_id: Option<String>,
    /// How the other nodes reach this one, e.g. `http://10.0.0.2:8080` (default: http:// and
    /// the listening address, which must then not be a wildcard such as 0.0.0.0).
    #[arg(long, env = "XQ_ADVERTISE_URL")]
    pub advertise_url: Option<String>,
    /// How long a lease on a game lasts unless renewed, ms: how long a dead node's games wait.
    #[arg(long, env = "XQ_LEASE_MS", default_value_t = 5000)]
    pub lease_ms: u64,
    /// How often a node renews its leases and looks for lapsed ones, ms.
    #[arg(long, env = "XQ_RENEW_MS", default_value_t = 1000)]
    pub renew_ms: u64,
    /// How long a forwarded request may wait for the owner's answer, ms.
    #[arg(long, env = "XQ_FORWARD_TIMEOUT_MS", default_value_t = 5000)]
    pub forward_timeout_ms: u64,
}

impl Default for ClusterOpt {
    fn default() -> ClusterOpt {
        ClusterOpt {
            node_id: None,
            advertise_url: None,
            lease_ms: 5000,
            renew_ms: 1000,
            forward_timeout_ms: 5000,
        }
    }
}

impl ClusterOpt {
    /// The URL other nodes use for this one.
    ///
    /// # Errors
    ///
    /// When none is given and `listen` is a wildcard address
    /// ([`ClusterOptError::NoAdvertiseUrl`]).
    ///
    /// ```
    /// let opt = xiangqi_server::cluster::ClusterOpt::default();
    /// assert_eq!(opt.url("127.0.0.1:8080".parse().unwrap()).unwrap(), "http://127.0.0.1:8080");
    /// assert!(opt.url("0.0.0.0:8080".parse().unwrap()).is_err());
    /// ```
    pub fn url(&self, listen: SocketAddr) -> Result<String, ClusterOptError> {
        if let Some(url) = &self.advertise_url {
            return Ok(url.trim_end_matches('/').to_owned());
        }
        if listen.ip().is_unspecified() {
            return Err(ClusterOptError::NoAdvertiseUrl { listen });
        }
        Ok(format!("http://{listen}"))
    }

    pub(crate) fn check(&self) -> Result<(), ClusterOptError> {
        if self.renew_ms == 0 || self.renew_ms.saturating_mul(3) > self.lease_ms {
            return Err(ClusterOptError::RenewTooSlow {
                renew_ms: self.renew_ms,
                lease_ms: self.lease_ms,
            });
        }
        Ok(())
    }
}
