//! Reference data and health.

use super::ApiTags;
use super::dto::{Country, Currency, Health};
use super::error::ApiError;
use crate::state::AppState;
use poem_openapi::OpenApi;
use poem_openapi::payload::Json;
use store_domain::reference::currency_list;

pub struct ReferenceApi {
    pub state: AppState,
}

#[OpenApi(tag = "ApiTags::Reference")]
impl ReferenceApi {
    /// Countries by ISO 3166 alpha-2 code, sorted by English name.
    #[oai(path = "/countries", method = "get")]
    async fn countries(&self) -> Json<Vec<Country>> {
        Json(
            self.state
                .countries
                .countries()
                .into_iter()
                .map(Country::from)
                .collect(),
        )
    }

    /// Display currencies; US Dollar first with rate 1 and an empty symbol.
    #[oai(path = "/currencies", method = "get")]
    async fn currencies(&self) -> Result<Json<Vec<Currency>>, ApiError> {
        let others = self.state.rates.currencies().await?;
        Ok(Json(
            currency_list(others)
                .into_iter()
                .map(Currency::from)
                .collect(),
        ))
    }

    /// Liveness and readiness: answers once the database is reachable.
    #[oai(path = "/health", method = "get")]
    async fn health(&self) -> Result<Json<Health>, ApiError> {
        let products = self.state.catalog.product_count().await?;
        Ok(Json(Health {
            status: "ok".into(),
            products,
        }))
    }
}
