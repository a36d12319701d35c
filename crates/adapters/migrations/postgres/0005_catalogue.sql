-- The catalogue, as SQLite's migrations 0001 to 0006 left it, with 0017's `returnable`,
-- 0018's plans sold by subscription, and 0003's version row. Ids come from the import
-- (no identity columns). Flags the catalogue imports are SMALLINT 0/1, as on SQLite,
-- since the shared statements read and write them as numbers.

CREATE TABLE vendors (
    id BIGINT PRIMARY KEY,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    heb_name TEXT
);

CREATE TABLE creators (
    id BIGINT PRIMARY KEY,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    heb_name TEXT,
    role TEXT NOT NULL
);

CREATE TABLE categories (
    id BIGINT PRIMARY KEY,
    parent_id BIGINT REFERENCES categories (id),
    position BIGINT NOT NULL,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    heb_name TEXT,
    icon TEXT,
    color TEXT
);

CREATE TABLE products (
    id BIGINT PRIMARY KEY,
    slug TEXT NOT NULL,
    product_type TEXT NOT NULL,
    item_type TEXT NOT NULL,
    title TEXT NOT NULL,
    heb_title TEXT,
    short_desc TEXT NOT NULL,
    heb_short_desc TEXT,
    description TEXT NOT NULL,
    heb_description TEXT,
    price BIGINT NOT NULL CHECK (price >= 0),
    fake_price BIGINT,
    sku TEXT NOT NULL UNIQUE,
    stock BIGINT NOT NULL,
    max_quantity BIGINT,
    tax_code TEXT NOT NULL,
    vendor_id BIGINT NOT NULL REFERENCES vendors (id),
    category_id BIGINT NOT NULL REFERENCES categories (id),
    exclude_free_shipping SMALLINT NOT NULL,
    release_date TEXT NOT NULL,
    image TEXT,
    gift_options_price BIGINT,
    -- A catalogue item marked final sale cannot come back; every item can by default.
    returnable SMALLINT NOT NULL DEFAULT 1 CHECK (returnable IN (0, 1))
);
-- Related products (by category, newest first) and new arrivals.
CREATE INDEX products_category_release ON products (category_id, release_date);
CREATE INDEX products_release ON products (release_date);

CREATE TABLE product_media (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    url TEXT NOT NULL,
    PRIMARY KEY (product_id, position)
);

CREATE TABLE product_creators (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    creator_id BIGINT NOT NULL REFERENCES creators (id),
    position BIGINT NOT NULL,
    PRIMARY KEY (product_id, creator_id)
);

CREATE TABLE product_filters (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    heb_name TEXT,
    heb_value TEXT,
    PRIMARY KEY (product_id, position)
);

CREATE TABLE personalization_fields (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    field_key TEXT NOT NULL,
    label TEXT NOT NULL,
    heb_label TEXT,
    price BIGINT NOT NULL,
    max_length BIGINT NOT NULL,
    PRIMARY KEY (product_id, position)
);

CREATE TABLE variations (
    id BIGINT PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    sku TEXT NOT NULL UNIQUE,
    price BIGINT NOT NULL CHECK (price >= 0),
    fake_price BIGINT,
    stock BIGINT NOT NULL,
    max_quantity BIGINT,
    item_type TEXT NOT NULL,
    picture TEXT
);
CREATE INDEX variations_product ON variations (product_id);

CREATE TABLE variation_options (
    variation_id BIGINT NOT NULL REFERENCES variations (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    heb_name TEXT,
    heb_value TEXT,
    PRIMARY KEY (variation_id, position)
);

CREATE TABLE bundles (
    id BIGINT PRIMARY KEY,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    heb_title TEXT,
    short_desc TEXT NOT NULL,
    heb_short_desc TEXT,
    description TEXT NOT NULL,
    heb_description TEXT,
    price BIGINT NOT NULL CHECK (price >= 0),
    fake_price BIGINT,
    sku TEXT NOT NULL UNIQUE,
    image TEXT
);

CREATE TABLE bundle_media (
    bundle_id BIGINT NOT NULL REFERENCES bundles (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    url TEXT NOT NULL,
    PRIMARY KEY (bundle_id, position)
);

CREATE TABLE bundle_items (
    bundle_id BIGINT NOT NULL REFERENCES bundles (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products (id),
    position BIGINT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (bundle_id, product_id)
);
-- Foreign-key checks on product deletes look bundle items up by product.
CREATE INDEX bundle_items_product ON bundle_items (product_id);

CREATE TABLE pages (
    id BIGINT PRIMARY KEY,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    heb_title TEXT,
    -- paragraphs separated by a blank line
    body TEXT NOT NULL,
    heb_body TEXT
);

-- A version every catalogue change bumps in its own transaction, so every instance can
-- see another's import and rebuild its search index.
CREATE TABLE catalogue_version (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 0);

-- What the store sells by subscription: types, groups of choices within a type, and
-- the plans each choice is sold on.
CREATE TABLE subscription_types (
    id BIGINT PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    heb_name TEXT NOT NULL,
    position BIGINT NOT NULL
);

CREATE TABLE subscription_groups (
    id BIGINT PRIMARY KEY,
    type_id BIGINT NOT NULL REFERENCES subscription_types (id),
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    heb_name TEXT NOT NULL,
    description TEXT NOT NULL,
    heb_description TEXT NOT NULL,
    position BIGINT NOT NULL
);

CREATE TABLE subscription_plans (
    id BIGINT PRIMARY KEY,
    group_id BIGINT NOT NULL REFERENCES subscription_groups (id),
    -- The catalogue product each delivery brings.
    product_id BIGINT NOT NULL REFERENCES products (id),
    interval TEXT NOT NULL CHECK (interval IN ('1w', '2w', '4w', '1m', '2m', '3m')),
    price BIGINT NOT NULL CHECK (price > 0),
    -- A fixed number of deliveries; NULL: until cancelled.
    deliveries BIGINT CHECK (deliveries IS NULL OR deliveries > 0),
    position BIGINT NOT NULL
);
CREATE INDEX subscription_plans_group ON subscription_plans (group_id, position);

-- Taking stock never leaves it below zero, on any path: a row already below zero (an
-- import, a hand edit) may still be written to, but never lowered further. SQLite's
-- 0012 has the same rule as two triggers.
CREATE FUNCTION stock_taken_never_below_zero() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.stock < 0 AND NEW.stock < OLD.stock THEN
        RAISE EXCEPTION 'stock would go below zero' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER products_stock_taken_never_below_zero
BEFORE UPDATE OF stock ON products
FOR EACH ROW EXECUTE FUNCTION stock_taken_never_below_zero();
CREATE TRIGGER variations_stock_taken_never_below_zero
BEFORE UPDATE OF stock ON variations
FOR EACH ROW EXECUTE FUNCTION stock_taken_never_below_zero();
