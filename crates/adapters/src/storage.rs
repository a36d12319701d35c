//! Which database engine a store runs on, chosen by `database.url`'s scheme, and every
//! storage port of it, built in one place (`open`). SQLite (`sqlite://FILE`,
//! `sqlite::memory:`) is the embedded default; PostgreSQL (`postgres://`,
//! `postgresql://`) is where a store goes when one machine is not enough. Any other URL
//! is refused by its scheme alone, instead of being taken for a SQLite file name (which
//! once created a folder called `postgres:`).

use crate::postgres::PgStore;
use crate::sandbox::SandboxGateway;
use crate::sqlite::{BackupError, Durability, SqliteStore};
use crate::stats::Connections;
use crate::throttles::LocalThrottles;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use store_domain::checkout::storage::{Discounts, GiftCards};
use store_domain::jobs::Jobs;
use store_domain::orders::storage::Orders;
use store_domain::ports::{
    Accounts, Addresses, CampaignReports, Catalog, CatalogWriter, CustomerBags, ErrorReports,
    Inbox, MailOutbox, MailingList, PaymentGateway, Picks, SavedCards, SearchLog, StorageError,
    StoreSecrets, Throttles, WriteProbe,
};
use store_domain::returns::storage::Returns;
use store_domain::school::Schools;
use store_domain::subscriptions::storage::Subscriptions;

/// A database engine the URL names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The scheme alone is shown: the rest of a URL may hold a password.
    #[error(
        "database.url must start with sqlite: (a file: sqlite://data/store.db) or postgres://, not {scheme:?}"
    )]
    Unknown { scheme: String },
}

/// The engine `url` names, by its scheme (case-insensitive).
pub fn engine(url: &str) -> Result<Engine, EngineError> {
    let scheme = url
        .split_once(':')
        .map_or("", |(scheme, _)| scheme)
        .to_ascii_lowercase();
    match scheme.as_str() {
        "sqlite" => Ok(Engine::Sqlite),
        "postgres" | "postgresql" => Ok(Engine::Postgres),
        _ => Err(EngineError::Unknown {
            scheme: scheme.chars().take(20).collect(),
        }),
    }
}

/// `url` as it may be shown in a message or a log: a password in it is replaced by
/// `***` (`postgres://store:***@db/store`).
pub fn shown(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((user_info, host)) => {
            let user = user_info
                .split_once(':')
                .map_or(user_info, |(user, _)| user);
            let hidden = if user_info.contains(':') { ":***" } else { "" };
            format!("{scheme}://{user}{hidden}@{host}{path}")
        }
        None => url.to_owned(),
    }
}

/// Every storage port of one database, whichever engine holds it: what the server
/// and the owner's commands are wired with.
#[derive(Clone)]
pub struct Storage {
    pub catalog: Arc<dyn Catalog>,
    pub catalog_writer: Arc<dyn CatalogWriter>,
    pub search_log: Arc<dyn SearchLog>,
    pub mailing_list: Arc<dyn MailingList>,
    pub inbox: Arc<dyn Inbox>,
    pub campaigns: Arc<dyn CampaignReports>,
    pub error_reports: Arc<dyn ErrorReports>,
    pub outbox: Arc<dyn MailOutbox>,
    pub write_probe: Arc<dyn WriteProbe>,
    pub secrets: Arc<dyn StoreSecrets>,
    pub accounts: Arc<dyn Accounts>,
    pub customer_bags: Arc<dyn CustomerBags>,
    pub picks: Arc<dyn Picks>,
    pub addresses: Arc<dyn Addresses>,
    pub cards: Arc<dyn SavedCards>,
    pub gift_cards: Arc<dyn GiftCards>,
    pub discounts: Arc<dyn Discounts>,
    pub orders: Arc<dyn Orders>,
    pub returns: Arc<dyn Returns>,
    pub subscriptions: Arc<dyn Subscriptions>,
    pub schools: Arc<dyn Schools>,
    pub jobs: Arc<dyn Jobs>,
    pub throttles: Arc<dyn Throttles>,
    /// The embedded sandbox card gateway, on this database's tables.
    pub sandbox: Arc<dyn PaymentGateway>,
    database: Database,
}

