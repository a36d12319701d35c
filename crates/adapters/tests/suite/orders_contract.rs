//! The contract of `Orders` and `Jobs`, written once and run against the in-memory fake
//! and the SQLite store: a reservation takes stock and gift card balances all or
//! nothing and never twice for one key; payment and release move a placed order once;
//! a job is queued once per due time and claimed by one runner per lease.

use std::sync::Arc;
use store_adapters::fakes::{InMemoryCatalog, InMemoryCheckout, InMemoryOrders, fixture};
use store_adapters::postgres::PgStore;
use store_adapters::sqlite::SqliteStore;
use store_domain::accounts::AddressFields;
use store_domain::bag::{ItemRef, OfferStock};
use store_domain::checkout::gift_cards::CODE_ALPHABET;
use store_domain::checkout::storage::{GiftCards, NewGiftCard};
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::jobs::{CLAIM_LEASE, JobKind, Jobs, NewJob};
use store_domain::language::Language;
use store_domain::money::Money;
use store_domain::orders::model::{Delivery, GiftCardUse, Order, OrderStatus};
use store_domain::orders::number::OrderNumber;
use store_domain::orders::storage::{Moved, Orders, ReserveError};
use store_domain::ports::{Catalog, CatalogWriter};
use store_domain::shipping::ShippingChoice;
use store_domain::token::TokenHash;

use crate::common;
use crate::common::orders as order_fixture;
use crate::common::postgres as postgres_db;
use order_fixture::{KETTLE, at, card_hash, new_order};

/// What a case reaches: the ports under test and the catalogue and gift cards they
/// take from.
struct Shop {
    orders: Arc<dyn Orders>,
    jobs: Arc<dyn Jobs>,
    catalog: Arc<dyn Catalog>,
    cards: Arc<dyn GiftCards>,
}

impl Shop {
    async fn stock(&self, id: i64) -> i64 {
        let offers = self.catalog.offers(&[ItemRef::Product(id)]).await.unwrap();
        match offers[0].stock {
            OfferStock::Units(units) => units,
            OfferStock::Bundle(_) => unreachable!("a product"),
        }
    }

    async fn balance(&self, hash: &TokenHash) -> Option<i64> {
        let card = self.cards.gift_card(hash).await.unwrap();
        card.map(|c| c.balance.cents())
    }
}

/// Order `number` as storage holds it.
async fn stored(shop: &Shop, number: &OrderNumber) -> Order {
    shop.orders.order(number).await.unwrap().expect("stored")
}

fn confirmation(number: &str, due: Timestamp) -> NewJob {
    NewJob {
        kind: JobKind::OrderConfirmation,
        subject: number.into(),
        due_at: due,
    }
}

mod cases {
    use super::*;

