//! One mapping from failures to HTTP answers (spec 8): every error body is
//! `{ "message": ... }`; a 500 carries a reference to the log line, never internals:
//! the request's id (`X-Request-Id`), which every line logged for the request carries.

use crate::http::request_id;
use poem::http::StatusCode;
use poem::{IntoResponse, Response};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};
use std::sync::atomic::{AtomicU64, Ordering};
use store_domain::bag::{BagError, QuoteError, Refusal};
use store_domain::browse::FindError;
use store_domain::input::InputError;
use store_domain::ports::{CatalogError, ReferenceError, SearchError, StorageError};

#[derive(ApiResponse, Debug)]
pub enum ApiError {
    /// The request is malformed or out of range.
    #[oai(status = 400)]
    BadRequest(Json<ErrorMessage>),
    #[oai(status = 404)]
    NotFound(Json<ErrorMessage>),
    /// What the request names no longer fits the store as it is now (a bag line whose
    /// item changed since the client last asked); the message says what.
    #[oai(status = 409)]
    Conflict(Json<ErrorMessage>),
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
    /// The database is busy with other writes; try again after `Retry-After` seconds.
    #[oai(status = 503)]
    Busy(Json<ErrorMessage>, #[oai(header = "Retry-After")] u32),
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct ErrorMessage {
    pub message: String,
}

/// The `{ "message": ... }` body every error answer carries.
pub(crate) fn message(message: impl Into<String>) -> Json<ErrorMessage> {
    Json(ErrorMessage {
        message: message.into(),
    })
}

impl ApiError {
    pub fn not_found(what: &str) -> Self {
        ApiError::NotFound(message(format!("{what} not found")))
    }

    /// A moment's wait is all it takes, so the shopper's client is told when to retry.
    pub fn busy() -> Self {
        ApiError::Busy(
            message("The store is busy right now. Please try again in a moment."),
            1,
        )
    }

    /// Logs `detail` under the request's id (a fresh reference outside a request) and
    /// answers with the reference only.
    pub fn internal(detail: &dyn std::fmt::Display) -> Self {
        let reference = request_id::current().unwrap_or_else(next_reference);
        tracing::error!(reference = %reference, "{detail}");
        ApiError::Internal(message(format!(
            "Something went wrong on our side (reference {reference})."
        )))
    }
}

impl std::fmt::Debug for ErrorMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Short, unique-per-process references to quote from a 500 page to the log, for a
/// failure outside any request.
fn next_reference() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let started = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    format!(
        "{:x}-{}",
        started & 0xffff_ffff,
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

impl From<CatalogError> for ApiError {
    fn from(err: CatalogError) -> Self {
        match err {
            CatalogError::Busy => ApiError::busy(),
            other => ApiError::internal(&other),
        }
    }
}

impl From<SearchError> for ApiError {
    fn from(err: SearchError) -> Self {
        ApiError::internal(&err)
    }
}

impl From<FindError> for ApiError {
    fn from(err: FindError) -> Self {
        match err {
            FindError::Catalog(err) => err.into(),
            other => ApiError::internal(&other),
        }
    }
}

impl From<StorageError> for ApiError {
    fn from(err: StorageError) -> Self {
        match err {
            StorageError::Busy => ApiError::busy(),
            other => ApiError::internal(&other),
        }
    }
}

/// Refused input names its field: `email: must be a valid e-mail address, ...`.
impl From<InputError> for ApiError {
    fn from(err: InputError) -> Self {
        ApiError::BadRequest(message(err.to_string()))
    }
}

/// A bag request that does not fit the catalogue names the line: `products[2]: ...`.
impl From<BagError> for ApiError {
    fn from(err: BagError) -> Self {
        let message = message(err.message);
        match err.refusal {
            Refusal::Invalid => ApiError::BadRequest(message),
            Refusal::Unknown => ApiError::NotFound(message),
            Refusal::Conflict => ApiError::Conflict(message),
        }
    }
}

impl From<QuoteError> for ApiError {
    fn from(err: QuoteError) -> Self {
        match err {
            QuoteError::Bag(err) => err.into(),
            QuoteError::Catalog(err) => err.into(),
        }
    }
}

impl From<ReferenceError> for ApiError {
    fn from(err: ReferenceError) -> Self {
        ApiError::internal(&err)
    }
}

/// Turns the errors poem and poem-openapi raise themselves (unparsable parameters or
/// bodies, unknown paths, wrong methods) into the same JSON shape. Errors that already
/// carry one of our responses pass through untouched.
pub async fn to_json_error(err: poem::Error) -> Response {
    if err.is_from_response() {
        return err.into_response();
    }
    let status = err.status();
    if status.is_server_error() {
        return ApiError::internal(&err).into_response();
    }
    let message = match status {
        StatusCode::NOT_FOUND => "No such API endpoint.".to_owned(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            "Send the request body as JSON, with Content-Type: application/json.".to_owned()
        }
        _ => err.to_string(),
    };
    (status, Json(ErrorMessage { message })).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem_openapi::error::ParseRequestPayloadError;

    async fn answer(err: poem::Error) -> (StatusCode, serde_json::Value) {
        let resp = to_json_error(err).await;
        let status = resp.status();
        let body = resp.into_body().into_string().await.unwrap();
        (status, serde_json::from_str(&body).unwrap())
    }

    /// Every JSON body the poem-openapi extractor cannot parse is answered like this.
    #[tokio::test]
    async fn malformed_bodies_are_400_with_the_parser_message() {
        let err = ParseRequestPayloadError {
            reason: "expected value at line 1 column 2".into(),
        };
        let (status, body) = answer(err.into()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(body["message"].as_str().unwrap().contains("expected value"));
    }

    #[tokio::test]
    async fn server_errors_hide_their_detail() {
        let err = poem::Error::from_string("password=hunter2", StatusCode::INTERNAL_SERVER_ERROR);
        let (status, body) = answer(err).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!body["message"].as_str().unwrap().contains("hunter2"));
    }
}
