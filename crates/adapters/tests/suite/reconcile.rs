//! The owner's reconciliation (`orders::reconcile`) against the sandbox (on SQLite) and
//! Stripe's adapter on localstripe, over orders kept in memory: of a paid order with
//! its captured charge, a placed order whose charge is held, charges declined or
//! voided, a charge with no order and a paid order with no charge, only the last two
//! are reported.

use std::sync::Arc;
use store_adapters::fakes::{InMemoryCatalog, InMemoryCheckout, InMemoryOrders, fixture};
use store_adapters::sandbox::SandboxGateway;
use store_adapters::stripe::StripeGateway;
use store_domain::orders::number::OrderNumber;
use store_domain::orders::reconcile::reconcile;
use store_domain::orders::storage::Orders;
use store_domain::payments::{CardDetails, Holder};
use store_domain::ports::{CatalogWriter, PaymentGateway};

use crate::common;
use crate::common::localstripe;
use crate::common::orders as order_fixture;
use crate::common::postgres as postgres_db;
use order_fixture::{at, new_order};

/// How the case's cards are made: by the gateway, or in the browser at localstripe.
enum Cards {
    Sandbox,
    Stripe(localstripe::Localstripe),
}

impl Cards {
    /// A test number this gateway declines when charged.
    fn declining(&self) -> &'static str {
        match self {
            Cards::Sandbox => "4000000000000002",
            Cards::Stripe(_) => "4000000000000341",
        }
    }

    async fn token(&self, g: &dyn PaymentGateway, number: &str) -> String {
        let browser = Holder::of(Some("browser"));
        match self {
            Cards::Sandbox => {
                let card = CardDetails::parse(number, "12/30", "123", (2026, 1)).unwrap();
                g.create_token(&card, &browser, at(0)).await.unwrap().token
            }
            Cards::Stripe(server) => {
                let stamp = browser.as_str().unwrap();
                server.payment_method(number, stamp).await
            }
        }
    }
}

async fn only_the_disagreements_are_reported(g: &dyn PaymentGateway, cards: &Cards) {
    let catalog = Arc::new(InMemoryCatalog::new());
    catalog.import(&fixture()).await.unwrap();
    let orders = InMemoryOrders::new(catalog, Arc::new(InMemoryCheckout::default()));
    let good = cards.token(g, "4242424242424242").await;
    // The gateway's key for an order is its number as stored (no dashes).
    let key = |n: &str| OrderNumber::parse(n).unwrap();

    // Paid, with its captured charge: they agree.
    let paid = key("7KQ4-M2XD-9PRT");
    orders
        .reserve(&new_order(paid.as_str(), "paid", 1, 0))
        .await
        .unwrap();
    let held = g
        .authorize(&good, 3_000, paid.as_str(), at(1))
        .await
        .unwrap();
    g.capture(&held.id).await.unwrap();
    assert!(
        orders
            .record_payment(&paid, Some(&held.id), &[], &[], at(1))
            .await
            .unwrap()
    );

    // Placed, its charge held: the sweep's, not the report's.
    let placed = key("7KQ4-M2XD-9PRV");
    orders
        .reserve(&new_order(placed.as_str(), "placed", 1, 0))
        .await
        .unwrap();
    g.authorize(&good, 3_000, placed.as_str(), at(2))
        .await
        .unwrap();

    // Charges that keep no money, with no order: declined, and voided.
    let declining = cards.token(g, cards.declining()).await;
    let refused = g.authorize(&declining, 500, "declined-order", at(3)).await;
    assert!(refused.is_err(), "{refused:?}");
    let released = g
        .authorize(&good, 700, "given-up-order", at(3))
        .await
        .unwrap();
    g.void(&released.id).await.unwrap();

    // The two to report: money taken for no order, and an order paid with no charge.
    let orphan_key = key("7KQ4-M2XD-9PRW");
    let orphan = g
        .authorize(&good, 4_200, orphan_key.as_str(), at(4))
        .await
        .unwrap();
    g.capture(&orphan.id).await.unwrap();
    let lost = key("7KQ4-M2XD-9PRX");
    orders
        .reserve(&new_order(lost.as_str(), "lost", 1, 0))
        .await
        .unwrap();
    assert!(
        orders
            .record_payment(&lost, Some("ch_lost"), &[], &[], at(5))
            .await
            .unwrap()
    );

    let report = reconcile(g, &orders, at(-1)).await.unwrap();
    let charges: Vec<&str> = report
        .charges_without_order
        .iter()
        .map(|c| c.charge.id.as_str())
        .collect();
    assert_eq!(charges, [orphan.id.as_str()], "{report:?}");
    assert_eq!(report.charges_without_order[0].key, orphan_key.as_str());
    let orders_reported: Vec<&str> = report
        .orders_without_charge
        .iter()
        .map(|o| o.number.as_str())
        .collect();
    assert_eq!(orders_reported, [lost.as_str()], "{report:?}");
    assert_eq!(report.orders, 3);

    // From a moment after all of it: nothing to compare, nothing reported.
    let later = store_domain::clock::Timestamp::from_unix_seconds(4_102_444_800);
    let none = reconcile(g, &orders, later).await.unwrap();
    assert_eq!((none.charges, none.orders), (0, 0));
}

#[tokio::test]
async fn on_the_sandbox() {
    let (store, _dir) = common::sqlite_store(2).await;
    let gateway = SandboxGateway::new(store);
    only_the_disagreements_are_reported(&gateway, &Cards::Sandbox).await;
}

#[tokio::test]
async fn on_the_sandbox_on_postgres() {
    let (store, _database) = postgres_db::postgres_store(2).await;
    let gateway = SandboxGateway::new(store);
    only_the_disagreements_are_reported(&gateway, &Cards::Sandbox).await;
}

#[tokio::test]
async fn on_stripe() {
    let server = localstripe::start();
    let gateway = StripeGateway::new(localstripe::SECRET_KEY.into(), server.base.clone()).unwrap();
    only_the_disagreements_are_reported(&gateway, &Cards::Stripe(server)).await;
}
