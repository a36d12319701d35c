//! Errors the browser app reports because it could not handle them itself.

use crate::input::{InputError, multiline_text, optional_multiline_text, refuse, text};

pub const MAX_ERROR_MESSAGE: usize = 2000;
pub const MAX_ERROR_URL: usize = 2000;
pub const MAX_ERROR_DETAIL: usize = 10_000;

/// An error the browser app could not handle itself (spec 8: "report to an
/// error-reporting service").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientError {
    pub message: String,
    pub url: String,
    pub status: Option<u16>,
    pub detail: Option<String>,
}

impl ClientError {
    pub fn parse(
        message: &str,
        url: &str,
        status: Option<i64>,
        detail: Option<&str>,
    ) -> Result<Self, InputError> {
        let status = match status {
            None => None,
            Some(s) => Some(
                u16::try_from(s)
                    .ok()
                    .filter(|s| (100..=599).contains(s))
                    .ok_or_else(|| refuse("status", "must be an HTTP status, 100 to 599"))?,
            ),
        };
        Ok(ClientError {
            message: multiline_text("message", message, 1, MAX_ERROR_MESSAGE)?,
            url: text("url", url, 1, MAX_ERROR_URL)?,
            status,
            detail: optional_multiline_text("detail", detail, MAX_ERROR_DETAIL)?,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredClientError {
    pub id: i64,
    pub received_at: String,
    pub error: ClientError,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_errors_are_bounded() {
        assert!(ClientError::parse("boom", "/x", Some(418), None).is_ok());
        assert_eq!(
            ClientError::parse("boom", "/x", Some(99), None)
                .unwrap_err()
                .field,
            "status"
        );
        assert_eq!(
            ClientError::parse("boom", "/x", Some(70_000), None)
                .unwrap_err()
                .field,
            "status"
        );
        assert_eq!(
            ClientError::parse("", "/x", None, None).unwrap_err().field,
            "message"
        );
        assert_eq!(
            ClientError::parse("m", "/x", None, Some(&"d".repeat(MAX_ERROR_DETAIL + 1)))
                .unwrap_err()
                .field,
            "detail"
        );
    }
}
