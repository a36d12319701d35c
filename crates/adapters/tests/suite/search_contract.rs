//! The search index contract, run against the tantivy engine and the scanning fake,
//! plus what only the real engine promises (typos, stemming).

use store_adapters::fakes::{InMemoryCatalog, InMemorySearch, fixture};
use store_adapters::search::TantivySearch;
use store_domain::catalog::{ListKind, Sort};
use store_domain::money::Money;
use store_domain::ports::{Catalog, CatalogWriter, SearchIndex};
use store_domain::search::{Named, ProductQuery, Scope, SearchDoc, Selection};

fn named(id: i64, name: &str) -> Named {
    Named {
        id,
        name: name.into(),
        heb_name: None,
    }
}

fn doc(id: i64, title: &str, heb_title: Option<&str>, text: &str) -> SearchDoc {
    SearchDoc {
        id,
        title: title.into(),
        heb_title: heb_title.map(Into::into),
        text: text.into(),
        heb_text: None,
        skus: vec![format!("OL-{id}")],
        vendor: named(1, "Olive Works"),
        creators: vec![],
        categories: vec![named(5, "Garden")],
        filters: vec![],
        options: vec![],
        price: Money::from_cents(id * 100),
        release_date: "2025-01-01".into(),
    }
}

/// Products named to exercise matching: English words, stems, Hebrew with points
/// and final letters.
fn shelf() -> Vec<SearchDoc> {
    vec![
        // The description match has the lower id, so ranking, not the id, must order them.
        doc(1, "Garden Chair", None, "Sits well beside a lantern."),
        doc(
            2,
            "Brass Lantern",
            Some("פָּנָס נְחֹשֶׁת"),
            "A lantern for the porch.",
        ),
        doc(
            3,
            "Peace Candle",
            Some("נר שלום"),
            "Beeswax candles, hand poured.",
        ),
        doc(4, "Olive Bowl", Some("קערת זית"), "Carved from olive wood."),
    ]
}

fn text(q: &str) -> ProductQuery {
    ProductQuery {
        text: Some(q.into()),
        scope: None,
        selection: Selection::default(),
        sort: Sort::Relevant,
        page: 1,
    }
}

async fn ids<S: SearchIndex>(s: &S, q: &str) -> Vec<i64> {
    s.find(&text(q)).await.unwrap().ids
}

mod cases {
    use super::*;

    pub async fn words_and_prefixes_find_titles<S: SearchIndex>(s: &S) {
        s.rebuild(shelf()).await.unwrap();
        assert_eq!(ids(s, "chair").await, [1]);
        assert_eq!(ids(s, "Ch").await, [1], "a prefix from the second letter");
        assert_eq!(ids(s, "olive bowl").await, [4]);
        assert!(
            ids(s, "bowl chair").await.is_empty(),
            "every word must match"
        );
        assert!(ids(s, "zebra").await.is_empty());
    }

    pub async fn an_exact_title_beats_a_description<S: SearchIndex>(s: &S) {
        s.rebuild(shelf()).await.unwrap();
        assert_eq!(ids(s, "lantern").await, [2, 1]);
    }

    pub async fn hebrew_with_or_without_points_finds_the_same<S: SearchIndex>(s: &S) {
        s.rebuild(shelf()).await.unwrap();
        assert_eq!(ids(s, "פנס").await, [2]);
        assert_eq!(ids(s, "פָּנָס").await, [2]);
        assert_eq!(ids(s, "נחשת").await, [2]);
    }

    pub async fn a_final_letter_word_is_found_by_its_prefix<S: SearchIndex>(s: &S) {
        s.rebuild(shelf()).await.unwrap();
        assert_eq!(ids(s, "שלו").await, [3]);
        // Typed letter by letter the word passes through the ordinary mem.
        assert_eq!(ids(s, "שלומ").await, [3]);
        assert_eq!(ids(s, "שלום").await, [3]);
    }

    pub async fn vendor_category_and_sku_find_products<S: SearchIndex>(s: &S) {
        s.rebuild(shelf()).await.unwrap();
        assert_eq!(
            ids(s, "garden").await,
            [1, 2, 3, 4],
            "the title match (1) first, then the category matches by id"
        );
        assert_eq!(ids(s, "olive works").await.len(), 4);
        assert_eq!(ids(s, "OL-3").await[0], 3);
    }

