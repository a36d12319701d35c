//! The contract of the `PaymentGateway` port, run against the sandbox (on SQLite), the
//! in-memory fake and Stripe's adapter on localstripe: tokens, holds, captures, voids
//! and refunds, each idempotent, and the documented test numbers declining.

use localstripe::Localstripe;
use sqlx::Connection;
use std::sync::Arc;
use store_adapters::fakes::InMemoryGateway;
use store_adapters::sandbox::SandboxGateway;
use store_adapters::stripe::StripeGateway;
use store_domain::clock::Timestamp;
use store_domain::payments::{
    Brand, CardDetails, CardOwner, ChargeState, Decline, Holder, PaymentError,
};
use store_domain::ports::PaymentGateway;

use crate::common;
use crate::common::localstripe;
use crate::common::postgres as postgres_db;

const NOW: Timestamp = Timestamp::from_unix_seconds(1_767_225_600);

/// The browser the suite's cards are typed in.
fn browser() -> Holder {
    Holder::of(Some("a-browser-cookie"))
}

/// Where a suite's card tokens come from, and how a hold lapses outside the store.
enum Cards {
    /// The gateway tokenises the card itself: the fake, which lapses a hold by its own
    /// hand,
    Fake(Arc<InMemoryGateway>),
    /// or the sandbox, whose database (by its URL) is changed behind it.
    Sandbox(String),
    /// The store never handles a number: the browser has Stripe.js make a PaymentMethod
    /// and hands the store its id. Here the test makes it at localstripe.
    Stripe(Localstripe),
}

impl Cards {
    /// A token for `number`, expiring 12/2030, made in `browser()`.
    async fn token(&self, g: &dyn PaymentGateway, number: &str) -> String {
        self.token_for(g, number, &browser()).await
    }

    async fn token_for(&self, g: &dyn PaymentGateway, number: &str, holder: &Holder) -> String {
        match self {
            Cards::Fake(_) | Cards::Sandbox(_) => {
                let card = CardDetails::parse(number, "12/30", "123", (2026, 1)).unwrap();
                g.create_token(&card, holder, NOW).await.unwrap().token
            }
            Cards::Stripe(server) => {
                let stamp = holder.as_str().unwrap_or_default();
                server.payment_method(number, stamp).await
            }
        }
    }

    /// Releases the hold of authorised charge `id` as its bank does when it is not
    /// captured in time (Stripe's authorisations lapse after seven days).
    async fn lapse(&self, id: &str) {
        match self {
            Cards::Fake(gateway) => gateway.lapse(id),
            Cards::Sandbox(url) => {
                const LAPSE: &str = "UPDATE sandbox_charges SET state = 'voided' WHERE id = $1";
                if url.starts_with("postgres") {
                    let mut db = sqlx::PgConnection::connect(url).await.unwrap();
                    sqlx::query(LAPSE).bind(id).execute(&mut db).await.unwrap();
                } else {
                    let mut db = sqlx::SqliteConnection::connect(url).await.unwrap();
                    sqlx::query(LAPSE).bind(id).execute(&mut db).await.unwrap();
                }
            }
            Cards::Stripe(server) => server.cancel(id).await,
        }
    }

    /// The test numbers that decline when charged, and why.
    fn declining(&self) -> &'static [(&'static str, Decline)] {
        match self {
            Cards::Fake(_) | Cards::Sandbox(_) => &[
                ("4000000000000002", Decline::Declined),
                ("4000000000009995", Decline::InsufficientFunds),
                ("4000000000000069", Decline::ExpiredCard),
                ("4000000000000127", Decline::IncorrectCvc),
            ],
            // localstripe approves the four above when charged (it declines them only
            // when attached to a customer), and declines this one, Stripe's "decline
            // after attaching" card, with `card_declined` alone. The other reasons are
            // mapped from Stripe's documented errors in the adapter's unit tests.
            Cards::Stripe(_) => &[("4000000000000341", Decline::Declined)],
        }
    }
}

