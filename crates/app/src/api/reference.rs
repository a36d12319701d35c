//! Reference data and health.

use super::ApiTags;
use super::error::ApiError;
use crate::state::AppState;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use store_domain::reference::{self, currency_list};

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

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Health {
    pub status: String,
    pub products: u64,
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Country {
    pub label: String,
    pub value: String,
    pub heb_label: String,
}

impl From<reference::Country> for Country {
    fn from(c: reference::Country) -> Self {
        Country {
            label: c.label,
            value: c.value,
            heb_label: c.heb_label,
        }
    }
}

#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Currency {
    pub currency: String,
    pub name: String,
    pub rate: f64,
    pub symbol: String,
}

impl From<reference::Currency> for Currency {
    fn from(c: reference::Currency) -> Self {
        Currency {
            currency: c.currency,
            name: c.name,
            rate: c.rate,
            symbol: c.symbol,
        }
    }
}
