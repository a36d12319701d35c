//! An in-memory search index and search log.

use super::{read, write};
use async_trait::async_trait;
use std::collections::BTreeMap;
use std::sync::RwLock;
use store_domain::facets::FacetTable;
use store_domain::ports::{SearchError, SearchIndex, SearchLog};
use store_domain::search::{self, ProductQuery, SearchDoc, SearchHits};

/// A search index that scans every document: a title word counts twice, any other
/// word once; every query word must start a word of the product. No stemming, no
/// typos; the contract tests ask no more of it.
#[derive(Default)]
pub struct InMemorySearch {
    docs: RwLock<(Vec<Scanned>, FacetTable)>,
    popular: RwLock<Vec<String>>,
    searches: RwLock<BTreeMap<String, u64>>,
}

/// A document as the fake scans it: folded title, folded everything else, the title.
struct Scanned {
    id: i64,
    title: String,
    rest: String,
    shown_title: String,
}

fn starts_a_word(haystack: &str, word: &str) -> bool {
    search::words(haystack).any(|w| w.starts_with(word))
}

impl InMemorySearch {
    pub fn new() -> Self {
        Self::default()
    }
}

#[async_trait]
impl SearchIndex for InMemorySearch {
    async fn rebuild(&self, docs: Vec<SearchDoc>) -> Result<(), SearchError> {
        let texts = docs
            .iter()
            .map(|d| {
                let title = search::normalise(&format!(
                    "{} {}",
                    d.title,
                    d.heb_title.as_deref().unwrap_or("")
                ));
                let names = std::iter::once(&d.vendor)
                    .chain(&d.creators)
                    .chain(&d.categories)
                    .map(|n| format!("{} {}", n.name, n.heb_name.as_deref().unwrap_or("")))
                    .collect::<Vec<_>>()
                    .join(" ");
                let rest = format!(
                    "{names} {} {} {}",
                    d.text,
                    d.heb_text.as_deref().unwrap_or(""),
                    d.skus.join(" ")
                );
                Scanned {
                    id: d.id,
                    title,
                    rest: search::normalise(&rest),
                    shown_title: d.title.clone(),
                }
            })
            .collect();
        *write(&self.docs) = (texts, FacetTable::build(&docs));
        Ok(())
    }

    async fn find(&self, query: &ProductQuery) -> Result<SearchHits, SearchError> {
        let docs = read(&self.docs);
        let scored = query.text.as_ref().map(|text| {
            let folded = search::normalise(text);
            let words: Vec<&str> = search::words(&folded).collect();
            docs.0
                .iter()
                .filter_map(|d| {
                    let mut score = 0.0;
                    for w in &words {
                        score += match (starts_a_word(&d.title, w), starts_a_word(&d.rest, w)) {
                            (true, _) => 2.0,
                            (false, true) => 1.0,
                            (false, false) => return None,
                        };
                    }
                    (!words.is_empty()).then(|| docs.1.row_of(d.id).map(|row| (row, score)))?
                })
                .collect::<Vec<_>>()
        });
        Ok(docs.1.refine(query, scored.as_deref()))
    }

    async fn suggest(&self, text: &str, limit: usize) -> Result<Vec<String>, SearchError> {
        let folded = search::normalise(text.trim());
        if folded.is_empty() {
            return Ok(Vec::new());
        }
        let docs = read(&self.docs);
        let popular = read(&self.popular);
        let titles = docs
            .0
            .iter()
            .filter(|d| starts_a_word(&d.title, &folded))
            .map(|d| &d.shown_title);
        let mut out: Vec<String> = Vec::new();
        for s in popular
            .iter()
            .filter(|s| starts_a_word(&search::normalise(s), &folded))
            .chain(titles)
        {
            if out.len() < limit && !out.contains(s) {
                out.push(s.clone());
            }
        }
        Ok(out)
    }

    async fn set_popular_searches(&self, searches: Vec<String>) -> Result<(), SearchError> {
        *write(&self.popular) = searches;
        Ok(())
    }
}

#[async_trait]
impl SearchLog for InMemorySearch {
    async fn record_searches(&self, counts: &[(String, u64)]) -> Result<(), SearchError> {
        let mut searches = write(&self.searches);
        for (query, count) in counts {
            *searches.entry(query.clone()).or_default() += count;
        }
        Ok(())
    }

    async fn popular_searches(
        &self,
        min_count: u64,
        limit: u32,
    ) -> Result<Vec<String>, SearchError> {
        let searches = read(&self.searches);
        let mut popular: Vec<(&String, &u64)> =
            searches.iter().filter(|(_, n)| **n >= min_count).collect();
        popular.sort_by(|a, b| b.1.cmp(a.1).then_with(|| a.0.cmp(b.0)));
        Ok(popular
            .into_iter()
            .take(limit as usize)
            .map(|(q, _)| q.clone())
            .collect())
    }

    async fn keep_most_searched(&self, keep: u32) -> Result<u64, SearchError> {
        let mut searches = write(&self.searches);
        let mut ranked: Vec<(u64, String)> = searches
            .iter()
            .map(|(query, n)| (*n, query.clone()))
            .collect();
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let forgotten = ranked.len().saturating_sub(keep as usize);
        for (_, query) in ranked.iter().skip(keep as usize) {
            searches.remove(query);
        }
        Ok(forgotten as u64)
    }
}
