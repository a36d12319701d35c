//! Rate limits on anonymous writes through HTTP: 429 with `Retry-After` past the
//! burst, one budget per client, the proxy header believed only when configured, and
//! reads never limited. Every request here comes "over TCP" from the address in its
//! `X-Test-Peer` header (the test client has no connection of its own).

use poem::http::uri::Scheme;
use poem::http::{StatusCode, header};
use poem::test::TestClient;
use poem::web::{LocalAddr, RemoteAddr};
use poem::{Addr, Endpoint, EndpointExt, Request, RequestParts};
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::Arc;
use store_adapters::fakes::{InMemoryCatalog, fixture};
use store_app::limits::Limits;
use store_app::settings::LimitSettings;
use store_app::web;
use store_domain::ports::{CatalogWriter, Inbox, SearchLog};

use crate::common;

/// The request as if it came from the socket address in `X-Test-Peer`.
async fn from_test_peer(req: Request) -> poem::Result<Request> {
    let peer: SocketAddr = req
        .header("x-test-peer")
        .expect("every request here names its peer")
        .parse()
        .expect("a socket address");
    let (parts, body) = req.into_parts();
    let mut head = poem::http::Request::new(());
    *head.method_mut() = parts.method;
    *head.uri_mut() = parts.uri;
    *head.version_mut() = parts.version;
    *head.headers_mut() = parts.headers;
    let (head, ()) = head.into_parts();
    let parts = RequestParts::from((
        head,
        LocalAddr(Addr::default()),
        RemoteAddr(Addr::SocketAddr(peer)),
        Scheme::HTTP,
    ));
    Ok(Request::from_parts(parts, body))
}

/// Three writes at once per client, then one a minute; the store's budget is roomy.
fn tight() -> LimitSettings {
    LimitSettings {
        client_per_minute: 1,
        client_burst: 3,
        ..common::roomy_limits()
    }
}

async fn app(limits: LimitSettings) -> (TestClient<impl Endpoint>, common::Fakes) {
    let catalog = InMemoryCatalog::new();
    catalog.import(&fixture()).await.unwrap();
    let (mut state, fakes) = common::indexed(Arc::new(catalog)).await;
    state.limits = Arc::new(Limits::new(&limits).unwrap());
    (
        TestClient::new(web::routes(state).before(from_test_peer)),
        fakes,
    )
}

const A: &str = "192.0.2.10:50000";
const B: &str = "198.51.100.20:50000";

