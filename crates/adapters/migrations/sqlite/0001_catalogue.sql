-- The catalogue, SQLite schema. The statements that read and write it are portable;
-- the schema is per engine. Integer cents, ISO-8601 date text, booleans as SMALLINT 0/1.
-- Ids are INTEGER PRIMARY KEY because only that spelling makes the id SQLite's rowid:
-- every index then carries the id and list queries never touch the table to find it.

CREATE TABLE vendors (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    heb_name TEXT
);

CREATE TABLE creators (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    heb_name TEXT,
    role TEXT NOT NULL
);

CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    parent_id BIGINT REFERENCES categories (id),
    position INTEGER NOT NULL,
    slug TEXT NOT NULL,
    name TEXT NOT NULL,
    heb_name TEXT,
    icon TEXT,
    color TEXT
);
CREATE INDEX categories_parent ON categories (parent_id);

CREATE TABLE products (
    id INTEGER PRIMARY KEY,
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
    gift_options_price BIGINT
);
-- Lists page in price or date order: the single-column indexes let a department's
-- list stop after its page; the per-category ones serve small leaf categories.
CREATE INDEX products_category_price ON products (category_id, price);
CREATE INDEX products_category_release ON products (category_id, release_date);
CREATE INDEX products_vendor_price ON products (vendor_id, price);
CREATE INDEX products_vendor_release ON products (vendor_id, release_date);
CREATE INDEX products_price ON products (price);
CREATE INDEX products_release ON products (release_date);

CREATE TABLE product_media (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    url TEXT NOT NULL,
    PRIMARY KEY (product_id, position)
);

CREATE TABLE product_creators (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    creator_id BIGINT NOT NULL REFERENCES creators (id),
    position INTEGER NOT NULL,
    PRIMARY KEY (product_id, creator_id)
);
-- Covering, so a creator's list finds its product ids in the index alone.
CREATE INDEX product_creators_creator ON product_creators (creator_id, product_id);

CREATE TABLE product_filters (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (product_id, position)
);

CREATE TABLE personalization_fields (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    field_key TEXT NOT NULL,
    label TEXT NOT NULL,
    heb_label TEXT,
    price BIGINT NOT NULL,
    max_length INTEGER NOT NULL,
    PRIMARY KEY (product_id, position)
);

CREATE TABLE variations (
    id INTEGER PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
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
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (variation_id, position)
);

CREATE TABLE bundles (
    id INTEGER PRIMARY KEY,
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
    position INTEGER NOT NULL,
    url TEXT NOT NULL,
    PRIMARY KEY (bundle_id, position)
);

CREATE TABLE bundle_items (
    bundle_id BIGINT NOT NULL REFERENCES bundles (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products (id),
    position INTEGER NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (bundle_id, product_id)
);
-- Foreign-key checks on product deletes look bundle items up by product.
CREATE INDEX bundle_items_product ON bundle_items (product_id);

CREATE TABLE pages (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    heb_title TEXT,
    -- paragraphs separated by a blank line
    body TEXT NOT NULL,
    heb_body TEXT
);
