//! The contract of the `PaymentGateway` port, run against the sandbox (on SQLite) and
//! the in-memory fake: tokens, holds, captures, voids and refunds, each idempotent,
//! and the documented test numbers declining.

use store_adapters::fakes::InMemoryGateway;
use store_adapters::sqlite::SandboxGateway;
use store_domain::clock::Timestamp;
use store_domain::payments::{CardDetails, ChargeState, Decline, PaymentError};
use store_domain::ports::PaymentGateway;

mod common;

const NOW: Timestamp = Timestamp::from_unix_seconds(1_767_225_600);

async fn token(g: &dyn PaymentGateway, number: &str) -> String {
    let card = CardDetails::parse(number, "12/30", "123", (2026, 1)).unwrap();
    g.create_token(&card, NOW).await.unwrap().token
}

fn refused<T: std::fmt::Debug>(result: Result<T, PaymentError>) -> String {
    match result {
        Err(PaymentError::Refused(why)) => why,
        other => panic!("not refused: {other:?}"),
    }
}

mod cases {
    use super::*;

    pub async fn a_hold_is_taken_once_per_key(g: &dyn PaymentGateway) {
        let card = token(g, "4242424242424242").await;
        let first = g.authorize(&card, 2500, "order-1", NOW).await.unwrap();
        assert_eq!((first.amount, first.state), (2500, ChargeState::Authorized));
        let again = g.authorize(&card, 2500, "order-1", NOW).await.unwrap();
        assert_eq!(again, first, "a retried hold is the first hold");
        refused(g.authorize(&card, 2600, "order-1", NOW).await);
        let other = g.authorize(&card, 2500, "order-2", NOW).await.unwrap();
        assert_ne!(other.id, first.id);
        assert!(matches!(
            g.authorize("tok_never_issued", 100, "order-3", NOW).await,
            Err(PaymentError::UnknownToken)
        ));
    }

    pub async fn captures_voids_and_refunds_follow_the_state(g: &dyn PaymentGateway) {
        let card = token(g, "4242424242424242").await;
        let held = g.authorize(&card, 3000, "a", NOW).await.unwrap();
        refused(g.refund(&held.id, 100, "r0").await);
        let taken = g.capture(&held.id).await.unwrap();
        assert_eq!(taken.state, ChargeState::Captured);
        assert_eq!(
            g.capture(&held.id).await.unwrap(),
            taken,
            "capturing twice is once"
        );
        refused(g.void(&held.id).await);
        let part = g.refund(&held.id, 1000, "r1").await.unwrap();
        assert_eq!(part.refunded, 1000);
        assert_eq!(
            g.refund(&held.id, 1000, "r1").await.unwrap().refunded,
            1000,
            "retried"
        );
        refused(g.refund(&held.id, 2500, "r2").await);
        assert_eq!(g.refund(&held.id, 2000, "r2").await.unwrap().refunded, 3000);
        refused(g.refund(&held.id, 1, "r3").await);

        let released = g.authorize(&card, 500, "b", NOW).await.unwrap();
        assert_eq!(
            g.void(&released.id).await.unwrap().state,
            ChargeState::Voided
        );
        assert_eq!(
            g.void(&released.id).await.unwrap().state,
            ChargeState::Voided
        );
        refused(g.capture(&released.id).await);
        refused(g.capture("ch_unknown").await);
    }

    pub async fn the_test_numbers_decline(g: &dyn PaymentGateway) {
        for (number, why) in [
            ("4000000000000002", Decline::Declined),
            ("4000000000009995", Decline::InsufficientFunds),
            ("4000000000000069", Decline::ExpiredCard),
            ("4000000000000127", Decline::IncorrectCvc),
        ] {
            let card = token(g, number).await;
            for _ in 0..2 {
                match g.authorize(&card, 100, number, NOW).await {
                    Err(PaymentError::Declined(d)) => assert_eq!(d, why, "{number}"),
                    other => panic!("{number}: {other:?}"),
                }
            }
        }
    }
}

macro_rules! suite {
    ($name:ident, $make:expr) => {
        mod $name {
            use super::*;
            suite!(@cases $make;
                a_hold_is_taken_once_per_key,
                captures_voids_and_refunds_follow_the_state,
                the_test_numbers_decline,
            );
        }
    };
    (@cases $make:expr; $($case:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $case() {
                let (gateway, _guard) = $make.await;
                cases::$case(gateway.as_ref()).await;
            }
        )*
    };
}

async fn in_memory() -> (Box<dyn PaymentGateway>, ()) {
    (Box::new(InMemoryGateway::default()), ())
}

async fn sandbox() -> (Box<dyn PaymentGateway>, tempfile::TempDir) {
    let (store, dir) = common::sqlite_store(2).await;
    (Box::new(SandboxGateway::new(store)), dir)
}

suite!(fake, in_memory());
suite!(sandbox_on_sqlite, sandbox());