/// The database itself, for what is not a port: closing, backing up, saying how
/// commits reach the disk.
#[derive(Clone)]
enum Database {
    Sqlite(SqliteStore),
    Postgres(PgStore),
}

/// How to open the database: the pool's size and, on SQLite, how commits reach the disk
/// (PostgreSQL's own `synchronous_commit` decides there).
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub max_connections: u32,
    pub durability: Durability,
}

#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error(transparent)]
    Sqlite(#[from] crate::sqlite::OpenError),
    #[error(transparent)]
    Postgres(#[from] crate::postgres::OpenError),
}

/// Opens the database `url` names and brings its schema up to date (on every start of
/// every instance: migrations are applied once, under the engine's lock).
pub async fn open(url: &str, options: Options) -> Result<Storage, OpenError> {
    Ok(match engine(url)? {
        Engine::Sqlite => {
            let store =
                SqliteStore::open_with(url, options.max_connections, options.durability).await?;
            store.migrate().await?;
            Storage::over(
                Arc::new(store.clone()),
                Arc::new(LocalThrottles::default()),
                Database::Sqlite(store),
            )
        }
        Engine::Postgres => {
            let store = PgStore::open(url, options.max_connections).await?;
            store.migrate().await?;
            let store = Arc::new(store);
            Storage::over(
                store.clone(),
                store.clone(),
                Database::Postgres((*store).clone()),
            )
        }
    })
}

/// A store every port of which `S` implements.
trait AllPorts:
    Catalog
    + CatalogWriter
    + SearchLog
    + MailingList
    + Inbox
    + CampaignReports
    + ErrorReports
    + MailOutbox
    + WriteProbe
    + StoreSecrets
    + Accounts
    + CustomerBags
    + Picks
    + Addresses
    + SavedCards
    + GiftCards
    + Discounts
    + Orders
    + Returns
    + Subscriptions
    + Schools
    + Jobs
    + Clone
    + 'static
{
}

impl<S> AllPorts for S where
    S: Catalog
        + CatalogWriter
        + SearchLog
        + MailingList
        + Inbox
        + CampaignReports
        + ErrorReports
        + MailOutbox
        + WriteProbe
        + StoreSecrets
        + Accounts
        + CustomerBags
        + Picks
        + Addresses
        + SavedCards
        + GiftCards
        + Discounts
        + Orders
        + Returns
        + Subscriptions
        + Schools
        + Jobs
        + Clone
        + 'static
{
}

impl Storage {
    /// The ports of `store`, with the guessing throttles counted by `throttles`.
    fn over<S: AllPorts>(
        store: Arc<S>,
        throttles: Arc<dyn Throttles>,
        database: Database,
    ) -> Storage
    where
        SandboxGateway<S>: PaymentGateway,
    {
        Storage {
            catalog: store.clone(),
            catalog_writer: store.clone(),
            search_log: store.clone(),
            mailing_list: store.clone(),
            inbox: store.clone(),
            campaigns: store.clone(),
            error_reports: store.clone(),
            outbox: store.clone(),
            write_probe: store.clone(),
            secrets: store.clone(),
            accounts: store.clone(),
            customer_bags: store.clone(),
            picks: store.clone(),
            addresses: store.clone(),
            cards: store.clone(),
            gift_cards: store.clone(),
            discounts: store.clone(),
            orders: store.clone(),
            returns: store.clone(),
            subscriptions: store.clone(),
            schools: store.clone(),
            jobs: store.clone(),
            throttles,
            sandbox: Arc::new(SandboxGateway::new((*store).clone())),
            database,
        }
    }

    /// An empty in-memory SQLite database: for describing the API, touching nothing.
    pub async fn in_memory() -> Result<Storage, OpenError> {
        let store = SqliteStore::open("sqlite::memory:", 1).await?;
        Ok(Storage::over(
            Arc::new(store.clone()),
            Arc::new(LocalThrottles::default()),
            Database::Sqlite(store),
        ))
    }

    /// How a commit reaches the disk before it is acknowledged, for the start-up log:
    /// SQLite's `synchronous` on the writer, or PostgreSQL's `synchronous_commit`.
    pub async fn commit_sync(&self) -> Result<String, StorageError> {
        match &self.database {
            Database::Sqlite(store) => Ok(format!(
                "synchronous = {}",
                store.writer_synchronous().await?
            )),
            Database::Postgres(store) => Ok(format!(
                "synchronous_commit = {}",
                store.synchronous_commit().await?
            )),
        }
    }

    /// `store backup`: a consistent copy of a SQLite database, made while it serves.
    /// PostgreSQL has its own tools (`pg_dump`, see docs/deploy.md).
    pub async fn backup_to(&self, path: &Path) -> Result<(), BackupError> {
        match &self.database {
            Database::Sqlite(store) => store.backup_to(path).await,
            Database::Postgres(_) => Err(BackupError::Engine),
        }
    }

    /// Closes every connection; call on shutdown.
    pub async fn close(&self) {
        match &self.database {
            Database::Sqlite(store) => store.close().await,
            Database::Postgres(store) => store.close().await,
        }
    }

    /// How busy the database is, read whenever asked (the store's metrics).
    pub fn stats(&self) -> DatabaseStats {
        DatabaseStats(self.database.clone())
    }
}

/// How busy a database is: its connections and its writer's queue, as they are when
/// asked. Cheap to clone.
#[derive(Clone)]
pub struct DatabaseStats(Database);

impl DatabaseStats {
    /// The pool's connections; on SQLite the readers' (its one writer is apart, and
    /// how long writes wait for it is `writer_waits`).
    pub fn connections(&self) -> Connections {
        match &self.0 {
            Database::Sqlite(store) => store.connections(),
            Database::Postgres(store) => store.connections(),
        }
    }

    /// The writes that asked for a connection to write on so far, and how long they
    /// waited together (see `WriterWaits`).
    pub fn writer_waits(&self) -> (u64, Duration) {
        match &self.0 {
            Database::Sqlite(store) => store.writer_waits(),
            Database::Postgres(store) => store.writer_waits(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scheme_names_the_engine() {
        for url in [
            "sqlite://data/store.db",
            "sqlite::memory:",
            "SQLite://x.db?mode=rwc",
        ] {
            assert_eq!(engine(url), Ok(Engine::Sqlite), "{url}");
        }
        for url in [
            "postgres://store@127.0.0.1/store",
            "postgresql://u:secret@db/store",
        ] {
            assert_eq!(engine(url), Ok(Engine::Postgres), "{url}");
        }
    }

    #[test]
    fn a_shown_url_hides_its_password() {
        assert_eq!(
            shown("postgres://store:hunter2@db:5432/store?sslmode=require"),
            "postgres://store:***@db:5432/store?sslmode=require"
        );
        assert_eq!(
            shown("postgres://store@db/store"),
            "postgres://store@db/store"
        );
        assert_eq!(shown("postgres://db/store"), "postgres://db/store");
        assert_eq!(shown("sqlite://data/store.db"), "sqlite://data/store.db");
        assert_eq!(shown("sqlite::memory:"), "sqlite::memory:");
    }

    #[test]
    fn anything_else_is_refused_without_repeating_the_url() {
        for url in [
            "data/store.db",
            "mysql://root:hunter2@db/store",
            "",
            "file:store.db",
        ] {
            let err = engine(url).unwrap_err().to_string();
            assert!(
                err.starts_with("database.url must start with sqlite:"),
                "{err}"
            );
            assert!(!err.contains("hunter2"), "{err}");
        }
    }
}
