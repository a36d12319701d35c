//! The calls that carry what shoppers send: newsletter, help chat, contact, client
//! errors, campaign visits; and the AJAX-header rule on every state-changing call.
//! There are no accounts yet: every call here is anonymous by design.

use poem::Endpoint;
use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use store_adapters::fakes::InMemoryCatalog;
use store_app::web;
use store_domain::messages::Channel;
use store_domain::ports::{CampaignReports, ErrorReports, Inbox};

use crate::common;

fn app() -> (TestClient<impl Endpoint>, common::Fakes) {
    let (state, fakes) = common::state_with(Arc::new(InMemoryCatalog::new()));
    (TestClient::new(web::routes(state)), fakes)
}

/// POSTs `body` as the app does, with the AJAX header; returns status and JSON (Null when empty).
async fn post(client: &TestClient<impl Endpoint>, path: &str, body: &str) -> (StatusCode, Value) {
    post_in(client, "en", path, body).await
}

/// `post` from a shopper whose `Accept-Language` is `language`.
async fn post_in(
    client: &TestClient<impl Endpoint>,
    language: &str,
    path: &str,
    body: &str,
) -> (StatusCode, Value) {
    let resp = client
        .post(path)
        .header("X-Requested-With", "XMLHttpRequest")
        .header("Accept-Language", language)
        .content_type("application/json")
        .body(body.to_owned())
        .send()
        .await;
    let status = resp.0.status();
    let text = resp.0.into_body().into_string().await.unwrap();
    (
        status,
        if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap()
        },
    )
}

fn message(body: &Value) -> &str {
    body["message"]
        .as_str()
        .unwrap_or_else(|| panic!("no message in {body}"))
}

#[tokio::test]
async fn store_facts_are_served() {
    let (client, _) = app();
    let resp = client.get("/api/store").send().await;
    resp.assert_status_is_ok();
    let body: Value = resp.json().await.value().deserialize();
    assert_eq!(
        body,
        json!({"name": "Olive Lane", "heb_name": "שדרת הזית", "help_email": "help@olivelane.example", "free_shipping_over": 5000,
               "payments": {"processor": "sandbox"}})
    );
}

/// The token in the confirmation link of the `n`th mail sent.
fn mailed_token(fakes: &common::Fakes, n: usize) -> String {
    let sent = fakes.mailer.sent();
    let link = sent[n]
        .body
        .lines()
        .find(|l| l.starts_with("https://shop.example/newsletter/confirm?token="))
        .expect("a link")
        .to_owned();
    link.rsplit('=').next().unwrap().to_owned()
}

async fn sign_up(client: &TestClient<impl Endpoint>, email: &str) -> (StatusCode, Value) {
    post(
        client,
        "/api/newsletter",
        &json!({ "email": email }).to_string(),
    )
    .await
}

async fn confirm(client: &TestClient<impl Endpoint>, token: &str) -> StatusCode {
    post(
        client,
        "/api/newsletter/confirm",
        &json!({ "token": token }).to_string(),
    )
    .await
    .0
}

#[tokio::test]
async fn newsletter_sign_up_confirms_by_mail_once() {
    let (client, fakes) = app();
    let (status, body) = sign_up(&client, " Dana@Example.COM ").await;
    assert_eq!(status, StatusCode::ACCEPTED);
    assert_eq!(
        message(&body),
        "If this address can receive our newsletter, a confirmation e-mail is on its way."
    );
    let sent = fakes.mailer.sent();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to.as_str(), "dana@example.com");
    let token = mailed_token(&fakes, 0);
    assert_eq!(token.len(), 32);

    assert_eq!(confirm(&client, &token).await, StatusCode::OK);
    assert_eq!(
        confirm(&client, &token).await,
        StatusCode::NOT_FOUND,
        "a link is spent by its confirmation"
    );
    assert_eq!(confirm(&client, "0000").await, StatusCode::NOT_FOUND);
}

