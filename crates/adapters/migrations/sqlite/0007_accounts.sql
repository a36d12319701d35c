-- Customer accounts (issue 12). Only hashes of secrets are kept: argon2id (a PHC
-- string) for passwords, SHA-256 in hex for session tokens, reset links and
-- registration codes. Times are ISO-8601 UTC text written by the core's clock. On
-- PostgreSQL `id` is an identity column; every statement below reads the same there.

CREATE TABLE customers (
    id INTEGER PRIMARY KEY,
    -- Lower-cased by the domain's Email, so one address is one account.
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX sessions_customer ON sessions (customer_id);

CREATE TABLE pending_registrations (
    email TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    wrong_codes INTEGER NOT NULL DEFAULT 0 CHECK (wrong_codes >= 0)
);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    expires_at TEXT NOT NULL
);
CREATE INDEX password_resets_customer ON password_resets (customer_id);
