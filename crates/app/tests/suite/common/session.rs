//! Calls as a browser makes them (the AJAX header, the session cookie) and a customer
//! registered through the mailed code, for the API tests of accounts and customers.

use super::Fakes;
use poem::Endpoint;
use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::{Value, json};

pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
    pub set_cookie: Option<String>,
}

/// The payer cookie of the browser `call` speaks for (the one a card's token is bound
/// to, `payments::Holder`).
pub const BROWSER: &str = "b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0";

pub async fn call(
    client: &TestClient<impl Endpoint>,
    method: &str,
    path: &str,
    session: Option<&str>,
    body: Option<Value>,
) -> Answer {
    call_from(client, BROWSER, method, path, session, body).await
}

/// `call` from the browser whose payer cookie is `payer` ("" for one without).
pub async fn call_from(
    client: &TestClient<impl Endpoint>,
    payer: &str,
    method: &str,
    path: &str,
    session: Option<&str>,
    body: Option<Value>,
) -> Answer {
    send(client, payer, "en-US", method, path, session, body).await
}

/// `call` from a browser whose shopper reads Hebrew (the UI sends `Accept-Language: he`).
pub async fn call_in_hebrew(
    client: &TestClient<impl Endpoint>,
    method: &str,
    path: &str,
    session: Option<&str>,
    body: Option<Value>,
) -> Answer {
    send(client, BROWSER, "he", method, path, session, body).await
}

async fn send(
    client: &TestClient<impl Endpoint>,
    payer: &str,
    language: &str,
    method: &str,
    path: &str,
    session: Option<&str>,
    body: Option<Value>,
) -> Answer {
    let mut req = match method {
        "GET" => client.get(path),
        "PATCH" => client.patch(path),
        "DELETE" => client.delete(path),
        _ => client.post(path),
    }
    .header("X-Requested-With", "XMLHttpRequest")
    .header("Accept-Language", language);
    let mut cookies = vec!["theme=dark".to_owned()];
    cookies.extend(session.map(|token| format!("session={token}")));
    if !payer.is_empty() {
        cookies.push(format!("payer={payer}"));
    }
    req = req.header("Cookie", cookies.join("; "));
    if let Some(body) = body {
        req = req.content_type("application/json").body(body.to_string());
    }
    let resp = req.send().await.0;
    let status = resp.status();
    let set_cookie = resp
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().to_owned());
    let text = resp.into_body().into_string().await.unwrap();
    Answer {
        status,
        body: serde_json::from_str(&text).unwrap_or(Value::Null),
        set_cookie,
    }
}

pub async fn post(client: &TestClient<impl Endpoint>, path: &str, body: Value) -> Answer {
    call(client, "POST", path, None, Some(body)).await
}

/// The session token a `Set-Cookie` value sets.
pub fn token(set_cookie: &str) -> String {
    set_cookie
        .strip_prefix("session=")
        .and_then(|rest| rest.split(';').next())
        .unwrap()
        .to_owned()
}

/// The last mail's body to `to`.
pub fn last_mail(fakes: &Fakes, to: &str) -> (String, String) {
    let mail = fakes
        .mailer
        .sent()
        .into_iter()
        .rev()
        .find(|m| m.to.as_str() == to)
        .unwrap_or_else(|| panic!("no mail to {to}"));
    (mail.subject, mail.body)
}

/// The six-digit code in the last mail to `to`.
pub fn mailed_code(fakes: &Fakes, to: &str) -> String {
    let (_, body) = last_mail(fakes, to);
    body.split_whitespace()
        .find(|w| w.len() == 6 && w.chars().all(|c| c.is_ascii_digit()))
        .unwrap_or_else(|| panic!("no code in {body:?}"))
        .to_owned()
}

/// Registers `email` with password "correct horse" and returns the session token.
pub async fn registered(client: &TestClient<impl Endpoint>, fakes: &Fakes, email: &str) -> String {
    let asked = post(
        client,
        "/api/register",
        json!({"name": "Dana Levi", "email": email, "password": "correct horse"}),
    )
    .await;
    assert_eq!(asked.status, StatusCode::ACCEPTED, "{}", asked.body);
    let confirmed = post(
        client,
        "/api/register/confirm",
        json!({"email": email, "code": mailed_code(fakes, email)}),
    )
    .await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.body);
    token(&confirmed.set_cookie.unwrap())
}
