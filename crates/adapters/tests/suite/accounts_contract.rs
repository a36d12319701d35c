//! The contract of the `Accounts` port (customers, sessions, pending registrations,
//! reset links), written once and run against every implementation.

use store_adapters::fakes::InMemoryAccounts;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::ports::{Accounts, PendingRegistration};
use store_domain::token::TokenHash;

use crate::common;
use crate::common::postgres as postgres_db;

fn email(s: &str) -> Email {
    Email::parse(s).unwrap()
}

fn at(minutes: i64) -> Timestamp {
    Timestamp::from_unix_seconds(1_767_225_600 + minutes * 60)
}

fn hash(secret: &str) -> TokenHash {
    TokenHash::of(secret)
}

/// Holds a registration of `address` with `code`, valid until minute 15.
async fn hold(s: &dyn Accounts, address: &str, code: &str) {
    s.hold_registration(&PendingRegistration {
        email: email(address),
        name: "Dana Levi".into(),
        password_hash: format!("hash-of-{address}"),
        code: hash(code),
        expires_at: at(15),
    })
    .await
    .unwrap();
}

/// A customer registered through the code, as the use case does it.
async fn registered(s: &dyn Accounts, address: &str) -> i64 {
    hold(s, address, "111111").await;
    s.confirm_registration(&email(address), &hash("111111"), at(1), 5)
        .await
        .unwrap()
        .expect("the right code creates the customer")
        .id
}

mod cases {
    use super::*;

    pub async fn a_code_creates_the_customer_once(s: &dyn Accounts) {
        let dana = email("dana@example.com");
        hold(s, "dana@example.com", "123456").await;
        assert_eq!(
            s.customer_by_email(&dana).await.unwrap(),
            None,
            "pending is no account"
        );
        let wrong = s
            .confirm_registration(&dana, &hash("654321"), at(1), 5)
            .await
            .unwrap();
        assert_eq!(wrong, None);
        let created = s
            .confirm_registration(&dana, &hash("123456"), at(2), 5)
            .await
            .unwrap()
            .expect("the right code");
        assert_eq!(
            (created.email.as_str(), created.name.as_str()),
            ("dana@example.com", "Dana Levi")
        );
        assert_eq!(
            s.customer_by_email(&dana).await.unwrap(),
            Some(created.clone())
        );
        let (found, password_hash) = s.credentials(&dana).await.unwrap().unwrap();
        assert_eq!(
            (found, password_hash.as_str()),
            (created, "hash-of-dana@example.com")
        );
        assert_eq!(
            s.confirm_registration(&dana, &hash("123456"), at(3), 5)
                .await
                .unwrap(),
            None,
            "a code is spent by its use"
        );
    }

    pub async fn codes_expire_and_run_out_of_attempts(s: &dyn Accounts) {
        let ada = email("ada@example.com");
        hold(s, "ada@example.com", "123456").await;
        assert_eq!(
            s.confirm_registration(&ada, &hash("123456"), at(15), 5)
                .await
                .unwrap(),
            None,
            "expired"
        );

        hold(s, "ada@example.com", "123456").await;
        for _ in 0..3 {
            assert_eq!(
                s.confirm_registration(&ada, &hash("000000"), at(1), 3)
                    .await
                    .unwrap(),
                None
            );
        }
        assert_eq!(
            s.confirm_registration(&ada, &hash("123456"), at(1), 3)
                .await
                .unwrap(),
            None,
            "after the last attempt even the right code fails"
        );
        // Registering again starts over with a new code and new attempts.
        hold(s, "ada@example.com", "222222").await;
        assert!(
            s.confirm_registration(&ada, &hash("222222"), at(1), 3)
                .await
                .unwrap()
                .is_some()
        );
    }

    pub async fn a_registered_address_is_not_registered_twice(s: &dyn Accounts) {
        registered(s, "dana@example.com").await;
        hold(s, "dana@example.com", "333333").await;
        assert_eq!(
            s.confirm_registration(&email("dana@example.com"), &hash("333333"), at(2), 5)
                .await
                .unwrap(),
            None
        );
        assert_eq!(
            s.credentials(&email("dana@example.com"))
                .await
                .unwrap()
                .unwrap()
                .1,
            "hash-of-dana@example.com",
            "the account keeps its password"
        );
    }

    pub async fn sessions_last_until_they_expire_or_end(s: &dyn Accounts) {
        let id = registered(s, "dana@example.com").await;
        s.start_session(id, &hash("s1"), at(0), at(60))
            .await
            .unwrap();
        s.start_session(id, &hash("s2"), at(0), at(60))
            .await
            .unwrap();
        assert_eq!(
            s.session_customer(&hash("s1"), at(59))
                .await
                .unwrap()
                .unwrap()
                .id,
            id
        );
        assert_eq!(
            s.session_customer(&hash("s1"), at(60)).await.unwrap(),
            None,
            "expired"
        );
        assert_eq!(
            s.session_customer(&hash("nope"), at(1)).await.unwrap(),
            None
        );
        s.end_session(&hash("s2")).await.unwrap();
        assert_eq!(
            s.session_customer(&hash("s2"), at(1)).await.unwrap(),
            None,
            "ended"
        );
        let renamed = s.update_name(id, "Dana Cohen").await.unwrap().unwrap();
        assert_eq!(renamed.name, "Dana Cohen");
        assert_eq!(
            s.session_customer(&hash("s1"), at(1)).await.unwrap(),
            Some(renamed)
        );
        assert_eq!(s.update_name(id + 100, "Nobody").await.unwrap(), None);
    }

