//! Which database engine a store runs on, chosen by `database.url`'s scheme: the one
//! place that reads it. SQLite (`sqlite://FILE`, `sqlite::memory:`) is the embedded
//! default; PostgreSQL (`postgres://`, `postgresql://`) is named so a user who points
//! the store at it is told plainly where things stand, instead of the URL being taken
//! for a SQLite file name (which created a folder called `postgres:`).

/// A database engine the URL names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// Named, but this build has no adapter for it yet.
    #[error(
        "database.url is a PostgreSQL URL ({scheme}://...), and this build of the store runs on SQLite only; use a sqlite:// URL (see README)"
    )]
    NotBuilt { scheme: String },
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

/// The engine `url` names, if this build can open it.
pub fn buildable(url: &str) -> Result<Engine, EngineError> {
    match engine(url)? {
        Engine::Sqlite => Ok(Engine::Sqlite),
        Engine::Postgres => Err(EngineError::NotBuilt {
            scheme: url.split_once(':').map_or("", |(s, _)| s).to_owned(),
        }),
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
        let err = buildable("postgres://u:hunter2@db/store")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("runs on SQLite only") && !err.contains("hunter2"),
            "{err}"
        );
    }
}