    pub async fn listings_scope_facets_and_sorts<S: SearchIndex>(s: &S) {
        let catalog = InMemoryCatalog::new();
        catalog.import(&fixture()).await.unwrap();
        s.rebuild(catalog.search_documents().await.unwrap())
            .await
            .unwrap();
        let mut q = ProductQuery {
            text: None,
            scope: Some(Scope {
                kind: ListKind::Category,
                id: 1,
            }),
            selection: Selection::default(),
            sort: Sort::PriceAsc,
            page: 1,
        };
        let hits = s.find(&q).await.unwrap();
        assert_eq!(hits.ids, [11, 10, 12]);
        assert_eq!(hits.facets.variations[0].name, "Color");
        q.selection.vendors = vec!["2".into()];
        assert_eq!(s.find(&q).await.unwrap().ids, [11]);
        q.scope = Some(Scope {
            kind: ListKind::Creator,
            id: 1,
        });
        q.selection = Selection::default();
        assert_eq!(s.find(&q).await.unwrap().ids, [13]);
        // Text and facets together.
        let mut q = text("item");
        q.selection.filters = vec!["Material_Stoneware".into()];
        let hits = s.find(&q).await.unwrap();
        assert_eq!(hits.ids, [10]);
        assert_eq!(hits.facets.filters[0].values[0].count, 1);
    }

    /// An order other than relevance needs no scores (the engine may skip them): the
    /// same products, in that order.
    pub async fn a_text_search_in_price_order_finds_the_same_products<S: SearchIndex>(s: &S) {
        s.rebuild(shelf()).await.unwrap();
        assert_eq!(ids(s, "lantern").await, [2, 1]);
        let mut q = text("lantern");
        q.sort = Sort::PriceAsc;
        let hits = s.find(&q).await.unwrap();
        assert_eq!((hits.ids, hits.total), (vec![1, 2], 2));
        q.sort = Sort::PriceDesc;
        assert_eq!(s.find(&q).await.unwrap().ids, [2, 1]);
    }

    pub async fn a_rebuild_replaces_everything<S: SearchIndex>(s: &S) {
        s.rebuild(shelf()).await.unwrap();
        s.rebuild(vec![doc(9, "Reading Lamp", None, "")])
            .await
            .unwrap();
        assert!(ids(s, "lantern").await.is_empty());
        assert_eq!(ids(s, "lamp").await, [9]);
    }

    pub async fn suggestions_complete_titles_after_popular_searches<S: SearchIndex>(s: &S) {
        s.rebuild(shelf()).await.unwrap();
        s.set_popular_searches(vec!["olive oil".into(), "lamps".into()])
            .await
            .unwrap();
        let olive = s.suggest("oli", 50).await.unwrap();
        assert_eq!(olive[0], "olive oil");
        assert!(olive.contains(&"Olive Bowl".to_owned()), "{olive:?}");
        assert!(s.suggest("  ", 50).await.unwrap().is_empty());
        assert!(s.suggest("zebra", 50).await.unwrap().is_empty());
        assert_eq!(s.suggest("o", 1).await.unwrap().len(), 1);
    }
}

macro_rules! search_suite {
    ($module:ident, $make:expr) => {
        mod $module {
            use super::*;
            search_suite!(@cases $make; words_and_prefixes_find_titles, an_exact_title_beats_a_description,
                hebrew_with_or_without_points_finds_the_same, a_final_letter_word_is_found_by_its_prefix,
                vendor_category_and_sku_find_products, listings_scope_facets_and_sorts,
                a_rebuild_replaces_everything, suggestions_complete_titles_after_popular_searches,
                a_text_search_in_price_order_finds_the_same_products);
        }
    };
    (@cases $make:expr; $($case:ident),*) => {
        $(
            #[tokio::test]
            async fn $case() {
                cases::$case(&$make).await;
            }
        )*
    };
}

search_suite!(fake, InMemorySearch::new());
search_suite!(tantivy, TantivySearch::new().unwrap());

/// What only the real engine does.
mod tantivy_only {
    use super::*;

