//! The newsletter: sign-up with double opt-in, and confirmation.

use super::ApiTags;
use super::error::ApiError;
use crate::state::AppState;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};
use rand::Rng;
use store_domain::newsletter::{self, NewsletterError, SignUp};

pub struct NewsletterApi {
    pub state: AppState,
}

#[derive(ApiResponse)]
pub enum SignUpAnswer {
    /// A new address: a confirmation mail is on its way.
    #[oai(status = 201)]
    Created(Json<Subscription>),
    /// The address was already on the list.
    #[oai(status = 200)]
    Known(Json<Subscription>),
}

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
            other => ApiError::internal(&other),
        }
    }
}

#[OpenApi(tag = "ApiTags::Messages")]
impl NewsletterApi {
    /// Signs an address up for the newsletter; it must confirm through the mailed link.
    #[oai(path = "/newsletter", method = "post")]
    async fn newsletter(&self, body: Json<NewsletterSignUp>) -> Result<SignUpAnswer, ApiError> {
        let s = &self.state;
        let outcome = newsletter::sign_up(
            s.mailing_list.as_ref(),
            s.mailer.as_ref(),
            &body.email,
            &new_token(),
            &s.store.newsletter_confirm_url,
        )
        .await?;
        Ok(match outcome {
            SignUp::Pending { new: true, .. } => SignUpAnswer::Created(subscription(
                SubscriptionState::Pending,
                "Almost done: we sent you an e-mail with a link to confirm your subscription.",
            )),
            SignUp::Pending { new: false, .. } => SignUpAnswer::Known(subscription(
                SubscriptionState::Pending,
                "This address is waiting for confirmation: we sent the confirmation e-mail again.",
            )),
            SignUp::Confirmed => SignUpAnswer::Known(subscription(
                SubscriptionState::Confirmed,
                "This address is already subscribed to our newsletter.",
            )),
        })
    }

    /// Confirms a newsletter subscription with the token from the confirmation mail.
    #[oai(path = "/newsletter/confirm", method = "post")]
    async fn confirm(&self, body: Json<NewsletterConfirm>) -> Result<Json<Subscription>, ApiError> {
        let confirmed = self.state.mailing_list.confirm(body.token.trim()).await?;
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
    pub email: String,
}

#[derive(Object)]
pub struct NewsletterConfirm {
    pub token: String,
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
