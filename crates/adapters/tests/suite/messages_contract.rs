//! The contract of the ports that keep what shoppers send (newsletter, inbox, campaigns,
//! error reports), written once and run against every implementation.

use store_adapters::fakes::{
    InMemoryCampaigns, InMemoryErrorReports, InMemoryInbox, InMemoryMailingList,
};
use store_domain::campaigns::*;
use store_domain::client_errors::*;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::messages::*;
use store_domain::newsletter::TokenHash;
use store_domain::ports::{CampaignReports, ErrorReports, Inbox, MailingList};
use store_domain::retention::Purge;

use crate::common;
use crate::common::postgres as postgres_db;

/// One implementation of each port under test.
struct Ports {
    mailing_list: Box<dyn MailingList>,
    inbox: Box<dyn Inbox>,
    campaigns: Box<dyn CampaignReports>,
    errors: Box<dyn ErrorReports>,
}

fn email(s: &str) -> Email {
    Email::parse(s).unwrap()
}

mod cases {
    use super::*;

    fn at(minutes: i64) -> Timestamp {
        Timestamp::from_unix_seconds(1_767_225_600 + minutes * 60)
    }

    fn hash(token: &str) -> TokenHash {
        TokenHash::of(token)
    }

    /// Issues `token` at minute `now`, valid 60 minutes, with a 10-minute cooldown.
    async fn issue(s: &Ports, email: &Email, token: &str, now: i64) -> bool {
        s.mailing_list
            .issue_token(email, &hash(token), at(now), at(now + 60), at(now - 10))
            .await
            .unwrap()
    }

    pub async fn tokens_are_issued_once_per_cooldown_and_spent_on_confirmation(s: &Ports) {
        let dana = email("dana@example.com");
        assert!(issue(s, &dana, "t1", 0).await, "a new address gets a token");
        assert!(!issue(s, &dana, "t2", 5).await, "within the cooldown: none");
        assert_eq!(
            s.mailing_list.confirm(&hash("t2"), at(6)).await.unwrap(),
            None
        );
        assert!(issue(s, &dana, "t3", 10).await, "after it: a new one");
        assert_eq!(
            s.mailing_list.confirm(&hash("t1"), at(11)).await.unwrap(),
            None,
            "a new token replaces the old"
        );
        assert_eq!(
            s.mailing_list.confirm(&hash("nope"), at(11)).await.unwrap(),
            None
        );
        assert_eq!(
            s.mailing_list.confirm(&hash("t3"), at(11)).await.unwrap(),
            Some(dana.clone())
        );
        assert_eq!(
            s.mailing_list.confirm(&hash("t3"), at(12)).await.unwrap(),
            None,
            "spent by its confirmation"
        );
        assert!(
            !issue(s, &dana, "t4", 100).await,
            "a confirmed address gets no more tokens"
        );
        let omer = email("omer@example.com");
        assert!(issue(s, &omer, "t5", 100).await, "addresses are apart");
    }

    pub async fn tokens_expire(s: &Ports) {
        let dana = email("dana@example.com");
        assert!(issue(s, &dana, "t1", 0).await);
        assert_eq!(
            s.mailing_list.confirm(&hash("t1"), at(60)).await.unwrap(),
            None
        );
        assert!(issue(s, &dana, "t2", 60).await);
        assert_eq!(
            s.mailing_list.confirm(&hash("t2"), at(119)).await.unwrap(),
            Some(dana)
        );
    }

    pub async fn inbox_keeps_messages_newest_first(s: &Ports) {
        let chat = Inquiry::chat("a@b.co", Some("Avi"), "Hello").unwrap();
        let contact = Inquiry::contact(
            "Dana",
            "d@x.org",
            "Order",
            "Where is it? עברית",
            Some("123"),
        )
        .unwrap();
        let first = s.inbox.submit(&chat, at(0)).await.unwrap();
        let second = s.inbox.submit(&contact, at(1)).await.unwrap();
        assert!(second > first);
        let recent = s.inbox.recent_inquiries(10).await.unwrap();
        assert_eq!(
            recent.iter().map(|m| m.inquiry.clone()).collect::<Vec<_>>(),
            vec![contact, chat]
        );
        assert_eq!(recent[0].id, second);
        assert_eq!(recent[0].received_at, "2026-01-01 00:01:00");
        assert_eq!(s.inbox.recent_inquiries(1).await.unwrap().len(), 1);
    }

