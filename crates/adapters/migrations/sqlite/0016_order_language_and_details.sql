-- What an order needs to be shown and mailed the same way in either language (issue
-- 27): the language it was placed in, the shipping method's Hebrew name, and per line
-- the variation's choices and the personalization fields' names, as JSON arrays (text
-- on both engines). Orders placed before keep the defaults: English, no Hebrew name,
-- no choices or names recorded.
ALTER TABLE orders ADD COLUMN language TEXT NOT NULL DEFAULT 'eng' CHECK (language IN ('eng', 'heb'));
ALTER TABLE orders ADD COLUMN heb_method_name TEXT;
ALTER TABLE order_lines ADD COLUMN options TEXT NOT NULL DEFAULT '[]';
ALTER TABLE order_lines ADD COLUMN labels TEXT NOT NULL DEFAULT '[]';
