//! The accounts' wire types and answers.

use crate::api::checkout::wire::{DeliveryKind, ShippingChoiceDto};
use crate::api::customer::addresses::AddressDto;
use crate::api::customer::cards::PaymentDto;
use crate::api::customer::picks::{Favorite, favorite};
use crate::api::error::{ApiError, ErrorMessage, message};
use crate::api::text::Text;
use crate::limits::Limited;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};
use store_domain::accounts::{AccountError, Address, Customer, Pick};
use store_domain::payments::SavedCard;
use store_domain::shipping::ShippingChoice;

/// Spec 3's customer.
#[derive(Object)]
pub struct CustomerDto {
    pub id: i64,
    pub email: String,
    pub name: String,
    /// The name up to its first space (spec 3): what "Hello" and the account menu say.
    pub first_name: String,
    /// Saved addresses, in the order added.
    pub addresses: Vec<AddressDto>,
    /// Saved cards, in the order added.
    pub payments: Vec<PaymentDto>,
    /// Newest first.
    pub favorites: Vec<Favorite>,
    /// How their last order came (a shipping method or pickup), for Review to offer
    /// first; absent before a first order and after an e-mailed one.
    pub last_delivery: Option<ShippingChoiceDto>,
}

impl CustomerDto {
    pub fn new(
        c: Customer,
        addresses: Vec<Address>,
        payments: Vec<SavedCard>,
        favorites: Vec<Pick>,
        last_delivery: Option<ShippingChoice>,
    ) -> Self {
        CustomerDto {
            id: c.id,
            first_name: c.first_name().to_owned(),
            email: c.email.as_str().to_owned(),
            name: c.name,
            addresses: addresses.into_iter().map(AddressDto::from).collect(),
            payments: payments.into_iter().map(PaymentDto::from).collect(),
            favorites: favorites.into_iter().map(favorite).collect(),
            last_delivery: last_delivery.map(|choice| match choice {
                ShippingChoice::Method(id) => ShippingChoiceDto {
                    kind: DeliveryKind::Ship,
                    id: Some(i64::from(id)),
                },
                ShippingChoice::Pickup => ShippingChoiceDto {
                    kind: DeliveryKind::Pickup,
                    id: None,
                },
            }),
        }
    }
}

#[derive(Object)]
pub struct Registration {
    pub name: Text,
    pub email: Text,
    /// 8 to 128 characters.
    pub password: Text,
}

#[derive(Object)]
pub struct RegistrationCode {
    pub email: Text,
    /// The six digits mailed to the address.
    pub code: Text,
}

#[derive(Object)]
pub struct Credentials {
    pub email: Text,
    pub password: Text,
}

#[derive(Object)]
pub struct ProfileInput {
    pub name: Text,
}

#[derive(Object)]
pub struct ForgotPassword {
    pub email: Text,
}

#[derive(Object)]
pub struct PasswordReset {
    /// The token from the mailed link (`/password/reset/:token`).
    pub token: Text,
    /// The new password, 8 to 128 characters.
    pub password: Text,
}

/// A sentence to show the shopper.
#[derive(Object)]
pub struct Notice {
    pub message: String,
}

#[derive(ApiResponse)]
pub enum SignedIn {
    /// Signed in: the session cookie is set (HttpOnly, SameSite=Lax, Secure over HTTPS).
    #[oai(status = 200)]
    Customer(Json<CustomerDto>, #[oai(header = "Set-Cookie")] String),
}

#[derive(ApiResponse)]
pub enum Mailed {
    /// The same answer for every valid address, whether it has an account or not.
    #[oai(status = 202)]
    Accepted(Json<Notice>),
}

#[derive(ApiResponse)]
pub enum SignedOut {
    /// The session is ended and its cookie cleared (also when there was none).
    #[oai(status = 204)]
    Done(#[oai(header = "Set-Cookie")] String),
}

#[derive(ApiResponse)]
pub enum CustomerAnswer {
    #[oai(status = 200)]
    Customer(Json<CustomerDto>),
}

/// The session check's answer.
#[derive(ApiResponse)]
pub enum SessionCheck {
    #[oai(status = 200)]
    Customer(Json<CustomerDto>),
    /// The request carries no session at all: a guest. (A session that has ended or
    /// was never valid is a 403, which tells the client to forget its customer.)
    #[oai(status = 204)]
    Guest,
}

/// How an account call fails.
#[derive(ApiResponse, Debug)]
pub enum AccountApiError {
    /// The request is malformed or out of range; the message names the field.
    #[oai(status = 400)]
    BadRequest(Json<ErrorMessage>),
    /// The e-mail address or the password is not right (which one is not said).
    #[oai(status = 401)]
    WrongCredentials(Json<ErrorMessage>),
    /// No valid session: sign in.
    #[oai(status = 403)]
    SignedOut(Json<ErrorMessage>),
    /// The registration code or reset link is wrong, used, or expired.
    #[oai(status = 404)]
    Expired(Json<ErrorMessage>),
    /// Too many attempts for this address: try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooMany(Json<ErrorMessage>, #[oai(header = "Retry-After")] u64),
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
    #[oai(status = 503)]
    Busy(Json<ErrorMessage>, #[oai(header = "Retry-After")] u32),
}

impl AccountApiError {
    pub fn signed_out() -> Self {
        AccountApiError::SignedOut(message("Please sign in."))
    }
}

impl From<ApiError> for AccountApiError {
    fn from(err: ApiError) -> Self {
        match err {
            ApiError::BadRequest(m) => AccountApiError::BadRequest(m),
            ApiError::NotFound(m) => AccountApiError::Expired(m),
            ApiError::Conflict(m) | ApiError::Internal(m) => AccountApiError::Internal(m),
            ApiError::Busy(m, after) => AccountApiError::Busy(m, after),
        }
    }
}

impl From<Limited> for AccountApiError {
    fn from(limited: Limited) -> Self {
        let seconds = limited.retry_after_seconds();
        AccountApiError::TooMany(
            message(format!(
                "Too many attempts for this address: please try again in {seconds} s."
            )),
            seconds,
        )
    }
}

impl From<AccountError> for AccountApiError {
    fn from(err: AccountError) -> Self {
        match err {
            AccountError::Input(input) => ApiError::from(input).into(),
            AccountError::WrongCredentials => {
                AccountApiError::WrongCredentials(message(err.to_string()))
            }
            AccountError::WrongCode | AccountError::ExpiredLink => {
                AccountApiError::Expired(message(err.to_string()))
            }
            AccountError::SignedOut => AccountApiError::signed_out(),
            AccountError::Storage(storage) => ApiError::from(storage).into(),
            other => ApiError::internal(&other).into(),
        }
    }
}
