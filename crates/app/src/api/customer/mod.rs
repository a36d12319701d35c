//! What a signed-in customer keeps on the server (spec 6, 7): the bag and later list,
//! favorites, followed creators and vendors, addresses and cards. Every operation
//! needs a session (403 without one) and reaches only that customer's records: an id
//! of another customer's is not found (404), never shown or changed.

pub mod addresses;
pub mod bag;
pub mod cards;
pub mod picks;
pub mod plans;
pub mod subscriptions;

use super::accounts::session_customer;
use crate::api::error::{ApiError, ErrorMessage, message};
use crate::state::AppState;
use poem_openapi::ApiResponse;
use poem_openapi::payload::Json;
use store_domain::accounts::{AddressError, BagEditError, Customer, PickError};
use store_domain::payments::PaymentError;

/// How a customer call fails.
#[derive(ApiResponse, Debug)]
pub enum CustomerApiError {
    /// The request is malformed or out of range; the message names the field.
    #[oai(status = 400)]
    BadRequest(Json<ErrorMessage>),
    /// No valid session: sign in.
    #[oai(status = 403)]
    SignedOut(Json<ErrorMessage>),
    /// No such record in this customer's account, or an item the catalogue lacks.
    #[oai(status = 404)]
    NotFound(Json<ErrorMessage>),
    /// The request no longer fits what is stored or sold (a stale line, a full list).
    #[oai(status = 409)]
    Conflict(Json<ErrorMessage>),
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
    #[oai(status = 503)]
    Busy(Json<ErrorMessage>, #[oai(header = "Retry-After")] u32),
}

impl From<ApiError> for CustomerApiError {
    fn from(err: ApiError) -> Self {
        match err {
            ApiError::BadRequest(m) => CustomerApiError::BadRequest(m),
            ApiError::NotFound(m) => CustomerApiError::NotFound(m),
            ApiError::Conflict(m) => CustomerApiError::Conflict(m),
            ApiError::Internal(m) => CustomerApiError::Internal(m),
            ApiError::Busy(m, after) => CustomerApiError::Busy(m, after),
        }
    }
}

impl From<BagEditError> for CustomerApiError {
    fn from(err: BagEditError) -> Self {
        match err {
            BagEditError::Quote(quote) => ApiError::from(quote).into(),
            BagEditError::Storage(storage) => ApiError::from(storage).into(),
            BagEditError::Contended => CustomerApiError::Busy(message(err.to_string()), 1),
        }
    }
}

impl From<PickError> for CustomerApiError {
    fn from(err: PickError) -> Self {
        match err {
            PickError::Invalid(reason) => CustomerApiError::BadRequest(message(reason)),
            PickError::Unknown(_) => CustomerApiError::NotFound(message(err.to_string())),
            PickError::Storage(storage) => ApiError::from(storage).into(),
            PickError::Catalog(catalog) => ApiError::from(catalog).into(),
        }
    }
}

impl From<AddressError> for CustomerApiError {
    fn from(err: AddressError) -> Self {
        match err {
            AddressError::Invalid(input) => ApiError::from(input).into(),
            AddressError::TooMany => CustomerApiError::Conflict(message(err.to_string())),
            AddressError::NotFound(_) => CustomerApiError::NotFound(message(err.to_string())),
            AddressError::Storage(storage) => ApiError::from(storage).into(),
        }
    }
}

impl From<PaymentError> for CustomerApiError {
    fn from(err: PaymentError) -> Self {
        match err {
            PaymentError::Invalid(input) => ApiError::from(input).into(),
            PaymentError::UnknownToken | PaymentError::NotFound(_) => {
                CustomerApiError::NotFound(message(err.to_string()))
            }
            PaymentError::TooMany => CustomerApiError::Conflict(message(err.to_string())),
            PaymentError::Storage(storage) => ApiError::from(storage).into(),
            // A processor that will not keep the card (Stripe checks it when attaching).
            PaymentError::Declined(why) => CustomerApiError::BadRequest(message(why.message())),
            // Keeping or letting go of a card asks the processor, which can be away.
            PaymentError::Gateway(_) => {
                tracing::warn!(error = %err, "the payment gateway failed a saved-card call");
                CustomerApiError::Busy(
                    message("Our payment service did not answer. Please try again in a minute."),
                    60,
                )
            }
            // Charges are the order's business: a customer call meeting one is a bug.
            PaymentError::Refused(_) => ApiError::internal(&err).into(),
        }
    }
}

/// The customer of the request's session, or 403.
pub async fn signed_in(
    state: &AppState,
    session: Option<&str>,
) -> Result<Customer, CustomerApiError> {
    session_customer(state, session)
        .await?
        .ok_or_else(|| CustomerApiError::SignedOut(message("Please sign in.")))
}
