//! The real binary on PostgreSQL: a `postgres://` URL migrates, seeds and serves the
//! store, and a shopper's requests are answered from it.

use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

#[path = "../../adapters/tests/common/postgres.rs"]
#[allow(
    dead_code,
    reason = "the shared helpers include a store this test does not open"
)]
mod postgres_db;

fn store(url: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_store"))
        .args(args)
        .env("STORE__DATABASE__URL", url)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A free port on 127.0.0.1.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `store serve` on `url` at `port`, killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the server on `url` at `port`.
fn serve(url: &str, port: u16) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_store"))
        .env("STORE__DATABASE__URL", url)
        .env("STORE__SERVER__PORT", port.to_string())
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    Server(child)
}

/// The answer to `GET /api/health/ready` once the server answers at all (it builds its
/// search index first), within 30 s.
async fn ready(client: &reqwest::Client, base: &str) -> reqwest::Response {
    for _ in 0..300 {
        if let Ok(answer) = client.get(format!("{base}/api/health/ready")).send().await {
            return answer;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the server did not answer within 30 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_store_migrates_seeds_and_serves_on_postgres() {
    let database = postgres_db::empty_database("").await;
    // A password in the URL is never shown (trust auth ignores it).
    let url = database
        .url()
        .replacen("postgres://postgres@", "postgres://postgres:hunter2@", 1);

    let migrated = store(&url, &["migrate"]);
    assert!(migrated.status.success(), "{}", text(&migrated.stderr));
    let said = text(&migrated.stdout);
    assert!(said.contains("is up to date"), "{said}");
    assert!(
        said.contains("postgres:***@") && !said.contains("hunter2"),
        "{said}"
    );
    let again = store(&url, &["migrate"]);
    assert!(again.status.success(), "migrating twice is a no-op");

    let seeded = store(&url, &["seed"]);
    assert!(seeded.status.success(), "{}", text(&seeded.stderr));
    assert!(text(&seeded.stdout).contains("demo catalogue imported"));
    let listed = store(&url, &["orders", "list"]);
    assert_eq!(text(&listed.stdout), "no orders\n");
    let discounts = text(&store(&url, &["discounts", "list"]).stdout);
    assert!(discounts.contains("WELCOME10"), "{discounts}");

    let backup = store(&url, &["backup", "/tmp/never-written.db"]);
    assert!(!backup.status.success());
    assert!(
        text(&backup.stderr).contains("pg_dump"),
        "{}",
        text(&backup.stderr)
    );

    let port = free_port();
    let _server = serve(&url, port);
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let ready = ready(&client, &base).await;
    assert_eq!(ready.status(), 200, "{}", ready.text().await.unwrap());
    let product: serde_json::Value = client
        .get(format!("{base}/api/products/1001"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(product["id"], 1001, "{product}");
    assert!(product["title"].as_str().is_some_and(|t| !t.is_empty()));
    let found: serde_json::Value = client
        .get(format!("{base}/api/search?q=mug"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(
        found["items"].as_array().is_some_and(|p| !p.is_empty()),
        "the index is built from PostgreSQL: {found}"
    );
}

/// `store serve` on `url` at `port` as one of several instances: the catalogue's version
/// is looked at every second.
fn instance(url: &str, port: u16) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_store"))
        .env("STORE__DATABASE__URL", url)
        .env("STORE__SERVER__PORT", port.to_string())
        .env("STORE__SEARCH__REFRESH_SECONDS", "1")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    Server(child)
}

/// The newest mail's six-digit code, read from the shared outbox.
async fn mailed_code(url: &str) -> String {
    use sqlx::Connection;
    let mut db = sqlx::PgConnection::connect(url).await.unwrap();
    let body: String = sqlx::query_scalar("SELECT body FROM outbox ORDER BY id DESC LIMIT 1")
        .fetch_one(&mut db)
        .await
        .unwrap();
    db.close().await.unwrap();
    body.split(|c: char| !c.is_ascii_digit())
        .find(|run| run.len() == 6)
        .unwrap_or_else(|| panic!("no code in {body:?}"))
        .to_owned()
}

/// Two instances on one PostgreSQL database: what one writes, the other serves, and
/// the guessing throttles count the tries made at either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_one_store() {
    let database = postgres_db::empty_database("").await;
    let url = database.url();
    assert!(store(&url, &["seed"]).status.success());
    let (a_port, b_port) = (free_port(), free_port());
    let _a = instance(&url, a_port);
    let _b = instance(&url, b_port);
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let (a, b) = (
        format!("http://127.0.0.1:{a_port}"),
        format!("http://127.0.0.1:{b_port}"),
    );
    assert_eq!(ready(&client, &a).await.status(), 200);
    assert_eq!(ready(&client, &b).await.status(), 200);
    let post = |base: &str, path: &str, body: serde_json::Value| {
        client
            .post(format!("{base}{path}"))
            .header("X-Requested-With", "XMLHttpRequest")
            .json(&body)
            .send()
    };

    // Registered through A, confirmed through B, signed in on both.
    let asked = post(
        &a,
        "/api/register",
        serde_json::json!({"name": "Dana Levi", "email": "dana@example.com",
            "password": "correct horse battery"}),
    )
    .await
    .unwrap();
    assert_eq!(asked.status(), 202, "{}", asked.text().await.unwrap());
    let code = mailed_code(&url).await;
    let confirmed = post(
        &b,
        "/api/register/confirm",
        serde_json::json!({"email": "dana@example.com", "code": code}),
    )
    .await
    .unwrap();
    assert_eq!(confirmed.status(), 200);
    let cookie = confirmed
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or_default().to_owned())
        .collect::<Vec<_>>()
        .join("; ");
    for base in [&a, &b] {
        let me: serde_json::Value = client
            .get(format!("{base}/api/customer"))
            .header("Cookie", &cookie)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(me["name"], "Dana Levi", "signed in on {base}: {me}");
    }

    // Tries count across both: ten a minute per address and client (the default). The
    // registration and its confirmation took two; eight wrong passwords, four at each
    // instance, take the rest, and the next is refused whichever instance it reaches
    // (counted apart, each instance would have seen five).
    let wrong = serde_json::json!({"email": "dana@example.com", "password": "wrong horse battery"});
    for n in 0..8 {
        let base = if n % 2 == 0 { &a } else { &b };
        let answer = post(base, "/api/login", wrong.clone()).await.unwrap();
        assert_eq!(answer.status(), 401, "attempt {n} on {base}");
    }
    for base in [&a, &b] {
        let answer = post(base, "/api/login", wrong.clone()).await.unwrap();
        assert_eq!(answer.status(), 429, "counted across instances, on {base}");
    }

    // A catalogue change (an import by the owner's command) reaches both instances'
    // search indexes: each sees the database's catalogue version move.
    let imported = std::time::Instant::now();
    assert!(
        store(&url, &["seed", "--products", "3"]).status.success(),
        "generated products imported"
    );
    for base in [&a, &b] {
        let mut found = false;
        while !found && imported.elapsed() < Duration::from_secs(20) {
            let results: serde_json::Value = client
                .get(format!("{base}/api/search?q=GEN-1000002"))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            found = results["items"]
                .as_array()
                .is_some_and(|items| items.iter().any(|p| p["id"] == 1_000_002));
            if !found {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
        assert!(found, "{base} never found the new product");
        eprintln!(
            "{base} found the imported product {} ms after the import began",
            imported.elapsed().as_millis()
        );
    }
}
