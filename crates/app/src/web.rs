//! Everything outside `/api`: the React app's files, embedded in the binary, with the
//! history-mode fallback, and the drawn product pictures.

use crate::first_screen::{self, Manifest};
use crate::http::body_limit;
use crate::http::request_timeout::RequestTimeout;
use crate::http::security_headers::SecurityHeaders;
use crate::read_cache::{self, ReadCache};
use crate::state::AppState;
use crate::{api, campaigns, compress, limits};
use bytes::Bytes;
use poem::endpoint::BoxEndpoint;
use poem::http::{StatusCode, header};
use poem::web::{Data, Path};
use poem::{
    Endpoint, EndpointExt, IntoResponse, Request, Response, ResponseBuilder, Route, handler,
};
use rust_embed::RustEmbed;
use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

/// The built UI (`ui/dist`). A release build embeds it; a debug build reads the
/// folder at run time, so `npm run build` shows up without recompiling.
#[derive(RustEmbed)]
#[folder = "../../ui/dist"]
#[allow_missing = true]
struct UiFiles;

/// The drawn icons; `{{color}}` in each is replaced by the requested colour.
#[derive(RustEmbed)]
#[folder = "media"]
struct Icons;

const INDEX: &str = "index.html";
/// Vite's build manifest: which files each module of the app needs. Read once, at
/// start: a debug server keeps the one it started with, so after a UI rebuild its
/// preload links name old files (the app still loads; restart for fresh links).
const MANIFEST: &str = ".vite/manifest.json";

/// What the page handler needs to give the first screen its head start.
struct FirstScreen {
    api: Arc<BoxEndpoint<'static>>,
    manifest: Manifest,
    /// Pages that inline answers are kept with them.
    answers: Arc<ReadCache>,
}

/// What the edge adds around every route, from the `[server]` settings.
#[derive(Debug, Clone, Copy, Default)]
pub struct Edge {
    /// Send HSTS: shoppers reach the store over HTTPS.
    pub hsts: bool,
    /// A deadline for each request; none in tests that drive the routes directly.
    pub request_timeout: Option<Duration>,
}

/// Every route with the edge's defaults: security headers without HSTS, no deadline.
pub fn routes(state: AppState) -> impl Endpoint {
    routes_with(state, Edge::default())
}

/// Every route, writes over their budget refused, each request's body capped before it
/// is routed, and every answer, errors and timeouts included, carrying the security
/// headers.
pub fn routes_with(state: AppState, edge: Edge) -> impl Endpoint {
    let limits = state.limits.clone();
    let headers = SecurityHeaders::new(edge.hsts, &state.store.processor.origins());
    let observe = crate::http::observe::Observe(state.metrics.clone());
    pages(state)
        .around(body_limit::read_capped)
        // Outside the cap: a write over its budget is refused before any of it is read.
        .around(move |next, req| limits::limit_writes(limits.clone(), next, req))
        .with(RequestTimeout(edge.request_timeout))
        // Outside the deadline: a request cut short is counted too, and has its id.
        .with(observe)
        .with(headers)
}

fn pages(state: AppState) -> Route {
    let api = Arc::new(api::routes(state.clone()).map_to_response().boxed());
    let manifest = UiFiles::get(MANIFEST)
        .map(|file| Manifest::parse(&file.data))
        .unwrap_or_default();
    let first_screen = Arc::new(FirstScreen {
        api: api.clone(),
        manifest,
        answers: state.catalogue.answers.clone(),
    });
    Route::new()
        .nest("/api", api)
        // Spec 7 gives the campaign report's path outside /api.
        .at("/utm", campaigns::route(state))
        .at("/media/:icon/:file", media)
        .nest("/", ui.data(first_screen))
}

/// Vite fingerprints every file under `assets/`, so those never change and may be
/// cached for a year; `index.html` must always be revalidated to pick up a release.
fn cache_control(path: &str) -> &'static str {
    if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

#[handler]
async fn ui(req: &Request, Data(first): Data<&Arc<FirstScreen>>) -> Response {
    let path = req.uri().path().trim_start_matches('/');
    let accept = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    // The build's own files (Vite's `.vite/manifest.json`) are for the server, not
    // for browsers: a hidden file or folder is a 404, never a page.
    // Nor are its Brotli copies, which are sent as the encoding of their files.
    if path.starts_with('.') || path.contains("/.") || path.ends_with(".br") {
        return StatusCode::NOT_FOUND.into_response();
    }
    if let Some(file) = (!path.is_empty()).then(|| UiFiles::get(path)).flatten() {
        return ui_file(path, &file.data, file.metadata.mimetype(), accept);
    }
    // A missing fingerprinted file is a real 404 (a stale page asking for an old
    // bundle); any other path is a client route the app itself resolves.
    if path.starts_with("assets/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    match UiFiles::get(INDEX) {
        Some(index) => {
            let query = req.uri().query().unwrap_or("");
            let screen = first_screen::screen_for(req.uri().path(), query);
            let painted = first_screen::paint_wanted(req.headers());
            // Made on a cache miss only, and boxed then: it calls the API in process, so
            // its future is many kilobytes, and held inline every request moved it
            // through each layer above, hit or miss (a fifth of a cached page's time).
            let html = async {
                let template = String::from_utf8_lossy(&index.data);
                let screen = screen.as_ref();
                let page = first_screen::page(&template, &first.manifest, &first.api, screen, painted);
                Box::pin(page).await
            };
            if screen.is_some() {
                // Kept as it is; the cache compresses it for each client.
                let made = async { page(html.await, "") };
                read_cache::page(&first.answers, req, painted, made).await
            } else {
                page(html.await, accept)
            }
        }
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The store's UI was not built into this binary: run `npm ci && npm run build` in ui/, then rebuild.",
        )
            .into_response(),
    }
}