    #[tokio::test]
    async fn one_typo_is_forgiven_in_search_and_suggestions() {
        let s = TantivySearch::new().unwrap();
        s.rebuild(shelf()).await.unwrap();
        assert_eq!(ids(&s, "lantren").await[0], 2, "a transposition");
        assert_eq!(ids(&s, "cnadle").await, [3]);
        assert_eq!(ids(&s, "chiar").await, [1]);
        let suggested = s.suggest("lantren", 50).await.unwrap();
        assert_eq!(suggested[0], "Brass Lantern");
    }

    /// Unranked orders leave out alternatives another one finds a superset of; the
    /// products found must not change: typos, prefixes, stems, names, codes, Hebrew.
    #[tokio::test]
    async fn every_order_finds_what_relevance_finds() {
        let s = TantivySearch::new().unwrap();
        s.rebuild(shelf()).await.unwrap();
        let queries = [
            "lantern",
            "lant",
            "lantren",
            "lantrn",
            "lanterns",
            "chiar",
            "ca",
            "candles",
            "olive",
            "olive works",
            "works",
            "wor",
            "gardne",
            "garden ch",
            "ol-3",
            "OL-",
            "beeswax",
            "bees",
            "porch lant",
            "פנס",
            "פָּנָס",
            "קער",
            "zebra",
        ];
        for q in queries {
            let mut found = ids(&s, q).await;
            found.sort_unstable();
            assert!(!found.is_empty() || q == "zebra", "{q}: nothing found");
            for sort in [Sort::PriceAsc, Sort::PriceDesc, Sort::Newest] {
                let mut query = text(q);
                query.sort = sort;
                let hits = s.find(&query).await.unwrap();
                let mut unranked = hits.ids.clone();
                unranked.sort_unstable();
                assert_eq!(unranked, found, "{q} by {sort:?}");
                assert_eq!(hits.total, found.len() as u64, "{q} by {sort:?}");
            }
        }
    }

    #[tokio::test]
    async fn english_words_match_their_stems() {
        let s = TantivySearch::new().unwrap();
        s.rebuild(shelf()).await.unwrap();
        assert_eq!(ids(&s, "candles").await, [3]);
        assert_eq!(ids(&s, "lanterns").await, [2, 1]);
    }

    #[tokio::test]
    async fn a_popular_search_is_spelled_as_the_catalogue_spells_it() {
        let s = TantivySearch::new().unwrap();
        s.rebuild(shelf()).await.unwrap();
        s.set_popular_searches(vec!["olive works".into(), "olive bowl".into()])
            .await
            .unwrap();
        let suggested = s.suggest("oli", 50).await.unwrap();
        assert_eq!(suggested[..2], ["Olive Works", "Olive Bowl"]);
        assert_eq!(suggested.len(), 2, "no duplicates: {suggested:?}");
    }

    #[tokio::test]
    async fn a_hebrew_query_is_offered_hebrew_titles() {
        let s = TantivySearch::new().unwrap();
        s.rebuild(shelf()).await.unwrap();
        assert_eq!(s.suggest("קער", 50).await.unwrap(), ["קערת זית"]);
    }
}

/// Generations kept on disk: opened as they were built, pruned to the current and
/// the previous one, damaged ones passed over.
mod on_disk {
    use super::*;
    use std::path::{Path, PathBuf};
    use store_adapters::search::Opened;
    use store_domain::ports::{DocumentPages, SearchError};

    /// Documents in pages of `size`, as the refresher hands them over.
    struct Pages(Vec<SearchDoc>, usize);

    #[async_trait::async_trait]
    impl DocumentPages for Pages {
        async fn next_page(&mut self) -> Result<Option<Vec<SearchDoc>>, SearchError> {
            if self.0.is_empty() {
                return Ok(None);
            }
            let rest = self.0.split_off(self.1.min(self.0.len()));
            Ok(Some(std::mem::replace(&mut self.0, rest)))
        }
    }

    async fn build(s: &TantivySearch, version: i64, docs: Vec<SearchDoc>) {
        s.rebuild_from(version, &mut Pages(docs, 2)).await.unwrap();
    }

