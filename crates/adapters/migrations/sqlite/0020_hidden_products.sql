-- Hidden products: the owner takes a product off sale and out of sight without
-- deleting it (orders, returns and subscriptions still name it), and can show it
-- again. Every storefront read leaves a hidden product out, and a bundle holding one.
-- No index: few products are hidden, and the lists' indexes stay the ones that order.
ALTER TABLE products ADD COLUMN hidden SMALLINT NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1));
