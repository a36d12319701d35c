//! The contract of `Returns`, written once and run against the in-memory fake and the
//! SQLite store: a request is written once per key and only while the order's units,
//! money, card part and shipping allow it, all or nothing; a request worked out from a
//! stale reading (its sequence taken) is turned away; each move happens once, a
//! receipt puts the stock back and issues the credit, a rejection frees its units.

use std::sync::Arc;
use store_adapters::fakes::{InMemoryCatalog, InMemoryCheckout, InMemoryOrders, fixture};
use store_adapters::postgres::PgStore;
use store_adapters::sqlite::SqliteStore;
use store_domain::bag::{ItemRef, OfferStock};
use store_domain::checkout::storage::{GiftCards, NewGiftCard};
use store_domain::jobs::{JobKind, Jobs, NewJob};
use store_domain::money::Money;
use store_domain::orders::model::OrderStatus;
use store_domain::orders::number::OrderNumber;
use store_domain::orders::storage::Orders;
use store_domain::ports::{Catalog, CatalogWriter};
use store_domain::returns::model::{
    Refund, RefundMethod, Return, ReturnChange, ReturnLine, ReturnMethod, ReturnNumber,
    ReturnReason, ReturnStatus,
};
use store_domain::returns::storage::{NewReturn, RequestError, Returns};
use store_domain::token::TokenHash;

use crate::common;
use crate::common::orders as order_fixture;
use crate::common::postgres as postgres_db;
use order_fixture::{KETTLE, at, new_order};

struct Shop {
    orders: Arc<dyn Orders>,
    returns: Arc<dyn Returns>,
    jobs: Arc<dyn Jobs>,
    catalog: Arc<dyn Catalog>,
    cards: Arc<dyn GiftCards>,
}

impl Shop {
    async fn stock(&self) -> i64 {
        let offers = self
            .catalog
            .offers(&[ItemRef::Product(KETTLE)])
            .await
            .unwrap();
        match offers[0].stock {
            OfferStock::Units(units) => units,
            OfferStock::Bundle(_) => unreachable!("a product"),
        }
    }

    /// A delivered order `number` of 3 kettles at $30.00, $10.00 paid by gift card and
    /// $80.00 by card.
    async fn delivered(&self, number: &str) -> OrderNumber {
        let new = new_order(number, &format!("key-{number}"), 3, 1_000);
        self.orders.reserve(&new).await.unwrap();
        let number = new.order.number.clone();
        assert!(
            self.orders
                .record_payment(&number, Some("ch_returns"), &[], &[], at(1))
                .await
                .unwrap()
        );
        self.orders
            .move_order(
                &number,
                OrderStatus::Paid,
                OrderStatus::Delivered,
                &[],
                &[],
                at(2),
            )
            .await
            .unwrap();
        number
    }

    async fn queued(&self, kind: JobKind) -> Vec<String> {
        let jobs = self.jobs.jobs(100).await.unwrap();
        jobs.into_iter()
            .filter(|j| j.job.kind == kind)
            .map(|j| j.job.subject)
            .collect()
    }
}

/// A return of `units` kettles of `order` as its `sequence`th, giving back `amount`,
/// `to_card` of it to the card.
fn a_return(order: &OrderNumber, sequence: u32, units: i64, amount: i64, to_card: i64) -> Return {
    Return {
        number: ReturnNumber {
            order: order.clone(),
            sequence,
        },
        lines: vec![ReturnLine {
            position: 0,
            quantity: units,
            reason: ReturnReason::Defective,
            note: Some("The lid does not close".into()),
            amount: Money::from_cents(amount),
        }],
        refund_method: RefundMethod::Original,
        return_method: ReturnMethod::Label,
        refund: Refund {
            items: Money::from_cents(amount),
            shipping: Money::ZERO,
            label_fee: Money::ZERO,
            total: Money::from_cents(amount),
            to_card: Money::from_cents(to_card),
            to_store_credit: Money::from_cents(amount - to_card),
        },
        gift: false,
        credit_email: "dana@example.com".into(),
        status: ReturnStatus::Requested,
        rejection: None,
        history: vec![ReturnChange {
            status: ReturnStatus::Requested,
            at: at(3),
        }],
    }
}

fn new_return(ret: Return, key: &str) -> NewReturn {
    NewReturn {
        jobs: vec![NewJob {
            kind: JobKind::ReturnMail,
            subject: format!("{}:requested", ret.number),
            due_at: at(3),
        }],
        ret,
        idempotency_key: key.into(),
    }
}

mod cases {
    use super::*;