fn refused<T: std::fmt::Debug>(result: Result<T, PaymentError>) -> String {
    match result {
        Err(PaymentError::Refused(why)) => why,
        other => panic!("not refused: {other:?}"),
    }
}

mod cases {
    use super::*;

    pub async fn a_token_shows_its_card_within_its_hour(g: &dyn PaymentGateway, cards: &Cards) {
        let card = cards.token(g, "4242424242424242").await;
        let shown = g.card(&card, &browser(), NOW).await.unwrap().unwrap();
        assert_eq!(shown.token, card);
        assert_eq!(shown.brand, Brand::Visa);
        assert_eq!(shown.last4, "4242");
        assert_eq!((shown.exp_month, shown.exp_year), (12, 2030));
        for unknown in ["pm_never_issued", "tok_never_issued", "pm_../v1/charges"] {
            let shown = g.card(unknown, &browser(), NOW).await.unwrap();
            assert_eq!(shown, None, "{unknown}");
        }
        // Long after (localstripe stamps its methods with the wall clock, so "after" is
        // far ahead of every clock here): the token no longer shows a card.
        let later = Timestamp::from_unix_seconds(4_102_444_800);
        let lapsed = g.card(&card, &browser(), later).await.unwrap();
        assert_eq!(lapsed, None, "expired");
    }

    /// A token copied out of one browser shows nothing to another, nor to a request
    /// with no browser at all; made with no browser, it shows to nobody.
    pub async fn a_token_shows_its_card_only_to_its_browser(g: &dyn PaymentGateway, cards: &Cards) {
        let card = cards.token(g, "4242424242424242").await;
        let elsewhere = Holder::of(Some("another-browser-cookie"));
        assert_eq!(g.card(&card, &elsewhere, NOW).await.unwrap(), None);
        assert_eq!(g.card(&card, &Holder::of(None), NOW).await.unwrap(), None);
        let nobodys = cards
            .token_for(g, "4242424242424242", &Holder::of(None))
            .await;
        assert_eq!(
            g.card(&nobodys, &Holder::of(None), NOW).await.unwrap(),
            None
        );
        assert!(g.card(&card, &browser(), NOW).await.unwrap().is_some());
    }

    pub async fn a_hold_is_taken_once_per_key(g: &dyn PaymentGateway, cards: &Cards) {
        let card = cards.token(g, "4242424242424242").await;
        let first = g.authorize(&card, 2500, "order-1", NOW).await.unwrap();
        assert_eq!((first.amount, first.state), (2500, ChargeState::Authorized));
        let again = g.authorize(&card, 2500, "order-1", NOW).await.unwrap();
        assert_eq!(again, first, "a retried hold is the first hold");
        refused(g.authorize(&card, 2600, "order-1", NOW).await);
        let other = g.authorize(&card, 2500, "order-2", NOW).await.unwrap();
        assert_ne!(other.id, first.id);
        for unknown in ["tok_never_issued", "pm_never_issued"] {
            assert!(
                matches!(
                    g.authorize(unknown, 100, "order-3", NOW).await,
                    Err(PaymentError::UnknownToken)
                ),
                "{unknown}"
            );
        }
    }

    /// What the sweep asks of an order whose placement stopped half-way.
    pub async fn a_charge_is_found_by_its_key(g: &dyn PaymentGateway, cards: &Cards) {
        let card = cards.token(g, "4242424242424242").await;
        assert_eq!(g.charge_by_key("order-7").await.unwrap(), None);
        let held = g.authorize(&card, 1200, "order-7", NOW).await.unwrap();
        assert_eq!(
            g.charge_by_key("order-7").await.unwrap(),
            Some(held.clone())
        );
        assert_eq!(g.charge_by_key("order-8").await.unwrap(), None, "unused");
        let taken = g.capture(&held.id).await.unwrap();
        assert_eq!(taken.state, ChargeState::Captured);
        assert_eq!(g.charge_by_key("order-7").await.unwrap(), Some(taken));
    }