    pub async fn a_reservation_takes_everything_or_nothing_and_once_per_key(shop: &Shop) {
        let first = new_order("AAAA-BBBB-CCC2", "key-first-order-1", 2, 1_000);
        shop.orders.reserve(&first).await.unwrap();
        assert_eq!(shop.stock(KETTLE).await, 5);
        assert_eq!(shop.balance(&card_hash()).await, Some(1_500));
        let kept = shop
            .orders
            .keyed_order("key-first-order-1")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(kept.order, first.order, "kept whole");
        assert_eq!(kept.request_hash, "hash-key-first-order-1");

        // The same key again, even for another order: refused, nothing taken.
        let again = new_order("AAAA-BBBB-CCC3", "key-first-order-1", 1, 0);
        assert!(matches!(
            shop.orders.reserve(&again).await,
            Err(ReserveError::KeyTaken)
        ));
        // The same number under another key.
        let twin = new_order("AAAA-BBBB-CCC2", "key-twin-order-1", 1, 0);
        assert!(matches!(
            shop.orders.reserve(&twin).await,
            Err(ReserveError::NumberTaken)
        ));
        // More than is left; then a card that no longer covers its part.
        let greedy = new_order("AAAA-BBBB-CCC4", "key-greedy-order", 6, 0);
        assert!(matches!(
            shop.orders.reserve(&greedy).await,
            Err(ReserveError::SoldOut(ItemRef::Product(KETTLE)))
        ));
        let overspent = new_order("AAAA-BBBB-CCC5", "key-overspent-order", 1, 2_000);
        match shop.orders.reserve(&overspent).await {
            Err(ReserveError::GiftCardSpent(last_four)) => assert_eq!(last_four, "2345"),
            other => panic!("expected a spent card, got {other:?}"),
        }
        assert_eq!(shop.stock(KETTLE).await, 5, "nothing of a refusal stays");
        assert_eq!(shop.balance(&card_hash()).await, Some(1_500));
        for number in ["AAAA-BBBB-CCC3", "AAAA-BBBB-CCC4", "AAAA-BBBB-CCC5"] {
            let number = OrderNumber::parse(number).unwrap();
            assert_eq!(shop.orders.order(&number).await.unwrap(), None);
        }
        assert_eq!(shop.orders.unfinished().await.unwrap().len(), 1);
    }

    /// What pages and mails show in the shopper's language reads back as placed: the
    /// order's language, the method's Hebrew name, a line's choices and field names.
    pub async fn an_order_reads_back_in_the_language_it_was_placed_in(shop: &Shop) {
        let mut hebrew = new_order("AAAA-BBBB-CCD2", "key-hebrew-order-1", 1, 0);
        hebrew.order.language = Language::Hebrew;
        hebrew.order.delivery = Delivery::Ship {
            method_id: 2,
            method_name: "Expedited".into(),
            heb_method_name: Some("משלוח מהיר".into()),
            address: AddressFields {
                name: "נועה".into(),
                line1: "1 Olive Lane".into(),
                line2: String::new(),
                city: "New York".into(),
                region: "NY".into(),
                postal_code: "10001".into(),
                country: "US".into(),
                phone: "212 555 0100".into(),
                default: false,
            },
            arrives_on: chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap(),
        };
        hebrew.order.customer_id = Some(7);
        assert_eq!(shop.orders.last_shipping_choice(7).await.unwrap(), None);
        shop.orders.reserve(&hebrew).await.unwrap();
        assert_eq!(
            shop.orders.last_shipping_choice(7).await.unwrap(),
            Some(ShippingChoice::Method(2)),
            "the newest order's method, read alone"
        );
        let kept = stored(shop, &hebrew.order.number).await;
        assert_eq!(kept, hebrew.order);
        assert_eq!(kept.language, Language::Hebrew);
        assert_eq!(kept.lines[0].options[0].heb_name.as_deref(), Some("צבע"));
        assert_eq!(kept.lines[0].labels[0].label, "Initials");
    }

    /// A confirmed address takes its guest orders; an order with a customer keeps it.
    pub async fn a_confirmed_address_adopts_its_guest_orders_only(shop: &Shop) {
        let guest = new_order("AAAA-BBBB-CCD3", "key-guest-order-01", 1, 0);
        let mut owned = new_order("AAAA-BBBB-CCD4", "key-owned-order-01", 1, 0);
        owned.order.customer_id = Some(7);
        let mut other = new_order("AAAA-BBBB-CCD5", "key-other-order-01", 1, 0);
        other.order.email = Email::parse("noa@example.com").unwrap();
        for order in [&guest, &owned, &other] {
            shop.orders.reserve(order).await.unwrap();
        }
        let dana = Email::parse("Dana@Example.com").unwrap();
        assert_eq!(shop.orders.adopt_guest_orders(&dana, 9).await.unwrap(), 1);
        let customer_of = |order: Order| order.customer_id;
        assert_eq!(
            customer_of(stored(shop, &guest.order.number).await),
            Some(9)
        );
        assert_eq!(
            customer_of(stored(shop, &owned.order.number).await),
            Some(7)
        );
        assert_eq!(customer_of(stored(shop, &other.order.number).await), None);
        assert_eq!(shop.orders.adopt_guest_orders(&dana, 9).await.unwrap(), 0);
    }

