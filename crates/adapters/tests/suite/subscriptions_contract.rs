//! The contract of `Subscriptions`, written once and run against the in-memory fake
//! and the SQLite store: a subscription reads back as written; a save made on a stale
//! reading, or deciding a period already decided, writes nothing at all; the
//! scheduler's list holds the open subscriptions due, the longest waiting first.

use chrono::NaiveDate;
use std::sync::Arc;
use store_adapters::fakes::{
    InMemoryCatalog, InMemoryCheckout, InMemoryOrders, fixture, plans_fixture,
};
use store_domain::bag::LineType;
use store_domain::catalog::CatalogImport;
use store_domain::checkout::storage::{GiftCards, NewGiftCard};
use store_domain::input::Email;
use store_domain::jobs::{JobKind, Jobs, NewJob};
use store_domain::language::Language;
use store_domain::money::Money;
use store_domain::orders::number::OrderNumber;
use store_domain::orders::storage::Orders;
use store_domain::ports::{Accounts, CatalogWriter};
use store_domain::subscriptions::model::{
    Event, HistoryEntry, Origin, Run, Subscription, SubscriptionLine,
};
use store_domain::subscriptions::schedule::{Interval, Outcome, Schedule, Status, Timeline};
use store_domain::subscriptions::storage::{Subscriptions, Writes};

use crate::common;
use crate::common::customers;
use crate::common::orders as order_fixture;
use crate::common::postgres as postgres_db;
use order_fixture::{KETTLE, at, new_order};

/// The order the subscriptions repeat.
const SOURCE: &str = "SSSS-AAAA-2226";

struct Shop {
    subscriptions: Arc<dyn Subscriptions>,
    catalog: Arc<dyn CatalogWriter>,
    jobs: Arc<dyn Jobs>,
    /// Two customers.
    customers: [i64; 2],
}

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 1, d).unwrap()
}

/// A monthly subscription of `customer`'s to two kettles, repeating the source order.
fn a_subscription(customer: i64) -> Subscription {
    Subscription {
        id: 0,
        customer_id: customer,
        origin: Origin::Recurring {
            order: OrderNumber::parse(SOURCE).unwrap(),
        },
        lines: vec![
            SubscriptionLine {
                line_type: LineType::Product,
                item_id: KETTLE,
                item_key: String::new(),
                quantity: 2,
                agreed_price: None,
            },
            SubscriptionLine {
                line_type: LineType::Product,
                item_id: KETTLE + 1,
                item_key: "gift".into(),
                quantity: 1,
                agreed_price: Some(Money::from_cents(2_500)),
            },
        ],
        address_id: 3,
        card_id: 4,
        shipping_method: 1,
        email: Email::parse("dana@example.com").unwrap(),
        language: Language::Hebrew,
        timeline: Timeline::new(Schedule::new(day(31), Interval::Months(1)), Some(6)),
        notice: None,
        attempts: None,
        reminded: Some(0),
        charging: Some(1),
        next_look: at(60),
        created_at: at(1),
        version: 0,
    }
}

fn entry(minutes: i64, event: Event, detail: &str) -> HistoryEntry {
    HistoryEntry {
        at: at(minutes),
        event,
        detail: detail.into(),
    }
}

fn charged(period: u32, order: &str) -> Run {
    Run {
        period,
        due: day(31),
        outcome: Outcome::Charged,
        order: Some(OrderNumber::parse(order).unwrap()),
        at: at(61),
    }
}

fn mail(subject: &str) -> NewJob {
    NewJob {
        kind: JobKind::OrderStatusMail,
        subject: subject.into(),
        due_at: at(61),
    }
}

impl Shop {
    async fn mails(&self) -> Vec<String> {
        let jobs = self.jobs.jobs(100).await.unwrap();
        jobs.into_iter()
            .filter(|j| j.job.kind == JobKind::OrderStatusMail)
            .map(|j| j.job.subject)
            .collect()
    }
}

mod cases {
    use super::*;

    pub async fn a_subscription_reads_back_as_written(shop: &Shop) {
        let [dana, other] = shop.customers;
        let history = [entry(1, Event::Started, "")];
        let jobs = [mail("1:started")];
        let writes = Writes {
            runs: &[],
            history: &history,
            jobs: &jobs,
        };
        let first = shop
            .subscriptions
            .create(&a_subscription(dana), writes)
            .await
            .unwrap();
        assert!(first.id > 0);
        assert_eq!(first.version, 1);
        assert_eq!(
            first,
            Subscription {
                id: first.id,
                version: 1,
                ..a_subscription(dana)
            }
        );
        let second = shop
            .subscriptions
            .create(&a_subscription(dana), Writes::default())
            .await
            .unwrap();
        assert_ne!(first.id, second.id);
        let s = &shop.subscriptions;
        assert_eq!(s.subscription(first.id).await.unwrap(), Some(first.clone()));
        assert_eq!(s.subscription(9_999).await.unwrap(), None);
        assert_eq!(
            s.customer_subscriptions(dana).await.unwrap(),
            [second.clone(), first.clone()],
            "newest first"
        );
        assert!(s.customer_subscriptions(other).await.unwrap().is_empty());
        assert_eq!(s.history(first.id).await.unwrap(), history);
        assert!(s.runs(first.id).await.unwrap().is_empty());
        assert_eq!(shop.mails().await, ["1:started"]);
    }

