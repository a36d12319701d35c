//! The contract of gift cards and discount codes (`GiftCards`, `Discounts`), written
//! once and run against every implementation; then what SQLite's keys and checks
//! refuse when a row is written by hand.
//!
//! A discount's uses are written by the order (a later issue); until its port exists,
//! a case records them through `Uses`: the fake's helper, or a row written by hand.

use sqlx::sqlite::SqliteConnection;
use sqlx::{Connection, PgConnection};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use store_adapters::fakes::InMemoryCheckout;
use store_domain::checkout::discounts::{Discount, DiscountCode, DiscountUsage, DiscountValue};
use store_domain::checkout::gift_cards::{GiftCard, GiftCardCode};
use store_domain::checkout::storage::{
    CreateDiscountError, Discounts, GiftCards, IssueError, NewGiftCard,
};
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::money::Money;

use crate::common;
use crate::common::postgres as postgres_db;

trait CheckoutStorage: GiftCards + Discounts {}
impl<T: GiftCards + Discounts> CheckoutStorage for T {}

fn at(minutes: i64) -> Timestamp {
    Timestamp::from_unix_seconds(1_767_225_600 + minutes * 60)
}

fn cents(c: i64) -> Money {
    Money::from_cents(c)
}

fn code(text: &str) -> DiscountCode {
    DiscountCode::parse(text).unwrap()
}

fn email(text: &str) -> Email {
    Email::parse(text).unwrap()
}

fn new_card(code: &GiftCardCode, balance: i64, expires_at: Option<Timestamp>) -> NewGiftCard {
    NewGiftCard {
        code_hash: code.hash(),
        last_four: code.last_four().to_owned(),
        balance: cents(balance),
        expires_at,
    }
}

/// A discount with nothing but its value.
fn plain(text: &str, value: DiscountValue) -> Discount {
    Discount {
        code: code(text),
        value,
        min_subtotal: Money::ZERO,
        starts_at: None,
        ends_at: None,
        usage_limit: None,
        once_per_shopper: false,
        excluded_products: vec![],
    }
}

fn percent(basis_points: u32) -> DiscountValue {
    DiscountValue::Percent { basis_points }
}

fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

/// How a case records that an order used a code.
enum Uses {
    Fake(Arc<InMemoryCheckout>),
    /// The database file, written through a connection of its own.
    Sqlite(PathBuf),
    /// The database's URL, likewise.
    Postgres(String),
}

impl Uses {
    async fn record(&self, code: &DiscountCode, email: Option<&Email>, order_ref: &str) {
        match self {
            Uses::Fake(fake) => fake.record_discount_use(code, email, order_ref),
            Uses::Sqlite(path) => {
                let mut conn = SqliteConnection::connect(&sqlite_url(path)).await.unwrap();
                sqlx::query(
                    "INSERT INTO discount_uses (code, email, order_ref, used_at)
                     VALUES ($1, $2, $3, '2026-01-01 00:00:00')",
                )
                .bind(code.as_str())
                .bind(email.map(Email::as_str))
                .bind(order_ref)
                .execute(&mut conn)
                .await
                .unwrap();
                conn.close().await.unwrap();
            }
            Uses::Postgres(url) => {
                let mut conn = PgConnection::connect(url).await.unwrap();
                sqlx::query(
                    "INSERT INTO discount_uses (code, email, order_ref, used_at)
                     VALUES ($1, $2, $3, '2026-01-01 00:00:00')",
                )
                .bind(code.as_str())
                .bind(email.map(Email::as_str))
                .bind(order_ref)
                .execute(&mut conn)
                .await
                .unwrap();
                conn.close().await.unwrap();
            }
        }
    }
}

mod cases {
    use super::*;