    /// Twelve buyers at once for the last seven kettles, one each, some also paying
    /// $10 from the $25 card: on SQLite they share commits (the writer thread's
    /// batches), so a refused one must be undone alone and the rest stand.
    pub async fn rival_reservations_each_stand_or_leave_nothing(shop: &Shop) {
        let mut rivals = Vec::new();
        for (n, symbol) in CODE_ALPHABET.iter().take(12).enumerate() {
            let number = format!("RRRR-BBBB-CCC{}", char::from(*symbol));
            let from_card = if n % 3 == 0 { 1_000 } else { 0 };
            let order = new_order(&number, &format!("key-rival-order-{n:02}"), 1, from_card);
            let orders = shop.orders.clone();
            rivals.push(tokio::spawn(async move {
                let result = orders.reserve(&order).await;
                (order, result)
            }));
        }
        let mut results = Vec::new();
        for rival in rivals {
            results.push(rival.await.unwrap());
        }
        let mut placed = 0;
        let mut from_card = 0;
        for (order, result) in &results {
            let stored = shop.orders.order(&order.order.number).await.unwrap();
            match result {
                Ok(()) => {
                    placed += 1;
                    from_card += order.order.figures.gift_card_total.cents();
                    assert_eq!(stored.map(|o| o.status), Some(OrderStatus::Placed));
                }
                Err(ReserveError::SoldOut(_) | ReserveError::GiftCardSpent(_)) => {
                    assert_eq!(stored, None, "a refused order leaves nothing");
                }
                Err(other) => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(placed, 7, "every kettle sold, none twice");
        assert_eq!(shop.stock(KETTLE).await, 0);
        assert_eq!(
            shop.balance(&card_hash()).await,
            Some(2_500 - from_card),
            "the card paid exactly the orders that stand"
        );
        assert_eq!(shop.orders.unfinished().await.unwrap().len(), 7);
    }

    pub async fn payment_and_release_move_a_placed_order_once(shop: &Shop) {
        let paid = new_order("AAAA-BBBB-CCD2", "key-paid-order-1", 1, 0);
        let declined = new_order("AAAA-BBBB-CCD3", "key-declined-order", 3, 500);
        shop.orders.reserve(&paid).await.unwrap();
        shop.orders.reserve(&declined).await.unwrap();
        assert_eq!(shop.stock(KETTLE).await, 3);
        assert_eq!(shop.balance(&card_hash()).await, Some(2_000));

        let number = paid.order.number.clone();
        let issued = NewGiftCard {
            code_hash: TokenHash::from_stored("issued-by-payment".into()),
            last_four: "WXYZ".into(),
            balance: Money::from_cents(2_500),
            expires_at: None,
        };
        let jobs = [confirmation(number.as_str(), at(1))];
        for first in [true, false] {
            let moved = shop
                .orders
                .record_payment(
                    &number,
                    Some("ch_contract_1"),
                    std::slice::from_ref(&issued),
                    &jobs,
                    at(1),
                )
                .await
                .unwrap();
            assert_eq!(moved, first, "moved by the first call only");
            let order = stored(shop, &number).await;
            assert_eq!(order.status, OrderStatus::Paid);
            assert_eq!(
                order.card.as_ref().unwrap().charge_id.as_deref(),
                Some("ch_contract_1")
            );
            let statuses: Vec<_> = order.history.iter().map(|h| h.status).collect();
            assert_eq!(statuses, [OrderStatus::Placed, OrderStatus::Paid], "once");
            assert_eq!(
                order,
                paid.order.clone().paid(Some("ch_contract_1"), at(1)),
                "the caller's Order::paid is what storage holds"
            );
        }
        assert_eq!(
            shop.balance(&issued.code_hash).await,
            Some(2_500),
            "the card paid for is issued"
        );
        assert_eq!(shop.jobs.jobs(10).await.unwrap().len(), 1, "queued once");
        // A paid order is not released, and keeps its stock.
        let late = shop.orders.release(&number, "late", at(2)).await.unwrap();
        assert!(!late);
        assert_eq!(stored(shop, &number).await.status, OrderStatus::Paid);

        let gone = declined.order.number.clone();
        assert!(shop.orders.release(&gone, "declined", at(2)).await.unwrap());
        let order = stored(shop, &gone).await;
        assert_eq!(order.status, OrderStatus::Declined);
        assert_eq!(order.decline.as_deref(), Some("declined"));
        assert_eq!(
            order,
            declined.order.clone().released("declined", at(2)),
            "the caller's Order::released is what storage holds"
        );
        assert_eq!(
            shop.stock(KETTLE).await,
            6,
            "the declined order's 3 are back"
        );
        assert_eq!(shop.balance(&card_hash()).await, Some(2_500));
        // Released once: a second release gives nothing back again.
        assert!(!shop.orders.release(&gone, "declined", at(3)).await.unwrap());
        assert_eq!(shop.stock(KETTLE).await, 6);
        assert_eq!(shop.balance(&card_hash()).await, Some(2_500));
        let paid_after = shop
            .orders
            .record_payment(&gone, Some("ch_late"), &[], &[], at(3))
            .await
            .unwrap();
        assert!(!paid_after, "never paid after");
        assert_eq!(stored(shop, &gone).await.status, OrderStatus::Declined);
        assert!(shop.orders.unfinished().await.unwrap().is_empty());

        // The owner's moves: forward from the status seen, cancel gives stock back.
        let status = |moved: Moved| match moved {
            Moved::Moved(order) => Some(order.status),
            _ => None,
        };
        let packed = shop
            .orders
            .move_order(
                &number,
                OrderStatus::Paid,
                OrderStatus::Packed,
                &[],
                &[],
                at(4),
            )
            .await
            .unwrap();
        assert_eq!(status(packed), Some(OrderStatus::Packed));
        let stale = shop
            .orders
            .move_order(
                &number,
                OrderStatus::Paid,
                OrderStatus::Shipped,
                &[],
                &[],
                at(5),
            )
            .await
            .unwrap();
        assert_eq!(stale, Moved::Changed, "not moved from a status it left");
        // A cancel takes back the card the order issued only if it holds its whole
        // value; else nothing moves.
        let issued_use = |cents| GiftCardUse {
            code_hash: issued.code_hash.clone(),
            last_four: "WXYZ".into(),
            amount: Money::from_cents(cents),
        };
        let number_ref = &number;
        let cancel = |void: GiftCardUse| async move {
            shop.orders
                .move_order(
                    number_ref,
                    OrderStatus::Packed,
                    OrderStatus::Cancelled,
                    &[],
                    &[void],
                    at(6),
                )
                .await
                .unwrap()
        };
        assert_eq!(
            cancel(issued_use(2_600)).await,
            Moved::CardSpent("WXYZ".into())
        );
        assert_eq!(stored(shop, &number).await.status, OrderStatus::Packed);
        assert_eq!(shop.stock(KETTLE).await, 6, "nothing given back");
        assert_eq!(shop.balance(&issued.code_hash).await, Some(2_500));
        assert_eq!(
            status(cancel(issued_use(2_500)).await),
            Some(OrderStatus::Cancelled)
        );
        assert_eq!(shop.balance(&issued.code_hash).await, Some(0), "taken back");
        assert_eq!(shop.stock(KETTLE).await, 7);
    }

    pub async fn a_job_runs_once_per_due_time_and_one_runner_holds_it(shop: &Shop) {
        let job = confirmation("AAAA-BBBB-CCE2", at(10));
        shop.jobs
            .enqueue(&[job.clone(), job.clone()], at(0))
            .await
            .unwrap();
        shop.jobs
            .enqueue(std::slice::from_ref(&job), at(1))
            .await
            .unwrap();
        assert!(
            shop.jobs.claim_due(at(9), 10).await.unwrap().is_empty(),
            "not due"
        );
        let claimed = shop.jobs.claim_due(at(10), 10).await.unwrap();
        assert_eq!(claimed.len(), 1, "queued once");
        assert!(
            shop.jobs.claim_due(at(11), 10).await.unwrap().is_empty(),
            "held while its lease runs"
        );
        // Its runner died: the lease ends and another runner takes it.
        let after_lease = at(10)
            .plus(CLAIM_LEASE)
            .plus(std::time::Duration::from_secs(1));
        let retaken = shop.jobs.claim_due(after_lease, 10).await.unwrap();
        assert_eq!(retaken.len(), 1);
        let id = retaken[0].id;
        shop.jobs.failed(id, "smtp down", at(30)).await.unwrap();
        assert!(shop.jobs.claim_due(at(29), 10).await.unwrap().is_empty());
        let third = shop.jobs.claim_due(at(30), 10).await.unwrap();
        assert_eq!(third.len(), 1);
        assert!(third[0].attempts >= 1, "the failure is counted");
        shop.jobs.done(id, at(31)).await.unwrap();
        assert!(
            shop.jobs.claim_due(at(600), 10).await.unwrap().is_empty(),
            "done"
        );
        let listed = shop.jobs.jobs(10).await.unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].state(at(600)), "done");
        // The same subject at another due time is another job.
        shop.jobs
            .enqueue(&[confirmation("AAAA-BBBB-CCE2", at(700))], at(600))
            .await
            .unwrap();
        assert_eq!(shop.jobs.claim_due(at(700), 10).await.unwrap().len(), 1);
    }
}

