//! Everything outside `/api`: the React app's files, embedded in the binary, with the
//! history-mode fallback, and the drawn product pictures.

use crate::state::AppState;
use crate::{api, campaigns};
use poem::http::{StatusCode, header};
use poem::web::Path;
use poem::{Endpoint, EndpointExt, IntoResponse, Request, Response, Route, handler};
use rust_embed::RustEmbed;

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

pub fn routes(state: AppState) -> impl Endpoint {
    Route::new()
        .nest("/api", api::routes(state.clone()))
        // Spec 7 gives the campaign report's path outside /api.
        .at("/utm", api::guarded(campaigns::utm.data(state)))
        .at("/media/:icon/:file", media)
        .nest("/", ui)
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
fn ui(req: &Request) -> Response {
    let path = req.uri().path().trim_start_matches('/');
    if let Some(file) = (!path.is_empty()).then(|| UiFiles::get(path)).flatten() {
        return Response::builder()
            .header(header::CONTENT_TYPE, file.metadata.mimetype())
            .header(header::CACHE_CONTROL, cache_control(path))
            .body(file.data.into_owned());
    }
    // A missing fingerprinted file is a real 404 (a stale page asking for an old
    // bundle); any other path is a client route the app itself resolves.
    if path.starts_with("assets/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    match UiFiles::get(INDEX) {
        Some(index) => Response::builder()
            .header(header::CONTENT_TYPE, "text/html; charset=utf-8")
            .header(header::CACHE_CONTROL, cache_control(INDEX))
            .body(index.data.into_owned()),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The store's UI was not built into this binary: run `npm ci && npm run build` in ui/, then rebuild.",
        )
            .into_response(),
    }
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
