-- Games and their events (PostgreSQL; SQLite's is ../0001_games.sql). A game is its events:
-- the `games` row holds only what is needed to find it (who may play, whether it is over);
-- everything else is replayed from `events`. Times are Unix milliseconds (BIGINT).
CREATE TABLE games (
    id                 TEXT PRIMARY KEY NOT NULL,
    created_unix_ms    BIGINT NOT NULL,
    red_token_sha256   TEXT NOT NULL,
    black_token_sha256 TEXT NOT NULL,
    finished           INTEGER NOT NULL DEFAULT 0,
    result             TEXT
);

CREATE INDEX games_unfinished ON games (finished) WHERE finished = 0;

CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq     BIGINT NOT NULL,
    body    TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- The last instant the server was known alive: a restart does not charge the outage to the
-- side to move.
CREATE TABLE heartbeat (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    unix_ms BIGINT NOT NULL
);