    pub async fn a_card_is_found_by_its_code_hash(s: &dyn CheckoutStorage, _: &Uses) {
        let birthday = GiftCardCode::parse("HAPY-BDAY-2525-GRTS").unwrap();
        let thanks = GiftCardCode::parse("THNX-SUCH-ABUN-CH99").unwrap();
        assert_eq!(s.gift_card(&birthday.hash()).await.unwrap(), None);
        s.issue_gift_card(&new_card(&birthday, 2_500, Some(at(60))), at(0))
            .await
            .unwrap();
        s.issue_gift_card(&new_card(&thanks, 10_000, None), at(1))
            .await
            .unwrap();
        assert_eq!(
            s.gift_card(&birthday.hash()).await.unwrap(),
            Some(GiftCard {
                last_four: "GRTS".into(),
                balance: cents(2_500),
                expires_at: Some(at(60)),
            })
        );
        let found = s.gift_card(&thanks.hash()).await.unwrap().unwrap();
        assert_eq!((found.balance, found.expires_at), (cents(10_000), None));
        let unknown = GiftCardCode::parse("2345-6789-ABCD-EFGH").unwrap();
        assert_eq!(s.gift_card(&unknown.hash()).await.unwrap(), None);

        let again = s
            .issue_gift_card(&new_card(&birthday, 9_900, None), at(2))
            .await;
        assert!(matches!(again, Err(IssueError::Duplicate)), "{again:?}");
        assert_eq!(
            s.gift_card(&birthday.hash())
                .await
                .unwrap()
                .unwrap()
                .balance,
            cents(2_500),
            "a collision leaves the first card as it was"
        );
        let empty = s.issue_gift_card(&new_card(&unknown, 0, None), at(3)).await;
        assert!(matches!(empty, Err(IssueError::Storage(_))), "{empty:?}");
        assert_eq!(s.gift_card(&unknown.hash()).await.unwrap(), None);
    }

    pub async fn discounts_are_kept_whole_and_codes_are_unique(s: &dyn CheckoutStorage, _: &Uses) {
        let spring = Discount {
            code: code("spring-25"),
            value: percent(1_250),
            min_subtotal: cents(5_000),
            starts_at: Some(at(10)),
            ends_at: Some(at(20)),
            usage_limit: Some(100),
            once_per_shopper: true,
            excluded_products: vec![9, 3, 9],
        };
        s.create_discount(&spring, at(0)).await.unwrap();
        let save5 = plain("SAVE5", DiscountValue::Fixed(cents(500)));
        s.create_discount(&save5, at(1)).await.unwrap();

        let found = s.discount(&code("SPRING-25")).await.unwrap().unwrap();
        assert_eq!(
            found,
            Discount {
                excluded_products: vec![3, 9],
                ..spring.clone()
            },
            "every field comes back; excluded products sorted, each once"
        );
        assert_eq!(s.discount(&code("save5")).await.unwrap(), Some(save5));
        assert_eq!(s.discount(&code("NOPE")).await.unwrap(), None);

        let again = s
            .create_discount(&plain("SPRING-25", percent(10_000)), at(2))
            .await;
        assert!(
            matches!(again, Err(CreateDiscountError::Duplicate)),
            "{again:?}"
        );
        assert_eq!(
            s.discount(&code("SPRING-25")).await.unwrap().unwrap().value,
            percent(1_250),
            "a taken code keeps its discount"
        );
        let zero = s.create_discount(&plain("ZERO", percent(0)), at(3)).await;
        assert!(
            matches!(zero, Err(CreateDiscountError::Storage(_))),
            "{zero:?}"
        );
        assert_eq!(s.discount(&code("ZERO")).await.unwrap(), None);
        assert_eq!(s.discounts().await.unwrap().len(), 2);
    }

