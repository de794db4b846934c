//! The lease table (`migrations/postgres/0020_cluster.sql`) and its statements.
//!
//! Every time is the database's (`clock_timestamp()`): nodes compare nothing but the database's
//! clock with itself, so a node whose clock is off cannot take a lease early. A node measures
//! only durations with its own monotonic clock, to stop acting before its lease can lapse
//! (see [`super::Node`]).

use std::time::Duration;

use sqlx::Row;
use sqlx::postgres::PgPool;

use crate::store::StoreError;

fn err(context: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError(format!("{context}: {e}"))
}

/// The outcome of a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// The lease is ours (new, renewed, or taken over from a lapsed one).
    Mine {
        /// The lease that was there before, if any: its node and its last renewal (Unix ms,
        /// the database's clock).
        previous: Option<(String, u64)>,
    },
    /// Another node holds it.
    Theirs(Holder),
}

/// Who holds a lease.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    /// The node's id.
    pub node: String,
    /// How to reach it.
    pub url: String,
    /// How long until the lease lapses unless renewed (zero if it has).
    pub remaining: Duration,
}

/// The statements, for one node.
#[derive(Debug, Clone)]
pub struct Leases {
    pool: PgPool,
    node: String,
    url: String,
    length_ms: i64,
}

impl Leases {
    /// The cluster's shared secret, made by the first node (the tables are the store's
    /// migration `0020_cluster.sql`).
    ///
    /// # Errors
    ///
    /// If the database refuses.
    pub async fn secret(pool: &PgPool) -> Result<String, StoreError> {
        let fresh =
            crate::ids::Token::random().map_err(|e| StoreError(format!("random source: {e}")))?;
        sqlx::query("INSERT INTO xq_cluster (id, secret) VALUES (1, $1) ON CONFLICT DO NOTHING")
            .bind(fresh.as_str())
            .execute(pool)
            .await
            .map_err(err("cluster secret"))?;
        sqlx::query_scalar("SELECT secret FROM xq_cluster WHERE id = 1")
            .fetch_one(pool)
            .await
            .map_err(err("cluster secret"))
    }

    /// The statements of node `node`, reachable at `url`, for leases of `length`.
    pub fn new(pool: PgPool, node: &str, url: &str, length: Duration) -> Leases {
        Leases {
            pool,
            node: node.to_owned(),
            url: url.to_owned(),
            length_ms: i64::try_from(length.as_millis()).unwrap_or(i64::MAX),
        }
    }

