-- The guessing throttles' counts (issue 31): per key (its SHA-256, as the key holds
-- e-mail and client addresses), the tries in a fixed window ending at `ends_at`, kept in
-- the database so every instance on it counts the same tries.
CREATE TABLE throttles (
    key_hash TEXT PRIMARY KEY,
    count BIGINT NOT NULL CHECK (count >= 0),
    ends_at TEXT NOT NULL
);
CREATE INDEX throttles_ends ON throttles (ends_at);