macro_rules! suite {
    ($name:ident, $make:expr) => {
        mod $name {
            use super::*;
            suite!(@cases $make;
                a_reservation_takes_everything_or_nothing_and_once_per_key,
                an_order_reads_back_in_the_language_it_was_placed_in,
                a_confirmed_address_adopts_its_guest_orders_only,
                rival_reservations_each_stand_or_leave_nothing,
                payment_and_release_move_a_placed_order_once,
                a_job_runs_once_per_due_time_and_one_runner_holds_it,
            );
        }
    };
    (@cases $make:expr; $($case:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $case() {
                let (shop, _guard) = $make.await;
                cases::$case(&shop).await;
            }
        )*
    };
}

/// The contract card: $25.00.
fn contract_card() -> NewGiftCard {
    NewGiftCard {
        code_hash: card_hash(),
        last_four: "2345".into(),
        balance: Money::from_cents(2_500),
        expires_at: None,
    }
}

async fn in_memory() -> (Shop, ()) {
    let catalog = Arc::new(InMemoryCatalog::new());
    catalog.import(&fixture()).await.unwrap();
    let checkout = Arc::new(InMemoryCheckout::default());
    checkout
        .issue_gift_card(&contract_card(), at(0))
        .await
        .unwrap();
    let orders = Arc::new(InMemoryOrders::new(catalog.clone(), checkout.clone()));
    let shop = Shop {
        orders: orders.clone(),
        jobs: orders,
        catalog,
        cards: checkout,
    };
    (shop, ())
}

