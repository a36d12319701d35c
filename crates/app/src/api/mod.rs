//! The JSON API under `/api`, described by OpenAPI at `/api/openapi.json`.

mod catalog;
pub mod dto;
pub mod error;
mod reference;

use crate::state::AppState;
use poem::{Endpoint, EndpointExt, Route};
use poem_openapi::{OpenApiService, Tags};

#[derive(Tags)]
enum ApiTags {
    /// Departments, products, bundles, lists and content pages.
    Catalog,
    /// Countries, currencies and health.
    Reference,
}

pub fn service(
    state: AppState,
) -> OpenApiService<(catalog::CatalogApi, reference::ReferenceApi), ()> {
    OpenApiService::new(
        (
            catalog::CatalogApi {
                state: state.clone(),
            },
            reference::ReferenceApi { state },
        ),
        "Store API",
        env!("CARGO_PKG_VERSION"),
    )
    .server("/api")
}

/// The OpenAPI document, as `/api/openapi.json` serves it.
pub fn openapi_json(state: AppState) -> String {
    service(state).spec()
}

/// Everything under `/api`: the operations, the document, its UI, and JSON errors.
pub fn routes(state: AppState) -> impl Endpoint {
    let api = service(state);
    let docs = api.swagger_ui();
    let spec = api.spec_endpoint();
    Route::new()
        .at("/openapi.json", spec)
        .nest("/docs", docs)
        .nest("/", api)
        .catch_all_error(error::to_json_error)
}
