//! Configuration: the compiled-in `config/default.toml`, then an optional file, then
//! `STORE__SECTION__KEY` environment variables, each overriding the one before.

use config::{Config, Environment, File, FileFormat};
use serde::Deserialize;
use std::path::{Path, PathBuf};

const DEFAULTS: &str = include_str!("../../../config/default.toml");

#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    pub server: Server,
    pub database: Database,
    pub store: StoreSettings,
    pub currency: CurrencySettings,
    pub search: SearchSettings,
    pub cache: CacheSection,
    pub metrics: MetricsSettings,
    pub newsletter: NewsletterSettings,
    pub accounts: AccountSettings,
    pub mail: MailSettings,
    pub limits: LimitSettings,
    pub retention: RetentionSettings,
    pub shipping: crate::checkout_settings::ShippingSettings,
    pub tax: crate::checkout_settings::TaxSection,
    pub checkout: CheckoutSettings,
    pub orders: OrdersSettings,
    pub payments: PaymentSettings,
}

/// Which card processor takes the payments.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum GatewayKind {
    /// The embedded test processor: nothing is charged.
    Sandbox,
    Stripe,
}

/// `[payments]`. Its `Debug` leaves the secret key out.
#[derive(Clone, Deserialize)]
pub struct PaymentSettings {
    pub gateway: GatewayKind,
    /// Start on the sandbox even where shoppers could reach the store: for a public
    /// demo, on purpose (every page says nothing is charged).
    #[serde(default)]
    pub sandbox_in_public: bool,
    /// Set it through the environment: STORE__PAYMENTS__STRIPE_SECRET_KEY.
    #[serde(default)]
    pub stripe_secret_key: String,
    #[serde(default)]
    pub stripe_publishable_key: String,
    /// Where the processor's API answers (tests point it at a local stand-in).
    pub stripe_api_base: String,
    /// The processor's browser library, which takes the card number in the shopper's
    /// browser: it never reaches this store.
    pub stripe_js_url: String,
}

