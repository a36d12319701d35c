-- Subscriptions and recurring orders (issue 29). The invariants that keep a customer
-- from being charged twice for one delivery have constraints behind them: a period
-- is decided by one row of `subscription_runs` (its primary key), a charged period
-- names one order and an order pays for one period (a unique index), and every write
-- to a subscription is conditional on its `version`. Portable SQL: BIGINT, BOOLEAN
-- and TEXT read the same on SQLite and PostgreSQL; dates are ISO-8601 text.

-- What the store sells by subscription: types (the route's `type_id`), groups of
-- choices within a type (`group_id`), and the plans each choice is sold on.
CREATE TABLE subscription_types (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    heb_name TEXT NOT NULL,
    position INTEGER NOT NULL
);

CREATE TABLE subscription_groups (
    id INTEGER PRIMARY KEY,
    type_id BIGINT NOT NULL REFERENCES subscription_types (id),
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    heb_name TEXT NOT NULL,
    description TEXT NOT NULL,
    heb_description TEXT NOT NULL,
    position INTEGER NOT NULL
);

CREATE TABLE subscription_plans (
    id INTEGER PRIMARY KEY,
    group_id BIGINT NOT NULL REFERENCES subscription_groups (id),
    -- The catalogue product each delivery brings.
    product_id BIGINT NOT NULL REFERENCES products (id),
    interval TEXT NOT NULL CHECK (interval IN ('1w', '2w', '4w', '1m', '2m', '3m')),
    price BIGINT NOT NULL CHECK (price > 0),
    -- A fixed number of deliveries; NULL: until cancelled.
    deliveries INTEGER CHECK (deliveries IS NULL OR deliveries > 0),
    position INTEGER NOT NULL
);
CREATE INDEX subscription_plans_group ON subscription_plans (group_id, position);

CREATE TABLE subscriptions (
    id INTEGER PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers (id),
    -- Bought on a plan, or "repeat this order": exactly one of the two.
    plan_id BIGINT REFERENCES subscription_plans (id),
    source_order TEXT REFERENCES orders (number),
    -- Read at each charge; a removed address or card pauses the subscription.
    address_id BIGINT NOT NULL,
    card_id BIGINT NOT NULL,
    shipping_method BIGINT NOT NULL,
    -- Where its orders' confirmations go.
    email TEXT NOT NULL,
    language TEXT NOT NULL CHECK (language IN ('eng', 'heb')),
    -- The schedule: period `anchor_period` falls on `anchor`, the rest `interval` apart.
    anchor TEXT NOT NULL,
    anchor_period INTEGER NOT NULL CHECK (anchor_period >= 0),
    interval TEXT NOT NULL CHECK (interval IN ('1w', '2w', '4w', '1m', '2m', '3m')),
    next_period INTEGER NOT NULL CHECK (next_period >= anchor_period),
    status TEXT NOT NULL CHECK (status IN ('active', 'paused', 'cancelled', 'finished')),
    resume_on TEXT CHECK (resume_on IS NULL OR status = 'paused'),
    deliveries_left INTEGER CHECK (deliveries_left IS NULL OR deliveries_left >= 0),
    -- A price rise the customer was mailed about, and when.
    notice_price BIGINT CHECK (notice_price IS NULL OR notice_price > 0),
    notice_mailed_on TEXT CHECK ((notice_price IS NULL) = (notice_mailed_on IS NULL)),
    -- The card's declines at the period being charged.
    attempt_period INTEGER,
    attempt_declines INTEGER CHECK (attempt_declines IS NULL OR attempt_declines > 0),
    attempt_first_try TEXT,
    reminded_period INTEGER,
    -- The period being charged: claimed before its order is placed.
    charging_period INTEGER,
    -- Unix seconds: when the scheduler next looks at it.
    next_look BIGINT NOT NULL,
    created_at TEXT NOT NULL,
    version BIGINT NOT NULL CHECK (version > 0),
    CHECK ((plan_id IS NULL) <> (source_order IS NULL)),
    CHECK ((attempt_period IS NULL) = (attempt_declines IS NULL)
        AND (attempt_period IS NULL) = (attempt_first_try IS NULL))
);
CREATE INDEX subscriptions_customer ON subscriptions (customer_id, id);
CREATE INDEX subscriptions_due ON subscriptions (next_look)
    WHERE status IN ('active', 'paused');

CREATE TABLE subscription_lines (
    subscription_id BIGINT NOT NULL REFERENCES subscriptions (id),
    position INTEGER NOT NULL,
    line_type TEXT NOT NULL CHECK (line_type IN ('product', 'variation', 'giftCard', 'bundle')),
    item_id BIGINT NOT NULL,
    item_key TEXT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    -- A plan's price per unit; NULL: the catalogue's price on the day.
    agreed_price BIGINT CHECK (agreed_price IS NULL OR agreed_price > 0),
    PRIMARY KEY (subscription_id, position)
);

-- Each period, decided once.
CREATE TABLE subscription_runs (
    subscription_id BIGINT NOT NULL REFERENCES subscriptions (id),
    period INTEGER NOT NULL CHECK (period >= 0),
    due_on TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN
        ('charged', 'skipped', 'paused', 'out_of_stock', 'declined')),
    order_number TEXT REFERENCES orders (number),
    at TEXT NOT NULL,
    CHECK ((outcome = 'charged') = (order_number IS NOT NULL)),
    PRIMARY KEY (subscription_id, period)
);
CREATE UNIQUE INDEX subscription_runs_order ON subscription_runs (order_number);

CREATE TABLE subscription_history (
    id INTEGER PRIMARY KEY,
    subscription_id BIGINT NOT NULL REFERENCES subscriptions (id),
    at TEXT NOT NULL,
    event TEXT NOT NULL,
    detail TEXT NOT NULL
);
CREATE INDEX subscription_history_subscription ON subscription_history (subscription_id, id);
