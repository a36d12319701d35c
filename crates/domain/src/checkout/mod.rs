//! Between the bag and the order button (spec 4.2, 4.5): what gift cards and discount
//! codes take off an order, decided here once for the quote and, later, the order.

pub mod discounts;
pub mod gift_cards;
pub mod quote;
pub mod storage;