/// The customers the cases name (7 and 9): an order's customer is a real one.
const CUSTOMERS: &str = "INSERT INTO customers (id, email, name, password_hash, created_at) VALUES
    (7, 'seven@example.com', 'Seven', 'x', '2026-01-01 00:00:00'),
    (9, 'nine@example.com', 'Nine', 'x', '2026-01-01 00:00:00')";

async fn sqlite() -> (Shop, tempfile::TempDir) {
    use sqlx::Connection;
    let (store, dir) = common::sqlite_store(2).await;
    store.import(&fixture()).await.unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let mut conn = sqlx::sqlite::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query(CUSTOMERS).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    store
        .issue_gift_card(&contract_card(), at(0))
        .await
        .unwrap();
    let store = Arc::new(store);
    let shop = Shop {
        orders: store.clone(),
        jobs: store.clone(),
        catalog: store.clone(),
        cards: store as Arc<SqliteStore>,
    };
    (shop, dir)
}

async fn postgres() -> (Shop, postgres_db::TestDatabase) {
    use sqlx::Connection;
    // Connections enough for the rival reservations to run at once.
    let (store, database) = postgres_db::postgres_store(8).await;
    store.import(&fixture()).await.unwrap();
    let mut conn = sqlx::PgConnection::connect(&database.url()).await.unwrap();
    sqlx::query(CUSTOMERS).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    store
        .issue_gift_card(&contract_card(), at(0))
        .await
        .unwrap();
    let store = Arc::new(store);
    let shop = Shop {
        orders: store.clone(),
        jobs: store.clone(),
        catalog: store.clone(),
        cards: store as Arc<PgStore>,
    };
    (shop, database)
}

