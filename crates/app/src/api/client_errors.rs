//! Errors the browser app could not handle, reported for the store owner.

use super::ApiTags;
use super::error::ApiError;
use super::text::Text;
use crate::state::AppState;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use store_domain::client_errors::ClientError;

pub struct ClientErrorsApi {
    pub state: AppState,
}

#[derive(ApiResponse)]
pub enum Recorded {
    #[oai(status = 204)]
    NoContent,
}

#[OpenApi(tag = "ApiTags::Messages")]
impl ClientErrorsApi {
    /// An error the browser app could not handle, for the store owner to look at.
    #[oai(path = "/client-errors", method = "post")]
    async fn client_error(&self, body: Json<ClientErrorReport>) -> Result<Recorded, ApiError> {
        let b = &body.0;
        let error = ClientError::parse(&b.message, &b.url, b.status, b.detail.as_deref())?;
        self.state
            .messages
            .error_reports
            .record_error(&error, self.state.clock.now())
            .await?;
        Ok(Recorded::NoContent)
    }
}

#[derive(Object)]
pub struct ClientErrorReport {
    pub message: Text,
    pub url: Text,
    pub status: Option<i64>,
    pub detail: Option<Text>,
}
