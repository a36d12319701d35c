//! `store discounts` and `store payments reconcile` as the owner runs them: the real
//! binary against a database file, seeded as a first start seeds it.

use std::path::Path;
use std::process::{Command, Output};
use store_adapters::sqlite::SqliteStore;
use store_domain::checkout::gift_cards::GiftCardCode;
use store_domain::checkout::storage::GiftCards;
use store_domain::clock::Timestamp;

fn store(database: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_store"))
        .args(args)
        .env(
            "STORE__DATABASE__URL",
            format!("sqlite://{}", database.display()),
        )
        .env("RUST_LOG", "warn")
        .output()
        .unwrap()
}

/// A migrated database file in `dir`: its path, and the store open on it.
async fn database(dir: &tempfile::TempDir) -> (std::path::PathBuf, SqliteStore) {
    let database = dir.path().join("store.db");
    let db = SqliteStore::open(&format!("sqlite://{}", database.display()), 1)
        .await
        .unwrap();
    db.migrate().await.unwrap();
    (database, db)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test]
async fn the_owner_lists_and_creates_discounts() {
    let dir = tempfile::tempdir().unwrap();
    let (database, db) = database(&dir).await;
    let now = Timestamp::from_unix_seconds(1_767_225_600);
    store_app::seed::demo_checkout(&db, &db, now).await.unwrap();
    store_app::seed::demo_checkout(&db, &db, now)
        .await
        .expect("a second seeding leaves what is there");
    let birthday = GiftCardCode::parse("hapy bday 2525 grts").unwrap();
    let card = db.gift_card(&birthday.hash()).await.unwrap().unwrap();
    assert_eq!(card.balance.cents(), 2_500);
    db.close().await;

    let listed = store(&database, &["discounts", "list"]);
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    let list = text(&listed.stdout);
    assert!(list.contains("SAVE5      $5.00  $40.00"), "{list}");
    assert!(list.contains("WELCOME10  10%    -"), "{list}");

    let created = store(
        &database,
        &[
            "discounts",
            "create",
            "spring-25",
            "--percent",
            "12.5",
            "--min-subtotal",
            "50.00",
            "--starts",
            "2026-12-01T00:00:00Z",
            "--limit",
            "100",
            "--once-per-shopper",
            "--exclude",
            "1001",
        ],
    );
    assert!(created.status.success(), "{}", text(&created.stderr));
    assert_eq!(text(&created.stdout), "created SPRING-25: 12.5% off\n");
    let list = text(&store(&database, &["discounts", "list"]).stdout);
    let spring = list
        .lines()
        .find(|l| l.starts_with("SPRING-25"))
        .unwrap_or_else(|| panic!("{list}"));
    for part in [
        "12.5%",
        "$50.00",
        "2026-12-01 00:00:00",
        "0/100",
        "yes",
        "1001",
    ] {
        assert!(spring.contains(part), "{part} in {spring}");
    }

    for (args, says) in [
        (
            &["discounts", "create", "SPRING-25", "--amount", "5"][..],
            "a discount with this code exists already",
        ),
        (
            &["discounts", "create", "PART", "--amount", "5.001"],
            "at most two decimals",
        ),
        (
            &["discounts", "create", "ZERO", "--percent", "0"],
            "a percentage is from 0.01 % to 100 %",
        ),
    ] {
        let refused = store(&database, args);
        assert!(!refused.status.success(), "{args:?} succeeded");
        let stderr = text(&refused.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

/// The reconciliation on the embedded sandbox: nothing to act on, then a charge taken
/// for an order the store does not have, which is listed with its key.
#[tokio::test]
async fn the_owner_reconciles_the_processor_with_the_orders() {
    use store_adapters::sandbox::SandboxGateway;
    use store_domain::payments::{CardDetails, Holder};
    use store_domain::ports::PaymentGateway;
    let dir = tempfile::tempdir().unwrap();
    let (database, db) = database(&dir).await;
    let since = ["payments", "reconcile", "--since", "2026-01-01"];
    let agreed = store(&database, &since);
    assert!(agreed.status.success(), "{}", text(&agreed.stderr));
    assert_eq!(
        text(&agreed.stdout),
        "0 charges and 0 orders since 2026-01-01 00:00:00 UTC\nthey agree: nothing to act on\n"
    );

    let gateway = SandboxGateway::new(db.clone());
    let at = Timestamp::from_unix_seconds(1_767_225_600);
    let card = CardDetails::parse("4242424242424242", "12/30", "123", (2026, 1)).unwrap();
    let browser = Holder::of(Some("browser"));
    let token = gateway.create_token(&card, &browser, at).await.unwrap();
    let taken = gateway
        .authorize(&token.token, 4_200, "7KQ4M2XD9PRW", at)
        .await
        .unwrap();
    gateway.capture(&taken.id).await.unwrap();
    db.close().await;

    let found = store(&database, &since);
    assert!(found.status.success(), "{}", text(&found.stderr));
    let said = text(&found.stdout);
    assert!(said.starts_with("1 charges and 0 orders since"), "{said}");
    assert!(
        said.contains("money held or taken with no paid order"),
        "{said}"
    );
    let line = said.lines().last().unwrap();
    assert!(
        line.starts_with(&taken.id) && line.contains("7KQ4M2XD9PRW"),
        "{said}"
    );
    assert!(line.contains("$42.00"), "{said}");
    assert!(
        !said.contains("paid orders with no captured charge"),
        "{said}"
    );
}

/// `store import schools FILE.csv`: a good file is written and counted; a bad row is
/// refused with its line number and the file's name, and nothing of it is written.
#[tokio::test]
async fn the_owner_imports_school_lists_from_csv() {
    use store_domain::ports::CatalogWriter;
    use store_domain::school::Schools;
    let dir = tempfile::tempdir().unwrap();
    let (database, db) = database(&dir).await;
    CatalogWriter::import(&db, &store_adapters::demo::catalogue().unwrap())
        .await
        .unwrap();
    db.close().await;
    let demo = include_str!("../../../adapters/src/demo/schools.csv");
    let header = demo.lines().next().unwrap();
    let chelsea: Vec<&str> = demo
        .lines()
        .skip(1)
        .filter(|l| l.starts_with("1,"))
        .collect();
    let good = dir.path().join("chelsea.csv");
    std::fs::write(&good, format!("{header}\n{}\n", chelsea.join("\n"))).unwrap();
    let done = store(&database, &["import", "schools", good.to_str().unwrap()]);
    assert!(done.status.success(), "{}", text(&done.stderr));
    assert_eq!(
        text(&done.stdout).trim(),
        format!(
            "imported 1 schools, 2 grades and 3 lists from {}",
            good.display()
        )
    );

    // The same school renamed, with a bad quantity on its fourth row (line 5).
    let bad = dir.path().join("bad.csv");
    let mut rows: Vec<String> = chelsea
        .iter()
        .map(|l| l.replace("Chelsea Elementary School", "Renamed School"))
        .collect();
    rows[3] = rows[3]
        .replacen(",2,,", ",0,,", 1)
        .replacen(",1,,", ",0,,", 1);
    std::fs::write(&bad, format!("{header}\n{}\n", rows.join("\n"))).unwrap();
    let refused = store(&database, &["import", "schools", bad.to_str().unwrap()]);
    assert!(!refused.status.success());
    let message = text(&refused.stderr);
    assert!(
        message.contains(&format!("{}, line 5: quantity", bad.display())),
        "{message}"
    );
    let db = SqliteStore::open(&format!("sqlite://{}", database.display()), 1)
        .await
        .unwrap();
    let school = db.school_of_grade(12).await.unwrap().unwrap();
    assert_eq!(
        school.info.name, "Chelsea Elementary School",
        "nothing changed"
    );
    db.close().await;
    let missing = store(&database, &["import", "schools", "/nonexistent.csv"]);
    assert!(text(&missing.stderr).contains("cannot read /nonexistent.csv"));
}

/// An unknown URL, or a PostgreSQL one with no server behind it, is refused with a
/// clear message, and nothing is created: a `postgres://` URL used to be taken for a
/// SQLite file name, quietly making a folder `postgres:`.
#[test]
fn a_database_url_that_opens_nothing_is_refused_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for (url, expected) in [
        (
            // Nothing listens on port 1.
            "postgres://store:hunter2@127.0.0.1:1/store",
            "cannot connect to PostgreSQL",
        ),
        ("mysql://root:hunter2@db/store", "must start with sqlite:"),
    ] {
        let refused = Command::new(env!("CARGO_BIN_EXE_store"))
            .arg("migrate")
            .current_dir(dir.path())
            .env("STORE__DATABASE__URL", url)
            .env("RUST_LOG", "warn")
            .output()
            .unwrap();
        assert!(!refused.status.success(), "{url}");
        let message = text(&refused.stderr);
        assert!(message.contains(expected), "{message}");
        assert!(
            !message.contains("hunter2"),
            "the password is never echoed: {message}"
        );
    }
    let created: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(created.is_empty(), "{created:?}");
}
