//! Facts about the store itself: its names, help address and free-shipping threshold.

use super::ApiTags;
use crate::state::{AppState, Processor};
use poem_openapi::payload::Json;
use poem_openapi::{Enum, Object, OpenApi};

pub struct StoreApi {
    pub state: AppState,
}

#[OpenApi(tag = "ApiTags::Reference")]
impl StoreApi {
    /// The store's name in both languages, its help e-mail and the free-shipping threshold
    /// (absent: every order ships free).
    #[oai(path = "/store", method = "get")]
    async fn store(&self) -> Json<StoreInfo> {
        let info = &self.state.store;
        Json(StoreInfo {
            name: info.name.clone(),
            heb_name: info.heb_name.clone(),
            help_email: info.help_email.clone(),
            free_shipping_over: self.state.checkout.config.free_shipping_over(),
            payments: match &info.processor {
                Processor::Sandbox => PaymentsInfo {
                    processor: ProcessorKind::Sandbox,
                    publishable_key: None,
                    library_url: None,
                },
                Processor::Stripe {
                    publishable_key,
                    js_url,
                    ..
                } => PaymentsInfo {
                    processor: ProcessorKind::Stripe,
                    publishable_key: Some(publishable_key.clone()),
                    library_url: Some(js_url.clone()),
                },
            },
        })
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct StoreInfo {
    pub name: String,
    pub heb_name: String,
    pub help_email: String,
    /// Cents; absent when every order ships free.
    pub free_shipping_over: Option<i64>,
    pub payments: PaymentsInfo,
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "snake_case")]
pub enum ProcessorKind {
    /// A test store: nothing is charged (every page says so), and cards are tokenised
    /// by `POST /api/card/createToken`.
    Sandbox,
    /// Cards are entered in the processor's browser library (`library_url`, with
    /// `publishable_key`) and only its payment method id is sent as the card token.
    Stripe,
}

/// How the browser takes a card.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PaymentsInfo {
    pub processor: ProcessorKind,
    pub publishable_key: Option<String>,
    pub library_url: Option<String>,
}
