-- Storage safety (issue 10).
--
-- 1. A scratch row the readiness check rewrites, to prove the database takes writes
--    (a full disk or a read-only file fails here before it fails a shopper).
CREATE TABLE write_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    written_at TEXT NOT NULL
);

-- 2. Newsletter confirmation tokens are kept as their SHA-256 (hex), with an expiry,
--    and spent on confirmation; the time of the last mail gives the per-address
--    cooldown. Times are UTC text `YYYY-MM-DD HH:MM:SS` from the server's clock.
--    The old table held tokens in clear: they are dropped, so a pending address
--    signs up again to get a working link; confirmed addresses are kept.
CREATE TABLE newsletter_subscribers_hashed (
    email TEXT PRIMARY KEY,
    token_hash TEXT UNIQUE,
    token_expires_at TEXT,
    last_mailed_at TEXT,
    signed_up_at TEXT NOT NULL,
    confirmed_at TEXT
);
INSERT INTO newsletter_subscribers_hashed (email, signed_up_at, confirmed_at)
    SELECT email, signed_up_at, confirmed_at FROM newsletter_subscribers;
DROP TABLE newsletter_subscribers;
ALTER TABLE newsletter_subscribers_hashed RENAME TO newsletter_subscribers;
