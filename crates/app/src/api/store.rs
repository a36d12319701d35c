//! Facts about the store itself: its names, help address and free-shipping threshold.

use super::ApiTags;
use super::dto::StoreInfo;
use crate::state::AppState;
use poem_openapi::OpenApi;
use poem_openapi::payload::Json;

pub struct StoreApi {
    pub state: AppState,
}

#[OpenApi(tag = "ApiTags::Reference")]
impl StoreApi {
    /// The store's name in both languages, its help e-mail and the free-shipping threshold
    /// (absent: every order ships free).
    #[oai(path = "/store", method = "get")]
    async fn store(&self) -> Json<StoreInfo> {
        let facts = &self.state.store;
        Json(StoreInfo {
            name: facts.name.clone(),
            heb_name: facts.heb_name.clone(),
            help_email: facts.help_email.clone(),
            free_shipping_over: facts.free_shipping_over,
        })
    }
}
