-- Competitions (issue 15; PostgreSQL, SQLite's is ../0010_events.sql). An event is one JSON
-- document, rewritten whole in one committed statement at every change. `open` lists the
-- events not finished on the home page. The table is not called `events`: that name holds
-- the games' events.
CREATE TABLE competitions (
    id              TEXT PRIMARY KEY NOT NULL,
    created_unix_ms BIGINT NOT NULL,
    open            INTEGER NOT NULL DEFAULT 1,
    body            TEXT NOT NULL
);
