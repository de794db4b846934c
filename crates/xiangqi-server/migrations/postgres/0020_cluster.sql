-- PostgreSQL only (cluster mode, src/cluster/): who owns what, and the secret the nodes of one
-- database share.
--
-- A lease is a resource ("game:<id>", "competitions") held by one node until `expires`, on the
-- database's clock. The owner renews it; another node takes it only once it has lapsed.
CREATE TABLE IF NOT EXISTS xq_leases (
    resource TEXT PRIMARY KEY,
    node     TEXT NOT NULL,
    url      TEXT NOT NULL,
    expires  TIMESTAMPTZ NOT NULL,
    -- The owner's last successful claim or renewal: a game taken over pauses its clock here.
    renewed  TIMESTAMPTZ NOT NULL
);

CREATE INDEX IF NOT EXISTS xq_leases_node ON xq_leases (node);

-- Forwarded requests carry this secret, so that the owner exempts them from the per-address
-- rate limits (they come from the forwarding node's address, for many clients). Made once,
-- by the first node.
CREATE TABLE IF NOT EXISTS xq_cluster (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    secret TEXT NOT NULL
);
