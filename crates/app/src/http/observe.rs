//! Around every request: its id (`request_id`) on its answer and on the log span of
//! what is logged while it is answered, and its count and time in the metrics under
//! its route template. The shoppers' port answers the metrics path with a plain 404
//! (it is served only on the metrics listener): without this the app's history-mode
//! fallback would answer it with its HTML page.

use crate::http::request_id;
use crate::metrics::{Metrics, routes};
use poem::http::{HeaderValue, StatusCode};
use poem::{Endpoint, IntoResponse, Middleware, Request, Response};
use std::sync::Arc;
use std::time::Instant;
use tracing::Instrument;

pub struct Observe(pub Arc<Metrics>);

impl<E: Endpoint> Middleware<E> for Observe {
    type Output = Observed<E>;

    fn transform(&self, inner: E) -> Self::Output {
        Observed {
            inner,
            metrics: self.0.clone(),
        }
    }
}

pub struct Observed<E> {
    inner: E,
    metrics: Arc<Metrics>,
}

impl<E: Endpoint> Endpoint for Observed<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let started = Instant::now();
        let id = request_id::of(&req);
        let route = routes::label(req.uri().path());
        let method = req.method().clone();
        let mut resp = if routes::is_metrics(req.uri().path()) {
            StatusCode::NOT_FOUND.into_response()
        } else {
            let span = tracing::info_span!("request", request_id = %id);
            let answer = request_id::scope(id.clone(), self.inner.call(req));
            match answer.instrument(span).await {
                Ok(resp) => resp.into_response(),
                Err(err) => err.into_response(),
            }
        };
        self.metrics
            .request(route, &method, resp.status(), started.elapsed());
        if let Ok(value) = HeaderValue::from_str(&id) {
            resp.headers_mut().insert(request_id::HEADER, value);
        }
        Ok(resp)
    }
}
