//! localstripe, a fake of Stripe's API, started on a free port for one test
//! (`scripts/ensure-localstripe` installs it under target/).

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The secret key the tests use: localstripe takes any that starts with `sk_`.
pub const SECRET_KEY: &str = "sk_test_contract";

/// A running localstripe, stopped when dropped.
pub struct Localstripe {
    child: Child,
    pub base: String,
}

impl Drop for Localstripe {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn program() -> PathBuf {
    let path = std::env::var_os("LOCALSTRIPE").map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../target/localstripe-venv/bin/localstripe"
            ))
        },
        PathBuf::from,
    );
    assert!(
        path.exists(),
        "no localstripe at {}: run scripts/ensure-localstripe",
        path.display()
    );
    path
}

/// Starts localstripe with an empty store (`--from-scratch`: it would otherwise load
/// the one a previous run saved in /tmp).
pub fn start() -> Localstripe {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(program())
        .args(["--port", &port.to_string(), "--from-scratch"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut server = Localstripe {
        child,
        base: format!("http://127.0.0.1:{port}"),
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if let Some(status) = server.child.try_wait().unwrap() {
            panic!("localstripe stopped ({status}) before it listened on port {port}");
        }
        assert!(Instant::now() < deadline, "localstripe did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    server
}

impl Localstripe {
    /// A PaymentMethod id for a test card, stamped with the browser's `holder`: the
    /// request Stripe.js makes in the browser (with the secret key: localstripe takes
    /// no publishable key for it).
    pub async fn payment_method(&self, number: &str, holder: &str) -> String {
        let answer: serde_json::Value = reqwest::Client::new()
            .post(format!("{}/v1/payment_methods", self.base))
            .bearer_auth(SECRET_KEY)
            .form(&[
                ("type", "card"),
                ("card[number]", number),
                ("card[exp_month]", "12"),
                ("card[exp_year]", "2030"),
                ("card[cvc]", "123"),
                ("metadata[holder]", holder),
            ])
            .send()
            .await
            .unwrap()
            .error_for_status()
            .unwrap()
            .json()
            .await
            .unwrap();
        answer["id"].as_str().unwrap().to_owned()
    }

    /// Cancels the PaymentIntent behind charge `id` (the adapter's charge id is the
    /// intent's), as Stripe does when an authorisation lapses uncaptured.
    pub async fn cancel(&self, id: &str) {
        reqwest::Client::new()
            .post(format!("{}/v1/payment_intents/{id}/cancel", self.base))
            .bearer_auth(SECRET_KEY)
            .send()
            .await
            .unwrap()
            .error_for_status()
            .unwrap();
    }
}
