//! The HTTP edge: what every request passes through whatever its route. Bodies are
//! capped before anything reads them, `/utm` takes POST only, every answer carries the
//! security headers, and the server cuts off clients that send slowly or go quiet.

use poem::http::{StatusCode, header};
use poem::test::{TestClient, TestResponse};
use poem::{Body, Endpoint};
use serde_json::Value;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;
use store_adapters::fakes::InMemoryCatalog;
use store_app::http::body_limit::MAX_BODY_BYTES;
use store_app::http::server::{self, Timeouts};
use store_app::web::{self, Edge};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use crate::common;

fn app_with(edge: Edge) -> TestClient<impl Endpoint> {
    let (state, _) = common::state_with(Arc::new(InMemoryCatalog::new()));
    TestClient::new(web::routes_with(state, edge))
}

fn app() -> TestClient<impl Endpoint> {
    app_with(Edge::default())
}

async fn message(resp: TestResponse) -> String {
    let body: Value = resp.json().await.value().deserialize();
    body["message"]
        .as_str()
        .unwrap_or_else(|| panic!("no message in {body}"))
        .to_owned()
}

#[tokio::test]
async fn utm_takes_post_only_and_says_so() {
    let client = app();
    for method in ["GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"] {
        let resp = client
            .request(method.parse().unwrap(), "/utm")
            .header("X-Requested-With", "XMLHttpRequest")
            .content_type("application/json")
            .body(r#"{"utm_source": "x"}"#)
            .send()
            .await;
        resp.assert_status(StatusCode::METHOD_NOT_ALLOWED);
        resp.assert_header(header::ALLOW, "POST");
    }
    let resp = client.get("/utm").send().await;
    resp.assert_status(StatusCode::METHOD_NOT_ALLOWED);
    assert!(message(resp).await.contains("POST"));
}

/// An endless body that counts the bytes taken from it, as a chunked upload would.
struct Endless {
    taken: Arc<AtomicUsize>,
}

impl AsyncRead for Endless {
    fn poll_read(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let n = buf.remaining().min(8 * 1024);
        buf.put_slice(&vec![b'x'; n]);
        self.taken.fetch_add(n, Ordering::SeqCst);
        Poll::Ready(Ok(()))
    }
}

fn endless() -> (Body, Arc<AtomicUsize>) {
    let taken = Arc::new(AtomicUsize::new(0));
    let body = Body::from_async_read(Endless {
        taken: taken.clone(),
    });
    (body, taken)
}

const ROUTES: [&str; 7] = [
    "/utm",
    "/api/newsletter",
    "/api/products/1",
    "/api/search?q=mug",
    "/",
    "/products/mug/1",
    "/media/mug/aabbcc.svg",
];

/// Any route, any method: a body with no length (chunked) is read up to the cap and no
/// further, and refused.
#[tokio::test]
async fn an_endless_body_is_refused_once_past_the_cap_on_every_route_and_method() {
    let client = app();
    for path in ROUTES {
        for method in ["GET", "POST", "DELETE"] {
            let (body, taken) = endless();
            let resp = client
                .request(method.parse().unwrap(), path)
                .header("X-Requested-With", "XMLHttpRequest")
                .content_type("application/json")
                .body(body)
                .send()
                .await;
            resp.assert_status(StatusCode::PAYLOAD_TOO_LARGE);
            let read = taken.load(Ordering::SeqCst);
            assert!(
                read <= MAX_BODY_BYTES + 16 * 1024,
                "{method} {path}: {read} bytes read"
            );
            assert!(message(resp).await.contains("64 KiB"));
        }
    }
}

/// A body that says it is too large is refused before a byte of it is read.
#[tokio::test]
async fn a_body_declared_too_large_is_refused_unread() {
    let client = app();
    for path in ROUTES {
        let (body, taken) = endless();
        let resp = client
            .get(path)
            .header(header::CONTENT_LENGTH, (MAX_BODY_BYTES + 1).to_string())
            .body(body)
            .send()
            .await;
        resp.assert_status(StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(taken.load(Ordering::SeqCst), 0, "{path}");
    }
}

#[tokio::test]
async fn a_small_body_still_reaches_its_handler() {
    let client = app();
    let resp = client
        .post("/utm")
        .header("X-Requested-With", "XMLHttpRequest")
        .content_type("application/json")
        .body(format!(
            r#"{{"utm_source": "news", "utm_term": "{}"}}"#,
            "t".repeat(150)
        ))
        .send()
        .await;
    resp.assert_status(StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn the_build_manifest_is_not_served() {
    let client = app();
    for path in ["/.vite/manifest.json", "/.vite/", "/assets/.hidden.js"] {
        let resp = client.get(path).send().await;
        resp.assert_status(StatusCode::NOT_FOUND);
    }
}

/// A script goes to a browser that takes Brotli as the build's own copy (compressed at
/// the strongest level by ui/vite.config.ts), and the copy is no file of its own.
#[tokio::test]
async fn a_script_goes_out_as_the_builds_brotli_copy() {
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/dist/assets");
    let copy = std::fs::read_dir(&assets)
        .expect("the UI is not built: run `npm ci && npm run build` in ui/ first")
        .map(|entry| entry.unwrap().path())
        .find(|path| path.to_string_lossy().ends_with(".js.br"))
        .expect("the build makes Brotli copies of its scripts");
    let name = copy.file_name().unwrap().to_string_lossy().into_owned();
    let script = format!("/assets/{}", name.trim_end_matches(".br"));
    let client = app();

    let resp = client
        .get(&script)
        .header(header::ACCEPT_ENCODING, "gzip, br")
        .send()
        .await;
    resp.assert_status_is_ok();
    resp.assert_header(header::CONTENT_ENCODING, "br");
    let body = resp.0.into_body().into_vec().await.unwrap();
    assert_eq!(body, std::fs::read(&copy).unwrap(), "{script}");

    let gzip = client
        .get(&script)
        .header(header::ACCEPT_ENCODING, "gzip")
        .send()
        .await;
    gzip.assert_header(header::CONTENT_ENCODING, "gzip");

    let direct = client.get(format!("/assets/{name}")).send().await;
    direct.assert_status(StatusCode::NOT_FOUND);
}

const APP_POLICY_PARTS: [&str; 4] = [
    "default-src 'self'",
    "script-src 'self';",
    "frame-ancestors 'none'",
    "object-src 'none'",
];

fn assert_security_headers(resp: &TestResponse, what: &str) {
    let headers = resp.0.headers();
    let get = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_else(|| panic!("{what}: no {name}"))
            .to_owned()
    };
    assert_eq!(get("x-content-type-options"), "nosniff", "{what}");
    assert_eq!(
        get("referrer-policy"),
        "strict-origin-when-cross-origin",
        "{what}"
    );
    assert!(get("permissions-policy").contains("camera=()"), "{what}");
    assert!(
        get("content-security-policy").contains("frame-ancestors 'none'"),
        "{what}"
    );
}

/// Every kind of answer: API JSON, API errors, the page, UI files, pictures, 404s,
/// refusals made before routing, and the API's docs (with their own policy).
#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let client = app();
    let cases = [
        ("/api/store", StatusCode::OK),
        ("/api/products/0", StatusCode::BAD_REQUEST),
        ("/api/products/999", StatusCode::NOT_FOUND),
        ("/api/no-such-thing", StatusCode::NOT_FOUND),
        ("/media/mug/aabbcc.svg", StatusCode::OK),
        ("/media/no-such-icon/aabbcc.svg", StatusCode::NOT_FOUND),
        ("/assets/gone-123.js", StatusCode::NOT_FOUND),
        ("/utm", StatusCode::METHOD_NOT_ALLOWED),
    ];
    for (path, status) in cases {
        let resp = client.get(path).send().await;
        resp.assert_status(status);
        assert_security_headers(&resp, path);
        let policy = resp.0.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap();
        for part in APP_POLICY_PARTS {
            assert!(policy.contains(part), "{path}: {policy}");
        }
        assert!(!policy.contains("unsafe"), "{path}: {policy}");
        assert!(
            resp.0
                .headers()
                .get(header::STRICT_TRANSPORT_SECURITY)
                .is_none(),
            "no HSTS unless served over TLS"
        );
    }
    // The page and a UI file: served whether or not the UI is built (503 when not).
    for path in ["/", "/products/mug/1", "/favicon.svg"] {
        let resp = client.get(path).send().await;
        assert_security_headers(&resp, path);
    }
    let (body, _) = endless();
    let refused = client.post("/api/newsletter").body(body).send().await;
    refused.assert_status(StatusCode::PAYLOAD_TOO_LARGE);
    assert_security_headers(&refused, "a refused body");

    let docs = client.get("/api/docs").send().await;
    docs.assert_status_is_ok();
    assert_security_headers(&docs, "/api/docs");
    let policy = docs.0.headers()[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap();
    assert!(
        policy.contains("script-src 'self' 'unsafe-inline'"),
        "Swagger UI's page has its script inline: {policy}"
    );
}

#[tokio::test]
async fn hsts_is_sent_only_when_served_over_tls() {
    let client = app_with(Edge {
        hsts: true,
        ..Edge::default()
    });
    for path in ["/api/store", "/api/nope", "/"] {
        let resp = client.get(path).send().await;
        let hsts = resp.0.headers()[header::STRICT_TRANSPORT_SECURITY]
            .to_str()
            .unwrap();
        assert!(hsts.starts_with("max-age="), "{path}: {hsts}");
    }
}

/// A real server on 127.0.0.1 with the given timeouts; stops when the test ends.
async fn serve(timeouts: Timeouts) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (state, _) = common::state_with(Arc::new(InMemoryCatalog::new()));
    let app = web::routes(state);
    tokio::spawn(server::serve(
        listener,
        app,
        timeouts,
        std::future::pending(),
        Duration::from_secs(1),
    ));
    address
}

/// Reads until the server closes the connection; what it sent before that.
async fn read_to_close(socket: &mut tokio::net::tcp::OwnedReadHalf) -> String {
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match socket.read(&mut buf).await {
            Ok(0) | Err(_) => return String::from_utf8_lossy(&answer).into_owned(),
            Ok(n) => answer.extend_from_slice(&buf[..n]),
        }
    }
}

/// Generous: the configured timeouts are one second; a server that never cuts the
/// client off keeps it until this runs out.
const GIVE_UP: Duration = Duration::from_secs(20);

/// A client that sends its headers a byte at a time, forever, is cut off.
#[tokio::test]
async fn a_client_sending_its_headers_slowly_is_cut_off() {
    let address = serve(Timeouts {
        header_read: Duration::from_secs(1),
        idle: Duration::from_secs(60),
    })
    .await;
    let (mut read, mut write) = TcpStream::connect(address).await.unwrap().into_split();
    let trickle = tokio::spawn(async move {
        write
            .write_all(b"GET /api/store HTTP/1.1\r\nHost: a\r\nX-Slow: ")
            .await?;
        loop {
            write.write_all(b"a").await?;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        #[allow(unreachable_code)]
        Ok::<(), io::Error>(())
    });
    let cut_off = tokio::time::timeout(GIVE_UP, read_to_close(&mut read)).await;
    trickle.abort();
    let answer = cut_off.expect("the slow client was never cut off");
    assert!(!answer.contains("200 OK"), "{answer}");
}

/// A client that connects and then goes quiet mid-body is cut off.
#[tokio::test]
async fn a_client_going_quiet_mid_body_is_cut_off() {
    let address = serve(Timeouts {
        header_read: Duration::from_secs(60),
        idle: Duration::from_secs(1),
    })
    .await;
    let (mut read, mut write) = TcpStream::connect(address).await.unwrap().into_split();
    write
        .write_all(b"POST /api/newsletter HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 100\r\nX-Requested-With: XMLHttpRequest\r\n\r\n{\"email\":")
        .await
        .unwrap();
    let cut_off = tokio::time::timeout(GIVE_UP, read_to_close(&mut read)).await;
    drop(write);
    cut_off.expect("the quiet client was never cut off");
}

/// A client that sends its requests promptly is answered, and its kept-alive
/// connection serves a second request after a short pause.
#[tokio::test]
async fn a_prompt_client_is_answered_on_a_kept_alive_connection() {
    let address = serve(Timeouts {
        header_read: Duration::from_secs(2),
        idle: Duration::from_secs(2),
    })
    .await;
    let mut socket = TcpStream::connect(address).await.unwrap();
    for _ in 0..2 {
        socket
            .write_all(b"GET /api/store HTTP/1.1\r\nHost: a\r\n\r\n")
            .await
            .unwrap();
        let mut buf = vec![0u8; 8192];
        let n = tokio::time::timeout(GIVE_UP, socket.read(&mut buf))
            .await
            .expect("no answer")
            .unwrap();
        let answer = String::from_utf8_lossy(&buf[..n]);
        assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// hyper answers a URL longer than it parses with 414 and no body, before any of our
/// code runs: the OpenAPI document lists it as a shared answer (`api::document`).
#[tokio::test]
async fn a_url_too_long_to_parse_is_a_414() {
    let address = serve(Timeouts {
        header_read: Duration::from_secs(5),
        idle: Duration::from_secs(5),
    })
    .await;
    let (mut read, mut write) = TcpStream::connect(address).await.unwrap().into_split();
    let request = format!(
        "GET /api/search?q={} HTTP/1.1\r\nHost: a\r\n\r\n",
        "a".repeat(70_000)
    );
    write.write_all(request.as_bytes()).await.unwrap();
    let answer = tokio::time::timeout(GIVE_UP, read_to_close(&mut read))
        .await
        .expect("no answer");
    assert!(answer.starts_with("HTTP/1.1 414 URI Too Long"), "{answer}");
}
