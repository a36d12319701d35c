//! The JSON API under `/api`, described by OpenAPI at `/api/openapi.json`.

mod catalog;
mod client_errors;
pub mod error;
mod messages;
mod newsletter;
mod reference;
mod search;
mod store;

use crate::state::AppState;
use poem::http::{Method, StatusCode};
use poem::{Endpoint, EndpointExt, IntoResponse, Request, Response, Route};
use poem_openapi::{OpenApiService, Tags};

#[derive(Tags)]
enum ApiTags {
    /// Departments, products, bundles, lists and content pages.
    Catalog,
    /// The store, countries, currencies and health.
    Reference,
    /// What shoppers send the store: newsletter sign-ups, messages, error reports.
    Messages,
}

type Apis = (
    catalog::CatalogApi,
    search::SearchApi,
    reference::ReferenceApi,
    store::StoreApi,
    newsletter::NewsletterApi,
    messages::MessagesApi,
    client_errors::ClientErrorsApi,
);

pub fn service(state: AppState) -> OpenApiService<Apis, ()> {
    OpenApiService::new(
        (
            catalog::CatalogApi {
                state: state.clone(),
            },
            search::SearchApi {
                state: state.clone(),
            },
            reference::ReferenceApi {
                state: state.clone(),
            },
            store::StoreApi {
                state: state.clone(),
            },
            newsletter::NewsletterApi {
                state: state.clone(),
            },
            messages::MessagesApi {
                state: state.clone(),
            },
            client_errors::ClientErrorsApi { state },
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
    guarded(
        Route::new()
            .at("/openapi.json", spec)
            .nest("/docs", docs)
            .nest("/", api),
    )
}

/// What every JSON endpoint gets: on state-changing requests the AJAX-header check;
/// errors answered as `{ "message" }`. Bodies are capped before routing, for every
/// route (`crate::http::body_limit`).
pub fn guarded(endpoint: impl Endpoint + 'static) -> impl Endpoint {
    endpoint
        .around(guard_state_change)
        .catch_all_error(error::to_json_error)
}

/// State-changing requests must carry `X-Requested-With: XMLHttpRequest` (spec 7's AJAX
/// header): a cross-site form or image cannot set it, so it doubles as CSRF protection.
async fn guard_state_change<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.call(req).await.map(IntoResponse::into_response);
    }
    let marked = req
        .headers()
        .get("x-requested-with")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("XMLHttpRequest"));
    if !marked {
        return Err(poem::Error::from_string(
            "This request must carry the header X-Requested-With: XMLHttpRequest.",
            StatusCode::FORBIDDEN,
        ));
    }
    next.call(req).await.map(IntoResponse::into_response)
}
