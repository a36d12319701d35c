//! The SMTP mailer against a real SMTP server: aiosmtpd, started by the test on a
//! free port (`scripts/ensure-aiosmtpd` installs it under target/).

use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use store_adapters::smtp::{Security, SmtpMailer, SmtpSettings};
use store_domain::input::Email;
use store_domain::ports::{Mail, Mailer};

fn python() -> PathBuf {
    let path = std::env::var_os("AIOSMTPD_PYTHON").map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../target/aiosmtpd-venv/bin/python"
            ))
        },
        PathBuf::from,
    );
    assert!(
        path.exists(),
        "no Python with aiosmtpd at {}: run scripts/ensure-aiosmtpd",
        path.display()
    );
    path
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// aiosmtpd printing every message it takes; its lines arrive on the receiver.
struct Server {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(port: u16) -> Server {
    let mut child = Command::new(python())
        .args(["-u", "-m", "aiosmtpd", "-n", "-l"])
        .arg(format!("127.0.0.1:{port}"))
        .args(["-c", "aiosmtpd.handlers.Debugging"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(15);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "aiosmtpd did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    Server { child, lines }
}

fn settings(port: u16) -> SmtpSettings {
    SmtpSettings {
        host: "127.0.0.1".into(),
        port,
        security: Security::Plain,
        username: String::new(),
        password: String::new(),
        from: "Olive Lane <shop@olivelane.example>".into(),
        timeout: Duration::from_secs(5),
    }
}

fn mail() -> Mail {
    Mail {
        to: Email::parse("dana@example.com").unwrap(),
        subject: "Your Olive Lane sign-up code".into(),
        body: "Your code is 123456.\nIt works for 15 minutes.".into(),
    }
}

#[tokio::test]
async fn a_mail_reaches_a_real_smtp_server() {
    let port = free_port();
    let server = start(port);
    SmtpMailer::new(&settings(port))
        .unwrap()
        .send(&mail())
        .await
        .unwrap();

    let mut seen = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !seen
        .iter()
        .any(|l: &String| l.contains("It works for 15 minutes."))
    {
        let left = deadline.saturating_duration_since(Instant::now());
        match server.lines.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => panic!("the server printed no such mail: {seen:#?}"),
        }
    }
    let text = seen.join("\n");
    for expected in [
        "From: \"Olive Lane\" <shop@olivelane.example>",
        "To: dana@example.com",
        "Subject: Your Olive Lane sign-up code",
        "Your code is 123456.",
    ] {
        assert!(text.contains(expected), "{expected:?} not in {text}");
    }
}

#[tokio::test]
async fn an_unreachable_server_is_an_error_not_a_hang() {
    let port = free_port();
    let sent = SmtpMailer::new(&settings(port))
        .unwrap()
        .send(&mail())
        .await;
    assert!(sent.is_err(), "nothing listens on {port}");
}

#[test]
fn a_bad_from_address_is_refused_at_start() {
    let mut bad = settings(25);
    bad.from = "not an address".into();
    let refused = SmtpMailer::new(&bad).err().expect("refused");
    assert!(refused.contains("mail.from"), "{refused}");
}