    pub async fn discounts_are_listed_newest_first_with_their_uses(
        s: &dyn CheckoutStorage,
        uses: &Uses,
    ) {
        assert!(s.discounts().await.unwrap().is_empty());
        let mut oldest = plain("OLDEST", percent(500));
        oldest.excluded_products = vec![1001, 7];
        s.create_discount(&oldest, at(1)).await.unwrap();
        s.create_discount(&plain("NEWEST", DiscountValue::Fixed(cents(1))), at(3))
            .await
            .unwrap();
        s.create_discount(&plain("B-MIDDLE", percent(1)), at(2))
            .await
            .unwrap();
        s.create_discount(&plain("A-MIDDLE", percent(2)), at(2))
            .await
            .unwrap();
        uses.record(&code("OLDEST"), None, "order-1").await;
        uses.record(&code("OLDEST"), Some(&email("dana@example.com")), "order-2")
            .await;
        uses.record(&code("NEWEST"), None, "order-3").await;

        let listed = s.discounts().await.unwrap();
        let summary: Vec<(&str, u32, Timestamp)> = listed
            .iter()
            .map(|l| (l.discount.code.as_str(), l.times_used, l.created_at))
            .collect();
        assert_eq!(
            summary,
            vec![
                ("NEWEST", 1, at(3)),
                ("A-MIDDLE", 0, at(2)),
                ("B-MIDDLE", 0, at(2)),
                ("OLDEST", 2, at(1)),
            ],
            "newest first, one time by code"
        );
        assert_eq!(listed[3].discount.excluded_products, vec![7, 1001]);
        assert!(listed[0].discount.excluded_products.is_empty());
    }

    pub async fn usage_counts_every_order_and_knows_the_shopper(
        s: &dyn CheckoutStorage,
        uses: &Uses,
    ) {
        s.create_discount(&plain("WELCOME10", percent(1_000)), at(0))
            .await
            .unwrap();
        s.create_discount(&plain("SAVE5", DiscountValue::Fixed(cents(500))), at(0))
            .await
            .unwrap();
        let welcome = code("WELCOME10");
        let dana = email("Dana@Example.com");
        assert_eq!(
            s.usage(&welcome, Some(&dana)).await.unwrap(),
            DiscountUsage::default()
        );
        uses.record(&welcome, Some(&dana), "order-1").await;
        uses.record(&welcome, None, "order-2").await;
        uses.record(&code("SAVE5"), Some(&email("noa@example.com")), "order-3")
            .await;

        let usage = |times_used, used_by_shopper| DiscountUsage {
            times_used,
            used_by_shopper,
        };
        assert_eq!(s.usage(&welcome, None).await.unwrap(), usage(2, false));
        assert_eq!(
            s.usage(&welcome, Some(&email("DANA@example.COM")))
                .await
                .unwrap(),
            usage(2, true),
            "the same address in any case"
        );
        assert_eq!(
            s.usage(&welcome, Some(&email("noa@example.com")))
                .await
                .unwrap(),
            usage(2, false),
            "another code's use is not this one's"
        );
        assert_eq!(
            s.usage(&code("SAVE5"), Some(&email("noa@example.com")))
                .await
                .unwrap(),
            usage(1, true)
        );
        assert_eq!(
            s.usage(&code("UNKNOWN"), Some(&dana)).await.unwrap(),
            usage(0, false)
        );
    }
}

macro_rules! suite {
    ($name:ident, $make:expr) => {
        mod $name {
            use super::*;
            suite!(@cases $make;
                a_card_is_found_by_its_code_hash,
                discounts_are_kept_whole_and_codes_are_unique,
                discounts_are_listed_newest_first_with_their_uses,
                usage_counts_every_order_and_knows_the_shopper,
            );
        }
    };
    (@cases $make:expr; $($case:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $case() {
                let (store, uses, _guard) = $make.await;
                cases::$case(store.as_ref(), &uses).await;
            }
        )*
    };
}

async fn in_memory() -> (Arc<dyn CheckoutStorage>, Uses, ()) {
    let fake = Arc::new(InMemoryCheckout::default());
    (fake.clone(), Uses::Fake(fake), ())
}

async fn sqlite() -> (Arc<dyn CheckoutStorage>, Uses, tempfile::TempDir) {
    let (store, dir) = common::sqlite_store(2).await;
    let path = dir.path().join("store.db");
    (Arc::new(store), Uses::Sqlite(path), dir)
}

async fn postgres() -> (Arc<dyn CheckoutStorage>, Uses, postgres_db::TestDatabase) {
    let (store, database) = postgres_db::postgres_store(2).await;
    let url = database.url();
    (Arc::new(store), Uses::Postgres(url), database)
}

suite!(fake, in_memory());
suite!(sqlite_file, sqlite());
suite!(postgres, postgres());