/// A contact message from `peer` (with extra headers); the status and the answer.
async fn contact(
    client: &TestClient<impl Endpoint>,
    peer: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, Option<String>, Value) {
    let mut req = client
        .post("/api/contact")
        .header("X-Requested-With", "XMLHttpRequest")
        .header("X-Test-Peer", peer)
        .content_type("application/json")
        .body(r#"{"name":"Dana","email":"d@x.org","subject":"Order","message":"Where is it?"}"#);
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    let resp = req.send().await;
    let status = resp.0.status();
    let retry_after = resp
        .0
        .headers()
        .get(header::RETRY_AFTER)
        .map(|v| v.to_str().unwrap().to_owned());
    let text = resp.0.into_body().into_string().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
    (status, retry_after, body)
}

async fn statuses(
    client: &TestClient<impl Endpoint>,
    peer: &str,
    headers: &[(&str, &str)],
    times: usize,
) -> Vec<StatusCode> {
    let mut out = Vec::new();
    for _ in 0..times {
        out.push(contact(client, peer, headers).await.0);
    }
    out
}

const OK: StatusCode = StatusCode::CREATED;
const LIMITED: StatusCode = StatusCode::TOO_MANY_REQUESTS;

#[tokio::test]
async fn past_the_burst_a_client_gets_429_with_retry_after_and_a_message() {
    let (client, fakes) = app(tight()).await;
    assert_eq!(statuses(&client, A, &[], 3).await, [OK, OK, OK]);
    let (status, retry_after, body) = contact(&client, A, &[]).await;
    assert_eq!(status, LIMITED);
    let seconds: u64 = retry_after.expect("Retry-After").parse().unwrap();
    assert!(
        (1..=60).contains(&seconds),
        "one a minute: within a minute, got {seconds}"
    );
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("Too many requests"),
        "{body}"
    );
    let stored = fakes.inbox.recent_inquiries(100).await.unwrap();
    assert_eq!(stored.len(), 3, "the refused one was not stored");

    // Every kind of anonymous write shares the budget: /utm is refused as well.
    let utm = client
        .post("/utm")
        .header("X-Requested-With", "XMLHttpRequest")
        .header("X-Test-Peer", A)
        .content_type("application/json")
        .body(r#"{"utm_source":"mail"}"#)
        .send()
        .await;
    utm.assert_status(LIMITED);
}

#[tokio::test]
async fn each_client_has_its_own_budget() {
    let (client, _) = app(tight()).await;
    assert_eq!(statuses(&client, A, &[], 4).await, [OK, OK, OK, LIMITED]);
    assert_eq!(statuses(&client, B, &[], 4).await, [OK, OK, OK, LIMITED]);
    // Another port is the same client; so is another address of the same IPv6 /48,
    // even in another /64 (one host can hold thousands of them).
    assert_eq!(statuses(&client, "192.0.2.10:1", &[], 1).await, [LIMITED]);
    let v6 = ["[2001:db8:1:2::a]:1", "[2001:db8:1:2::b]:1"];
    assert_eq!(statuses(&client, v6[0], &[], 3).await, [OK, OK, OK]);
    assert_eq!(statuses(&client, v6[1], &[], 1).await, [LIMITED]);
    assert_eq!(
        statuses(&client, "[2001:db8:1:3::a]:1", &[], 1).await,
        [LIMITED]
    );
    assert_eq!(statuses(&client, "[2001:db8:2::a]:1", &[], 1).await, [OK]);
}

#[tokio::test]
async fn the_store_wide_budget_limits_all_clients_together() {
    let (client, _) = app(LimitSettings {
        global_per_second: 1,
        global_burst: 4,
        ..common::roomy_limits()
    })
    .await;
    assert_eq!(statuses(&client, A, &[], 2).await, [OK, OK]);
    assert_eq!(statuses(&client, B, &[], 3).await, [OK, OK, LIMITED]);
}

/// A wrong sign-in from `peer`: 401 while its budget lasts.
async fn login(client: &TestClient<impl Endpoint>, peer: &str) -> StatusCode {
    client
        .post("/api/login")
        .header("X-Requested-With", "XMLHttpRequest")
        .header("X-Test-Peer", peer)
        .content_type("application/json")
        .body(r#"{"email":"nobody@example.com","password":"wrong password"}"#)
        .send()
        .await
        .0
        .status()
}

/// Security review H2: flooding the anonymous tables, from one client or many, spends
/// only their budget: sign-ins (and orders, on a budget of their own) still answer.
#[tokio::test]
async fn a_flood_of_stored_writes_refuses_no_sign_in() {
    let (client, _) = app(LimitSettings {
        global_per_second: 1,
        global_burst: 3,
        ..tight()
    })
    .await;
    assert_eq!(statuses(&client, A, &[], 4).await, [OK, OK, OK, LIMITED]);
    assert_eq!(
        statuses(&client, B, &[], 1).await,
        [LIMITED],
        "the store's budget is spent"
    );
    assert_eq!(login(&client, A).await, StatusCode::UNAUTHORIZED);
    assert_eq!(login(&client, B).await, StatusCode::UNAUTHORIZED);
}

/// Sign-ins have a per-client budget of their own: one client's wrong passwords refuse
/// its own, never another client's.
#[tokio::test]
async fn sign_ins_are_limited_per_client_only() {
    let (client, _) = app(LimitSettings {
        sign_in: store_app::settings::Budget {
            per_minute: 1,
            burst: 3,
        },
        ..common::roomy_limits()
    })
    .await;
    for _ in 0..3 {
        assert_eq!(login(&client, A).await, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(login(&client, A).await, LIMITED);
    assert_eq!(login(&client, B).await, StatusCode::UNAUTHORIZED);
    assert_eq!(
        statuses(&client, A, &[], 1).await,
        [OK],
        "stored writes are apart"
    );
}

/// A JSON POST from `peer`: its status.
async fn send(
    client: &TestClient<impl Endpoint>,
    peer: &str,
    path: &str,
    body: Value,
) -> StatusCode {
    client
        .post(path)
        .header("X-Requested-With", "XMLHttpRequest")
        .header("X-Test-Peer", peer)
        .content_type("application/json")
        .body(body.to_string())
        .send()
        .await
        .0
        .status()
}

/// Security review M3: a stranger guessing a customer's password at full speed spends
/// the budget of the address and the stranger together; the owner, from their own
/// device, still signs in.
#[tokio::test]
async fn a_stranger_cannot_lock_a_customer_out() {
    let (client, fakes) = app(common::roomy_limits()).await;
    let email = "dana@example.com";
    let register = serde_json::json!({"name": "Dana", "email": email, "password": "correct horse"});
    assert_eq!(
        send(&client, B, "/api/register", register).await,
        StatusCode::ACCEPTED
    );
    let code = common::session::mailed_code(&fakes, email);
    let confirm = serde_json::json!({"email": email, "code": code});
    assert_eq!(
        send(&client, B, "/api/register/confirm", confirm).await,
        StatusCode::OK
    );

    let wrong = serde_json::json!({"email": email, "password": "wrong password"});
    let mut refused = 0;
    for _ in 0..=common::ATTEMPTS_PER_MINUTE {
        if send(&client, A, "/api/login", wrong.clone()).await == LIMITED {
            refused += 1;
        }
    }
    assert_eq!(
        refused, 1,
        "the stranger's attempts on the address are limited"
    );
    let right = serde_json::json!({"email": email, "password": "correct horse"});
    assert_eq!(send(&client, B, "/api/login", right).await, StatusCode::OK);
    let forgot = serde_json::json!({"email": email});
    assert_eq!(
        send(&client, B, "/api/password/forgot", forgot).await,
        StatusCode::ACCEPTED
    );
}

/// Security review M2: sign-up and reset mails to one mailbox, `+tags` folded, stop
/// after the burst; every request is answered alike.
#[tokio::test]
async fn one_mailbox_gets_a_few_mails_however_it_is_tagged() {
    let (client, fakes) = app(common::roomy_limits()).await;
    let sent = || {
        fakes
            .mailer
            .sent()
            .into_iter()
            .filter(|m| m.to.as_str().ends_with("@example.org"))
            .count()
    };
    for n in 0..6 {
        let body = serde_json::json!({"name": "X", "email": format!("victim+{n}@example.org"),
                                      "password": "correct horse"});
        assert_eq!(
            send(&client, A, "/api/register", body).await,
            StatusCode::ACCEPTED
        );
    }
    assert_eq!(sent(), common::MAILS_PER_MAILBOX as usize);
    // The account the first code makes cannot be sent a reset link now either.
    let code = common::session::mailed_code(&fakes, "victim+0@example.org");
    let confirm = serde_json::json!({"email": "victim+0@example.org", "code": code});
    let confirmed = send(&client, B, "/api/register/confirm", confirm).await;
    assert_eq!(confirmed, StatusCode::OK);
    let forgot = serde_json::json!({"email": "Victim+0@example.org"});
    let asked = send(&client, A, "/api/password/forgot", forgot).await;
    assert_eq!(asked, StatusCode::ACCEPTED);
    assert_eq!(sent(), common::MAILS_PER_MAILBOX as usize);
    let other =
        serde_json::json!({"name": "X", "email": "other@example.org", "password": "correct horse"});
    assert_eq!(
        send(&client, A, "/api/register", other).await,
        StatusCode::ACCEPTED
    );
    assert_eq!(
        sent(),
        common::MAILS_PER_MAILBOX as usize + 1,
        "another mailbox has its own"
    );
}

#[tokio::test]
async fn the_proxy_header_is_ignored_unless_configured() {
    let (client, _) = app(tight()).await;
    // Without configuration, a client cannot name itself anew each time.
    for (i, expected) in [OK, OK, OK, LIMITED, LIMITED].into_iter().enumerate() {
        let forged = format!("203.0.113.{i}");
        let (status, ..) = contact(&client, A, &[("X-Forwarded-For", &forged)]).await;
        assert_eq!(status, expected, "request {i}");
    }
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_header_names_the_client() {
    let (client, _) = app(LimitSettings {
        client_ip_header: Some("X-Forwarded-For".into()),
        trusted_proxies: vec!["10.0.0.0/8".into()],
        ..tight()
    })
    .await;
    let proxy = "10.0.0.5:40000";
    let from = |client: &'static str| [("X-Forwarded-For", client)];
    assert_eq!(
        statuses(&client, proxy, &from("203.0.113.1"), 4).await,
        [OK, OK, OK, LIMITED]
    );
    // Another shopper behind the same proxy has a budget of its own...
    assert_eq!(
        statuses(&client, proxy, &from("203.0.113.2"), 1).await,
        [OK]
    );
    // ...and what a shopper puts in front of the proxy's entry changes nothing.
    assert_eq!(
        statuses(&client, proxy, &from("1.2.3.4, 203.0.113.1"), 1).await,
        [LIMITED]
    );
    // A peer that is not a trusted proxy is keyed by itself, whatever it sends.
    assert_eq!(
        statuses(&client, A, &from("203.0.113.9"), 4).await,
        [OK, OK, OK, LIMITED]
    );
    assert_eq!(
        statuses(&client, A, &from("203.0.113.8"), 1).await,
        [LIMITED]
    );
}

#[tokio::test]
async fn reads_are_never_limited() {
    let (client, _) = app(LimitSettings {
        client_burst: 1,
        ..tight()
    })
    .await;
    assert_eq!(statuses(&client, A, &[], 2).await, [OK, LIMITED]);
    for _ in 0..20 {
        for path in [
            "/api/store",
            "/api/health",
            "/api/search?q=item",
            "/api/search/suggestions?q=it",
            "/api/lists/category/1",
        ] {
            let resp = client.get(path).header("X-Test-Peer", A).send().await;
            resp.assert_status_is_ok();
        }
    }
}

#[tokio::test]
async fn searches_past_the_budget_are_answered_but_not_counted() {
    let (client, fakes) = app(tight()).await;
    for _ in 0..6 {
        let resp = client
            .get("/api/search?q=item")
            .header("X-Test-Peer", A)
            .send()
            .await;
        resp.assert_status_is_ok();
    }
    // Another client's search is counted: its write shows the batch went through.
    client
        .get("/api/search?q=item")
        .header("X-Test-Peer", B)
        .send()
        .await
        .assert_status_is_ok();
    let mut popular = Vec::new();
    for _ in 0..100 {
        popular = fakes.searches.popular_searches(4, 10).await.unwrap();
        if !popular.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(popular, ["item"], "three of A's and B's one");
    assert!(
        fakes
            .searches
            .popular_searches(5, 10)
            .await
            .unwrap()
            .is_empty(),
        "A's searches past its burst were not counted"
    );
}

#[tokio::test]
async fn pricing_calls_store_nothing_and_are_not_counted_as_writes() {
    let (client, _) = app(tight()).await;
    // Far past the burst of three: a shopper editing a bag and filling in checkout.
    for _ in 0..10 {
        for (path, body) in [
            (
                "/api/bag/quote",
                r#"{"products":[{"id":12,"type":"product","quantity":1}],"later":[]}"#,
            ),
            (
                "/api/checkout/quote",
                r#"{"products":[{"id":12,"type":"product","quantity":1}],"later":[]}"#,
            ),
            (
                "/api/max",
                r#"{"products":[{"id":12,"type":"product","quantity":1}]}"#,
            ),
        ] {
            let resp = client
                .post(path)
                .header("X-Requested-With", "XMLHttpRequest")
                .header("X-Test-Peer", A)
                .content_type("application/json")
                .body(body)
                .send()
                .await;
            assert_eq!(resp.0.status(), StatusCode::OK, "{path}");
        }
    }
    // A real write from the same client still has its whole budget.
    assert_eq!(
        statuses(&client, A, &[], 4).await,
        vec![OK, OK, OK, LIMITED]
    );
}