    pub async fn a_request_is_written_once_per_key(shop: &Shop) {
        let order = shop.delivered("RRRR-AAAA-2222").await;
        let first = new_return(a_return(&order, 1, 2, 6_000, 6_000), "return-key-1");
        shop.returns.request(&first).await.unwrap();
        let stored = shop.returns.get(&first.ret.number).await.unwrap();
        assert_eq!(stored.as_ref(), Some(&first.ret));
        assert_eq!(
            shop.returns.keyed_return("return-key-1").await.unwrap(),
            stored
        );
        assert_eq!(
            shop.returns.order_returns(&order).await.unwrap(),
            vec![first.ret.clone()]
        );
        assert_eq!(
            shop.queued(JobKind::ReturnMail).await,
            vec![format!("{}:requested", first.ret.number)]
        );

        let again = new_return(a_return(&order, 2, 1, 3_000, 2_000), "return-key-1");
        assert!(matches!(
            shop.returns.request(&again).await,
            Err(RequestError::KeyTaken)
        ));
        assert_eq!(shop.returns.order_returns(&order).await.unwrap().len(), 1);
        assert_eq!(shop.returns.get(&again.ret.number).await.unwrap(), None);
    }

    pub async fn a_request_beyond_the_order_or_from_a_stale_reading_writes_nothing(shop: &Shop) {
        let order = shop.delivered("RRRR-AAAA-2223").await;
        shop.returns
            .request(&new_return(a_return(&order, 1, 2, 6_000, 6_000), "k-1"))
            .await
            .unwrap();
        let refused = [
            // The same sequence: worked out before the first was written.
            a_return(&order, 1, 1, 3_000, 2_000),
            // Two more kettles: only one is left.
            a_return(&order, 2, 2, 3_000, 2_000),
            // More money than the last kettle cost.
            a_return(&order, 2, 1, 3_001, 2_000),
            // More to the card than it has left of its $80.00.
            a_return(&order, 2, 1, 3_000, 2_001),
        ];
        for (n, ret) in refused.into_iter().enumerate() {
            let asked = shop
                .returns
                .request(&new_return(ret, &format!("k-refused-{n}")))
                .await;
            assert!(
                matches!(asked, Err(RequestError::Changed)),
                "case {n}: {asked:?}"
            );
            assert_eq!(
                shop.returns.order_returns(&order).await.unwrap().len(),
                1,
                "case {n}"
            );
        }
        // The last kettle within every bound.
        shop.returns
            .request(&new_return(a_return(&order, 2, 1, 3_000, 2_000), "k-2"))
            .await
            .unwrap();
    }

    pub async fn a_receipt_restocks_and_credits_once(shop: &Shop) {
        let order = shop.delivered("RRRR-AAAA-2224").await;
        let ret = a_return(&order, 1, 2, 6_000, 5_000);
        shop.returns
            .request(&new_return(ret.clone(), "k-receive"))
            .await
            .unwrap();
        let stock = shop.stock().await;
        let credit = NewGiftCard {
            code_hash: TokenHash::from_stored("return-credit".into()),
            last_four: "CRED".into(),
            balance: Money::from_cents(1_000),
            expires_at: None,
        };
        let refund = [NewJob {
            kind: JobKind::RefundReturn,
            subject: ret.number.to_string(),
            due_at: at(4),
        }];
        for first in [true, false] {
            let moved = shop
                .returns
                .receive(
                    &ret.number,
                    &[(ItemRef::Product(KETTLE), 2)],
                    Some(&credit),
                    &refund,
                    at(4),
                )
                .await
                .unwrap();
            assert_eq!(moved, first);
            assert_eq!(shop.stock().await, stock + 2, "restocked once");
        }
        let card = shop.cards.gift_card(&credit.code_hash).await.unwrap();
        assert_eq!(card.map(|c| c.balance), Some(Money::from_cents(1_000)));
        assert_eq!(
            shop.queued(JobKind::RefundReturn).await,
            vec![ret.number.to_string()]
        );
        let received = shop.returns.get(&ret.number).await.unwrap().unwrap();
        assert_eq!(received.status, ReturnStatus::Received);
        assert!(
            !shop
                .returns
                .reject(&ret.number, "too late", &[], at(5))
                .await
                .unwrap(),
            "a received return cannot be rejected"
        );

        for first in [true, false] {
            assert_eq!(
                shop.returns
                    .mark_refunded(&ret.number, &[], at(5))
                    .await
                    .unwrap(),
                first
            );
        }
        let refunded = shop.returns.get(&ret.number).await.unwrap().unwrap();
        assert_eq!(refunded.status, ReturnStatus::Refunded);
        assert_eq!(
            refunded
                .history
                .iter()
                .map(|c| (c.status, c.at))
                .collect::<Vec<_>>(),
            [
                (ReturnStatus::Requested, at(3)),
                (ReturnStatus::Received, at(4)),
                (ReturnStatus::Refunded, at(5)),
            ]
        );
        assert_eq!(
            shop.returns
                .returns(Some(ReturnStatus::Refunded), 10)
                .await
                .unwrap(),
            vec![refunded]
        );
    }

