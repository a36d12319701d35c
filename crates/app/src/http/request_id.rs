//! Every request's id: the `X-Request-Id` it arrives with when that is sane (a proxy in
//! front, such as nginx's `$request_id`, names requests so), else a new one. It goes
//! back in the answer's `X-Request-Id`, on the log span of everything logged while the
//! request is answered, and into a 500's reference (`api::error`), so the reference a
//! shopper quotes finds the log lines.

use poem::Request;
use poem::http::HeaderName;
use rand::Rng;
use std::future::Future;

pub const HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// An incoming id longer than this is replaced: it is logged and shown to shoppers.
const MAX_LEN: usize = 64;

tokio::task_local! {
    static CURRENT: String;
}

/// The request's id: its own `X-Request-Id` when that is 1 to 64 letters, digits,
/// dots, dashes and underscores (a UUID or nginx's hex fits), else a new random one.
pub fn of(req: &Request) -> String {
    req.headers()
        .get(&HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|id| is_sane(id))
        .map_or_else(new_id, str::to_owned)
}

fn is_sane(id: &str) -> bool {
    (1..=MAX_LEN).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
}

/// 16 hex digits: unique enough across instances and restarts to find one request.
fn new_id() -> String {
    format!("{:016x}", rand::rng().random::<u64>())
}

/// Runs `answer` with `id` as the current request's id.
pub async fn scope<F: Future>(id: String, answer: F) -> F::Output {
    CURRENT.scope(id, answer).await
}

/// The id of the request being answered on this task, if any (a background job has
/// none).
pub fn current() -> Option<String> {
    CURRENT.try_with(String::clone).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_header(value: &str) -> String {
        of(&Request::builder().header(HEADER, value).finish())
    }

    #[test]
    fn a_sane_incoming_id_is_kept_and_anything_else_replaced() {
        assert_eq!(with_header("5f0c2a9e-77b1-4d2e"), "5f0c2a9e-77b1-4d2e");
        for insane in ["", "a b", "<script>", &"x".repeat(65), "é"] {
            let id = with_header(insane);
            assert_ne!(id, insane);
            assert!(is_sane(&id) && id.len() == 16, "{id}");
        }
        assert_ne!(of(&Request::default()), of(&Request::default()));
    }

    #[tokio::test]
    async fn the_id_is_current_only_inside_its_scope() {
        assert_eq!(current(), None);
        let inside = scope("abc".into(), async { current() }).await;
        assert_eq!(inside.as_deref(), Some("abc"));
    }
}
