//! The security headers every response carries, whatever answered it: API JSON, errors,
//! the UI's files, pages, pictures and 404s.

use poem::http::{HeaderMap, HeaderValue, header};
use poem::{Endpoint, IntoResponse, Middleware, Request, Response};

/// The app loads only its own files: scripts, styles, fonts and pictures all come from
/// the store, and it has no inline script or style (the first screen's data is a
/// `<script type="application/json">` block, which is data and never executed).
const APP_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self'; font-src 'self'; connect-src 'self'; object-src 'none'; \
    base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// poem-openapi's Swagger UI page carries its script and stylesheet inline and draws
/// some icons as `data:` images; it shows no shopper data, so it gets this looser one.
const DOCS_POLICY: &str = "default-src 'self'; script-src 'self' 'unsafe-inline'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Powerful browser features the store does not use, off for it and anything it embeds.
const PERMISSIONS_POLICY: &str = "accelerometer=(), camera=(), geolocation=(), \
    gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";

/// A year; only sent when the store is reached over HTTPS (see `server.tls_public`):
/// over plain HTTP a browser ignores it, and on a TLS site it must not expire soon.
const HSTS: &str = "max-age=31536000";

const DOCS_PATH: &str = "/api/docs";

#[derive(Debug, Clone, Copy, Default)]
pub struct SecurityHeaders {
    /// Whether shoppers reach the store over HTTPS (a TLS proxy in front of it), so
    /// browsers may be told to use nothing else.
    pub hsts: bool,
}

impl<E: Endpoint> Middleware<E> for SecurityHeaders {
    type Output = WithSecurityHeaders<E>;

    fn transform(&self, inner: E) -> Self::Output {
        WithSecurityHeaders {
            inner,
            options: *self,
        }
    }
}

pub struct WithSecurityHeaders<E> {
    inner: E,
    options: SecurityHeaders,
}

impl<E: Endpoint> Endpoint for WithSecurityHeaders<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let path = req.uri().path();
        let docs = path == DOCS_PATH || path.starts_with("/api/docs/");
        // Errors become their responses here, so they carry the headers too.
        let mut resp = match self.inner.call(req).await {
            Ok(resp) => resp.into_response(),
            Err(err) => err.into_response(),
        };
        set(resp.headers_mut(), docs, self.options.hsts);
        Ok(resp)
    }
}

fn set(headers: &mut HeaderMap, docs: bool, hsts: bool) {
    let policy = if docs { DOCS_POLICY } else { APP_POLICY };
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    headers.insert(
        "permissions-policy",
        HeaderValue::from_static(PERMISSIONS_POLICY),
    );
    if hsts {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
}
