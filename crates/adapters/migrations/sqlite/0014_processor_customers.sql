-- The card processor's own name for a customer whose cards it keeps (Stripe's `cus_…`),
-- set once by the first card saved there.
ALTER TABLE customers ADD COLUMN processor_customer TEXT;
