//! One log line per request (`server.log_requests`), with what could open an account
//! or an order left out: query strings (order links carry `?token=`) and the token of a
//! password-reset link. poem's own `Tracing` logs the whole URI, so it is not used.
//! It wraps the routes, so it reads the request's id from the answer's `X-Request-Id`.

use crate::http::request_id;
use poem::http::Uri;
use poem::{Endpoint, IntoResponse, Request, Response};
use std::sync::Arc;
use std::time::Instant;

/// Paths whose last segment is a secret.
const SECRET_TAILS: &[&str] = &["/password/reset/"];

/// The request's path as it may be logged.
pub fn loggable(uri: &Uri) -> String {
    let path = uri.path();
    let mut shown = SECRET_TAILS
        .iter()
        .find(|prefix| path.starts_with(**prefix))
        .map_or_else(|| path.to_owned(), |prefix| format!("{prefix}…"));
    if uri.query().is_some() {
        shown.push_str("?…");
    }
    shown
}

pub async fn log_request<E: Endpoint>(next: Arc<E>, req: Request) -> poem::Result<Response> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = loggable(req.uri());
    let answer = next.call(req).await.map(IntoResponse::into_response);
    let (status, request_id) = match &answer {
        Ok(resp) => (resp.status(), resp.headers().get(request_id::HEADER)),
        Err(err) => (err.status(), None),
    };
    tracing::info!(
        %method,
        path,
        status = status.as_u16(),
        ms = started.elapsed().as_millis() as u64,
        request_id = request_id.and_then(|id| id.to_str().ok()),
        "request"
    );
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_left_out() {
        let shown = |uri: &str| loggable(&uri.parse().unwrap());
        assert_eq!(shown("/password/reset/abc123"), "/password/reset/…");
        assert_eq!(
            shown("/orders/guest/7KQ4-M2XD/status?token=secret"),
            "/orders/guest/7KQ4-M2XD/status?…"
        );
        assert_eq!(shown("/api/orders/7KQ4?token=secret"), "/api/orders/7KQ4?…");
        assert_eq!(shown("/products/mug/12"), "/products/mug/12");
    }
}