    pub async fn a_rejection_frees_what_it_held(shop: &Shop) {
        let order = shop.delivered("RRRR-AAAA-2225").await;
        let ret = a_return(&order, 1, 3, 9_000, 8_000);
        shop.returns
            .request(&new_return(ret.clone(), "k-reject"))
            .await
            .unwrap();
        assert!(
            !shop
                .returns
                .mark_refunded(&ret.number, &[], at(4))
                .await
                .unwrap(),
            "a requested return is not refunded"
        );
        for first in [true, false] {
            let moved = shop
                .returns
                .reject(&ret.number, "The parcel never came", &[], at(4))
                .await
                .unwrap();
            assert_eq!(moved, first);
        }
        let rejected = shop.returns.get(&ret.number).await.unwrap().unwrap();
        assert_eq!(rejected.status, ReturnStatus::Rejected);
        assert_eq!(rejected.rejection.as_deref(), Some("The parcel never came"));
        // Every unit, all the money and the card's whole part may be asked for again.
        shop.returns
            .request(&new_return(a_return(&order, 2, 3, 9_000, 8_000), "k-again"))
            .await
            .unwrap();
    }
}

macro_rules! suite {
    ($name:ident, $make:expr) => {
        mod $name {
            use super::*;
            suite!(@cases $make;
                a_request_is_written_once_per_key,
                a_request_beyond_the_order_or_from_a_stale_reading_writes_nothing,
                a_receipt_restocks_and_credits_once,
                a_rejection_frees_what_it_held,
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

async fn in_memory() -> (Shop, ()) {
    let catalog = Arc::new(InMemoryCatalog::new());
    catalog.import(&fixture()).await.unwrap();
    let checkout = Arc::new(InMemoryCheckout::default());
    let orders = Arc::new(InMemoryOrders::new(catalog.clone(), checkout.clone()));
    issue_contract_card(checkout.as_ref()).await;
    let shop = Shop {
        orders: orders.clone(),
        returns: orders.clone(),
        jobs: orders,
        catalog,
        cards: checkout,
    };
    (shop, ())
}

async fn sqlite() -> (Shop, tempfile::TempDir) {
    let (store, dir) = common::sqlite_store(2).await;
    store.import(&fixture()).await.unwrap();
    issue_contract_card(&store).await;
    let store = Arc::new(store);
    let shop = Shop {
        orders: store.clone(),
        returns: store.clone(),
        jobs: store.clone(),
        catalog: store.clone(),
        cards: store as Arc<SqliteStore>,
    };
    (shop, dir)
}

/// The card the fixture's orders spend from.
async fn issue_contract_card(cards: &dyn GiftCards) {
    cards
        .issue_gift_card(
            &NewGiftCard {
                code_hash: order_fixture::card_hash(),
                last_four: "2345".into(),
                balance: Money::from_cents(10_000),
                expires_at: None,
            },
            at(0),
        )
        .await
        .unwrap();
}

async fn postgres() -> (Shop, postgres_db::TestDatabase) {
    let (store, database) = postgres_db::postgres_store(4).await;
    store.import(&fixture()).await.unwrap();
    issue_contract_card(&store).await;
    let store = Arc::new(store);
    let shop = Shop {
        orders: store.clone(),
        returns: store.clone(),
        jobs: store.clone(),
        catalog: store.clone(),
        cards: store as Arc<PgStore>,
    };
    (shop, database)
}

suite!(fake, in_memory());
suite!(sqlite_file, sqlite());
suite!(postgres, postgres());

/// Rows written by hand, past the adapter: the database itself refuses more units
/// back than were bought, more money back than a line cost or the card paid, and a
/// return whose figures do not add up.
#[tokio::test]
async fn sqlite_refuses_what_the_return_rules_refuse() {
    use sqlx::Connection;
    let (shop, dir) = sqlite().await;
    shop.delivered("RRRR-AAAA-2226").await;
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let mut conn = sqlx::sqlite::SqliteConnection::connect(&url).await.unwrap();
    for refused in [
        "UPDATE order_lines SET returned = 4",
        "UPDATE order_lines SET refunded = 9001",
        "UPDATE orders SET card_refunded = 8001",
        "INSERT INTO returns (order_id, sequence, idempotency_key, status, refund_method,
             return_method, gift, credit_email, items, shipping, label_fee, total, to_card,
             to_store_credit)
         SELECT id, 1, 'by-hand', 'requested', 'original', 'label', FALSE, 'a@example.com',
             1000, 0, 0, 999, 999, 0 FROM orders",
        "INSERT INTO returns (order_id, sequence, idempotency_key, status, refund_method,
             return_method, gift, credit_email, items, shipping, label_fee, total, to_card,
             to_store_credit)
         SELECT id, 1, 'by-hand', 'requested', 'original', 'label', TRUE, 'a@example.com',
             1000, 0, 0, 1000, 1000, 0 FROM orders",
    ] {
        let done = sqlx::query(refused).execute(&mut conn).await;
        assert!(
            done.as_ref()
                .is_err_and(|e| e.to_string().contains("CHECK constraint failed")),
            "{refused}: {done:?}"
        );
    }
    // The same statements within the bounds are taken: the refusals above are the
    // constraints', not the SQL's.
    sqlx::query("UPDATE order_lines SET returned = 3, refunded = 9000")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
}
