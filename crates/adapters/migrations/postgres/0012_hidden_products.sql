-- Hidden products, as SQLite's migration 0020: the owner takes a product off sale and
-- out of sight without deleting it, and can show it again. SMALLINT 0/1 as the
-- catalogue's other flags, since the shared statements read and write them as numbers.
ALTER TABLE products ADD COLUMN hidden SMALLINT NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1));