    pub async fn campaigns_are_counted_by_parameters(s: &Ports) {
        let spring = CampaignVisit::parse(Some("news"), Some("email"), Some("spring"), None, None)
            .unwrap()
            .unwrap();
        let ads = CampaignVisit::parse(None, Some("cpc"), None, Some("mugs"), None)
            .unwrap()
            .unwrap();
        for visit in [&spring, &ads, &spring] {
            s.campaigns.record_visit(visit, at(0)).await.unwrap();
        }
        let counts = s.campaigns.visit_counts().await.unwrap();
        assert_eq!(
            counts
                .iter()
                .map(|c| (c.visit.clone(), c.visits))
                .collect::<Vec<_>>(),
            vec![(spring, 2), (ads, 1)]
        );
    }

    pub async fn client_errors_are_kept(s: &Ports) {
        let e1 = ClientError::parse("Failed to fetch", "/products/x/1", None, None).unwrap();
        let e2 = ClientError::parse("Teapot", "/bag", Some(418), Some("stack")).unwrap();
        s.errors.record_error(&e1, at(0)).await.unwrap();
        s.errors.record_error(&e2, at(1)).await.unwrap();
        let recent = s.errors.recent_errors(5).await.unwrap();
        assert_eq!(
            recent.iter().map(|r| r.error.clone()).collect::<Vec<_>>(),
            vec![e2, e1]
        );
    }
    /// Five records at minutes 0..5; the purge keeps those from minute 2 on, at most
    /// two: minutes 3 and 4. Then a new record gets an id no earlier one had.
    pub async fn purges_keep_the_newest_records_within_the_age_limit(s: &Ports) {
        let purge = Purge {
            received_before: at(2),
            keep_newest: 2,
        };
        let mut ids = Vec::new();
        for minute in 0..5 {
            let chat = Inquiry::chat("a@b.co", None, &format!("message {minute}")).unwrap();
            ids.push(s.inbox.submit(&chat, at(minute)).await.unwrap());
            let visit = CampaignVisit::parse(Some(&format!("s{minute}")), None, None, None, None)
                .unwrap()
                .unwrap();
            s.campaigns.record_visit(&visit, at(minute)).await.unwrap();
            let error = ClientError::parse(&format!("e{minute}"), "/", None, None).unwrap();
            s.errors.record_error(&error, at(minute)).await.unwrap();
        }
        assert_eq!(s.inbox.purge_inquiries(purge).await.unwrap(), 3);
        assert_eq!(s.campaigns.purge_visits(purge).await.unwrap(), 3);
        assert_eq!(s.errors.purge_errors(purge).await.unwrap(), 3);
        let bodies: Vec<String> = s
            .inbox
            .recent_inquiries(10)
            .await
            .unwrap()
            .into_iter()
            .map(|m| m.inquiry.body)
            .collect();
        assert_eq!(bodies, ["message 4", "message 3"]);
        let sources: Vec<Option<String>> = s
            .campaigns
            .visit_counts()
            .await
            .unwrap()
            .into_iter()
            .map(|c| c.visit.source)
            .collect();
        assert_eq!(sources, [Some("s3".to_owned()), Some("s4".to_owned())]);
        let errors: Vec<String> = s
            .errors
            .recent_errors(10)
            .await
            .unwrap()
            .into_iter()
            .map(|e| e.error.message)
            .collect();
        assert_eq!(errors, ["e4", "e3"]);

        assert_eq!(
            s.inbox.purge_inquiries(purge).await.unwrap(),
            0,
            "nothing more to remove"
        );
        let later = Inquiry::chat("a@b.co", None, "later").unwrap();
        let id = s.inbox.submit(&later, at(5)).await.unwrap();
        assert!(id > ids[4], "ids are not given twice");
        let everything = Purge {
            received_before: at(100),
            keep_newest: 10,
        };
        assert_eq!(
            s.inbox.purge_inquiries(everything).await.unwrap(),
            3,
            "all older than the limit"
        );
        assert!(s.inbox.recent_inquiries(10).await.unwrap().is_empty());
    }

    /// Confirmed addresses stay; pending ones go when their token has expired, and
    /// beyond the newest `keep_newest` mailed.
    pub async fn purges_drop_stale_and_surplus_pending_addresses(s: &Ports) {
        let [old, a, b, c, kept] =
            ["old", "a", "b", "c", "kept"].map(|n| email(&format!("{n}@example.com")));
        assert!(issue(s, &kept, "k", 0).await);
        assert_eq!(
            s.mailing_list.confirm(&hash("k"), at(1)).await.unwrap(),
            Some(kept.clone())
        );
        assert!(issue(s, &old, "o", 0).await, "expires at minute 60");
        assert!(issue(s, &a, "ta", 30).await);
        assert!(issue(s, &b, "tb", 31).await);
        assert!(issue(s, &c, "tc", 31).await);
        // At minute 60: `old` has expired; of a, b, c the newest two are b and c.
        assert_eq!(s.mailing_list.purge_pending(at(60), 2).await.unwrap(), 2);
        assert_eq!(
            s.mailing_list.confirm(&hash("ta"), at(61)).await.unwrap(),
            None,
            "a is gone"
        );
        // b and c were mailed at the same minute: the address order keeps b.
        assert_eq!(s.mailing_list.purge_pending(at(61), 1).await.unwrap(), 1);
        assert_eq!(
            s.mailing_list.confirm(&hash("tc"), at(61)).await.unwrap(),
            None,
            "c is gone"
        );
        assert_eq!(
            s.mailing_list.confirm(&hash("tb"), at(61)).await.unwrap(),
            Some(b)
        );
        // A purged address signs up again as a new one, with no cooldown held against it.
        assert!(issue(s, &a, "ta2", 62).await);
        assert_eq!(s.mailing_list.purge_pending(at(62), 5).await.unwrap(), 0);
        assert!(
            !issue(s, &kept, "k2", 100).await,
            "the confirmed address is still confirmed"
        );
    }
}

