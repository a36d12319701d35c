//! A deadline for each request, from its head read to its answer: a handler stuck on a
//! busy database or a slow body upload must not hold a connection and its memory.

use poem::http::StatusCode;
use poem::web::Json;
use poem::{Endpoint, IntoResponse, Middleware, Request, Response};
use std::time::Duration;

/// `None` sets no deadline (tests that drive the routes directly).
#[derive(Debug, Clone, Copy)]
pub struct RequestTimeout(pub Option<Duration>);

impl<E: Endpoint> Middleware<E> for RequestTimeout {
    type Output = WithTimeout<E>;

    fn transform(&self, inner: E) -> Self::Output {
        WithTimeout {
            inner,
            limit: self.0,
        }
    }
}

pub struct WithTimeout<E> {
    inner: E,
    limit: Option<Duration>,
}

impl<E: Endpoint> Endpoint for WithTimeout<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let Some(limit) = self.limit else {
            return self.inner.call(req).await.map(IntoResponse::into_response);
        };
        match tokio::time::timeout(limit, self.inner.call(req)).await {
            Ok(answer) => answer.map(IntoResponse::into_response),
            // 503, not 408: most often the store is what was slow, and the request may
            // simply be tried again. Built here: the API's error mapping would hide
            // any 5xx behind a 500 with a log reference.
            Err(_) => {
                let message = "The store took too long to answer; please try again.";
                let body = Json(serde_json::json!({ "message": message }));
                Ok((StatusCode::SERVICE_UNAVAILABLE, body).into_response())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem::{EndpointExt, handler};

    #[handler]
    async fn slow() -> &'static str {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        "done"
    }

    #[handler]
    fn quick() -> &'static str {
        "done"
    }

    #[tokio::test]
    async fn a_request_past_its_deadline_is_answered_503_with_a_message() {
        let app = slow.with(RequestTimeout(Some(Duration::from_millis(50))));
        let resp = app.get_response(Request::default()).await;
        assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE);
        let body = resp.into_body().into_string().await.unwrap();
        assert!(body.contains("\"message\""), "{body}");
    }

    #[tokio::test]
    async fn a_request_within_its_deadline_is_untouched() {
        let app = quick.with(RequestTimeout(Some(Duration::from_secs(60))));
        let resp = app.get_response(Request::default()).await;
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(resp.into_body().into_string().await.unwrap(), "done");
    }
}
