//! The embedded sandbox gateway: it answers a token for a good card, knows the token
//! afterwards, and leaves neither the card number nor the CVC in the database file.

use store_adapters::sandbox::{SandboxGateway, TEST_OUTCOMES};
use store_domain::clock::Timestamp;
use store_domain::payments::{Brand, CardDetails, Holder};
use store_domain::ports::PaymentGateway;

use crate::common;

const NUMBER: &str = "4242424242424242";
const CVC: &str = "731";

#[tokio::test]
async fn a_token_is_all_that_is_kept() {
    let (store, dir) = common::sqlite_store(2).await;
    let gateway = SandboxGateway::new(store.clone());
    let card = CardDetails::parse(NUMBER, "12/30", CVC, (2026, 11)).unwrap();
    let made = Timestamp::from_unix_seconds(1_767_225_600);
    let browser = Holder::of(Some("cookie"));
    let token = gateway.create_token(&card, &browser, made).await.unwrap();
    assert!(token.token.starts_with("tok_") && token.token.len() == 36);
    assert_eq!((token.brand, token.last4.as_str()), (Brand::Visa, "4242"));
    assert_eq!(
        gateway.card(&token.token, &browser, made).await.unwrap(),
        Some(token.clone())
    );
    let unknown = gateway.card("tok_unknown", &browser, made).await.unwrap();
    assert_eq!(unknown, None);
    // A test number of each outcome is a valid card: it fails only when charged.
    for (number, _) in TEST_OUTCOMES {
        assert!(
            CardDetails::parse(number, "12/30", "123", (2026, 11)).is_ok(),
            "{number}"
        );
    }

    store.close().await;
    let mut bytes = Vec::new();
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        bytes.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains(&token.token),
        "the search can find what is stored"
    );
    assert!(!text.contains(NUMBER), "the card number is stored");
    // The token is random hex and may hold the three digits by chance: leave it out.
    assert!(
        !text.replace(&token.token, "").contains(CVC),
        "the CVC is stored"
    );
}
