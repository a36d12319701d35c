//! Configuration: the compiled-in `config/default.toml`, then an optional file, then
//! `STORE__SECTION__KEY` environment variables, each overriding the one before.

use config::{Config, Environment, File, FileFormat};
use serde::Deserialize;
use std::path::Path;

const DEFAULTS: &str = include_str!("../../../config/default.toml");

#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    pub server: Server,
    pub database: Database,
    pub store: StoreSettings,
    pub currency: CurrencySettings,
    pub search: SearchSettings,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SearchSettings {
    pub refresh_seconds: u64,
    pub popular_min_count: u64,
    pub popular_limit: u32,
    pub workers: usize,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Server {
    pub host: String,
    pub port: u16,
    pub shutdown_grace_seconds: u64,
    pub log_requests: bool,
    pub header_read_timeout_seconds: u64,
    pub idle_timeout_seconds: u64,
    pub request_timeout_seconds: u64,
    pub tls_public: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Database {
    pub url: String,
    pub max_connections: u32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct StoreSettings {
    pub name: String,
    pub heb_name: String,
    pub help_email: String,
    pub public_url: String,
    /// Cents; `None` ships every order free.
    pub free_shipping_over: Option<i64>,
    pub seed_demo: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct CurrencySettings {
    pub rates: Vec<Rate>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Rate {
    pub code: String,
    pub rate: f64,
}

impl Settings {
    pub fn load(file: Option<&Path>) -> Result<Self, config::ConfigError> {
        let mut builder = Config::builder().add_source(File::from_str(DEFAULTS, FileFormat::Toml));
        if let Some(path) = file {
            builder = builder.add_source(File::from(path).required(true));
        }
        builder
            .add_source(
                Environment::with_prefix("STORE")
                    .prefix_separator("__")
                    .separator("__")
                    .try_parsing(true),
            )
            .build()?
            .try_deserialize()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_need_no_file() {
        let settings = Settings::load(None).unwrap();
        assert_eq!(settings.server.port, 8080);
        assert_eq!(settings.server.host, "127.0.0.1");
        assert_eq!(settings.database.url, "sqlite://data/store.db");
        assert!(settings.currency.rates.iter().any(|r| r.code == "ILS"));
    }

    #[test]
    fn a_file_overrides_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("store.toml");
        std::fs::write(&path, "[server]\nport = 9123\n[store]\nseed_demo = false\n").unwrap();
        let settings = Settings::load(Some(&path)).unwrap();
        assert_eq!(settings.server.port, 9123);
        assert!(!settings.store.seed_demo);
        assert_eq!(
            settings.server.host, "127.0.0.1",
            "untouched keys keep their defaults"
        );
    }

    #[test]
    fn a_missing_file_is_an_error() {
        assert!(Settings::load(Some(Path::new("/nonexistent/store.toml"))).is_err());
    }
}
