//! The JSON API under `/api`, described by OpenAPI at `/api/openapi.json`.

pub mod accounts;
mod bag;
mod catalog;
pub(crate) mod checkout;
mod client_errors;
pub mod customer;
pub mod document;
pub mod error;
mod hebrew;
mod language;
mod messages;
mod newsletter;
mod orders;
mod reference;
mod returns;
mod school;
mod search;
mod store;
mod text;

use crate::read_cache;
use crate::state::AppState;
use poem::endpoint::make_sync;
use poem::http::{HeaderValue, Method, StatusCode, header};
use poem::middleware::SetHeader;
use poem::web::Html;
use poem::{Endpoint, EndpointExt, IntoResponse, Request, Response, Route, get};
use poem_openapi::{OpenApiService, Tags};
use std::sync::Arc;

#[derive(Tags)]
enum ApiTags {
    /// Departments, products, bundles, lists and content pages.
    Catalog,
    /// The store, countries, currencies and health.
    Reference,
    /// What shoppers send the store: newsletter sign-ups, messages, error reports.
    Messages,
    /// The bag and the save-for-later list: availability and the priced quote.
    Bag,
    /// Customer accounts: registration, sign-in, the profile and the password reset.
    Accounts,
    /// What a signed-in customer keeps: bag, later list, favorites, following,
    /// addresses, cards and subscriptions. Every call needs the session cookie.
    Customer,
    /// Card tokens, for any shopper about to pay.
    Payments,
    /// Between the bag and the order: location and tax, shipping options, gift cards
    /// and the checkout quote.
    Checkout,
    /// Placing an order, and looking orders up afterwards.
    Orders,
    /// Sending what an order brought back, and the refund.
    Returns,
    /// School supply lists: schools near a postal code, their grades and lists.
    Schools,
}

type Apis = (
    catalog::CatalogApi,
    search::SearchApi,
    reference::ReferenceApi,
    store::StoreApi,
    newsletter::NewsletterApi,
    messages::MessagesApi,
    client_errors::ClientErrorsApi,
    bag::BagApi,
    accounts::AccountsApi,
    // What a customer keeps, grouped: a tuple of OpenAPI services has at most 16.
    (
        customer::bag::CustomerBagApi,
        customer::picks::PicksApi,
        customer::addresses::AddressesApi,
        customer::cards::CardsApi,
        customer::subscriptions::SubscriptionsApi,
        customer::plans::PlansApi,
    ),
    checkout::CheckoutApi,
    orders::OrdersApi,
    returns::ReturnsApi,
    school::SchoolApi,
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
            client_errors::ClientErrorsApi {
                state: state.clone(),
            },
            bag::BagApi {
                state: state.clone(),
            },
            accounts::AccountsApi {
                state: state.clone(),
            },
            (
                customer::bag::CustomerBagApi {
                    state: state.clone(),
                },
                customer::picks::PicksApi {
                    state: state.clone(),
                },
                customer::addresses::AddressesApi {
                    state: state.clone(),
                },
                customer::cards::CardsApi {
                    state: state.clone(),
                },
                customer::subscriptions::SubscriptionsApi {
                    state: state.clone(),
                },
                customer::plans::PlansApi {
                    state: state.clone(),
                },
            ),
            checkout::CheckoutApi {
                state: state.clone(),
            },
            orders::OrdersApi {
                state: state.clone(),
            },
            returns::ReturnsApi {
                state: state.clone(),
            },
            school::SchoolApi { state },
        ),
        "Store API",
        env!("CARGO_PKG_VERSION"),
    )
    .description(
        "Every answer's `message` (a refusal or a notice) is worded in the language the \
         request's `Accept-Language` prefers: Hebrew (`he`) or English (the default). A \
         refusal that names its field keeps the field's name before a colon \
         (`code: ...`). An order placed with `Accept-Language: he` is mailed in Hebrew, \
         and so is everything about its returns.",
    )
    .server("/api")
}

