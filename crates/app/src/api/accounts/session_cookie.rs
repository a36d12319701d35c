//! The session cookie: an opaque random token (the server keeps only its hash),
//! `HttpOnly` so no script reads it, `SameSite=Lax` so no other site's request carries
//! it on a form post, `Secure` when shoppers reach the store over HTTPS, for the
//! session's lifetime. And the payer cookie, which binds a new card's token to the
//! browser that typed the card (`payments::Holder`), for the token's hour.

use poem::http::HeaderMap;
use poem::http::header::COOKIE;
use poem::{Request, RequestBody};
use poem_openapi::registry::{MetaParamIn, MetaSchemaRef, Registry};
use poem_openapi::types::Type;
use poem_openapi::{ApiExtractor, ApiExtractorType, ExtractParamOptions};
use std::marker::PhantomData;
use std::time::Duration;
use store_domain::payments::CARD_TOKEN_LIFETIME;

pub const SESSION_COOKIE: &str = "session";
pub const PAYER_COOKIE: &str = "payer";

/// The name of a cookie an operation reads.
pub trait CookieName: Send + Sync {
    const NAME: &'static str;
}

pub struct SessionName;
impl CookieName for SessionName {
    const NAME: &'static str = SESSION_COOKIE;
}

pub struct PayerName;
impl CookieName for PayerName {
    const NAME: &'static str = PAYER_COOKIE;
}

/// A request's cookie `N`, if it has one, as an operation's parameter (so the document
/// lists it). Read straight from the `Cookie` header: poem's cookie jar would bring a
/// cookie-encryption stack this store does not use.
pub struct CookieParam<N>(Option<String>, PhantomData<N>);

pub type Session = CookieParam<SessionName>;
pub type Payer = CookieParam<PayerName>;

impl<N> CookieParam<N> {
    pub fn token(&self) -> Option<&str> {
        self.0.as_deref()
    }
}

/// The session token a request carries, if any.
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    cookie_value(headers, SESSION_COOKIE)
}

/// The value of cookie `name` in the request's `Cookie` headers.
pub(crate) fn cookie_value(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.trim_matches('"').to_owned())
        .filter(|value| !value.is_empty())
}

impl<'a, N: CookieName> ApiExtractor<'a> for CookieParam<N> {
    const TYPES: &'static [ApiExtractorType] = &[ApiExtractorType::Parameter];
    const PARAM_IS_REQUIRED: bool = false;

    type ParamType = Option<String>;
    type ParamRawType = String;

    fn register(registry: &mut Registry) {
        <Option<String> as Type>::register(registry);
    }

    fn param_in() -> Option<MetaParamIn> {
        Some(MetaParamIn::Cookie)
    }

    fn param_schema_ref() -> Option<MetaSchemaRef> {
        Some(<Option<String>>::schema_ref())
    }

    fn param_raw_type(&self) -> Option<&String> {
        self.0.as_ref()
    }

    async fn from_request(
        request: &'a Request,
        _body: &mut RequestBody,
        _options: ExtractParamOptions<Option<String>>,
    ) -> poem::Result<Self> {
        Ok(CookieParam(
            cookie_value(request.headers(), N::NAME),
            PhantomData,
        ))
    }
}

fn attributes(max_age: u64, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}")
}

/// The `Set-Cookie` value that keeps `value` as the browser's payer cookie for a card
/// token's lifetime. `Strict`: only the store's own pages send it, and only to the API.
pub fn payer(value: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!(
        "{PAYER_COOKIE}={value}; Path=/api/; Max-Age={}; HttpOnly; SameSite=Strict{secure}",
        CARD_TOKEN_LIFETIME.as_secs()
    )
}

/// The `Set-Cookie` value that starts a session.
pub fn set(token: &str, lifetime: Duration, secure: bool) -> String {
    format!(
        "{SESSION_COOKIE}={token}; {}",
        attributes(lifetime.as_secs(), secure)
    )
}

/// The `Set-Cookie` value that removes it.
pub fn cleared(secure: bool) -> String {
    format!("{SESSION_COOKIE}=; {}", attributes(0, secure))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_is_found_among_other_cookies() {
        let mut headers = HeaderMap::new();
        headers.append(COOKIE, "theme=dark; session=abc123".parse().unwrap());
        assert_eq!(cookie_value(&headers, "session").as_deref(), Some("abc123"));
        headers.clear();
        headers.append(COOKIE, "session=".parse().unwrap());
        assert_eq!(cookie_value(&headers, "session"), None);
        headers.append(COOKIE, "xsession=1".parse().unwrap());
        assert_eq!(cookie_value(&headers, "session"), None);
    }

    #[test]
    fn the_cookie_is_http_only_lax_and_secure_over_https() {
        let over_http = set("abc", Duration::from_secs(60), false);
        assert_eq!(
            over_http,
            "session=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax"
        );
        assert!(set("abc", Duration::from_secs(60), true).ends_with("; Secure"));
        assert_eq!(
            cleared(false),
            "session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"
        );
        assert_eq!(
            payer("abc", true),
            "payer=abc; Path=/api/; Max-Age=3600; HttpOnly; SameSite=Strict; Secure"
        );
    }
}
