-- Orders, the stock and balances they take, and durable jobs (issue 14). Amounts are
-- integer cents, times UTC text `YYYY-MM-DD HH:MM:SS`, dates `YYYY-MM-DD`. Every
-- statement but the two triggers reads the same on PostgreSQL, where the triggers are
-- `CHECK (stock >= 0) NOT VALID` constraints instead (docs/decisions.md, "Orders").

-- Taking stock can never leave it below zero. A row already below zero (an import, a
-- hand edit) may still be written to, but never lowered further.
CREATE TRIGGER products_stock_taken_never_below_zero
BEFORE UPDATE OF stock ON products
WHEN NEW.stock < 0 AND NEW.stock < OLD.stock
BEGIN
    SELECT RAISE(ABORT, 'stock would go below zero');
END;

CREATE TRIGGER variations_stock_taken_never_below_zero
BEFORE UPDATE OF stock ON variations
WHEN NEW.stock < 0 AND NEW.stock < OLD.stock
BEGIN
    SELECT RAISE(ABORT, 'stock would go below zero');
END;

-- A code's uses are counted on its row, so the limit is one conditional update
-- (`... WHERE usage_limit IS NULL OR times_used < usage_limit`) on both engines.
ALTER TABLE discounts ADD COLUMN times_used BIGINT NOT NULL DEFAULT 0 CHECK (times_used >= 0);
UPDATE discounts SET times_used = (SELECT count(*) FROM discount_uses WHERE discount_uses.code = discounts.code);

-- One row per order. `status` is where it is; `idempotency_key` is the submit that
-- placed it, so a second submit finds it instead of placing another.
CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    number TEXT NOT NULL UNIQUE CHECK (length(number) = 12),
    idempotency_key TEXT NOT NULL UNIQUE,
    request_hash TEXT NOT NULL,
    customer_id BIGINT REFERENCES customers (id),
    email TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN
        ('placed', 'paid', 'packed', 'shipped', 'delivered', 'cancelled', 'declined')),
    delivery TEXT NOT NULL CHECK (delivery IN ('ship', 'pickup', 'digital')),
    -- ship: the method, the address, the promised arrival; pickup: the ready date.
    method_id BIGINT,
    method_name TEXT,
    promised_on TEXT,
    contact_name TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    address_line1 TEXT,
    address_line2 TEXT,
    address_city TEXT,
    address_region TEXT,
    address_postal_code TEXT,
    address_country TEXT,
    zip TEXT NOT NULL,
    country TEXT NOT NULL,
    tax_rate_millionths BIGINT NOT NULL CHECK (tax_rate_millionths >= 0),
    subtotal BIGINT NOT NULL CHECK (subtotal >= 0),
    gift_options BIGINT NOT NULL CHECK (gift_options >= 0),
    personalization_fees BIGINT NOT NULL CHECK (personalization_fees >= 0),
    tax BIGINT NOT NULL CHECK (tax >= 0),
    shipping BIGINT NOT NULL CHECK (shipping >= 0),
    discount BIGINT NOT NULL CHECK (discount >= 0),
    total BIGINT NOT NULL CHECK (total >= 0),
    gift_card_total BIGINT NOT NULL CHECK (gift_card_total >= 0),
    amount_due BIGINT NOT NULL CHECK (amount_due >= 0),
    discount_code TEXT,
    -- The card that pays `amount_due`: its gateway token, never its number.
    card_token TEXT,
    card_brand TEXT,
    card_last4 TEXT,
    charge_id TEXT UNIQUE,
    decline TEXT,
    placed_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    -- What the gift cards and the card pay is exactly the total.
    CHECK (gift_card_total + amount_due = total),
    CHECK (amount_due = 0 OR card_token IS NOT NULL),
    CHECK (status IN ('placed', 'declined', 'cancelled') OR amount_due = 0 OR charge_id IS NOT NULL)
);
CREATE INDEX orders_customer ON orders (customer_id, placed_at);
CREATE INDEX orders_status ON orders (status, placed_at);

CREATE TABLE order_lines (
    order_id BIGINT NOT NULL REFERENCES orders (id),
    position INTEGER NOT NULL,
    line_type TEXT NOT NULL,
    item_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    item_key TEXT NOT NULL,
    title TEXT NOT NULL,
    heb_title TEXT,
    sku TEXT NOT NULL,
    path TEXT NOT NULL,
    image TEXT,
    item_type TEXT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    unit_price BIGINT NOT NULL CHECK (unit_price >= 0),
    gift_options_chosen BOOLEAN NOT NULL,
    -- JSON object of field key to value.
    personalization TEXT NOT NULL,
    merchandise BIGINT NOT NULL CHECK (merchandise >= 0),
    gift_options BIGINT NOT NULL CHECK (gift_options >= 0),
    personalization_fee BIGINT NOT NULL CHECK (personalization_fee >= 0),
    discount BIGINT NOT NULL CHECK (discount >= 0 AND discount <= merchandise),
    tax BIGINT NOT NULL CHECK (tax >= 0),
    -- A gift card line: paying issues one card per unit.
    gift_card BOOLEAN NOT NULL,
    PRIMARY KEY (order_id, position)
);
CREATE INDEX order_lines_product ON order_lines (product_id);

-- The units each order took, per product or variation (a bundle's from its
-- products), so a release gives back exactly what was taken.
CREATE TABLE order_stock (
    order_id BIGINT NOT NULL REFERENCES orders (id),
    item_kind TEXT NOT NULL CHECK (item_kind IN ('product', 'variation')),
    item_id BIGINT NOT NULL,
    units BIGINT NOT NULL CHECK (units > 0),
    PRIMARY KEY (order_id, item_kind, item_id)
);

CREATE TABLE order_gift_cards (
    order_id BIGINT NOT NULL REFERENCES orders (id),
    position INTEGER NOT NULL,
    code_hash TEXT NOT NULL REFERENCES gift_cards (code_hash),
    last_four TEXT NOT NULL,
    amount BIGINT NOT NULL CHECK (amount > 0),
    PRIMARY KEY (order_id, position),
    UNIQUE (order_id, code_hash)
);

-- Each status an order reached, once.
CREATE TABLE order_history (
    order_id BIGINT NOT NULL REFERENCES orders (id),
    status TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (order_id, status)
);

-- Durable jobs. `(kind, subject, due_at)` names a job, so queueing it twice queues it
-- once; a claim lasts until `claimed_until`, after which another runner may take it.
CREATE TABLE jobs (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    due_at TEXT NOT NULL,
    claimed_until TEXT,
    attempts BIGINT NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error TEXT,
    done_at TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (kind, subject, due_at)
);
CREATE INDEX jobs_due ON jobs (done_at, due_at);

-- Secrets the store makes for itself on first start (the key that signs order links),
-- shared by every instance on one database.
CREATE TABLE store_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
