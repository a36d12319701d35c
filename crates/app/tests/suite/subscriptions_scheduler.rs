//! The subscription scheduler against a real database, a SQLite file and a PostgreSQL
//! database, as two instances would run it: two schedulers at once over 200 weekly
//! subscriptions, the clock moved across three periods, one scheduler killed mid-run
//! and started again. Afterwards each subscription has exactly one paid order per
//! period, each charged once.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;
use store_adapters::clock::FixedClock;
use store_app::jobs_runner::run_subscriptions;
use store_app::ordering::place_context;
use store_app::serve;
use store_app::settings::Settings;
use store_app::state::AppState;
use store_domain::accounts::AddressFields;
use store_domain::bag::{BagLine, LineKey, LineType, Lists};
use store_domain::checkout::quote::CheckoutRequest;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::language::Language;
use store_domain::orders::place::{
    CardChoice, DeliveryRequest, IdempotencyKey, PlaceRequest, place_order, price_order,
};
use store_domain::payments::{CardDetails, CardSaved, Holder};
use store_domain::ports::PendingRegistration;
use store_domain::shipping::ShippingChoice;
use store_domain::subscriptions::model::{Origin, Subscription, SubscriptionLine};
use store_domain::subscriptions::schedule::{Interval, Outcome, Schedule, Timeline};
use store_domain::subscriptions::scheduler::{charge_moment, local_date};
use store_domain::subscriptions::storage::Writes;
use store_domain::token::TokenHash;

const SUBSCRIPTIONS: usize = 200;
/// The demo catalogue's glass tea cups (plenty of stock is given to them below).
const CUPS: i64 = 1002;
const STANDARD: u32 = 1;

use crate::postgres_db;

fn settings(url: String) -> Settings {
    let mut settings = Settings::load(None).unwrap();
    settings.database.url = url;
    settings
}

/// An instance of the store over the file, its clock at `at`.
async fn instance(settings: &Settings, at: Timestamp) -> AppState {
    let mut state = serve::jobs_state(settings, at).await.unwrap();
    state.clock = Arc::new(FixedClock(at));
    state
}

fn address() -> AddressFields {
    AddressFields {
        name: "Dana Levi".into(),
        line1: "1 Main St".into(),
        line2: String::new(),
        city: "New York".into(),
        region: "NY".into(),
        postal_code: "10001".into(),
        country: "US".into(),
        phone: "212 555 0100".into(),
        default: true,
    }
}

fn cups(quantity: i64) -> Lists {
    Lists {
        products: vec![BagLine {
            key: LineKey {
                id: CUPS,
                line_type: LineType::Product,
                item_key: String::new(),
            },
            quantity,
            gift_options: false,
            personalization: Default::default(),
        }],
        later: Vec::new(),
    }
}

/// A customer with a saved address and card: their id, the address's and the card's.
async fn customer(state: &AppState, n: usize, at: Timestamp) -> (i64, i64, i64) {
    let email = Email::parse(&format!("subscriber{n}@example.com")).unwrap();
    state
        .accounts
        .records
        .hold_registration(&PendingRegistration {
            email: email.clone(),
            name: format!("Subscriber {n}"),
            password_hash: "hash".into(),
            code: TokenHash::of("111111"),
            expires_at: at.plus(Duration::from_secs(900)),
        })
        .await
        .unwrap();
    let id = state
        .accounts
        .records
        .confirm_registration(&email, &TokenHash::of("111111"), at, 5)
        .await
        .unwrap()
        .unwrap()
        .id;
    let address = state
        .customer
        .addresses
        .add_address(id, &address(), 5)
        .await
        .unwrap()
        .unwrap();
    let details = CardDetails::parse("4242424242424242", "12/35", "123", (2026, 1)).unwrap();
    let holder = Holder::of(Some(&format!("browser-{n}")));
    let token = state
        .checkout
        .gateway
        .create_token(&details, &holder, at)
        .await
        .unwrap();
    let CardSaved::Saved(card) = state
        .customer
        .cards
        .add_card(id, &token, true, 5, at)
        .await
        .unwrap()
    else {
        panic!("card not saved")
    };
    (id, address.id, card.id)
}

/// The order the subscriptions repeat: placed through the order service.
async fn source_order(state: &AppState, customer: (i64, i64, i64)) -> String {
    let request = |expected: (i64, i64)| PlaceRequest {
        key: IdempotencyKey::parse("scheduler-test-source-order").unwrap(),
        checkout: CheckoutRequest {
            lists: cups(1),
            change: None,
            location: None,
            shipping: Some(ShippingChoice::Method(STANDARD)),
            gift_cards: Vec::new(),
            discount: None,
            discount_email: None,
            agreed_prices: Default::default(),
        },
        customer_id: Some(customer.0),
        email: Email::parse("subscriber0@example.com").unwrap(),
        language: Language::English,
        delivery: DeliveryRequest::ShipToSaved(customer.1),
        card: Some(CardChoice::Saved(customer.2)),
        expected_total: store_domain::money::Money::from_cents(expected.0),
        expected_amount_due: store_domain::money::Money::from_cents(expected.1),
        from_bag: false,
    };
    let ctx = place_context(state);
    let quoted = price_order(&ctx, &request((0, 0))).await.unwrap();
    let placed = place_order(
        &ctx,
        request((quoted.quote.totals.total.cents(), quoted.amount_due.cents())),
    )
    .await
    .unwrap();
    placed.order.number.as_str().to_owned()
}