    /// What the start-up sweep does with an order given up after a crash between the
    /// hold and the capture (`orders::place::abandon`): it finds the hold by the order
    /// number and releases it; asked again, the key shows the released charge.
    pub async fn the_sweep_finds_a_held_charge_and_releases_it(
        g: &dyn PaymentGateway,
        cards: &Cards,
    ) {
        let card = cards.token(g, "4242424242424242").await;
        let held = g.authorize(&card, 2200, "order-12", NOW).await.unwrap();
        let found = g.charge_by_key("order-12").await.unwrap().unwrap();
        assert_eq!(
            (&found.id, found.state),
            (&held.id, ChargeState::Authorized)
        );
        assert_eq!(g.void(&found.id).await.unwrap().state, ChargeState::Voided);
        let after = g.charge_by_key("order-12").await.unwrap().unwrap();
        assert_eq!((after.id, after.state), (held.id, ChargeState::Voided));
    }

    /// A placement retried after its capture failed authorises and captures again.
    pub async fn capture_after_authorisation_can_be_retried(g: &dyn PaymentGateway, cards: &Cards) {
        let card = cards.token(g, "4242424242424242").await;
        let held = g.authorize(&card, 4200, "order-9", NOW).await.unwrap();
        let taken = g.capture(&held.id).await.unwrap();
        assert_eq!(
            (taken.id.as_str(), taken.state),
            (held.id.as_str(), ChargeState::Captured)
        );
        let again = g.authorize(&card, 4200, "order-9", NOW).await.unwrap();
        assert_eq!(again, taken, "the same key answers the captured charge");
        assert_eq!(g.capture(&again.id).await.unwrap(), taken);
    }

    /// A card kept for a customer pays later by the token `keep` answers (with a
    /// processor, as the processor's customer's), the same customer keeps a second card,
    /// another browser's token is not kept, and forgetting is done twice alike.
    pub async fn a_kept_card_pays_later_as_its_customers(g: &dyn PaymentGateway, cards: &Cards) {
        let mut owner = CardOwner {
            customer: 42,
            email: "dana@example.com".into(),
            processor_customer: None,
        };
        let card = cards.token(g, "4242424242424242").await;
        let elsewhere = Holder::of(Some("another-browser-cookie"));
        assert_eq!(g.keep(&card, &elsewhere, &owner, NOW).await.unwrap(), None);
        let kept = g
            .keep(&card, &browser(), &owner, NOW)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (kept.card.last4.as_str(), kept.card.brand),
            ("4242", Brand::Visa)
        );
        let held = g
            .authorize(&kept.card.token, 1500, "order-13", NOW)
            .await
            .unwrap();
        assert_eq!(
            (&held.token, held.state),
            (&kept.card.token, ChargeState::Authorized)
        );
        assert_eq!(
            g.capture(&held.id).await.unwrap().state,
            ChargeState::Captured
        );
        let again = g
            .authorize(&kept.card.token, 1500, "order-13", NOW)
            .await
            .unwrap();
        assert_eq!(again.id, held.id, "the key answers its charge");