impl std::fmt::Debug for PaymentSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PaymentSettings")
            .field("gateway", &self.gateway)
            .field("sandbox_in_public", &self.sandbox_in_public)
            .field("stripe_secret_key", &"<redacted>")
            .field("stripe_api_base", &self.stripe_api_base)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct CheckoutSettings {
    /// Gift card checks one client may make a minute (guessing codes stays hopeless).
    pub gift_card_attempts_per_minute: u32,
    /// Where a shopper with no ZIP of their own is taken to be (spec 4.6), for tax and
    /// shipping estimates: a US ZIP.
    pub default_zip: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct OrdersSettings {
    /// An order whose payment stopped half-way (a crash, a lost gateway answer) is
    /// finished by the sweep until it is this old, then given up and released.
    pub abandon_unfinished_after_minutes: u64,
    /// How often the job runner looks for due jobs.
    pub jobs_poll_seconds: u64,
    /// How often the sweep of unfinished orders runs, beside the one at start-up.
    pub sweep_every_minutes: u64,
    /// How often the subscription scheduler looks for deliveries due.
    pub subscriptions_every_minutes: u64,
    /// Order status look-ups by e-mail one client may make a minute.
    pub status_attempts_per_minute: u32,
    /// Declined cards one client, or one session, may have in an hour; then no card
    /// is tried for them until the hour is over.
    pub declines_per_hour: u32,
    /// How long a link signed with a rotated-out key keeps opening its order.
    pub old_links_days: u64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct NewsletterSettings {
    pub token_lifetime_hours: u64,
    pub cooldown_minutes: u64,
}

impl NewsletterSettings {
    pub fn policy(&self) -> store_domain::newsletter::Policy {
        store_domain::newsletter::Policy {
            token_lifetime: std::time::Duration::from_secs(self.token_lifetime_hours * 3600),
            cooldown: std::time::Duration::from_secs(self.cooldown_minutes * 60),
        }
    }
}

/// Where mail goes: the embedded outbox, or an SMTP server.
#[derive(Debug, Clone, Deserialize)]
pub struct MailSettings {
    pub transport: MailTransport,
    pub outbox_keep_minutes: u64,
    pub from: String,
    pub smtp_host: String,
    pub smtp_port: u16,
    pub smtp_security: SmtpSecurity,
    pub smtp_username: String,
    pub smtp_password: String,
    pub smtp_timeout_seconds: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MailTransport {
    Outbox,
    Smtp,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpSecurity {
    Tls,
    Starttls,
    Plain,
}

impl MailSettings {
    pub fn smtp(&self) -> store_adapters::smtp::SmtpSettings {
        use store_adapters::smtp::Security;
        store_adapters::smtp::SmtpSettings {
            host: self.smtp_host.clone(),
            port: self.smtp_port,
            security: match self.smtp_security {
                SmtpSecurity::Tls => Security::Tls,
                SmtpSecurity::Starttls => Security::StartTls,
                SmtpSecurity::Plain => Security::Plain,
            },
            username: self.smtp_username.clone(),
            password: self.smtp_password.clone(),
            from: self.from.clone(),
            timeout: std::time::Duration::from_secs(self.smtp_timeout_seconds.max(1)),
        }
    }
}

/// Sessions, reset links, registration codes and sign-in throttling (issue 12).
#[derive(Debug, Clone, Deserialize)]
pub struct AccountSettings {
    pub session_days: u64,
    pub reset_minutes: u64,
    pub code_minutes: u64,
    pub code_attempts: u32,
    pub attempts_per_minute: u32,
    /// Sign-up and reset mails one mailbox (`+tags` folded) gets at once...
    pub mails_per_mailbox: u32,
    /// ...and then one per this many minutes.
    pub mail_cooldown_minutes: u64,
}

impl AccountSettings {
    pub fn policy(&self) -> store_domain::accounts::Policy {
        store_domain::accounts::Policy {
            session_lifetime: std::time::Duration::from_secs(self.session_days * 86_400),
            reset_lifetime: std::time::Duration::from_secs(self.reset_minutes * 60),
            code_lifetime: std::time::Duration::from_secs(self.code_minutes * 60),
            code_attempts: self.code_attempts,
        }
    }
}

/// How long, and how many of, the records anonymous writes add are kept (see
/// `retention`).
#[derive(Debug, Clone, Deserialize)]
pub struct RetentionSettings {
    pub purge_seconds: u64,
    pub inquiries_days: u64,
    pub inquiries_max: u32,
    pub campaign_visits_days: u64,
    pub campaign_visits_max: u32,
    pub client_errors_days: u64,
    pub client_errors_max: u32,
    pub newsletter_pending_max: u32,
    pub searches_max: u32,
    /// Declined orders are kept this many days, then removed with their lines.
    pub declined_orders_days: u64,
    /// The payment sandbox's tokens no charge or saved card uses, and its declined
    /// charges, are kept this many hours.
    pub unused_card_tokens_hours: u64,
}

/// Budgets of anonymous writes (see `limits`).
#[derive(Debug, Clone, Deserialize)]
pub struct LimitSettings {
    pub client_per_minute: u32,
    pub client_burst: u32,
    pub global_per_second: u32,
    pub global_burst: u32,
    /// Placing orders, guest order look-ups and gift card checks, per client.
    pub orders: Budget,
    /// Signing in, signing up and password links, per client (each hashes a password).
    pub sign_in: Budget,
    /// A signed-in customer's own writes (bag, favorites, addresses, cards), per session.
    pub customer: Budget,
    /// The header trusted reverse proxies write the client's address into.
    pub client_ip_header: Option<String>,
    /// Addresses or CIDR networks of those proxies.
    #[serde(default)]
    pub trusted_proxies: Vec<String>,
    pub forget_idle_seconds: u64,
}

/// A rate: `burst` at once, then `per_minute`.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Budget {
    pub per_minute: u32,
    pub burst: u32,
}

/// The read cache (`crate::read_cache`).
#[derive(Debug, Clone, Deserialize)]
pub struct CacheSection {
    /// The most its answers may take; 0 turns it off.
    pub max_megabytes: u64,
    /// The longest a shopper may see a catalogue or stock change late.
    pub max_age_ms: u64,
}

impl CacheSection {
    pub fn settings(&self) -> crate::read_cache::CacheSettings {
        crate::read_cache::CacheSettings {
            max_bytes: self.max_megabytes.saturating_mul(1024 * 1024),
            max_age: std::time::Duration::from_millis(self.max_age_ms),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct SearchSettings {
    pub refresh_seconds: u64,
    pub popular_min_count: u64,
    pub popular_limit: u32,
    /// Searches are counted in memory and written every this many seconds...
    pub count_flush_seconds: u64,
    /// ...or as soon as this many distinct queries wait.
    pub count_flush_queries: usize,
    /// Searches waiting to be counted; beyond this they are not counted.
    pub count_queue: usize,
    pub workers: usize,
    /// Where index generations are kept; empty for the default (`index_dir`).
    pub dir: String,
}

impl SearchSettings {
    /// The folder of the search index's generations for a store on `database_url`
    /// served on `port`: `dir` when set; else beside a SQLite file (`data/store.db`
    /// keeps `data/store.search/`); else, for PostgreSQL, `data/search-PORT/`, so that
    /// instances on one machine (on different ports) never share one. `None` for an
    /// in-memory SQLite database: its index lives and dies with it, in memory.
    pub fn index_dir(&self, database_url: &str, port: u16) -> Option<PathBuf> {
        if !self.dir.is_empty() {
            return Some(PathBuf::from(&self.dir));
        }
        let Some(file) = database_url
            .strip_prefix("sqlite://")
            .or_else(|| database_url.strip_prefix("sqlite:"))
        else {
            return Some(PathBuf::from(format!("data/search-{port}")));
        };
        if file.contains(":memory:") || database_url.contains("mode=memory") {
            return None;
        }
        let file = Path::new(file.split('?').next().unwrap_or(file));
        let stem = file.file_stem()?.to_string_lossy();
        Some(file.with_file_name(format!("{stem}.search")))
    }
}

/// The metrics listener (`crate::metrics`).
#[derive(Debug, Clone, Deserialize)]
pub struct MetricsSettings {
    /// The address Prometheus scrapes (`127.0.0.1:9464`); empty for no listener.
    pub listen: String,
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// For a person at a terminal.
    Text,
    /// One JSON object per line, for a log collector.
    Json,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Server {
    pub host: String,
    pub port: u16,
    pub shutdown_grace_seconds: u64,
    pub log_requests: bool,
    pub log_format: LogFormat,
    pub header_read_timeout_seconds: u64,
    pub idle_timeout_seconds: u64,
    pub request_timeout_seconds: u64,
    pub tls_public: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Database {
    pub url: String,
    pub max_connections: u32,
    /// Each commit is synced to the disk before it is acknowledged (`true`, the
    /// default); `false` is for benchmarks only and refused in a public configuration.
    pub sync_commits: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct StoreSettings {
    pub name: String,
    pub heb_name: String,
    pub help_email: String,
    /// Where returns are dropped off and posted to, in English and in Hebrew.
    pub address: String,
    pub heb_address: String,
    pub public_url: String,
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
        builder.add_source(environment()).build()?.try_deserialize()
    }
}

/// `STORE__SECTION__KEY` variables; a list is given comma-separated.
fn environment() -> Environment {
    Environment::with_prefix("STORE")
        .prefix_separator("__")
        .separator("__")
        .try_parsing(true)
        .list_separator(",")
        .with_list_parse_key("limits.trusted_proxies")
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
        assert_eq!(
            settings.metrics.listen, "",
            "the demo opens no metrics listener"
        );
        assert_eq!(settings.server.log_format, LogFormat::Text);
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
    fn limits_come_from_the_environment_with_lists_comma_separated() {
        let vars = [
            ("STORE__LIMITS__TRUSTED_PROXIES", "10.0.0.0/8,::1"),
            ("STORE__LIMITS__CLIENT_BURST", "5000"),
            ("STORE__LIMITS__CLIENT_IP_HEADER", "X-Forwarded-For"),
        ];
        let settings: Settings = Config::builder()
            .add_source(File::from_str(DEFAULTS, FileFormat::Toml))
            .add_source(
                environment().source(Some(
                    vars.iter()
                        .map(|(k, v)| (k.to_string(), v.to_string()))
                        .collect(),
                )),
            )
            .build()
            .unwrap()
            .try_deserialize()
            .unwrap();
        assert_eq!(settings.limits.trusted_proxies, ["10.0.0.0/8", "::1"]);
        assert_eq!(settings.limits.client_burst, 5000);
        assert_eq!(
            settings.limits.client_ip_header.as_deref(),
            Some("X-Forwarded-For")
        );
    }

    #[test]
    fn the_search_index_is_kept_beside_the_database_or_per_instance() {
        let mut search = Settings::load(None).unwrap().search;
        let dir = |s: &SearchSettings, url| s.index_dir(url, 8081);
        assert_eq!(
            dir(&search, "sqlite://data/store.db"),
            Some(PathBuf::from("data/store.search"))
        );
        assert_eq!(
            dir(&search, "sqlite:///var/lib/store/shop.db?mode=rwc"),
            Some(PathBuf::from("/var/lib/store/shop.search"))
        );
        assert_eq!(dir(&search, "sqlite::memory:"), None);
        assert_eq!(dir(&search, "sqlite:file:t?mode=memory&cache=shared"), None);
        assert_eq!(
            dir(&search, "postgres://db.internal/store"),
            Some(PathBuf::from("data/search-8081"))
        );
        search.dir = "/srv/index".into();
        assert_eq!(
            dir(&search, "postgres://db.internal/store"),
            Some(PathBuf::from("/srv/index"))
        );
    }

    #[test]
    fn a_missing_file_is_an_error() {
        assert!(Settings::load(Some(Path::new("/nonexistent/store.toml"))).is_err());
    }
}