/// Both instances run the scheduler at `at`; with `kill`, the first is stopped
/// mid-run and started again (a fresh instance over the same file).
async fn run_both(settings: &Settings, at: Timestamp, kill: bool) {
    let (a, b) = (instance(settings, at).await, instance(settings, at).await);
    let first = tokio::spawn(async move { run_subscriptions(&a).await });
    let second = tokio::spawn(async move { run_subscriptions(&b).await });
    if kill {
        tokio::time::sleep(Duration::from_millis(300)).await;
        first.abort();
        // Killed, or finished before the kill: either way it is started again.
        let _ = first.await;
        let restarted = instance(settings, at).await;
        run_subscriptions(&restarted).await.unwrap();
    } else {
        first.await.unwrap().unwrap();
    }
    second.await.unwrap().unwrap();
    // One more run finds nothing left to do.
    let last = instance(settings, at).await;
    let report = run_subscriptions(&last).await.unwrap();
    assert_eq!(
        report.charged, 0,
        "charged again on a quiet run: {report:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_schedulers_and_a_kill_give_one_order_per_subscription_per_period_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    one_order_per_subscription_per_period(&settings(url)).await;
}

/// The same on PostgreSQL, where no single writer lines the schedulers' writes up.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_schedulers_and_a_kill_give_one_order_per_subscription_per_period_on_postgres() {
    let database = postgres_db::empty_database("").await;
    one_order_per_subscription_per_period(&settings(database.url())).await;
}

async fn one_order_per_subscription_per_period(settings: &Settings) {
    let start = Timestamp::from_unix_seconds(1_798_794_000); // 2027-01-01T10:20:00Z
    let setup = instance(settings, start).await;
    let writer = serve::open_database(settings).await.unwrap();
    store_app::seed::demo_if_empty(
        setup.catalogue.catalog.as_ref(),
        writer.catalog_writer.as_ref(),
    )
    .await
    .unwrap();
    give_stock(settings).await;

    let zone = setup.checkout.config.shipping.time_zone;
    let today = local_date(zone, start);
    let mut people = Vec::new();
    for n in 0..SUBSCRIPTIONS {
        people.push(customer(&setup, n, start).await);
    }
    let source = source_order(&setup, people[0]).await;
    let mut ids = Vec::new();
    for (n, &(customer, address, card)) in people.iter().enumerate() {
        let subscription = Subscription {
            id: 0,
            customer_id: customer,
            origin: Origin::Recurring {
                order: store_domain::orders::number::OrderNumber::parse(&source).unwrap(),
            },
            lines: vec![SubscriptionLine {
                line_type: LineType::Product,
                item_id: CUPS,
                item_key: String::new(),
                quantity: 1 + (n % 3) as i64,
                agreed_price: None,
            }],
            address_id: address,
            card_id: card,
            shipping_method: STANDARD,
            email: Email::parse(&format!("subscriber{n}@example.com")).unwrap(),
            language: Language::English,
            timeline: Timeline::new(Schedule::new(today, Interval::Weeks(1)), None),
            notice: None,
            attempts: None,
            reminded: None,
            charging: None,
            next_look: charge_moment(zone, today),
            created_at: start,
            version: 0,
        };
        let stored = setup
            .orders
            .subscriptions
            .create(&subscription, Writes::default())
            .await
            .unwrap();
        ids.push(stored.id);
    }

    // Period 0 today (past 06:00), then a week and two weeks later.
    let week = Duration::from_secs(7 * 86_400);
    run_both(settings, start, true).await;
    run_both(settings, start.plus(week), false).await;
    run_both(settings, start.plus(week).plus(week), true).await;

    let check = instance(settings, start.plus(week).plus(week)).await;
    let mut orders_seen = BTreeSet::new();
    for id in &ids {
        let runs = check.orders.subscriptions.runs(*id).await.unwrap();
        let periods: Vec<u32> = runs.iter().map(|r| r.period).collect();
        assert_eq!(periods, [0, 1, 2], "subscription {id}");
        for run in &runs {
            assert_eq!(run.outcome, Outcome::Charged, "subscription {id}: {run:?}");
            let number = run.order.clone().unwrap();
            assert!(
                orders_seen.insert(number.as_str().to_owned()),
                "one order, two periods"
            );
            let order = check.orders.records.order(&number).await.unwrap().unwrap();
            assert_eq!(order.status, store_domain::orders::model::OrderStatus::Paid);
        }
    }
    assert_eq!(orders_seen.len(), SUBSCRIPTIONS * 3);
    // Each subscription order charged once, and no other order placed for them.
    let counts = charges_per_order(settings).await;
    for number in &orders_seen {
        assert_eq!(counts.get(number), Some(&1), "order {number} charged once");
    }
    let subscription_orders = counts.keys().filter(|n| **n != source).count();
    assert_eq!(
        subscription_orders,
        SUBSCRIPTIONS * 3,
        "no order beyond one a period"
    );
}

/// Enough cups for every delivery.
async fn give_stock(settings: &Settings) {
    let mut conn = connect(settings).await;
    sqlx::query("UPDATE products SET stock = 100000 WHERE id = $1")
        .bind(CUPS)
        .execute(&mut conn)
        .await
        .unwrap();
}

/// Captured charges per order number (the processor's key for an order's charge).
async fn charges_per_order(settings: &Settings) -> BTreeMap<String, i64> {
    let mut conn = connect(settings).await;
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT idempotency_key, COUNT(*) FROM sandbox_charges
         WHERE state = 'captured' GROUP BY idempotency_key",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap();
    rows.into_iter().collect()
}

/// A connection of the test's own to the store's database, on either engine.
async fn connect(settings: &Settings) -> sqlx::AnyConnection {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    sqlx::AnyConnection::connect(&settings.database.url)
        .await
        .unwrap()
}
