-- The browser a sandbox token was made for (`payments::Holder`: the hash of its payer
-- cookie). Tokens made before have none and, long lapsed, pay for nobody.
ALTER TABLE sandbox_cards ADD COLUMN holder TEXT;
