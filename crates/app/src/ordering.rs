//! The order service as the app wires it: every caller that places an order (the
//! order button's handler, the subscription scheduler) builds its context here, so
//! all reach the same ports with the same numbering.

use crate::api::checkout::context;
use crate::state::AppState;
use rand::Rng;
use store_domain::orders::number::OrderNumber;
use store_domain::orders::place::PlaceContext;

/// A fresh order number from the operating system's generator.
fn new_number() -> OrderNumber {
    loop {
        let bytes: [u8; 48] = rand::rng().random();
        if let Some(number) = OrderNumber::from_random_bytes(&bytes) {
            return number;
        }
    }
}

/// What placing an order reads and writes, at the clock's time now.
pub fn place_context(state: &AppState) -> PlaceContext<'_> {
    PlaceContext {
        checkout: context(state),
        orders: state.orders.records.as_ref(),
        gateway: state.checkout.gateway.as_ref(),
        addresses: state.customer.addresses.as_ref(),
        cards: state.customer.cards.as_ref(),
        bags: state.customer.bags.as_ref(),
        links: &state.orders.links,
        new_number: &new_number,
    }
}
