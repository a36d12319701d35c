//! The embedded sandbox card gateway: it tokenises any well-formed card, keeping only
//! the brand, the last four digits, the expiry and the outcome its test number asks
//! for (docs/api.md lists them), and authorises, captures, voids and refunds against
//! those tokens as a processor would, idempotently. It is what a shopper meets when no
//! real processor is configured; no money moves. Its tables are the store's own, on
//! either engine (`sql/sandbox_gateway.rs`).

use rand::Rng;

/// The test numbers that ask for a failure when the card is charged; every other valid
/// number is approved. (The well-known numbers card processors document for testing.)
pub const TEST_OUTCOMES: [(&str, &str); 4] = [
    ("4000000000000002", "declined"),
    ("4000000000009995", "insufficient_funds"),
    ("4000000000000069", "expired_card"),
    ("4000000000000127", "incorrect_cvc"),
];

/// The gateway, on the store `S` (a `SqliteStore` or a `PgStore`) that keeps its tokens
/// and charges.
pub struct SandboxGateway<S> {
    pub(crate) store: S,
}

impl<S> SandboxGateway<S> {
    pub fn new(store: S) -> Self {
        SandboxGateway { store }
    }
}

/// 128 random bits in hex: a token nobody can guess.
pub(crate) fn hex_token() -> String {
    let bytes: [u8; 16] = rand::rng().random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