    pub async fn a_stale_save_or_a_period_decided_twice_writes_nothing(shop: &Shop) {
        let [dana, _] = shop.customers;
        let s = &shop.subscriptions;
        let stored = s
            .create(&a_subscription(dana), Writes::default())
            .await
            .unwrap();
        let mut moved = stored.clone();
        assert!(moved.timeline.decide(0, Outcome::Charged));
        moved.lines[0].quantity = 3;
        let runs = [charged(0, SOURCE)];
        let history = [entry(61, Event::Charged, SOURCE)];
        let jobs = [mail("1:charged")];
        let writes = Writes {
            runs: &runs,
            history: &history,
            jobs: &jobs,
        };
        assert!(s.save(&moved, writes).await.unwrap());
        let now = s.subscription(stored.id).await.unwrap().unwrap();
        assert_eq!(now.version, 2);
        assert_eq!(now.timeline.next, 1);
        assert_eq!(now.lines[0].quantity, 3);
        assert_eq!(s.runs(stored.id).await.unwrap(), runs);

        // The same change again, from the same (now stale) reading: refused whole.
        let mut again = moved.clone();
        again.timeline.status = Status::Cancelled;
        let late = [entry(62, Event::Cancelled, "")];
        let late_jobs = [mail("1:cancelled")];
        let stale = Writes {
            runs: &[],
            history: &late,
            jobs: &late_jobs,
        };
        assert!(!s.save(&again, stale).await.unwrap());
        // Read at the new version, but deciding period 0 a second time, or paying for
        // period 1 with the order that paid for period 0: each refused whole.
        let mut twice = now.clone();
        twice.timeline.status = Status::Cancelled;
        let skipped = Run {
            outcome: Outcome::Skipped,
            order: None,
            ..charged(0, SOURCE)
        };
        for run in [skipped, charged(1, SOURCE)] {
            let twice_writes = Writes {
                runs: std::slice::from_ref(&run),
                history: &late,
                jobs: &late_jobs,
            };
            assert!(!s.save(&twice, twice_writes).await.unwrap(), "{run:?}");
        }
        assert_eq!(s.subscription(stored.id).await.unwrap(), Some(now));
        assert_eq!(s.history(stored.id).await.unwrap(), history);
        assert_eq!(s.runs(stored.id).await.unwrap(), runs);
        assert_eq!(shop.mails().await, ["1:charged"]);
    }

    pub async fn the_due_list_holds_open_subscriptions_the_longest_waiting_first(shop: &Shop) {
        let [dana, other] = shop.customers;
        let s = &shop.subscriptions;
        let make = |customer, minutes, status| {
            let mut new = a_subscription(customer);
            new.next_look = at(minutes);
            new.timeline.status = status;
            new
        };
        let late = s
            .create(&make(dana, 30, Status::Active), Writes::default())
            .await
            .unwrap();
        let early = s
            .create(&make(other, 10, Status::Paused), Writes::default())
            .await
            .unwrap();
        s.create(&make(dana, 5, Status::Cancelled), Writes::default())
            .await
            .unwrap();
        s.create(&make(dana, 500, Status::Active), Writes::default())
            .await
            .unwrap();
        let ids = |list: Vec<Subscription>| list.into_iter().map(|x| x.id).collect::<Vec<_>>();
        assert_eq!(ids(s.due(at(40), 10).await.unwrap()), [early.id, late.id]);
        assert_eq!(ids(s.due(at(40), 1).await.unwrap()), [early.id]);
        assert!(s.due(at(9), 10).await.unwrap().is_empty());
        assert_eq!(s.all(10).await.unwrap().len(), 4);
    }
    pub async fn plans_read_back_as_imported_and_a_bad_import_adds_none(shop: &Shop) {
        let s = &shop.subscriptions;
        assert_eq!(s.plans().await.unwrap(), plans_fixture());
        // A plan of a product the catalogue does not have: the whole import is refused.
        let mut more = plans_fixture();
        more[0].id = 5;
        more[0].slug = "more".into();
        more[0].groups[0].id = 6;
        more[0].groups[0].slug = "more-club".into();
        more[0].groups[0].plans[0].id = 7;
        more[0].groups[0].plans[1].id = 8;
        more[0].groups[0].plans[1].product_id = 999;
        let import = CatalogImport {
            subscriptions: more.clone(),
            ..CatalogImport::default()
        };
        assert!(shop.catalog.import(&import).await.is_err());
        assert_eq!(s.plans().await.unwrap(), plans_fixture());
        // Ids already taken are refused too.
        let again = CatalogImport {
            subscriptions: plans_fixture(),
            ..CatalogImport::default()
        };
        assert!(shop.catalog.import(&again).await.is_err());
        // A good one is added after the first, in its order.
        more[0].groups[0].plans[1].product_id = 13;
        shop.catalog
            .import(&CatalogImport {
                subscriptions: more.clone(),
                ..CatalogImport::default()
            })
            .await
            .unwrap();
        let all = s.plans().await.unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[1], more[0]);
        // The owner's price change.
        assert!(s.set_plan_price(3, Money::from_cents(2_900)).await.unwrap());
        assert!(
            !s.set_plan_price(99, Money::from_cents(2_900))
                .await
                .unwrap()
        );
        let changed = s.plans().await.unwrap();
        assert_eq!(
            changed[0].groups[0].plans[0].price,
            Money::from_cents(2_900)
        );
        assert_eq!(
            changed[0].groups[0].plans[1].price,
            Money::from_cents(2_850)
        );
    }
}

