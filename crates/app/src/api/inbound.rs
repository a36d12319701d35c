//! What shoppers send the store: newsletter sign-ups, help-chat and contact messages,
//! and the browser app's error reports. Every input is parsed by the domain; a refusal
//! is a 400 naming the field.

use super::ApiTags;
use super::dto::{
    ClientErrorReport, ContactMessage, HelpMessage, NewsletterConfirm, NewsletterSignUp, Received,
    Subscription, SubscriptionState,
};
use super::error::ApiError;
use crate::state::AppState;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};
use rand::Rng;
use store_domain::inbound::{ClientError, Inquiry, SignUp};
use store_domain::newsletter::{self, NewsletterError};

pub struct InboundApi {
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

#[derive(ApiResponse)]
pub enum ReceivedAnswer {
    #[oai(status = 201)]
    Created(Json<Received>),
}

#[derive(ApiResponse)]
pub enum Recorded {
    #[oai(status = 204)]
    NoContent,
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

#[OpenApi(tag = "ApiTags::Inbound")]
impl InboundApi {
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

    /// A help-chat message; the staff answer by e-mail.
    #[oai(path = "/help/messages", method = "post")]
    async fn help_message(&self, body: Json<HelpMessage>) -> Result<ReceivedAnswer, ApiError> {
        let inquiry = Inquiry::chat(&body.email, body.name.as_deref(), &body.message)?;
        let id = self.state.inbox.submit(&inquiry).await?;
        Ok(received(
            id,
            "Thanks! We'll answer you by e-mail, usually within one business day.",
        ))
    }

    /// The contact form.
    #[oai(path = "/contact", method = "post")]
    async fn contact(&self, body: Json<ContactMessage>) -> Result<ReceivedAnswer, ApiError> {
        let b = &body.0;
        let inquiry = Inquiry::contact(
            &b.name,
            &b.email,
            &b.subject,
            &b.message,
            b.order_number.as_deref(),
        )?;
        let id = self.state.inbox.submit(&inquiry).await?;
        Ok(received(
            id,
            "Thanks for writing to us. We'll answer by e-mail within one business day.",
        ))
    }

    /// An error the browser app could not handle, for the store owner to look at.
    #[oai(path = "/client-errors", method = "post")]
    async fn client_error(&self, body: Json<ClientErrorReport>) -> Result<Recorded, ApiError> {
        let b = &body.0;
        let error = ClientError::parse(&b.message, &b.url, b.status, b.detail.as_deref())?;
        self.state.error_reports.record_error(&error).await?;
        Ok(Recorded::NoContent)
    }
}

fn received(id: i64, message: &str) -> ReceivedAnswer {
    ReceivedAnswer::Created(Json(Received {
        id,
        message: message.to_owned(),
    }))
}