    fn folders(dir: &Path) -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        found.sort();
        found
    }

    #[tokio::test]
    async fn a_generation_reopens_as_built_and_only_two_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let (s, opened) = TantivySearch::open(dir.path()).unwrap();
        assert_eq!(opened, None);
        assert!(ids(&s, "lantern").await.is_empty(), "nothing until built");
        build(&s, 7, shelf()).await;
        let mut renamed = shelf();
        renamed[0].title = "Garden Bench".into();
        build(&s, 8, renamed.clone()).await;
        build(&s, 9, renamed).await;
        assert_eq!(
            folders(dir.path()),
            [dir.path().join("8"), dir.path().join("9")]
        );
        drop(s);

        let (s, opened) = TantivySearch::open(dir.path()).unwrap();
        let Some(Opened {
            version, products, ..
        }) = opened
        else {
            panic!("nothing opened")
        };
        assert_eq!((version, products), (9, 4));
        assert_eq!(ids(&s, "bench").await, [1]);
        assert_eq!(ids(&s, "lanterns").await, [2, 1], "ranked as built");
        assert_eq!(s.suggest("קער", 50).await.unwrap(), ["קערת זית"]);
        let hits = s.find(&text("olive")).await.unwrap();
        assert_eq!((hits.total, hits.facets.vendors[0].count), (4, 4));
    }

    #[tokio::test]
    async fn a_damaged_or_unfinished_generation_is_passed_over_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        let (s, _) = TantivySearch::open(dir.path()).unwrap();
        build(&s, 1, shelf()).await;
        build(&s, 2, shelf()[..2].to_vec()).await;
        drop(s);
        let facts = dir.path().join("2").join("facts.bin");
        let size = std::fs::metadata(&facts).unwrap().len();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&facts)
            .unwrap()
            .set_len(size - 1)
            .unwrap();
        std::fs::create_dir(dir.path().join("3.partial")).unwrap();

        let (s, opened) = TantivySearch::open(dir.path()).unwrap();
        assert_eq!(opened.map(|o| o.version), Some(1), "the one before");
        assert_eq!(ids(&s, "bowl").await, [4]);
        assert_eq!(folders(dir.path()), [dir.path().join("1")]);
    }
}

use crate::common::postgres as postgres_db;

/// The search log, on the fake, on a real SQLite file and on PostgreSQL.
mod search_log {
    use store_adapters::fakes::InMemorySearch;
    use store_adapters::sqlite::SqliteStore;
    use store_domain::ports::SearchLog;

    fn batch(counts: &[(&str, u64)]) -> Vec<(String, u64)> {
        counts.iter().map(|(q, n)| (q.to_string(), *n)).collect()
    }

    async fn counts_and_ranks<L: SearchLog>(log: &L) {
        log.record_searches(&batch(&[("mug", 1), ("lamp", 1), ("bowl", 2)]))
            .await
            .unwrap();
        // A later batch adds to the totals already written.
        log.record_searches(&batch(&[("mug", 2)])).await.unwrap();
        log.record_searches(&[]).await.unwrap();
        assert_eq!(log.popular_searches(3, 10).await.unwrap(), ["mug"]);
        assert_eq!(
            log.popular_searches(1, 10).await.unwrap(),
            ["mug", "bowl", "lamp"]
        );
        assert_eq!(log.popular_searches(1, 1).await.unwrap(), ["mug"]);

        // The most searched are kept; of equal counts, the first in query order.
        log.record_searches(&batch(&[("bowl", 1)])).await.unwrap();
        assert_eq!(log.keep_most_searched(5).await.unwrap(), 0);
        assert_eq!(log.keep_most_searched(2).await.unwrap(), 1);
        assert_eq!(log.popular_searches(1, 10).await.unwrap(), ["bowl", "mug"]);
        assert_eq!(log.keep_most_searched(0).await.unwrap(), 2);
        assert!(log.popular_searches(1, 10).await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn fake() {
        counts_and_ranks(&InMemorySearch::new()).await;
    }

    #[tokio::test]
    async fn sqlite_file() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("store.db").display());
        let store = SqliteStore::open(&url, 2).await.unwrap();
        store.migrate().await.unwrap();
        counts_and_ranks(&store).await;
    }

    #[tokio::test]
    async fn postgres() {
        let (store, _database) = super::postgres_db::postgres_store(2).await;
        counts_and_ranks(&store).await;
    }
}
