//! `store import schools FILE.csv`: the owner's school supply lists, checked whole
//! and written in one transaction, or refused with the first bad line and nothing
//! changed. The columns are in `crates/adapters/src/demo/SCHOOLS.md`.

use std::path::Path;
use store_adapters::school_csv;
use store_domain::ports::{Catalog, Countries};
use store_domain::school::{self, ImportFailure, Schools};

#[derive(Debug, thiserror::Error)]
pub enum SchoolsImportError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}, {0}", path = .1)]
    Refused(ImportFailure, String),
}

/// Imports `file`; answers what was written, in a sentence for the owner.
pub async fn import(
    file: &Path,
    countries: &dyn Countries,
    catalog: &dyn Catalog,
    schools: &dyn Schools,
) -> Result<String, SchoolsImportError> {
    let shown = file.display().to_string();
    let opened = std::fs::File::open(file).map_err(|source| SchoolsImportError::Read {
        path: shown.clone(),
        source,
    })?;
    let refused = |failure: ImportFailure| SchoolsImportError::Refused(failure, shown.clone());
    let rows = school_csv::read_rows(opened).map_err(|e| refused(e.into()))?;
    let written = school::import(&rows, &countries.countries(), catalog, schools)
        .await
        .map_err(refused)?;
    let grades: usize = written.iter().map(|s| s.grades.len()).sum();
    let lists: usize = written
        .iter()
        .flat_map(|s| &s.grades)
        .map(|g| g.lists.len())
        .sum();
    Ok(format!(
        "imported {} schools, {grades} grades and {lists} lists from {shown}",
        written.len()
    ))
}
