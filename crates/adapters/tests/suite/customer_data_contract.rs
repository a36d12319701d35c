//! The contract of what a signed-in customer keeps (`CustomerBags`, `Picks`,
//! `Addresses`, `SavedCards`), written once and run against every implementation.
//! Each case gets two customers, so every call is also checked against the other's ids.

use std::collections::BTreeMap;
use store_adapters::fakes::InMemoryCustomerData;
use store_domain::accounts::{AddressFields, Pick, PickKind};
use store_domain::bag::{BagLine, LineKey, LineType, Lists};
use store_domain::clock::Timestamp;
use store_domain::payments::{Brand, CardSaved, CardToken};
use store_domain::ports::{Addresses, CustomerBags, Picks, SavedCards};

use crate::common;
use crate::common::customers;
use crate::common::postgres as postgres_db;

trait CustomerData: CustomerBags + Picks + Addresses + SavedCards {}
impl<T: CustomerBags + Picks + Addresses + SavedCards> CustomerData for T {}

fn at(minutes: i64) -> Timestamp {
    Timestamp::from_unix_seconds(1_767_225_600 + minutes * 60)
}

fn line(id: i64, item_key: &str, quantity: i64) -> BagLine {
    BagLine {
        key: LineKey {
            id,
            line_type: LineType::Product,
            item_key: item_key.into(),
        },
        quantity,
        gift_options: !item_key.is_empty(),
        personalization: if item_key.is_empty() {
            BTreeMap::new()
        } else {
            BTreeMap::from([("initials".to_owned(), "ד״ל".to_owned())])
        },
    }
}

fn address(name: &str, default: bool) -> AddressFields {
    AddressFields {
        name: name.into(),
        line1: "1 Main St".into(),
        line2: String::new(),
        city: "Springfield".into(),
        region: "IL".into(),
        postal_code: "62701".into(),
        country: "US".into(),
        phone: "555 010 2030".into(),
        default,
    }
}

fn card(token: &str) -> CardToken {
    CardToken {
        token: token.into(),
        brand: Brand::Visa,
        last4: "4242".into(),
        exp_month: 12,
        exp_year: 2030,
    }
}

mod cases {
    use super::*;

    pub async fn a_bag_is_written_only_over_the_version_read(
        s: &dyn CustomerData,
        [dana, _]: [i64; 2],
    ) {
        let empty = s.bag(dana).await.unwrap();
        assert_eq!(empty.version, 0);
        assert_eq!(empty.lists, Lists::default());
        let first = Lists {
            products: vec![line(7, "", 2), line(7, "k-1", 1)],
            later: vec![line(9, "", 1)],
        };
        assert!(s.save_bag(dana, 0, &first).await.unwrap());
        assert!(
            !s.save_bag(dana, 0, &Lists::default()).await.unwrap(),
            "a second first write lost the race"
        );
        let stored = s.bag(dana).await.unwrap();
        assert_eq!(
            stored.lists, first,
            "lines, order and options come back as written"
        );
        let second = Lists {
            products: vec![line(8, "", 3)],
            later: vec![],
        };
        assert!(!s.save_bag(dana, stored.version + 1, &second).await.unwrap());
        assert!(s.save_bag(dana, stored.version, &second).await.unwrap());
        let now = s.bag(dana).await.unwrap();
        assert_eq!(now.lists, second, "a write replaces both lists");
        assert!(now.version > stored.version);
    }

    pub async fn one_customers_bag_is_theirs(s: &dyn CustomerData, [dana, noa]: [i64; 2]) {
        let lists = Lists {
            products: vec![line(7, "", 2)],
            later: vec![],
        };
        assert!(s.save_bag(dana, 0, &lists).await.unwrap());
        assert_eq!(s.bag(noa).await.unwrap().version, 0);
        assert!(s.save_bag(noa, 0, &Lists::default()).await.unwrap());
        assert_eq!(s.bag(dana).await.unwrap().lists, lists);
    }

    pub async fn picks_are_kept_once_newest_first(s: &dyn CustomerData, [dana, noa]: [i64; 2]) {
        let pick = |kind, id| Pick { kind, id };
        let mug = pick(PickKind::Product, 3);
        let set = pick(PickKind::Bundle, 1);
        let vendor = pick(PickKind::Vendor, 2);
        s.add_picks(dana, &[mug], at(1)).await.unwrap();
        s.add_picks(dana, &[set, vendor, mug], at(2)).await.unwrap();
        let held = s.picks(dana).await.unwrap();
        assert_eq!(held.len(), 3, "{held:?}");
        assert_eq!(held.last(), Some(&mug), "a pick kept keeps its first time");
        assert!(s.picks(noa).await.unwrap().is_empty());
        s.remove_picks(noa, &[mug]).await.unwrap();
        s.remove_picks(dana, &[mug, pick(PickKind::Creator, 9)])
            .await
            .unwrap();
        assert_eq!(s.picks(dana).await.unwrap().len(), 2);
    }

