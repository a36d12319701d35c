-- The Hebrew names of filter and variation option groups and values ("Size" is
-- "מידה", "3 months" is "3 חודשים"), for the Hebrew interface; NULL where the
-- catalogue has none, and the English is shown. ADD COLUMN with no default is
-- the same statement on SQLite and PostgreSQL.
ALTER TABLE product_filters ADD COLUMN heb_name TEXT;
ALTER TABLE product_filters ADD COLUMN heb_value TEXT;
ALTER TABLE variation_options ADD COLUMN heb_name TEXT;
ALTER TABLE variation_options ADD COLUMN heb_value TEXT;