    /// Takes `resource` if it is free, ours already, or lapsed; else says who holds it.
    ///
    /// # Errors
    ///
    /// If the database refuses.
    pub async fn claim(&self, resource: &str) -> Result<Claim, StoreError> {
        // `old` reads the row as it was before the statement; `won` is empty when the row
        // belongs to a live lease of another node.
        let row = sqlx::query(
            "WITH old AS (
                 SELECT node, (extract(epoch FROM renewed) * 1000)::bigint AS renewed_ms
                 FROM xq_leases WHERE resource = $1),
             won AS (
                 INSERT INTO xq_leases (resource, node, url, expires, renewed)
                 VALUES ($1, $2, $3, clock_timestamp() + $4 * interval '1 millisecond',
                         clock_timestamp())
                 ON CONFLICT (resource) DO UPDATE
                     SET node = excluded.node, url = excluded.url,
                         expires = excluded.expires, renewed = excluded.renewed
                     WHERE xq_leases.node = excluded.node
                        OR xq_leases.expires < clock_timestamp()
                 RETURNING 1)
             SELECT (SELECT count(*) FROM won) AS won,
                    (SELECT node FROM old) AS node,
                    (SELECT renewed_ms FROM old) AS renewed_ms",
        )
        .bind(resource)
        .bind(&self.node)
        .bind(&self.url)
        .bind(self.length_ms)
        .fetch_one(&self.pool)
        .await
        .map_err(err("claiming a lease"))?;
        let won: i64 = row.get(0);
        if won > 0 {
            let node: Option<String> = row.get(1);
            let renewed: Option<i64> = row.get(2);
            let previous = node.zip(renewed.and_then(|r| u64::try_from(r).ok()));
            return Ok(Claim::Mine { previous });
        }
        match self.holder(resource).await? {
            Some(holder) => Ok(Claim::Theirs(holder)),
            // Released between the two statements: try once more.
            None => Box::pin(self.claim(resource)).await,
        }
    }

    /// Who holds `resource`, if anyone.
    ///
    /// # Errors
    ///
    /// If the database refuses.
    pub async fn holder(&self, resource: &str) -> Result<Option<Holder>, StoreError> {
        let row = sqlx::query(
            "SELECT node, url,
                    greatest(0, (extract(epoch FROM expires - clock_timestamp()) * 1000))::bigint
             FROM xq_leases WHERE resource = $1",
        )
        .bind(resource)
        .fetch_optional(&self.pool)
        .await
        .map_err(err("reading a lease"))?;
        Ok(row.map(|r| Holder {
            node: r.get(0),
            url: r.get(1),
            remaining: Duration::from_millis(u64::try_from(r.get::<i64, _>(2)).unwrap_or(0)),
        }))
    }

    /// Renews those of `resources` this node still holds (not lapsed); returns them.
    ///
    /// # Errors
    ///
    /// If the database refuses (then no lease was renewed).
    pub async fn renew(&self, resources: &[String]) -> Result<Vec<String>, StoreError> {
        sqlx::query_scalar(
            "UPDATE xq_leases
             SET expires = clock_timestamp() + $3 * interval '1 millisecond',
                 renewed = clock_timestamp()
             WHERE node = $1 AND resource = ANY($2) AND expires > clock_timestamp()
             RETURNING resource",
        )
        .bind(&self.node)
        .bind(resources)
        .bind(self.length_ms)
        .fetch_all(&self.pool)
        .await
        .map_err(err("renewing leases"))
    }

    /// Gives up this node's leases except `keep` and those claimed or renewed less than
    /// `spare` ago (a claim may commit while the list `keep` is being made).
    ///
    /// # Errors
    ///
    /// If the database refuses.
    pub async fn release_except(
        &self,
        keep: &[String],
        spare: Duration,
    ) -> Result<u64, StoreError> {
        let spare_ms = i64::try_from(spare.as_millis()).unwrap_or(i64::MAX);
        let done = sqlx::query(
            "DELETE FROM xq_leases WHERE node = $1 AND NOT resource = ANY($2)
             AND renewed < clock_timestamp() - $3 * interval '1 millisecond'",
        )
        .bind(&self.node)
        .bind(keep)
        .bind(spare_ms)
        .execute(&self.pool)
        .await
        .map_err(err("releasing leases"))?;
        Ok(done.rows_affected())
    }

    /// Gives up every lease of this node.
    ///
    /// # Errors
    ///
    /// If the database refuses.
    pub async fn release_all(&self) -> Result<u64, StoreError> {
        let done = sqlx::query("DELETE FROM xq_leases WHERE node = $1")
            .bind(&self.node)
            .execute(&self.pool)
            .await
            .map_err(err("releasing leases"))?;
        Ok(done.rows_affected())
    }

    /// Gives up one lease, if this node holds it.
    ///
    /// # Errors
    ///
    /// If the database refuses.
    pub async fn release(&self, resource: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM xq_leases WHERE node = $1 AND resource = $2")
            .bind(&self.node)
            .bind(resource)
            .execute(&self.pool)
            .await
            .map_err(err("releasing a lease"))?;
        Ok(())
    }

    /// Those of `resources` that no node holds a live lease on (none, or lapsed).
    ///
    /// # Errors
    ///
    /// If the database refuses.
    pub async fn unheld(&self, resources: &[String]) -> Result<Vec<String>, StoreError> {
        sqlx::query_scalar(
            "SELECT r FROM unnest($1::text[]) AS r
             WHERE NOT EXISTS (SELECT 1 FROM xq_leases l
                               WHERE l.resource = r AND l.expires >= clock_timestamp())",
        )
        .bind(resources)
        .fetch_all(&self.pool)
        .await
        .map_err(err("looking for lapsed leases"))
    }

    /// Deletes leases lapsed for more than a day (a node that died holding finished games).
    ///
    /// # Errors
    ///
    /// If the database refuses.
    pub async fn sweep(&self) -> Result<u64, StoreError> {
        let done = sqlx::query(
            "DELETE FROM xq_leases WHERE expires < clock_timestamp() - interval '1 day'",
        )
        .execute(&self.pool)
        .await
        .map_err(err("sweeping leases"))?;
        Ok(done.rows_affected())
    }
}
