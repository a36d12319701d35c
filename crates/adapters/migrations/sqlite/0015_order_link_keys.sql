-- Keys that sign order links after the first (the secret `order_links`, key 1), added by
-- `store links rotate`: the newest signs, an older one verifies for a grace time after
-- the next was made.
CREATE TABLE order_link_keys (
    version INTEGER PRIMARY KEY CHECK (version >= 2),
    secret TEXT NOT NULL,
    created_at TEXT NOT NULL
);
