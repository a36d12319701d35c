//! Every request body, on every route and for every method, is read by this one
//! middleware up to [`MAX_BODY_BYTES`] and no further: a body that says it is larger
//! is refused unread, and one that turns out larger (chunked, or lying about its
//! length) is refused as soon as it passes the limit. Handlers then get the bytes
//! already read, so none of them can grow the process by reading a stream.

use crate::api::error::to_json_error;
use poem::error::ReadBodyError;
use poem::http::{StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response};

/// Request bodies are small JSON documents; anything larger is refused.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

pub async fn read_capped<E: Endpoint>(next: E, mut req: Request) -> poem::Result<Response> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|len| len > MAX_BODY_BYTES as u64) {
        return Ok(too_large().await);
    }
    let body = match req.take_body().into_bytes_limit(MAX_BODY_BYTES).await {
        Ok(body) => body,
        Err(ReadBodyError::PayloadTooLarge) => return Ok(too_large().await),
        Err(err) => {
            let message = format!("The request body could not be read: {err}");
            return Ok(
                to_json_error(poem::Error::from_string(message, StatusCode::BAD_REQUEST)).await,
            );
        }
    };
    req.set_body(body);
    next.call(req).await.map(IntoResponse::into_response)
}

async fn too_large() -> Response {
    let message = format!(
        "The request body is larger than {} KiB.",
        MAX_BODY_BYTES / 1024
    );
    to_json_error(poem::Error::from_string(
        message,
        StatusCode::PAYLOAD_TOO_LARGE,
    ))
    .await
}