    pub async fn addresses_have_one_default_and_one_owner(
        s: &dyn CustomerData,
        [dana, noa]: [i64; 2],
    ) {
        let home = s
            .add_address(dana, &address("Home", true), 3)
            .await
            .unwrap()
            .unwrap();
        let work = s
            .add_address(dana, &address("Work", true), 3)
            .await
            .unwrap()
            .unwrap();
        let defaults = |list: Vec<store_domain::accounts::Address>| {
            list.into_iter()
                .filter(|a| a.fields.default)
                .map(|a| a.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(defaults(s.addresses(dana).await.unwrap()), vec![work.id]);
        let moved = s
            .update_address(dana, home.id, &address("Home again", true))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(moved.fields.name, "Home again");
        assert_eq!(defaults(s.addresses(dana).await.unwrap()), vec![home.id]);

        assert!(
            s.update_address(noa, home.id, &address("Theirs", true))
                .await
                .unwrap()
                .is_none()
        );
        assert!(s.remove_address(noa, home.id).await.unwrap().is_none());
        assert_eq!(
            defaults(s.addresses(dana).await.unwrap()),
            vec![home.id],
            "untouched"
        );
        assert!(s.addresses(noa).await.unwrap().is_empty());

        s.add_address(dana, &address("Third", false), 3)
            .await
            .unwrap()
            .unwrap();
        assert!(
            s.add_address(dana, &address("Fourth", false), 3)
                .await
                .unwrap()
                .is_none()
        );
        let removed = s.remove_address(dana, work.id).await.unwrap().unwrap();
        assert_eq!(removed.fields.name, "Work");
        let names: Vec<_> = s
            .addresses(dana)
            .await
            .unwrap()
            .into_iter()
            .map(|a| a.fields.name)
            .collect();
        assert_eq!(names, ["Home again", "Third"], "in the order added");
    }

    pub async fn cards_have_one_default_and_one_owner(s: &dyn CustomerData, [dana, noa]: [i64; 2]) {
        let saved = |answer| match answer {
            CardSaved::Saved(card) => card,
            other => panic!("not saved: {other:?}"),
        };
        let first = saved(
            s.add_card(dana, &card("tok_a"), true, 2, at(1))
                .await
                .unwrap(),
        );
        let again = saved(
            s.add_card(dana, &card("tok_a"), false, 2, at(2))
                .await
                .unwrap(),
        );
        assert_eq!(again, first, "saving a token twice answers the first");
        assert_eq!(
            s.add_card(noa, &card("tok_a"), false, 2, at(2))
                .await
                .unwrap(),
            CardSaved::Taken,
            "a token is one customer's"
        );
        let second = saved(
            s.add_card(dana, &card("tok_b"), true, 2, at(3))
                .await
                .unwrap(),
        );
        assert_eq!(
            s.add_card(dana, &card("tok_c"), false, 2, at(4))
                .await
                .unwrap(),
            CardSaved::Full
        );
        let cards = s.cards(dana).await.unwrap();
        assert_eq!(cards.iter().filter(|c| c.default).count(), 1);
        assert!(cards.iter().any(|c| c.id == second.id && c.default));
        assert!(
            s.set_default_card(noa, first.id, true)
                .await
                .unwrap()
                .is_none()
        );
        let back = s
            .set_default_card(dana, first.id, true)
            .await
            .unwrap()
            .unwrap();
        assert!(back.default);
        assert_eq!(
            s.cards(dana)
                .await
                .unwrap()
                .iter()
                .filter(|c| c.default)
                .count(),
            1
        );
        assert!(s.remove_card(noa, first.id).await.unwrap().is_none());
        assert_eq!(
            s.remove_card(dana, first.id)
                .await
                .unwrap()
                .unwrap()
                .card
                .token,
            "tok_a"
        );
        assert_eq!(s.cards(dana).await.unwrap().len(), 1);
    }

    /// The processor's name for a customer is set once: a second save racing the
    /// first reads the first's, and another customer's stays their own.
    pub async fn the_processor_customer_is_set_once(s: &dyn CustomerData, [dana, noa]: [i64; 2]) {
        assert_eq!(s.processor_customer(dana).await.unwrap(), None);
        assert_eq!(
            s.set_processor_customer(dana, "cus_A").await.unwrap(),
            "cus_A"
        );
        assert_eq!(
            s.set_processor_customer(dana, "cus_B").await.unwrap(),
            "cus_A"
        );
        assert_eq!(
            s.processor_customer(dana).await.unwrap().as_deref(),
            Some("cus_A")
        );
        assert_eq!(s.processor_customer(noa).await.unwrap(), None);
    }
}

/// Writes that land at the same moment, as they do on PostgreSQL where several
/// connections (and instances) write at once: the rules hold as if they took turns.
mod races {
    use super::*;

    pub async fn addresses_added_at_once_keep_the_limit_and_one_default(
        s: &dyn CustomerData,
        [dana, _]: [i64; 2],
    ) {
        let fields = ["A", "B", "C", "D"].map(|name| address(name, true));
        let add = |f| s.add_address(dana, f, 3);
        let (a, b, c, d) = tokio::join!(
            add(&fields[0]),
            add(&fields[1]),
            add(&fields[2]),
            add(&fields[3])
        );
        let added = [a, b, c, d]
            .into_iter()
            .map(|answer| answer.expect("no write fails for another's sake"))
            .filter(Option::is_some)
            .count();
        assert_eq!(added, 3, "the fourth is over the limit of 3");
        let held = s.addresses(dana).await.unwrap();
        assert_eq!(held.len(), 3);
        assert_eq!(held.iter().filter(|a| a.fields.default).count(), 1);
    }

    pub async fn a_token_saved_by_two_customers_at_once_is_one_customers(
        s: &dyn CustomerData,
        [dana, noa]: [i64; 2],
    ) {
        let token = card("tok_race");
        let (by_dana, by_noa) = tokio::join!(
            s.add_card(dana, &token, true, 5, at(1)),
            s.add_card(noa, &token, true, 5, at(1))
        );
        let answers = [by_dana.unwrap(), by_noa.unwrap()];
        assert_eq!(
            answers
                .iter()
                .filter(|a| matches!(a, CardSaved::Saved(_)))
                .count(),
            1,
            "{answers:?}"
        );
        assert!(answers.contains(&CardSaved::Taken), "{answers:?}");
        let holders = [
            s.cards(dana).await.unwrap().len(),
            s.cards(noa).await.unwrap().len(),
        ];
        assert_eq!(holders.iter().sum::<usize>(), 1, "{holders:?}");
    }
}

macro_rules! suite {
    ($name:ident, $make:expr) => {
        mod $name {
            use super::*;
            suite!(@cases $make;
                a_bag_is_written_only_over_the_version_read,
                one_customers_bag_is_theirs,
                picks_are_kept_once_newest_first,
                addresses_have_one_default_and_one_owner,
                cards_have_one_default_and_one_owner,
                the_processor_customer_is_set_once,
            );
            suite!(@races $make;
                addresses_added_at_once_keep_the_limit_and_one_default,
                a_token_saved_by_two_customers_at_once_is_one_customers,
            );
        }
    };
    (@cases $make:expr; $($case:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $case() {
                let (store, customers, _guard) = $make.await;
                cases::$case(store.as_ref(), customers).await;
            }
        )*
    };
    (@races $make:expr; $($case:ident),* $(,)?) => {
        $(
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn $case() {
                let (store, customers, _guard) = $make.await;
                races::$case(store.as_ref(), customers).await;
            }
        )*
    };
}

async fn in_memory() -> (Box<dyn CustomerData>, [i64; 2], ()) {
    (Box::new(InMemoryCustomerData::default()), [1, 2], ())
}

async fn sqlite() -> (Box<dyn CustomerData>, [i64; 2], tempfile::TempDir) {
    let (store, dir) = common::sqlite_store(4).await;
    let customers = [
        customers::registered(&store, "dana@example.com", at(1)).await,
        customers::registered(&store, "noa@example.com", at(1)).await,
    ];
    (Box::new(store), customers, dir)
}

async fn postgres() -> (Box<dyn CustomerData>, [i64; 2], postgres_db::TestDatabase) {
    let (store, database) = postgres_db::postgres_store(4).await;
    let customers = [
        customers::registered(&store, "dana@example.com", at(1)).await,
        customers::registered(&store, "noa@example.com", at(1)).await,
    ];
    (Box::new(store), customers, database)
}

suite!(fake, in_memory());
suite!(sqlite_file, sqlite());
suite!(postgres, postgres());
