-- School supply lists, as SQLite's 0019_schools.sql: schools, their grades, and per grade
-- the lists a school publishes, written only by the owner's import, which replaces a
-- school whole in one transaction (deleting it cascades to its grades, lists and items).
-- A place is two integers of millionths of a degree; an item is text ("product:1046",
-- "variation:104702") and substitutes a space-separated list of them.
-- Integers are BIGINT but for the place, which is read as 32 bits.
CREATE TABLE schools (
    id BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    heb_name TEXT NOT NULL,
    country TEXT NOT NULL CHECK (length(country) = 2),
    postal_code TEXT NOT NULL,
    address TEXT NOT NULL,
    heb_address TEXT NOT NULL,
    latitude_e6 INTEGER NOT NULL CHECK (latitude_e6 BETWEEN -90000000 AND 90000000),
    longitude_e6 INTEGER NOT NULL CHECK (longitude_e6 BETWEEN -180000000 AND 180000000)
);
CREATE INDEX schools_country ON schools (country);

CREATE TABLE school_grades (
    id BIGINT PRIMARY KEY,
    school_id BIGINT NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    heb_name TEXT NOT NULL,
    position BIGINT NOT NULL,
    UNIQUE (school_id, position)
);

CREATE TABLE school_lists (
    id BIGINT PRIMARY KEY,
    grade_id BIGINT NOT NULL REFERENCES school_grades (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    heb_name TEXT NOT NULL,
    note TEXT NOT NULL,
    heb_note TEXT NOT NULL,
    position BIGINT NOT NULL,
    UNIQUE (grade_id, position)
);

CREATE TABLE school_list_items (
    list_id BIGINT NOT NULL REFERENCES school_lists (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    item TEXT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    optional BOOLEAN NOT NULL,
    substitutes TEXT NOT NULL,
    PRIMARY KEY (list_id, position),
    UNIQUE (list_id, item)
);
