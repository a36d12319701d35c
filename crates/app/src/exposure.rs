//! Whether shoppers could reach this store from elsewhere, and what a configuration
//! that lets them must also say. The demo's defaults (loopback, the sandbox processor,
//! no proxy) are safe on a laptop and unsafe on the internet: a sandbox approves any
//! well-formed card, and behind an undeclared proxy every shopper shares one client
//! address and so one write budget. The store refuses to start in such a
//! configuration rather than open half-safe.

use crate::settings::{GatewayKind, Settings};
use poem::http::Uri;
use std::net::IpAddr;

/// Shoppers reach the store over HTTPS, or at an address other than this machine's.
pub fn is_public(settings: &Settings) -> bool {
    settings.server.tls_public || !is_loopback_url(&settings.store.public_url)
}

/// Whether the session cookie must be `Secure`: whenever shoppers come over HTTPS,
/// whether or not `tls_public` was remembered (a cookie sent in clear on a first
/// plain-HTTP hop can be replayed).
pub fn secure_cookie(settings: &Settings) -> bool {
    settings.server.tls_public || settings.store.public_url.trim().starts_with("https://")
}

fn is_loopback_url(url: &str) -> bool {
    let Ok(uri) = url.trim().parse::<Uri>() else {
        return false;
    };
    match uri.host() {
        Some("localhost") => true,
        Some(host) => host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
            .is_ok_and(|ip| ip.is_loopback()),
        None => false,
    }
}

/// The start-up refusals: each names the setting to change.
pub fn check(settings: &Settings) -> Result<(), String> {
    let payments = &settings.payments;
    if payments.gateway == GatewayKind::Stripe && payments.stripe_secret_key.trim().is_empty() {
        return Err(
            "payments.gateway is \"stripe\" but payments.stripe_secret_key is empty: \
             set STORE__PAYMENTS__STRIPE_SECRET_KEY"
                .into(),
        );
    }
    if !is_public(settings) {
        return Ok(());
    }
    if !settings.database.sync_commits {
        return Err(
            "shoppers can reach this store, but database.sync_commits is false: a power cut              could lose orders the store has already acknowledged (and charged); remove it"
                .into(),
        );
    }
    if payments.gateway == GatewayKind::Sandbox && !payments.sandbox_in_public {
        return Err(format!(
            "shoppers can reach this store ({}), but payments.gateway is \"sandbox\", which \
             approves any well-formed card and charges nothing: choose a real processor \
             (payments.gateway = \"stripe\"), or set payments.sandbox_in_public = true for a \
             public demo",
            settings.store.public_url
        ));
    }
    let limits = &settings.limits;
    let header = limits
        .client_ip_header
        .as_deref()
        .is_some_and(|h| !h.trim().is_empty());
    if !header || limits.trusted_proxies.is_empty() {
        return Err(
            "shoppers can reach this store, but limits.client_ip_header and \
             limits.trusted_proxies are not both set: behind a proxy every shopper would share \
             the proxy's address and its limits (see config/production.example.toml)"
                .into(),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(public_url: &str) -> Settings {
        let mut settings = Settings::load(None).unwrap();
        settings.store.public_url = public_url.into();
        settings
    }

    fn behind_proxy(mut settings: Settings) -> Settings {
        settings.limits.client_ip_header = Some("X-Forwarded-For".into());
        settings.limits.trusted_proxies = vec!["127.0.0.1".into()];
        settings
    }

    #[test]
    fn loopback_addresses_are_not_public() {
        for url in [
            "http://127.0.0.1:8080",
            "http://localhost:3000/",
            "http://[::1]:8080",
            "http://127.0.0.2",
        ] {
            assert!(!is_public(&settings(url)), "{url}");
        }
        for url in [
            "https://shop.example.com",
            "http://192.0.2.1:8080",
            "nonsense",
        ] {
            assert!(is_public(&settings(url)), "{url}");
        }
        let mut tls = settings("http://127.0.0.1:8080");
        tls.server.tls_public = true;
        assert!(is_public(&tls));
    }

    #[test]
    fn the_demo_defaults_start_on_loopback() {
        assert_eq!(check(&settings("http://127.0.0.1:8080")), Ok(()));
    }

    #[test]
    fn a_public_sandbox_is_refused_unless_said_on_purpose() {
        let public = behind_proxy(settings("https://shop.example.com"));
        let err = check(&public).unwrap_err();
        assert!(err.contains("payments.sandbox_in_public"), "{err}");
        let mut demo = public;
        demo.payments.sandbox_in_public = true;
        assert_eq!(check(&demo), Ok(()));
    }

    #[test]
    fn a_public_store_must_declare_its_proxy() {
        let mut public = settings("https://shop.example.com");
        public.payments.gateway = GatewayKind::Stripe;
        public.payments.stripe_secret_key = "sk_test_x".into();
        let err = check(&public).unwrap_err();
        assert!(err.contains("limits.trusted_proxies"), "{err}");
        public.limits.client_ip_header = Some("X-Forwarded-For".into());
        assert!(check(&public).is_err(), "a header without trusted proxies");
        assert_eq!(check(&behind_proxy(public)), Ok(()));
    }

    #[test]
    fn a_public_store_syncs_every_commit() {
        let mut public = behind_proxy(settings("https://shop.example.com"));
        public.payments.sandbox_in_public = true;
        assert!(public.database.sync_commits, "the default");
        public.database.sync_commits = false;
        let err = check(&public).unwrap_err();
        assert!(err.contains("database.sync_commits"), "{err}");
        let mut local = settings("http://127.0.0.1:8080");
        local.database.sync_commits = false;
        assert_eq!(check(&local), Ok(()), "a benchmark on this machine");
    }

    #[test]
    fn stripe_needs_its_secret_key() {
        let mut local = settings("http://127.0.0.1:8080");
        local.payments.gateway = GatewayKind::Stripe;
        let err = check(&local).unwrap_err();
        assert!(err.contains("STRIPE_SECRET_KEY"), "{err}");
    }

    #[test]
    fn https_makes_the_cookie_secure() {
        assert!(secure_cookie(&settings("https://shop.example.com")));
        assert!(!secure_cookie(&settings("http://127.0.0.1:8080")));
    }

    #[test]
    fn the_production_example_passes_its_own_checks() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../config/production.example.toml"
        );
        let mut example = Settings::load(Some(std::path::Path::new(path))).unwrap();
        assert!(is_public(&example));
        assert!(secure_cookie(&example));
        // The secret comes from the environment, never the file.
        assert!(example.payments.stripe_secret_key.is_empty());
        example.payments.stripe_secret_key = "sk_live_from_the_environment".into();
        assert_eq!(check(&example), Ok(()));
    }
}