suite!(fake, in_memory());
suite!(sqlite_file, sqlite());
suite!(postgres, postgres());

/// Rows written by hand, past the adapter: the database itself refuses stock below
/// zero, an order whose payments do not add up to its total, and a paid order with
/// no charge.
#[tokio::test]
async fn sqlite_refuses_what_the_order_rules_refuse() {
    use sqlx::Connection;
    let (store, dir) = common::sqlite_store(1).await;
    store.import(&fixture()).await.unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let mut conn = sqlx::sqlite::SqliteConnection::connect(&url).await.unwrap();
    let taken = sqlx::query("UPDATE products SET stock = stock - 8 WHERE id = 12")
        .execute(&mut conn)
        .await;
    assert!(
        taken.is_err_and(|e| e.to_string().contains("stock would go below zero")),
        "7 kettles cannot lose 8"
    );
    let order = |number: &str, status: &str, total: i64, due: i64, charge: &str| {
        format!(
            "INSERT INTO orders (number, idempotency_key, request_hash, email, status, delivery,
                 contact_name, contact_phone, zip, country, tax_rate_millionths, subtotal,
                 gift_options, personalization_fees, tax, shipping, discount, total,
                 gift_card_total, amount_due, card_token, charge_id, placed_at, updated_at)
             VALUES ('{number}', 'key-{number}', 'h', 'a@b.co', '{status}', 'digital', '', '',
                 '', 'US', 0, {total}, 0, 0, 0, 0, 0, {total}, 0, {due}, 'tok', {charge},
                 '2026-01-01 00:00:00', '2026-01-01 00:00:00')"
        )
    };
    for (statement, why) in [
        (
            order("AAAABBBBCCF2", "placed", 100, 90, "NULL"),
            "payments short of the total",
        ),
        (
            order("AAAABBBBCCF3", "paid", 100, 100, "NULL"),
            "paid with no charge",
        ),
        (
            order("AAAABBBBCCF4", "lost", 100, 100, "'ch'"),
            "an unknown status",
        ),
    ] {
        let refused = sqlx::query(sqlx::AssertSqlSafe(statement.as_str()))
            .execute(&mut conn)
            .await;
        assert!(
            refused.is_err_and(|e| e.to_string().contains("CHECK constraint failed")),
            "{why} was written"
        );
    }
    sqlx::query(sqlx::AssertSqlSafe(
        order("AAAABBBBCCF5", "paid", 100, 100, "'ch'").as_str(),
    ))
    .execute(&mut conn)
    .await
    .expect("a well-formed paid order is written");
}
