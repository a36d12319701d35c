//! Messages for the staff: the help chat and the contact form. Every input is parsed by
//! the domain; a refusal is a 400 naming the field.

use super::ApiTags;
use super::error::ApiError;
use super::text::Text;
use crate::state::AppState;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use store_domain::messages::Inquiry;

pub struct MessagesApi {
    pub state: AppState,
}

#[derive(ApiResponse)]
pub enum ReceivedAnswer {
    #[oai(status = 201)]
    Created(Json<Received>),
}

#[OpenApi(tag = "ApiTags::Messages")]
impl MessagesApi {
    /// A help-chat message; the staff answer by e-mail.
    #[oai(path = "/help/messages", method = "post")]
    async fn help_message(&self, body: Json<HelpMessage>) -> Result<ReceivedAnswer, ApiError> {
        let inquiry = Inquiry::chat(&body.email, body.name.as_deref(), &body.message)?;
        let id = self
            .state
            .messages
            .inbox
            .submit(&inquiry, self.state.clock.now())
            .await?;
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
        let id = self
            .state
            .messages
            .inbox
            .submit(&inquiry, self.state.clock.now())
            .await?;
        Ok(received(
            id,
            "Thanks for writing to us. We'll answer by e-mail within one business day.",
        ))
    }
}

fn received(id: i64, message: &str) -> ReceivedAnswer {
    ReceivedAnswer::Created(Json(Received {
        id,
        message: message.to_owned(),
    }))
}

#[derive(Object)]
pub struct HelpMessage {
    pub email: Text,
    pub name: Option<Text>,
    pub message: Text,
}

#[derive(Object)]
pub struct ContactMessage {
    pub name: Text,
    pub email: Text,
    pub subject: Text,
    pub message: Text,
    pub order_number: Option<Text>,
}

#[derive(Object)]
pub struct Received {
    pub id: i64,
    /// A sentence to show the shopper.
    pub message: String,
}