/// A shopper signing up in Hebrew is answered and mailed in Hebrew, with the same link.
#[tokio::test]
async fn newsletter_speaks_the_shoppers_language() {
    let (client, fakes) = app();
    let (status, body) = post_in(
        &client,
        "he-IL,he;q=0.9",
        "/api/newsletter",
        &json!({ "email": "noa@example.com" }).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    assert_eq!(
        message(&body),
        "אם הכתובת הזאת יכולה לקבל את הניוזלטר שלנו, הודעת אישור כבר בדרך."
    );
    let sent = fakes.mailer.sent();
    assert_eq!(sent[0].subject, "אישור ההרשמה לניוזלטר");
    assert!(
        sent[0].body.starts_with("תודה שנרשמתם."),
        "{}",
        sent[0].body
    );
    let token = mailed_token(&fakes, 0);

    let (status, body) = post_in(
        &client,
        "he",
        "/api/newsletter/confirm",
        &json!({ "token": token }).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(message(&body), "ההרשמה שלך אושרה. ברוכים הבאים!");
    sign_up(&client, "dana@example.com").await;
    assert_eq!(
        fakes.mailer.sent()[1].subject,
        "Confirm your newsletter subscription",
        "an English sign-up is mailed in English"
    );
}

/// New, pending and confirmed addresses get one answer, byte for byte, so the form
/// tells nobody who is subscribed.
#[tokio::test]
async fn newsletter_answers_alike_whatever_the_address_state() {
    let (client, fakes) = app();
    let new = sign_up(&client, "new@example.com").await;
    let pending = sign_up(&client, "new@example.com").await;
    sign_up(&client, "sub@example.com").await;
    confirm(&client, &mailed_token(&fakes, 1)).await;
    fakes.clock.advance(Duration::from_secs(3600));
    let confirmed = sign_up(&client, "sub@example.com").await;
    assert_eq!(new, pending);
    assert_eq!(new, confirmed);
    assert_eq!(
        fakes.mailer.sent().len(),
        2,
        "no second mail within the cooldown, none to a subscriber"
    );
}

#[tokio::test]
async fn newsletter_mails_an_address_once_per_cooldown() {
    let (client, fakes) = app();
    sign_up(&client, "dana@example.com").await;
    fakes
        .clock
        .advance(common::NEWSLETTER.cooldown - Duration::from_secs(1));
    sign_up(&client, "dana@example.com").await;
    assert_eq!(fakes.mailer.sent().len(), 1, "within the cooldown: no mail");
    fakes.clock.advance(Duration::from_secs(1));
    sign_up(&client, "dana@example.com").await;
    assert_eq!(fakes.mailer.sent().len(), 2, "after it: a new link");
    let (first, second) = (mailed_token(&fakes, 0), mailed_token(&fakes, 1));
    assert_ne!(first, second);
    assert_eq!(
        confirm(&client, &first).await,
        StatusCode::NOT_FOUND,
        "a new link replaces the old one"
    );
    assert_eq!(confirm(&client, &second).await, StatusCode::OK);
}

#[tokio::test]
async fn newsletter_links_expire() {
    let (client, fakes) = app();
    sign_up(&client, "dana@example.com").await;
    let token = mailed_token(&fakes, 0);
    fakes.clock.advance(common::NEWSLETTER.token_lifetime);
    assert_eq!(confirm(&client, &token).await, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn newsletter_refuses_bad_addresses_clearly() {
    let (client, fakes) = app();
    for body in [
        r#"{"email": "not-an-address"}"#,
        r#"{"email": ""}"#,
        r#"{"email": "a@b"}"#,
    ] {
        let (status, answer) = post(&client, "/api/newsletter", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(message(&answer).starts_with("email: "), "{answer}");
    }
    assert!(fakes.mailer.sent().is_empty());
}

#[tokio::test]
async fn help_chat_and_contact_messages_reach_the_inbox() {
    let (client, fakes) = app();
    let (status, body) = post(
        &client,
        "/api/help/messages",
        r#"{"email": "a@b.co", "message": "Do you gift wrap?"}"#,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    assert!(body["id"].as_i64().unwrap() > 0);
    message(&body);
    let (status, _) = post(
        &client,
        "/api/contact",
        r#"{"name": "Dana", "email": "d@x.org", "subject": "Order", "message": "Where is it?", "order_number": "A1"}"#,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let stored = fakes.inbox.recent_inquiries(10).await.unwrap();
    assert_eq!(
        stored.iter().map(|m| m.inquiry.channel).collect::<Vec<_>>(),
        vec![Channel::ContactForm, Channel::HelpChat]
    );
    assert_eq!(stored[1].inquiry.body, "Do you gift wrap?");
}

#[tokio::test]
async fn bad_messages_are_400s_naming_the_field() {
    let (client, fakes) = app();
    let long = "x".repeat(2001);
    let cases = [
        (
            "/api/help/messages",
            json!({"email": "a@b.co", "message": "  "}).to_string(),
            "message: ",
        ),
        (
            "/api/help/messages",
            json!({"email": "a@b.co", "message": long}).to_string(),
            "message: ",
        ),
        (
            "/api/help/messages",
            json!({"email": "nope", "message": "hi"}).to_string(),
            "email: ",
        ),
        (
            "/api/contact",
            json!({"name": "", "email": "a@b.co", "subject": "s", "message": "m"}).to_string(),
            "name: ",
        ),
        (
            "/api/client-errors",
            json!({"message": "m", "url": "/x", "status": 42}).to_string(),
            "status: ",
        ),
    ];
    for (path, body, field) in cases {
        let (status, answer) = post(&client, path, &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}");
        assert!(message(&answer).starts_with(field), "{path}: {answer}");
    }
    assert!(fakes.inbox.recent_inquiries(10).await.unwrap().is_empty());
}

#[tokio::test]
async fn malformed_and_mistyped_bodies_are_400s() {
    let (client, _) = app();
    for (path, body) in [
        ("/api/newsletter", "{not json"),
        ("/api/newsletter", r#"{"email": 42}"#),
        ("/api/newsletter", r#"{}"#),
        ("/api/help/messages", r#"["a@b.co", "hi"]"#),
        ("/api/contact", ""),
        (
            "/api/client-errors",
            r#"{"message": "m", "url": "/x", "status": "teapot"}"#,
        ),
        ("/utm", "{not json"),
        ("/utm", r#"{"utm_medium": 7}"#),
        ("/utm", &json!({"utm_term": "t".repeat(201)}).to_string()),
    ] {
        let (status, answer) = post(&client, path, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {answer}");
        message(&answer);
    }
}

#[tokio::test]
async fn oversized_bodies_are_refused() {
    let (client, fakes) = app();
    let huge = json!({"email": "a@b.co", "message": "x".repeat(100_000)}).to_string();
    let (status, answer) = post(&client, "/api/help/messages", &huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    message(&answer);
    assert!(fakes.inbox.recent_inquiries(10).await.unwrap().is_empty());
}

#[tokio::test]
async fn client_errors_and_campaign_visits_are_recorded() {
    let (client, fakes) = app();
    let (status, body) = post(
        &client,
        "/api/client-errors",
        r#"{"message": "Failed to fetch", "url": "/bag", "status": 502}"#,
    )
    .await;
    assert_eq!((status, body), (StatusCode::NO_CONTENT, Value::Null));
    assert_eq!(
        fakes.error_reports.recent_errors(1).await.unwrap()[0]
            .error
            .status,
        Some(502)
    );

    let (status, _) = post(
        &client,
        "/utm",
        r#"{"utm_medium": "email", "utm_campaign": "spring"}"#,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = post(&client, "/utm", r#"{}"#).await;
    assert_eq!(
        status,
        StatusCode::NO_CONTENT,
        "nothing to count is not an error"
    );
    let counts = fakes.campaigns.visit_counts().await.unwrap();
    assert_eq!(counts.len(), 1);
    assert_eq!(
        (counts[0].visit.campaign.as_deref(), counts[0].visits),
        (Some("spring"), 1)
    );
}

/// Without the AJAX header a state-changing call is refused before it does anything:
/// a cross-site form cannot set that header.
#[tokio::test]
async fn state_changes_need_the_ajax_header() {
    let (client, fakes) = app();
    for path in [
        "/api/newsletter",
        "/api/help/messages",
        "/api/contact",
        "/api/client-errors",
        "/utm",
    ] {
        let resp = client
            .post(path)
            .content_type("application/json")
            .body(r#"{"email": "a@b.co", "message": "hi", "name": "n", "subject": "s", "url": "/", "utm_medium": "m"}"#)
            .send()
            .await;
        resp.assert_status(StatusCode::FORBIDDEN);
        let body: Value = resp.json().await.value().deserialize();
        assert!(message(&body).contains("X-Requested-With"), "{path}");
    }
    assert!(fakes.mailer.sent().is_empty());
    assert!(fakes.inbox.recent_inquiries(10).await.unwrap().is_empty());
    assert!(fakes.campaigns.visit_counts().await.unwrap().is_empty());
    // Reads need no header.
    client.get("/api/store").send().await.assert_status_is_ok();
}