/// Rows written by hand, past the adapter: the keys and checks refuse what the rules
/// refuse, and the order's conditional spend writes nothing when a card falls short.
#[tokio::test]
async fn sqlite_refuses_rows_the_rules_refuse() {
    let (_store, dir) = common::sqlite_store(1).await;
    let mut conn = SqliteConnection::connect(&sqlite_url(&dir.path().join("store.db")))
        .await
        .unwrap();
    let card = |balance: i64, initial: i64| {
        format!(
            "INSERT INTO gift_cards (code_hash, last_four, balance, initial_balance, created_at)
             VALUES ('h{balance}_{initial}', 'GRTS', {balance}, {initial}, '2026-01-01 00:00:00')"
        )
    };
    let discount = |code: &str, kind: &str, amount: i64, rest: &str| {
        format!(
            "INSERT INTO discounts (code, kind, amount, min_subtotal, starts_at, ends_at,
                 usage_limit, once_per_shopper, created_at)
             VALUES ('{code}', '{kind}', {amount}, {rest}, FALSE, '2026-01-01 00:00:00')"
        )
    };
    let ok = "0, NULL, NULL, NULL";
    let refused = [
        card(-1, 100),
        card(101, 100),
        card(0, 0),
        discount("ZERO", "percent", 0, ok),
        discount("MORE", "percent", 10_001, ok),
        discount("FREE", "fixed", 0, ok),
        discount("HALF", "half", 50, ok),
        discount("MIN", "fixed", 500, "-1, NULL, NULL, NULL"),
        discount(
            "BACK",
            "fixed",
            500,
            "0, '2026-02-01 00:00:00', '2026-01-01 00:00:00', NULL",
        ),
        discount("NONE", "fixed", 500, "0, NULL, NULL, 0"),
        "INSERT INTO discount_uses (code, order_ref, used_at)
         VALUES ('UNKNOWN', 'order-9', '2026-01-01 00:00:00')"
            .to_owned(),
    ];
    for statement in &refused {
        let refusal = sqlx::query(sqlx::AssertSqlSafe(statement.as_str()))
            .execute(&mut conn)
            .await
            .map(|_| ())
            .expect_err(statement);
        assert!(
            refusal.to_string().contains("constraint failed"),
            "{statement}: {refusal}"
        );
    }

    for statement in [
        card(100, 100),
        card(0, 100),
        discount("ALL", "percent", 10_000, ok),
        discount("CENT", "fixed", 1, "0, NULL, NULL, 1"),
        "INSERT INTO discount_uses (code, email, order_ref, used_at)
         VALUES ('ALL', NULL, 'order-1', '2026-01-01 00:00:00')"
            .to_owned(),
    ] {
        sqlx::query(sqlx::AssertSqlSafe(statement.as_str()))
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("refused: {statement}: {e}"));
    }
    let retried = sqlx::query(
        "INSERT INTO discount_uses (code, email, order_ref, used_at)
         VALUES ('CENT', NULL, 'order-1', '2026-01-01 00:00:00')",
    )
    .execute(&mut conn)
    .await;
    assert!(
        retried.is_err_and(|e| e.to_string().contains("UNIQUE constraint failed")),
        "one order is one use"
    );

    // The order's spend: conditional, so a card that falls short is left as it was ...
    let spend = |amount: i64| {
        sqlx::query(
            "UPDATE gift_cards SET balance = balance - $1 WHERE code_hash = $2 AND balance >= $1",
        )
        .bind(amount)
        .bind("h100_100")
    };
    assert_eq!(
        spend(60).execute(&mut conn).await.unwrap().rows_affected(),
        1
    );
    assert_eq!(
        spend(60).execute(&mut conn).await.unwrap().rows_affected(),
        0
    );
    assert_eq!(
        spend(40).execute(&mut conn).await.unwrap().rows_affected(),
        1
    );
    // ... and the CHECK stops one that forgets the condition.
    let unguarded = sqlx::query("UPDATE gift_cards SET balance = balance - 1 WHERE code_hash = $1")
        .bind("h100_100")
        .execute(&mut conn)
        .await;
    assert!(
        unguarded.is_err_and(|e| e.to_string().contains("CHECK constraint failed")),
        "a balance below zero was written"
    );
}
