//! Reference data and health.

use super::ApiTags;
use super::error::ApiError;
use crate::state::AppState;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use store_domain::reference::{self, currency_list};

pub struct ReferenceApi {
    pub state: AppState,
}

/// Whether the store can serve shoppers fully right now.
#[derive(Object)]
pub struct Readiness {
    /// `ready` or `not ready`.
    pub status: String,
    /// Whether a write to the database succeeded just now (false on a full disk, a
    /// read-only file, or a database that stayed busy past its timeout).
    pub database_writable: bool,
    /// Seconds since the search index was last built from the catalogue; absent
    /// before the first build. The index is rebuilt whenever the catalogue changes,
    /// so a large age is normal when the catalogue has not changed.
    pub search_index_age_seconds: Option<i64>,
}

#[derive(ApiResponse)]
pub enum ReadinessAnswer {
    /// The database takes writes and the search index is built.
    #[oai(status = 200)]
    Ready(Json<Readiness>),
    /// The database refused a write, or the search index is not built yet.
    #[oai(status = 503)]
    NotReady(Json<Readiness>),
}

#[OpenApi(tag = "ApiTags::Reference")]
impl ReferenceApi {
    /// Countries by ISO 3166 alpha-2 code, sorted by English name.
    #[oai(path = "/countries", method = "get")]
    async fn countries(&self) -> Json<Vec<Country>> {
        Json(
            self.state
                .checkout
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
        let others = self.state.catalogue.rates.currencies().await?;
        Ok(Json(
            currency_list(others)
                .into_iter()
                .map(Currency::from)
                .collect(),
        ))
    }

    /// Readiness: whether the database took the last background write probe (one is
    /// made every few seconds; this check writes nothing) and how old the search index
    /// is. For load balancers and monitoring.
    #[oai(path = "/health/ready", method = "get")]
    async fn ready(&self) -> ReadinessAnswer {
        let s = &self.state;
        let now = s.clock.now();
        let database_writable = s.health.write_health.writable() == Some(true);
        let built = s.catalogue.search_built.at();
        let readiness = Readiness {
            status: if database_writable && built.is_some() {
                "ready"
            } else {
                "not ready"
            }
            .into(),
            database_writable,
            search_index_age_seconds: built
                .map(|at| (now.unix_seconds() - at.unix_seconds()).max(0)),
        };
        if readiness.status == "ready" {
            ReadinessAnswer::Ready(Json(readiness))
        } else {
            ReadinessAnswer::NotReady(Json(readiness))
        }
    }

    /// Liveness: answers once the database is reachable for reads. See
    /// `/health/ready` for whether it takes writes.
    #[oai(path = "/health", method = "get")]
    async fn health(&self) -> Result<Json<Health>, ApiError> {
        let products = self.state.catalogue.catalog.product_count().await?;
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
