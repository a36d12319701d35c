-- What a signed-in customer keeps (issue 12): the bag and later list, favorites and
-- followed creators and vendors, addresses and card tokens; and the embedded sandbox
-- gateway's tokens. Every statement reads the same on PostgreSQL (where `id` columns
-- are identity columns). No table holds a card number or a CVC.

-- One row per customer that ever stored a bag: `version` moves on with each write, and
-- a write names the version it read (optimistic concurrency, see docs/decisions.md).
CREATE TABLE customer_bags (
    customer_id BIGINT PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
    version BIGINT NOT NULL CHECK (version > 0)
);

-- The bag rules leave one line per identity in a list, at most 100 lines, each of
-- 1 to 9,999: the keys and checks hold that whatever a bug might try to write.
CREATE TABLE customer_bag_lines (
    customer_id BIGINT NOT NULL REFERENCES customer_bags (customer_id) ON DELETE CASCADE,
    list TEXT NOT NULL CHECK (list IN ('products', 'later')),
    position INTEGER NOT NULL CHECK (position >= 0 AND position < 100),
    line_type TEXT NOT NULL CHECK (line_type IN ('product', 'variation', 'giftCard', 'bundle')),
    item_id BIGINT NOT NULL CHECK (item_id > 0),
    item_key TEXT NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
    gift_options BOOLEAN NOT NULL,
    -- A JSON object of personalization field to text.
    personalization TEXT NOT NULL,
    PRIMARY KEY (customer_id, list, line_type, item_id, item_key),
    UNIQUE (customer_id, list, position)
);

CREATE TABLE customer_picks (
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('product', 'bundle', 'vendor', 'creator')),
    target_id BIGINT NOT NULL CHECK (target_id > 0),
    picked_at TEXT NOT NULL,
    PRIMARY KEY (customer_id, kind, target_id)
);

CREATE TABLE customer_addresses (
    id INTEGER PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    line1 TEXT NOT NULL,
    line2 TEXT NOT NULL,
    city TEXT NOT NULL,
    region TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    country TEXT NOT NULL CHECK (length(country) = 2),
    phone TEXT NOT NULL,
    is_default BOOLEAN NOT NULL
);
CREATE INDEX customer_addresses_customer ON customer_addresses (customer_id);
-- At most one default per customer.
CREATE UNIQUE INDEX customer_addresses_default ON customer_addresses (customer_id) WHERE is_default;

CREATE TABLE customer_cards (
    id INTEGER PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    -- A token is one customer's: saving it twice finds the first.
    token TEXT NOT NULL UNIQUE,
    brand TEXT NOT NULL,
    last4 TEXT NOT NULL CHECK (length(last4) = 4),
    exp_month INTEGER NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
    exp_year INTEGER NOT NULL,
    is_default BOOLEAN NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX customer_cards_customer ON customer_cards (customer_id);
CREATE UNIQUE INDEX customer_cards_default ON customer_cards (customer_id) WHERE is_default;

-- The sandbox gateway's tokens: what a real processor would hold, minus the number and
-- CVC, plus the outcome its documented test numbers ask for.
CREATE TABLE sandbox_cards (
    token TEXT PRIMARY KEY,
    brand TEXT NOT NULL,
    last4 TEXT NOT NULL CHECK (length(last4) = 4),
    exp_month INTEGER NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
    exp_year INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    created_at TEXT NOT NULL
);