macro_rules! suite {
    ($module:ident, $make:expr) => {
        mod $module {
            use super::*;
            suite!(@cases $make; tokens_are_issued_once_per_cooldown_and_spent_on_confirmation,
                tokens_expire, inbox_keeps_messages_newest_first,
                campaigns_are_counted_by_parameters, client_errors_are_kept,
                purges_keep_the_newest_records_within_the_age_limit,
                purges_drop_stale_and_surplus_pending_addresses);
        }
    };
    (@cases $make:expr; $($case:ident),*) => {
        $(
            #[tokio::test]
            async fn $case() {
                let (store, _guard) = $make.await;
                cases::$case(&store).await;
            }
        )*
    };
}

async fn in_memory() -> (Ports, ()) {
    let ports = Ports {
        mailing_list: Box::new(InMemoryMailingList::default()),
        inbox: Box::new(InMemoryInbox::default()),
        campaigns: Box::new(InMemoryCampaigns::default()),
        errors: Box::new(InMemoryErrorReports::default()),
    };
    (ports, ())
}

async fn sqlite() -> (Ports, tempfile::TempDir) {
    let (store, dir) = common::sqlite_store(4).await;
    let ports = Ports {
        mailing_list: Box::new(store.clone()),
        inbox: Box::new(store.clone()),
        campaigns: Box::new(store.clone()),
        errors: Box::new(store),
    };
    (ports, dir)
}

async fn postgres() -> (Ports, postgres_db::TestDatabase) {
    let (store, database) = postgres_db::postgres_store(4).await;
    let ports = Ports {
        mailing_list: Box::new(store.clone()),
        inbox: Box::new(store.clone()),
        campaigns: Box::new(store.clone()),
        errors: Box::new(store),
    };
    (ports, database)
}

suite!(fake, in_memory());
suite!(sqlite_file, sqlite());
suite!(postgres, postgres());

/// The embedded mailer's outbox, on each engine (the fakes send no mail).
mod outbox {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;
    use store_adapters::fakes::SettableClock;
    use store_adapters::outbox::OutboxMailer;
    use store_domain::ports::{Mail, MailOutbox, Mailer};

    async fn mails_wait_for_the_keeping_time(outbox: Arc<dyn MailOutbox>) {
        let clock = Arc::new(SettableClock::at(Timestamp::from_unix_seconds(
            1_767_225_600,
        )));
        let mailer = OutboxMailer::new(outbox.clone(), clock.clone(), Duration::from_secs(3600));
        let mail = |subject: &str| Mail {
            to: email("dana@example.com"),
            subject: subject.into(),
            body: "Your code: 123456".into(),
        };
        let subjects = async || {
            outbox
                .recent_mail(10)
                .await
                .unwrap()
                .into_iter()
                .map(|m| m.mail.subject)
                .collect::<Vec<_>>()
        };
        mailer.send(&mail("first")).await.unwrap();
        clock.advance(Duration::from_secs(1800));
        mailer.send(&mail("second")).await.unwrap();
        assert_eq!(subjects().await, ["second", "first"], "newest first");
        assert_eq!(
            outbox.recent_mail(1).await.unwrap()[0].mail.body,
            "Your code: 123456"
        );
        clock.advance(Duration::from_secs(1801));
        mailer.send(&mail("third")).await.unwrap();
        assert_eq!(
            subjects().await,
            ["third", "second"],
            "the first is past the keeping time"
        );
    }

    #[tokio::test]
    async fn sqlite_file() {
        let (store, _dir) = common::sqlite_store(2).await;
        mails_wait_for_the_keeping_time(Arc::new(store)).await;
    }

    #[tokio::test]
    async fn postgres() {
        let (store, _database) = postgres_db::postgres_store(2).await;
        mails_wait_for_the_keeping_time(Arc::new(store)).await;
    }
}
