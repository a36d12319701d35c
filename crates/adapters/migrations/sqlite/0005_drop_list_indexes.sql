-- Lists and their facets are answered by the search index since issue 4; no query
-- sorts or filters products by price or by vendor any more, nor walks categories or
-- creators from the parent or creator side. Each index below only slowed imports.
-- Kept: products_category_release (related products), products_release (new
-- arrivals), variations_product and bundle_items_product (lookups and the foreign-key
-- check when generated products are removed).
DROP INDEX products_category_price;
DROP INDEX products_vendor_price;
DROP INDEX products_vendor_release;
DROP INDEX products_price;
DROP INDEX product_creators_creator;
DROP INDEX categories_parent;