    pub async fn a_reset_link_works_once_and_ends_every_session(s: &dyn Accounts) {
        let id = registered(s, "dana@example.com").await;
        let other = registered(s, "ada@example.com").await;
        s.start_session(id, &hash("s1"), at(0), at(600))
            .await
            .unwrap();
        s.start_session(other, &hash("s2"), at(0), at(600))
            .await
            .unwrap();
        s.issue_reset(id, &hash("link1"), at(30)).await.unwrap();
        s.issue_reset(id, &hash("link2"), at(30)).await.unwrap();
        assert_eq!(
            s.reset_password(&hash("link1"), "new-hash", at(1))
                .await
                .unwrap(),
            None,
            "a new link replaces the old"
        );
        assert_eq!(
            s.reset_password(&hash("link2"), "new-hash", at(30))
                .await
                .unwrap(),
            None,
            "expired"
        );
        s.issue_reset(id, &hash("link3"), at(30)).await.unwrap();
        assert!(s.reset_link_works(&hash("link3"), at(2)).await.unwrap());
        assert!(
            !s.reset_link_works(&hash("link3"), at(30)).await.unwrap(),
            "expired"
        );
        assert!(!s.reset_link_works(&hash("made-up"), at(2)).await.unwrap());
        assert!(
            s.reset_link_works(&hash("link3"), at(2)).await.unwrap(),
            "checking does not spend it"
        );
        let reset = s
            .reset_password(&hash("link3"), "new-hash", at(2))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(reset.id, id);
        assert!(
            !s.reset_link_works(&hash("link3"), at(2)).await.unwrap(),
            "spent"
        );
        assert_eq!(
            s.credentials(&reset.email).await.unwrap().unwrap().1,
            "new-hash"
        );
        assert_eq!(
            s.session_customer(&hash("s1"), at(3)).await.unwrap(),
            None,
            "sessions end"
        );
        assert!(
            s.session_customer(&hash("s2"), at(3))
                .await
                .unwrap()
                .is_some(),
            "others' stay"
        );
        assert_eq!(
            s.reset_password(&hash("link3"), "again", at(3))
                .await
                .unwrap(),
            None,
            "spent"
        );
    }
}

mod purge {
    use super::*;

    /// Expired sessions, registrations and links go; live ones stay.
    pub async fn expired_records_are_purged(s: &dyn Accounts) {
        let dana = registered(s, "dana@example.com").await;
        s.start_session(dana, &hash("old"), at(0), at(10))
            .await
            .unwrap();
        s.start_session(dana, &hash("new"), at(0), at(100))
            .await
            .unwrap();
        s.issue_reset(dana, &hash("link"), at(20)).await.unwrap();
        hold(s, "noa@example.com", "222222").await;
        assert_eq!(s.purge_expired(at(5)).await.unwrap(), 0);
        assert_eq!(
            s.purge_expired(at(30)).await.unwrap(),
            3,
            "old session, link, registration"
        );
        assert!(
            s.session_customer(&hash("new"), at(30))
                .await
                .unwrap()
                .is_some()
        );
        assert_eq!(s.purge_expired(at(30)).await.unwrap(), 0);
    }
}

macro_rules! suite {
    ($name:ident, $make:expr) => {
        mod $name {
            use super::*;
            suite!(@cases $make;
                a_code_creates_the_customer_once,
                codes_expire_and_run_out_of_attempts,
                a_registered_address_is_not_registered_twice,
                sessions_last_until_they_expire_or_end,
                a_reset_link_works_once_and_ends_every_session,
            );
            #[tokio::test]
            async fn expired_records_are_purged() {
                let (store, _guard) = $make.await;
                purge::expired_records_are_purged(store.as_ref()).await;
            }
        }
    };
    (@cases $make:expr; $($case:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $case() {
                let (store, _guard) = $make.await;
                cases::$case(store.as_ref()).await;
            }
        )*
    };
}

async fn in_memory() -> (Box<dyn Accounts>, ()) {
    (Box::new(InMemoryAccounts::default()), ())
}

async fn sqlite() -> (Box<dyn Accounts>, tempfile::TempDir) {
    let (store, dir) = common::sqlite_store(4).await;
    (Box::new(store), dir)
}

async fn postgres() -> (Box<dyn Accounts>, postgres_db::TestDatabase) {
    let (store, database) = postgres_db::postgres_store(4).await;
    (Box::new(store), database)
}

suite!(fake, in_memory());
suite!(sqlite_file, sqlite());
suite!(postgres, postgres());
