//! The hand-made bilingual demo catalogue shipped inside the binary
//! (`demo/catalogue.json`, format in `demo/FORMAT.md`).

use store_domain::catalog::Catalogue;

const CATALOGUE_JSON: &str = include_str!("demo/catalogue.json");

/// The demo catalogue, parsed. The file is checked by tests, so an error here means
/// the binary was built from a broken file.
pub fn catalogue() -> Result<Catalogue, serde_json::Error> {
    serde_json::from_str(CATALOGUE_JSON)
}
