//! The security headers every response carries, whatever answered it: API JSON, errors,
//! the UI's files, pages, pictures and 404s.

use poem::http::{HeaderMap, HeaderValue, header};
use poem::{Endpoint, IntoResponse, Middleware, Request, Response};

/// The app loads only its own files: scripts, styles, fonts and pictures all come from
/// the store, and it has no inline script or style (the first screen's data is a
/// `<script type="application/json">` block, which is data and never executed). The
/// one exception is a card processor's browser library, which takes the card number in
/// its own frame: its origin may serve scripts and frames, and it and the processor's
/// API may be called (`app_policy`).
fn app_policy(processor_origins: &[String]) -> String {
    let extra: String = processor_origins.iter().map(|o| format!(" {o}")).collect();
    format!(
        "default-src 'self'; script-src 'self'{extra}; style-src 'self'; img-src 'self'; \
         font-src 'self'; connect-src 'self'{extra}; frame-src{frames}; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        frames = if extra.is_empty() { " 'none'" } else { &extra },
    )
}

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

#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    /// Whether shoppers reach the store over HTTPS (a TLS proxy in front of it), so
    /// browsers may be told to use nothing else.
    hsts: bool,
    app_policy: HeaderValue,
}

impl SecurityHeaders {
    /// `processor_origins`: where the card processor's browser library and API are
    /// (`https://js.stripe.com`), if cards are taken by one.
    pub fn new(hsts: bool, processor_origins: &[String]) -> Self {
        let policy = app_policy(processor_origins);
        SecurityHeaders {
            hsts,
            app_policy: HeaderValue::from_str(&policy)
                .unwrap_or_else(|_| HeaderValue::from_static("default-src 'none'")),
        }
    }
}

impl<E: Endpoint> Middleware<E> for SecurityHeaders {
    type Output = WithSecurityHeaders<E>;

    fn transform(&self, inner: E) -> Self::Output {
        WithSecurityHeaders {
            inner,
            options: self.clone(),
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
        set(resp.headers_mut(), docs, &self.options);
        Ok(resp)
    }
}

fn set(headers: &mut HeaderMap, docs: bool, options: &SecurityHeaders) {
    let policy = if docs {
        HeaderValue::from_static(DOCS_POLICY)
    } else {
        options.app_policy.clone()
    };
    headers.insert(header::CONTENT_SECURITY_POLICY, policy);
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
    if options.hsts {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_processors_origins_are_let_in() {
        let own = app_policy(&[]);
        assert!(own.contains("script-src 'self';"), "{own}");
        assert!(own.contains("frame-src 'none';"), "{own}");
        let stripe = app_policy(&[
            "https://js.stripe.com".into(),
            "https://api.stripe.com".into(),
        ]);
        assert!(
            stripe.contains("script-src 'self' https://js.stripe.com https://api.stripe.com;"),
            "{stripe}"
        );
        assert!(
            stripe.contains("frame-src https://js.stripe.com"),
            "{stripe}"
        );
        assert!(
            stripe.contains("connect-src 'self' https://js.stripe.com"),
            "{stripe}"
        );
        assert!(HeaderValue::from_str(&stripe).is_ok());
    }
}
