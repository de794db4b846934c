-- Competitions (issue 15). An event is one JSON document (its entrants with their token
-- digests, the tournament crate's state, the boards and their games), rewritten whole in one
-- committed statement at every change: events are small, and one row per event keeps a
-- change atomic. `open` lists the events not finished on the home page. The table is not
-- called `events`: that name holds the games' events.
CREATE TABLE competitions (
    id              TEXT PRIMARY KEY NOT NULL,
    created_unix_ms INTEGER NOT NULL,
    open            INTEGER NOT NULL DEFAULT 1,
    body            TEXT NOT NULL
);
