//! The newsletter: sign-up with double opt-in, and confirmation.

use super::ApiTags;
use super::error::ApiError;
use super::text::Text;
use crate::state::AppState;
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};
use rand::Rng;
use store_domain::newsletter::{self, NewsletterError};

pub struct NewsletterApi {
    pub state: AppState,
}

/// The one answer to every accepted sign-up.
#[derive(Object)]
pub struct SignUpReceived {
    /// A sentence to show the shopper.
    pub message: String,
}

#[derive(ApiResponse)]
pub enum SignUpAnswer {
    /// The same answer for every valid address, new, pending or already subscribed,
    /// so it tells nobody who is on the list. A confirmation mail goes out unless the
    /// address is subscribed or was sent one within the cooldown.
    #[oai(status = 202)]
    Accepted(Json<SignUpReceived>),
}

/// What every valid sign-up is told.
const SIGN_UP_RECEIVED: &str =
    "If this address can receive our newsletter, a confirmation e-mail is on its way.";

/// 128 random bits, hex: unguessable, so a confirmation link proves the mailbox.
fn new_token() -> String {
    hex::encode(rand::rng().random::<[u8; 16]>())
}

fn subscription(status: SubscriptionState, message: &str) -> Json<Subscription> {
    Json(Subscription {
        status,
        message: message.to_owned(),
    })
}

impl From<NewsletterError> for ApiError {
    fn from(err: NewsletterError) -> Self {
        match err {
            NewsletterError::Input(input) => input.into(),
            NewsletterError::Storage(storage) => storage.into(),
            other => ApiError::internal(&other),
        }
    }
}

#[OpenApi(tag = "ApiTags::Messages")]
impl NewsletterApi {
    /// Signs an address up for the newsletter; it must confirm through the mailed
    /// link, which works once and for a limited time. The mail is in the language
    /// `Accept-Language` prefers.
    #[oai(path = "/newsletter", method = "post")]
    async fn newsletter(
        &self,
        req: &Request,
        body: Json<NewsletterSignUp>,
    ) -> Result<SignUpAnswer, ApiError> {
        let s = &self.state;
        newsletter::sign_up(
            s.messages.mailing_list.as_ref(),
            s.messages.mailer.as_ref(),
            s.clock.as_ref(),
            s.messages.newsletter,
            &body.email,
            &new_token(),
            &s.store.newsletter_confirm_url,
            super::language::of(req),
        )
        .await?;
        Ok(SignUpAnswer::Accepted(Json(SignUpReceived {
            message: SIGN_UP_RECEIVED.to_owned(),
        })))
    }

    /// Confirms a newsletter subscription with the token from the confirmation mail;
    /// 404 when the token is unknown, already used or expired.
    #[oai(path = "/newsletter/confirm", method = "post")]
    async fn confirm(&self, body: Json<NewsletterConfirm>) -> Result<Json<Subscription>, ApiError> {
        let s = &self.state;
        let confirmed = newsletter::confirm(
            s.messages.mailing_list.as_ref(),
            s.clock.as_ref(),
            &body.token,
        )
        .await?;
        confirmed
            .map(|_| {
                subscription(
                    SubscriptionState::Confirmed,
                    "Your subscription is confirmed. Welcome!",
                )
            })
            .ok_or_else(|| ApiError::not_found("Confirmation link"))
    }
}

#[derive(Object)]
pub struct NewsletterSignUp {
    pub email: Text,
}

#[derive(Object)]
pub struct NewsletterConfirm {
    pub token: Text,
}

#[derive(Enum, Clone, Copy, PartialEq, Eq, Debug)]
#[oai(rename_all = "lowercase")]
pub enum SubscriptionState {
    Pending,
    Confirmed,
}

#[derive(Object)]
pub struct Subscription {
    pub status: SubscriptionState,
    /// A sentence to show the shopper.
    pub message: String,
}
