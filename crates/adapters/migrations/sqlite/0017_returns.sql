-- Returns (issue 28). Each invariant of a return has a constraint behind it, so a
-- stale read, a retry or a second instance cannot break it: per order line the units
-- back or on an open return (`returned`) never exceed those bought, and the money
-- given back for it (`refunded`) never exceeds what the line cost; per order the card
-- is never given back more than it paid (`card_refunded`); a return's figures add up.
-- Requesting a return takes its units and amounts with conditional updates in the
-- transaction that writes it, and a rejection gives them back. Portable SQL: BOOLEAN,
-- BIGINT and TEXT read the same on SQLite and PostgreSQL.

-- A catalogue item marked final sale cannot come back; every item can by default.
ALTER TABLE products ADD COLUMN returnable SMALLINT NOT NULL DEFAULT 1 CHECK (returnable IN (0, 1));

-- What the line's catalogue entry said when it was bought, and what has come back.
ALTER TABLE order_lines ADD COLUMN returnable BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE order_lines ADD COLUMN free_return BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE order_lines ADD COLUMN returned BIGINT NOT NULL DEFAULT 0
    CHECK (returned >= 0 AND returned <= quantity);
ALTER TABLE order_lines ADD COLUMN refunded BIGINT NOT NULL DEFAULT 0
    CHECK (refunded >= 0
        AND refunded <= merchandise + gift_options + personalization_fee + tax - discount);

ALTER TABLE orders ADD COLUMN card_refunded BIGINT NOT NULL DEFAULT 0
    CHECK (card_refunded >= 0 AND card_refunded <= amount_due);
ALTER TABLE orders ADD COLUMN shipping_refunded BIGINT NOT NULL DEFAULT 0
    CHECK (shipping_refunded >= 0 AND shipping_refunded <= shipping);

CREATE TABLE returns (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders (id),
    -- Its place among the order's returns: the number is the order's and this. Two
    -- requests worked out from the same reading of the order take the same one, and
    -- the second is refused and worked out again.
    sequence INTEGER NOT NULL CHECK (sequence > 0),
    -- The client's key for this request: a retried request finds its return.
    idempotency_key TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('requested', 'received', 'refunded', 'rejected')),
    refund_method TEXT NOT NULL CHECK (refund_method IN ('original', 'store_credit')),
    return_method TEXT NOT NULL CHECK (return_method IN ('drop_off', 'label')),
    gift BOOLEAN NOT NULL,
    credit_email TEXT NOT NULL,
    items BIGINT NOT NULL CHECK (items >= 0),
    shipping BIGINT NOT NULL CHECK (shipping >= 0),
    label_fee BIGINT NOT NULL CHECK (label_fee >= 0 AND label_fee <= items + shipping),
    total BIGINT NOT NULL CHECK (total = items + shipping - label_fee),
    to_card BIGINT NOT NULL CHECK (to_card >= 0),
    to_store_credit BIGINT NOT NULL CHECK (to_store_credit >= 0 AND to_card + to_store_credit = total),
    rejection TEXT,
    CHECK (gift = FALSE OR (refund_method = 'store_credit' AND to_card = 0)),
    UNIQUE (order_id, sequence)
);

CREATE TABLE return_lines (
    return_id BIGINT NOT NULL REFERENCES returns (id),
    position INTEGER NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    reason TEXT NOT NULL CHECK (reason IN ('defective', 'wrong_item', 'not_as_described',
        'no_longer_needed', 'better_price', 'arrived_late', 'other')),
    note TEXT,
    amount BIGINT NOT NULL CHECK (amount >= 0),
    PRIMARY KEY (return_id, position)
);

-- Each state a return reached, once.
CREATE TABLE return_history (
    return_id BIGINT NOT NULL REFERENCES returns (id),
    status TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (return_id, status)
);
