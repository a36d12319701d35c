//! Facts about the store itself: its names, help address and free-shipping threshold.

use super::ApiTags;
use crate::state::AppState;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

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
            free_shipping_over: self.state.checkout.free_shipping_over(),
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
}
