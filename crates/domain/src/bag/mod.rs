//! The bag and the save-for-later list (spec 3 "Bag line", 4.1, 9): what a line is,
//! how lines merge, move and are capped by stock, and what they cost. The server
//! applies every change a shopper makes and re-prices the result from the catalogue;
//! nothing a client says about prices, stock or totals is used.
//!
//! - `lines`: a line and its identity, parsed from what a client sends.
//! - `offer`: what the catalogue says about the item a line holds.
//! - `change`: the edits a shopper makes (add, move, remove, rewrite a line).
//! - `normalize`: merging, capping and the unavailable lists.
//! - `pricing`: each line's figures and the bag's totals, in integer cents.
//! - `quote`: the use cases that put these together over the `Catalog` port.

mod change;
mod lines;
mod normalize;
mod offer;
mod pricing;
mod quote;

pub use change::{Change, Lists};
pub use lines::{
    BagError, BagLine, LineKey, LineType, ListName, MAX_ENTRIES, MAX_ENTRY_CHARS, MAX_ITEM_KEY,
    MAX_LINES, MAX_QUANTITY, Refusal, check_length,
};
pub use normalize::{Normalized, Offers, absorb, normalize, offer_for};
pub use offer::{BundleFacts, ItemRef, Offer, OfferStock};
pub use pricing::{
    LineFigures, PricedLine, TaxRate, Totals, digital_only, free_shipping_basis,
    free_shipping_remaining, totals,
};
pub use quote::{
    Added, AgreedPrices, Quote, QuoteError, Terms, Withdrawn, availability, quote, quote_at,
};
