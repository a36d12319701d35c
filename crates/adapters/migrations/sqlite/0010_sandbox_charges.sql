-- The sandbox gateway's charges and refunds (issue 12, for the order issue). An
-- idempotency key names one charge and one refund, so a retried call never holds or
-- gives back twice; what is refunded can never pass what was charged.

CREATE TABLE sandbox_charges (
    id TEXT PRIMARY KEY,
    idempotency_key TEXT NOT NULL UNIQUE,
    token TEXT NOT NULL REFERENCES sandbox_cards (token),
    amount BIGINT NOT NULL CHECK (amount > 0),
    refunded BIGINT NOT NULL CHECK (refunded >= 0 AND refunded <= amount),
    state TEXT NOT NULL CHECK (state IN ('authorized', 'captured', 'voided', 'declined')),
    -- Why a declined charge was declined.
    decline TEXT,
    created_at TEXT NOT NULL
);

CREATE TABLE sandbox_refunds (
    idempotency_key TEXT PRIMARY KEY,
    charge_id TEXT NOT NULL REFERENCES sandbox_charges (id),
    amount BIGINT NOT NULL CHECK (amount > 0)
);
