//! The label a request is counted under: its route template, never its raw path, so
//! the series stay as few as the routes (a label value per product id or per
//! misspelled URL would grow without end).

use crate::api::document::PathTemplates;
use poem::http::Method;
use std::sync::OnceLock;

/// The label of a request for `path`: the API route as the document names it
/// (`/api/products/{id}`), `/utm`, or one of `page` (the app's HTML, whatever client
/// route), `asset` (a file of the built app), `media` (a drawn icon) and `other` (an
/// unknown API path, a hidden file, the metrics path asked of the shoppers' port).
pub fn label(path: &str) -> &'static str {
    if let Some(api) = path.strip_prefix("/api")
        && (api.is_empty() || api.starts_with('/'))
    {
        return api_routes().find(api).map_or("other", String::as_str);
    }
    let last = path.rsplit('/').next().unwrap_or_default();
    match path {
        "/utm" => "/utm",
        _ if is_metrics(path) || path.contains("/.") => "other",
        _ if path.starts_with("/media/") => "media",
        _ if path.starts_with("/assets/") || last.contains('.') => "asset",
        _ => "page",
    }
}

/// The path Prometheus scrapes, on the metrics listener only.
pub fn is_metrics(path: &str) -> bool {
    path == "/metrics" || path.starts_with("/metrics/")
}

/// The API's templates, read once: they are the same for every state.
fn api_routes() -> &'static PathTemplates<String> {
    static ROUTES: OnceLock<PathTemplates<String>> = OnceLock::new();
    ROUTES.get_or_init(|| {
        let paths = crate::api::paths();
        PathTemplates::new(
            paths
                .iter()
                .map(|path| (path.as_str(), format!("/api{path}"))),
        )
    })
}

/// The method's label: a client may send any token as its method.
pub fn method(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_counted_by_template() {
        assert_eq!(label("/api/products/12"), "/api/products/{id}");
        assert_eq!(label("/api/products/99999"), "/api/products/{id}");
        assert_eq!(label("/api/categories"), "/api/categories");
        assert_eq!(label("/api/openapi.json"), "/api/openapi.json");
        assert_eq!(label("/api/no/such/thing"), "other");
        assert_eq!(label("/apiary"), "page");
        assert_eq!(label("/products/mug/12"), "page");
        assert_eq!(label("/"), "page");
        assert_eq!(label("/assets/index-3f2a.js"), "asset");
        assert_eq!(label("/favicon.svg"), "asset");
        assert_eq!(label("/media/cart/ff0000.svg"), "media");
        assert_eq!(label("/utm"), "/utm");
        assert_eq!(label("/metrics"), "other");
        assert_eq!(label("/.vite/manifest.json"), "other");
    }

    #[test]
    fn unknown_methods_share_one_label() {
        assert_eq!(method(&Method::POST), "POST");
        assert_eq!(method(&Method::from_bytes(b"BREW").unwrap()), "other");
    }
}