macro_rules! suite {
    ($name:ident, $make:expr) => {
        mod $name {
            use super::*;
            suite!(@cases $make;
                a_subscription_reads_back_as_written,
                a_stale_save_or_a_period_decided_twice_writes_nothing,
                the_due_list_holds_open_subscriptions_the_longest_waiting_first,
                plans_read_back_as_imported_and_a_bad_import_adds_none,
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
    let orders = Arc::new(InMemoryOrders::new(catalog.clone(), checkout));
    let shop = Shop {
        subscriptions: orders.clone(),
        catalog,
        jobs: orders,
        customers: [1, 2],
    };
    (shop, ())
}

/// The catalogue, the order the subscriptions repeat, the card it spends from and two
/// customers, written into `store`.
async fn stocked<S>(store: &S) -> [i64; 2]
where
    S: CatalogWriter + GiftCards + Orders + Accounts,
{
    store.import(&fixture()).await.unwrap();
    store
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
    store
        .reserve(&new_order(SOURCE, "key-subscription-source", 1, 1_000))
        .await
        .unwrap();
    [
        customers::registered(store, "dana@example.com", at(1)).await,
        customers::registered(store, "noa@example.com", at(1)).await,
    ]
}

async fn sqlite() -> (Shop, tempfile::TempDir) {
    let (store, dir) = common::sqlite_store(2).await;
    let customers = stocked(&store).await;
    let store = Arc::new(store);
    let shop = Shop {
        subscriptions: store.clone(),
        catalog: store.clone(),
        jobs: store,
        customers,
    };
    (shop, dir)
}

async fn postgres() -> (Shop, postgres_db::TestDatabase) {
    let (store, database) = postgres_db::postgres_store(4).await;
    let customers = stocked(&store).await;
    let store = Arc::new(store);
    let shop = Shop {
        subscriptions: store.clone(),
        catalog: store.clone(),
        jobs: store,
        customers,
    };
    (shop, database)
}

suite!(fake, in_memory());
suite!(sqlite_file, sqlite());
suite!(postgres, postgres());

/// Rows written by hand, past the adapter: the database itself refuses a second
/// decision of one period, one order paying for two periods, a charged period with no
/// order, and a subscription that is neither a plan nor a repeated order.
#[tokio::test]
async fn sqlite_refuses_what_the_subscription_rules_refuse() {
    use sqlx::Connection;
    let (shop, dir) = sqlite().await;
    let [dana, _] = shop.customers;
    let stored = shop
        .subscriptions
        .create(&a_subscription(dana), Writes::default())
        .await
        .unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let run = |period: i64, outcome: &'static str, order: Option<&'static str>| {
        sqlx::query(
            "INSERT INTO subscription_runs (subscription_id, period, due_on, outcome,
                 order_number, at)
             VALUES ($1, $2, '2026-01-31', $3, $4, '2026-01-31T00:00:00Z')",
        )
        .bind(stored.id)
        .bind(period)
        .bind(outcome)
        .bind(order.map(|o| OrderNumber::parse(o).unwrap().as_str().to_owned()))
    };
    run(0, "charged", Some(SOURCE))
        .execute(&mut conn)
        .await
        .unwrap();
    for (period, outcome, order) in [
        (0, "skipped", None),
        (1, "charged", Some(SOURCE)),
        (2, "charged", None),
        (3, "skipped", Some(SOURCE)),
    ] {
        let refused = run(period, outcome, order).execute(&mut conn).await;
        assert!(
            refused.is_err(),
            "period {period} {outcome} {order:?} was written"
        );
    }
    let neither = sqlx::query("UPDATE subscriptions SET source_order = NULL WHERE id = $1")
        .bind(stored.id)
        .execute(&mut conn)
        .await;
    assert!(neither.is_err(), "neither a plan nor a repeated order");
}
