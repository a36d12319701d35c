-- Gift cards and discount codes (checkout). Every statement reads the same on
-- PostgreSQL (where `id` columns are identity columns). Amounts are integer cents,
-- times UTC text `YYYY-MM-DD HH:MM:SS` as in every other table.

-- A card is found by its code's SHA-256; the code itself is never stored. The balance
-- CHECK is what the order's conditional spend (`... WHERE balance >= $1`) stands on:
-- whatever a bug writes, a card never goes below zero nor above what it was issued for.
CREATE TABLE gift_cards (
    id INTEGER PRIMARY KEY,
    code_hash TEXT NOT NULL UNIQUE,
    last_four TEXT NOT NULL CHECK (length(last_four) = 4),
    balance BIGINT NOT NULL CHECK (balance >= 0),
    initial_balance BIGINT NOT NULL CHECK (initial_balance > 0),
    expires_at TEXT,
    created_at TEXT NOT NULL,
    CHECK (balance <= initial_balance)
);

-- The checks are `Discount::validate`'s: a percentage in basis points from 1 (0.01 %)
-- to 10,000 (100 %), a fixed amount of at least a cent, no negative minimum, an end
-- after the start, a limit of at least one use. A NULL start, end or limit passes
-- (a CHECK fails only on false), meaning "none".
CREATE TABLE discounts (
    code TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
    amount BIGINT NOT NULL,
    min_subtotal BIGINT NOT NULL CHECK (min_subtotal >= 0),
    starts_at TEXT,
    ends_at TEXT,
    usage_limit BIGINT CHECK (usage_limit >= 1),
    once_per_shopper BOOLEAN NOT NULL,
    created_at TEXT NOT NULL,
    -- Checks naming two columns are table constraints, as PostgreSQL asks.
    CHECK ((kind = 'percent' AND amount BETWEEN 1 AND 10000) OR (kind = 'fixed' AND amount > 0)),
    CHECK (ends_at > starts_at)
);

-- Products a code does not apply to. No key to `products`: removing a product from the
-- catalogue must not depend on the discounts that name it.
CREATE TABLE discount_exclusions (
    code TEXT NOT NULL REFERENCES discounts (code) ON DELETE CASCADE,
    product_id BIGINT NOT NULL CHECK (product_id > 0),
    PRIMARY KEY (code, product_id)
);

-- One row per order that used a code, written by the order: keyed by the order, so a
-- retried order counts once. `email` is the discount e-mail (spec 3), lower-cased as
-- `Email` is; NULL when the order had none.
CREATE TABLE discount_uses (
    code TEXT NOT NULL REFERENCES discounts (code),
    email TEXT,
    order_ref TEXT NOT NULL UNIQUE,
    used_at TEXT NOT NULL
);
CREATE INDEX discount_uses_code_email ON discount_uses (code, email);