        owner.processor_customer = kept.processor_customer.clone();
        let second = cards.token(g, "5555555555554444").await;
        let also = g
            .keep(&second, &browser(), &owner, NOW)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            also.processor_customer, kept.processor_customer,
            "one customer"
        );
        assert_ne!(also.card.token, kept.card.token);
        for _ in 0..2 {
            g.forget(&also.card.token).await.unwrap();
        }
    }

    /// A hold released at the processor before the store captured it (its bank let it
    /// lapse): the capture is refused, the key's charge shows voided, and authorising
    /// again with the key answers that charge, holding nothing more, which placement
    /// takes as a decline.
    pub async fn a_capture_after_the_hold_lapsed_is_refused(g: &dyn PaymentGateway, cards: &Cards) {
        let card = cards.token(g, "4242424242424242").await;
        let held = g.authorize(&card, 1800, "order-11", NOW).await.unwrap();
        cards.lapse(&held.id).await;
        assert!(g.capture(&held.id).await.is_err(), "captured a lapsed hold");
        let kept = g.charge_by_key("order-11").await.unwrap().unwrap();
        assert_eq!(
            (kept.id.as_str(), kept.state),
            (held.id.as_str(), ChargeState::Voided)
        );
        let again = g.authorize(&card, 1800, "order-11", NOW).await.unwrap();
        assert_eq!((again.id, again.state), (held.id, ChargeState::Voided));
    }

    pub async fn captures_voids_and_refunds_follow_the_state(
        g: &dyn PaymentGateway,
        cards: &Cards,
    ) {
        let card = cards.token(g, "4242424242424242").await;
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

    pub async fn the_test_numbers_decline(g: &dyn PaymentGateway, cards: &Cards) {
        for &(number, why) in cards.declining() {
            let card = cards.token(g, number).await;
            for _ in 0..2 {
                match g.authorize(&card, 100, number, NOW).await {
                    Err(PaymentError::Declined(d)) => assert_eq!(d, why, "{number}"),
                    other => panic!("{number}: {other:?}"),
                }
            }
            let kept = g.charge_by_key(number).await.unwrap().unwrap();
            assert_eq!(kept.state, ChargeState::Declined(why), "{number}");
        }
    }
}

macro_rules! suite {
    ($name:ident, $make:expr) => {
        mod $name {
            use super::*;
            suite!(@cases $make;
                a_token_shows_its_card_within_its_hour,
                a_token_shows_its_card_only_to_its_browser,
                a_hold_is_taken_once_per_key,
                a_charge_is_found_by_its_key,
                the_sweep_finds_a_held_charge_and_releases_it,
                capture_after_authorisation_can_be_retried,
                a_capture_after_the_hold_lapsed_is_refused,
                a_kept_card_pays_later_as_its_customers,
                captures_voids_and_refunds_follow_the_state,
                the_test_numbers_decline,
            );
        }
    };
    (@cases $make:expr; $($case:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $case() {
                let (gateway, cards, _guard) = $make.await;
                cases::$case(gateway.as_ref(), &cards).await;
            }
        )*
    };
}

async fn in_memory() -> (Arc<dyn PaymentGateway>, Cards, ()) {
    let gateway = Arc::new(InMemoryGateway::default());
    (gateway.clone(), Cards::Fake(gateway), ())
}

async fn sandbox() -> (Arc<dyn PaymentGateway>, Cards, tempfile::TempDir) {
    let (store, dir) = common::sqlite_store(2).await;
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    (
        Arc::new(SandboxGateway::new(store)),
        Cards::Sandbox(url),
        dir,
    )
}

/// A localstripe of its own for each test: it starts in well under a second.
async fn stripe() -> (Arc<dyn PaymentGateway>, Cards, ()) {
    let server = localstripe::start();
    let gateway = StripeGateway::new(localstripe::SECRET_KEY.into(), server.base.clone());
    (Arc::new(gateway.unwrap()), Cards::Stripe(server), ())
}

async fn sandbox_on_postgres() -> (Arc<dyn PaymentGateway>, Cards, postgres_db::TestDatabase) {
    let (store, database) = postgres_db::postgres_store(2).await;
    let url = database.url();
    (
        Arc::new(SandboxGateway::new(store)),
        Cards::Sandbox(url),
        database,
    )
}

suite!(fake, in_memory());
suite!(sandbox_on_sqlite, sandbox());
suite!(sandbox_on_postgres, sandbox_on_postgres());
suite!(stripe_on_localstripe, stripe());