/// The document's own routes beside the operations, with their methods.
const DOCUMENT_ROUTES: [(&str, &str); 2] = [("/openapi.json", "GET"), ("/docs", "GET")];

/// Every path under `/api` as the document writes it (`/products/{id}`), the
/// document's own included. Read from the operations' descriptions: no state needed.
pub fn paths() -> Vec<String> {
    let operations = <Apis as poem_openapi::OpenApi>::meta()
        .into_iter()
        .flat_map(|api| api.paths)
        .map(|path| path.path);
    let document = DOCUMENT_ROUTES.iter().map(|(path, _)| (*path).to_owned());
    operations.chain(document).collect()
}

/// The OpenAPI document, as `/api/openapi.json` serves it.
pub fn openapi_json(state: AppState) -> String {
    document::complete(&service(state).spec())
}

/// Everything under `/api`: the operations, the document, its UI, and JSON errors.
pub fn routes(state: AppState) -> impl Endpoint {
    // Spec 7: every answer says when the shipping configuration last changed, so a
    // client holding older shipping options asks again (spec 4.7).
    let shipping_updated_at = state.checkout.config.shipping_updated_at.clone();
    let answers = state.catalogue.answers.clone();
    let api = service(state);
    let generated = api.spec();
    let spec = document::complete(&generated);
    // The docs page embeds the document it shows: show the completed one.
    let docs_page = api.swagger_ui_html().replace(&generated, &spec);
    let allowed = Arc::new(document::AllowedMethods::from_document(
        &spec,
        &DOCUMENT_ROUTES,
    ));
    let spec_endpoint = make_sync(move |_| {
        Response::builder()
            .content_type("application/json")
            .body(spec.clone())
    });
    guarded(
        Route::new()
            .at("/openapi.json", get(spec_endpoint))
            .at("/docs", get(make_sync(move |_| Html(docs_page.clone()))))
            .nest("/", api)
            .around(move |next, req| allow_header(next, req, allowed.clone())),
    )
    // Outside the error mapping: every answer's message, errors included, is worded
    // in the shopper's language (issue 27).
    .around(language::speak)
    // Outside everything that shapes an answer, so a kept one is the whole answer.
    .around(move |next, req| read_cache::around_api(next, req, answers.clone()))
    .with(SetHeader::new().overriding("shipping_updated_at", shipping_updated_at))
}

/// A 405 names the methods the path takes (RFC 9110), which poem's router leaves out.
async fn allow_header<E: Endpoint>(
    next: E,
    req: Request,
    allowed: Arc<document::AllowedMethods>,
) -> poem::Result<Response> {
    let path = req.uri().path().to_owned();
    let mut resp = match next.call(req).await {
        Ok(resp) => resp.into_response(),
        Err(err) if err.status() == StatusCode::METHOD_NOT_ALLOWED => {
            error::to_json_error(err).await
        }
        Err(err) => return Err(err),
    };
    if resp.status() == StatusCode::METHOD_NOT_ALLOWED
        && let Some(methods) = allowed.for_path(&path)
        && let Ok(value) = HeaderValue::from_str(methods)
    {
        resp.headers_mut().insert(header::ALLOW, value);
    }
    Ok(resp)
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
    if !same_origin(&req) {
        return Err(poem::Error::from_string(
            "This request came from another site and is refused.",
            StatusCode::FORBIDDEN,
        ));
    }
    next.call(req).await.map(IntoResponse::into_response)
}

/// Whether a request's `Origin`, when it has one, is the site it was sent to: its host
/// and port are the request's `Host`. A browser names the page's origin on every
/// cross-site request that changes state, so a page elsewhere that got past the AJAX
/// header (a future CORS mistake) is still refused. `Origin: null` (a sandboxed page,
/// a redirect across sites) is refused too.
fn same_origin(req: &Request) -> bool {
    let Some(origin) = req.headers().get(header::ORIGIN) else {
        return true;
    };
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok());
    let authority = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map(|(_, authority)| authority);
    matches!((authority, host), (Some(a), Some(h)) if a.eq_ignore_ascii_case(h))
}