/// One of the UI's files, compressed when the browser accepts it and it is worth it:
/// Brotli from the build's copy (`X.br`, made by ui/vite.config.ts at a level too slow
/// for a request, and for small files too, since it costs nothing here), else compressed
/// here once and the copy kept.
fn ui_file(path: &str, data: &[u8], mime: &str, accept_encoding: &str) -> Response {
    if compress::negotiate(accept_encoding) == Some(compress::Encoding::Brotli)
        && let Some(copy) = UiFiles::get(&format!("{path}.br"))
    {
        let body = match copy.data {
            Cow::Borrowed(bytes) => Bytes::from_static(bytes),
            Cow::Owned(bytes) => Bytes::from(bytes),
        };
        let response = typed(mime, cache_control(path));
        return encoded(response, compress::Encoding::Brotli, body);
    }
    let compressed = |encoding| compress::compressed(path, data, encoding);
    let data = Bytes::copy_from_slice(data);
    text(data, mime, cache_control(path), accept_encoding, compressed)
}

/// The app's HTML for one page load that inlines no answers: compressed for this
/// response alone, at a quick level (pages that inline answers are kept with them).
fn page(html: String, accept_encoding: &str) -> Response {
    let html = Bytes::from(html);
    let compressed = |encoding| compress::encode_once(&html, encoding).into();
    let mime = "text/html; charset=utf-8";
    text(html.clone(), mime, "no-cache", accept_encoding, compressed)
}

/// `data` as a response, in the encoding `accept_encoding` prefers when the type is
/// worth compressing; `compressed` gives the body in that encoding.
pub(crate) fn text(
    data: Bytes,
    mime: &str,
    cache_control: &str,
    accept_encoding: &str,
    compressed: impl FnOnce(compress::Encoding) -> Bytes,
) -> Response {
    let response = typed(mime, cache_control);
    if !compress::worth_compressing(mime, data.len()) {
        return response.body(data);
    }
    match compress::negotiate(accept_encoding) {
        Some(encoding) => encoded(response, encoding, compressed(encoding)),
        None => response.header(header::VARY, "accept-encoding").body(data),
    }
}

/// A response of type `mime`, kept as `cache_control` says.
fn typed(mime: &str, cache_control: &str) -> ResponseBuilder {
    Response::builder()
        .header(header::CONTENT_TYPE, mime)
        .header(header::CACHE_CONTROL, cache_control)
}

/// `body`, in the `encoding` the request's `Accept-Encoding` chose.
fn encoded(response: ResponseBuilder, encoding: compress::Encoding, body: Bytes) -> Response {
    response
        .header(header::VARY, "accept-encoding")
        .header(header::CONTENT_ENCODING, encoding.header_value())
        .body(body)
}

fn is_hex_colour(s: &str) -> bool {
    s.len() == 6 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `/media/{icon}/{rrggbb}.svg`: the icon drawn in that colour. The answer depends
/// only on the URL, so it is cacheable for good.
#[handler]
fn media(Path((icon, file)): Path<(String, String)>) -> Response {
    let colour = file.strip_suffix(".svg").filter(|c| is_hex_colour(c));
    let template = (!icon.contains(['/', '.', '\\']))
        .then(|| Icons::get(&format!("{icon}.svg")))
        .flatten();
    let (Some(colour), Some(template)) = (colour, template) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let svg = String::from_utf8_lossy(&template.data)
        .replace("{{color}}", &format!("#{}", colour.to_ascii_lowercase()));
    Response::builder()
        .header(header::CONTENT_TYPE, "image/svg+xml")
        .header(header::CACHE_CONTROL, "public, max-age=31536000, immutable")
        .body(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(resp: &Response, name: header::HeaderName) -> Option<&str> {
        resp.headers().get(name).and_then(|v| v.to_str().ok())
    }

    #[test]
    fn text_files_go_out_compressed_when_accepted() {
        let js = "export const a = 1;\n".repeat(200).into_bytes();
        let br = ui_file("assets/t-1.js", &js, "text/javascript", "gzip, deflate, br");
        assert_eq!(header(&br, header::CONTENT_ENCODING), Some("br"));
        assert_eq!(header(&br, header::VARY), Some("accept-encoding"));
        assert_eq!(
            header(&br, header::CACHE_CONTROL),
            Some("public, max-age=31536000, immutable")
        );
        let gz = ui_file("assets/t-1.js", &js, "text/javascript", "gzip");
        assert_eq!(header(&gz, header::CONTENT_ENCODING), Some("gzip"));
        let plain = ui_file("assets/t-1.js", &js, "text/javascript", "");
        assert_eq!(header(&plain, header::CONTENT_ENCODING), None);
        assert_eq!(
            header(&plain, header::VARY),
            Some("accept-encoding"),
            "caches must key on the encoding"
        );
    }

    #[test]
    fn fonts_and_tiny_files_go_out_as_they_are() {
        let font = vec![7u8; 20_000];
        let resp = ui_file("assets/heebo.woff2", &font, "font/woff2", "br");
        assert_eq!(header(&resp, header::CONTENT_ENCODING), None);
        let tiny = ui_file("favicon.svg", b"<svg/>", "image/svg+xml", "br");
        assert_eq!(header(&tiny, header::CONTENT_ENCODING), None);
        assert_eq!(header(&tiny, header::CACHE_CONTROL), Some("no-cache"));
    }
}
