-- The arbiter's token for every game, and the second player link of each side in a pairs
-- game (双人赛). Games created before this migration have neither: their arbiter actions are
-- refused. Plain ALTER TABLE … ADD COLUMN, the same in SQLite and PostgreSQL.
ALTER TABLE games ADD COLUMN arbiter_token_sha256 TEXT;
ALTER TABLE games ADD COLUMN red2_token_sha256 TEXT;
ALTER TABLE games ADD COLUMN black2_token_sha256 TEXT;
