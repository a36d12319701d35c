//! The embedded search engine: a tantivy index rebuilt from the catalogue whenever it
//! changes. The server keeps its generations on disk (`generations.rs`), so that a
//! restart serves the last one at once instead of rebuilding a million products before
//! its first answer; the database stays the source of truth, and a generation that is
//! missing, stale or damaged is rebuilt from it while the store serves. Tests and
//! tools keep theirs in memory.
//!
//! Text goes through `search::normalise` before tantivy sees it (Hebrew points off,
//! final letters folded), then one tokenizer splits words and an English stemmer
//! makes a second form of titles and descriptions. A query word matches exactly,
//! stemmed, with one typo (words of four letters or more), and, for the word being
//! typed, as a prefix from its second letter. Titles weigh most, then names (vendor,
//! creators, categories), then descriptions. Facets, order and pages are the
//! domain's `FacetTable`.

mod generations;

use async_trait::async_trait;
use generations::{Folder, Manifest};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use store_domain::facets::{Decoder, Encoder, FacetTable};
use store_domain::ports::{DocumentPages, SearchError, SearchIndex};
use store_domain::search::{ProductQuery, SearchDoc, SearchHits, is_hebrew, normalise, words};
use tantivy::collector::{Collector, SegmentCollector, TopDocs};
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{FAST, Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer,
};
use tantivy::{
    DocId, Index, IndexReader, IndexWriter, ReloadPolicy, Score, Searcher, SegmentReader,
    TantivyDocument, Term,
};

const PLAIN: &str = "store_plain";
const STEMMED: &str = "store_stemmed";
const CODE: &str = "store_code";
/// Memory the index writer may fill before it writes a segment.
const WRITER_BUDGET: usize = 40_000_000;
/// A document without a product row, which no built index has.
const NO_ROW: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Fields {
    /// The product's row in the generation's `FacetTable`.
    row: Field,
    title: Field,
    title_stem: Field,
    names: Field,
    body: Field,
    body_stem: Field,
    sku: Field,
}

fn schema() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let text = |tokenizer: &str| {
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(tokenizer)
                .set_index_option(IndexRecordOption::WithFreqs),
        )
    };
    let fields = Fields {
        row: builder.add_u64_field("row", FAST),
        title: builder.add_text_field("title", text(PLAIN)),
        title_stem: builder.add_text_field("title_stem", text(STEMMED)),
        names: builder.add_text_field("names", text(PLAIN)),
        body: builder.add_text_field("body", text(PLAIN)),
        body_stem: builder.add_text_field("body_stem", text(STEMMED)),
        sku: builder.add_text_field("sku", text(CODE)),
    };
    (builder.build(), fields)
}

fn plain_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .build()
}

fn stemmed_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(Stemmer::default())
        .build()
}

fn failed(err: impl std::fmt::Display) -> SearchError {
    SearchError::Storage(err.to_string())
}

/// A name or a past search offered as a suggestion, with its folded form for matching.
struct Phrase {
    text: String,
    folded: String,
}

impl Phrase {
    fn new(text: &str) -> Phrase {
        Phrase {
            text: text.to_owned(),
            folded: normalise(text),
        }
    }

    /// Whether the folded query starts this phrase or one of its words.
    fn completes(&self, folded_query: &str) -> bool {
        self.folded.starts_with(folded_query)
            || self
                .folded
                .match_indices(folded_query)
                .any(|(at, _)| !self.folded[..at].ends_with(char::is_alphanumeric))
    }
}

/// Each segment's product rows by document id, read once from the `row` column: a
/// search looks up one per match.
type DocRows = Vec<Arc<[u32]>>;

/// One complete index and everything built with it; swapped whole on rebuild.
struct Generation {
    /// The index never changes once built, so one searcher serves it for good.
    searcher: Searcher,
    doc_rows: DocRows,
    fields: Fields,
    stemmer: TextAnalyzer,
    table: FacetTable,
    /// English and Hebrew titles by row.
    titles: Vec<(String, Option<String>)>,
    names: Vec<Phrase>,
    /// Its folder, for one kept on disk.
    folder: Option<PathBuf>,
}

/// The generation a disk-backed index opened at start, before any rebuild.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opened {
    /// The catalogue version it was built from.
    pub version: i64,
    /// Unix seconds when it was built.
    pub built: i64,
    pub products: u64,
}

pub struct TantivySearch {
    current: RwLock<Arc<Generation>>,
    popular: RwLock<Arc<Vec<Phrase>>>,
    /// Where generations are kept; `None` keeps them in memory only.
    disk: Option<Folder>,
}

impl TantivySearch {
    /// An empty index in memory; `rebuild` fills it.
    pub fn new() -> Result<TantivySearch, SearchError> {
        Ok(TantivySearch {
            current: RwLock::new(Arc::new(empty()?)),
            popular: RwLock::new(Arc::new(Vec::new())),
            disk: None,
        })
    }

    /// An index keeping its generations in `dir`, serving the newest complete one
    /// found there at once (what it says of itself), or, when there is none, an empty
    /// one until the first rebuild: listings and searches then find nothing, and the
    /// server reports itself not ready. A damaged generation is removed and the next
    /// newest tried.
    pub fn open(dir: &Path) -> Result<(TantivySearch, Option<Opened>), SearchError> {
        let folder = Folder::new(dir).map_err(failed)?;
        let mut opened = None;
        for (path, manifest) in folder.complete().map_err(failed)? {
            match load(&path, &manifest) {
                Ok(generation) => {
                    opened = Some((
                        generation,
                        Opened {
                            version: manifest.version,
                            built: manifest.built,
                            products: manifest.products,
                        },
                    ));
                    break;
                }
                Err(why) => {
                    tracing::warn!(folder = %path.display(), "damaged search index removed: {why}");
                    folder.discard(&path);
                }
            }
        }
        let (generation, said) = match opened {
            Some((generation, said)) => (generation, Some(said)),
            None => (empty()?, None),
        };
        Ok((
            TantivySearch {
                current: RwLock::new(Arc::new(generation)),
                popular: RwLock::new(Arc::new(Vec::new())),
                disk: Some(folder),
            },
            said,
        ))
    }

    fn generation(&self) -> Arc<Generation> {
        self.current
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// Bytes the current index takes, for the benchmark's report.
    pub fn index_bytes(&self) -> Result<u64, SearchError> {
        let usage = self.generation().searcher.space_usage().map_err(failed)?;
        Ok(usage.total().get_bytes())
    }

    /// Builds a generation from `pages` (on disk when the index has a folder, named
    /// for `version`), then serves it; searches meanwhile use the previous one.
    async fn build_from(
        &self,
        version: Option<i64>,
        pages: &mut dyn DocumentPages,
    ) -> Result<(), SearchError> {
        let (partial, index) = match (&self.disk, version) {
            (Some(folder), Some(version)) => {
                let partial = folder.start(version).map_err(failed)?;
                let index = Index::create_in_dir(&partial, schema().0).map_err(failed)?;
                (Some(partial), index)
            }
            _ => (None, Index::create_in_ram(schema().0)),
        };
        let mut building = Building::new(index)?;
        while let Some(page) = pages.next_page().await? {
            for doc in &page {
                building.add(doc)?;
            }
        }
        let built = building.finish()?;
        let next = match (&self.disk, partial, version) {
            (Some(folder), Some(partial), Some(version)) => {
                let products = built.table.len() as u64;
                let done = folder
                    .finish(&partial, version, products, |out| built.write_facts(out))
                    .map_err(failed)?;
                let index = Index::open_in_dir(&done).map_err(failed)?;
                built.into_generation(index, Some(done))?
            }
            _ => {
                let index = built.index.clone();
                built.into_generation(index, None)?
            }
        };
        let next = Arc::new(next);
        let previous = std::mem::replace(
            &mut *self
                .current
                .write()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
            next.clone(),
        );
        if let (Some(folder), Some(done)) = (&self.disk, &next.folder) {
            let mut keep = vec![done.as_path()];
            keep.extend(previous.folder.as_deref());
            if let Err(err) = folder.prune(&keep) {
                tracing::warn!("old search indexes not removed: {err}");
            }
        }
        Ok(())
    }
}

fn register_tokenizers(index: &Index) {
    index.tokenizers().register(PLAIN, plain_analyzer());
    index.tokenizers().register(STEMMED, stemmed_analyzer());
    index.tokenizers().register(
        CODE,
        TextAnalyzer::builder(RawTokenizer::default())
            .filter(LowerCaser)
            .build(),
    );
}

/// The generation served before any is built: nothing indexed.
fn empty() -> Result<Generation, SearchError> {
    let building = Building::new(Index::create_in_ram(schema().0))?;
    let built = building.finish()?;
    let index = built.index.clone();
    built.into_generation(index, None)
}

/// A generation being built: documents are added as they are read.
struct Building {
    index: Index,
    writer: IndexWriter,
    fields: Fields,
    table: FacetTable,
    titles: Vec<(String, Option<String>)>,
    names: HashMap<String, Phrase>,
}

/// A generation whose index is written and committed.
struct Built {
    index: Index,
    fields: Fields,
    table: FacetTable,
    titles: Vec<(String, Option<String>)>,
    names: Vec<Phrase>,
}

impl Building {
    fn new(index: Index) -> Result<Building, SearchError> {
        register_tokenizers(&index);
        let writer = index
            .writer_with_num_threads::<TantivyDocument>(1, WRITER_BUDGET)
            .map_err(failed)?;
        Ok(Building {
            index,
            writer,
            fields: schema().1,
            table: FacetTable::default(),
            titles: Vec::new(),
            names: HashMap::new(),
        })
    }

    /// Adds one product; products come in ascending id order.
    fn add(&mut self, doc: &SearchDoc) -> Result<(), SearchError> {
        let fields = self.fields;
        let row = self
            .table
            .push(doc)
            .ok_or_else(|| failed(format!("product {} out of id order", doc.id)))?;
        let title = join(&doc.title, doc.heb_title.as_deref());
        let body = join(&doc.text, doc.heb_text.as_deref());
        let mut named = vec![&doc.vendor];
        named.extend(&doc.creators);
        named.extend(&doc.categories);
        let mut name_text = String::new();
        for n in named {
            for name in std::iter::once(n.name.as_str()).chain(n.heb_name.as_deref()) {
                name_text.push_str(name);
                name_text.push('\n');
                self.names
                    .entry(name.to_lowercase())
                    .or_insert_with(|| Phrase::new(name));
            }
        }
        let mut indexed = TantivyDocument::default();
        indexed.add_u64(fields.row, u64::from(row));
        let title = normalise(&title);
        let body = normalise(&body);
        indexed.add_text(fields.title, &title);
        indexed.add_text(fields.title_stem, &title);
        indexed.add_text(fields.names, normalise(&name_text));
        indexed.add_text(fields.body, &body);
        indexed.add_text(fields.body_stem, &body);
        for sku in &doc.skus {
            indexed.add_text(fields.sku, sku);
        }
        self.writer.add_document(indexed).map_err(failed)?;
        self.titles.push((doc.title.clone(), doc.heb_title.clone()));
        Ok(())
    }

    fn finish(mut self) -> Result<Built, SearchError> {
        self.writer.commit().map_err(failed)?;
        self.writer.wait_merging_threads().map_err(failed)?;
        let mut names: Vec<Phrase> = self
            .names
            .into_values()
            .filter(|p| !p.folded.trim().is_empty())
            .collect();
        names.sort_by(|a, b| a.text.cmp(&b.text));
        Ok(Built {
            index: self.index,
            fields: self.fields,
            table: self.table,
            titles: self.titles,
            names,
        })
    }
}

impl Built {
    /// The facts file: the table, then the titles by row, then the names.
    fn write_facts(&self, out: &mut Encoder<impl std::io::Write>) -> std::io::Result<()> {
        self.table.encode(out)?;
        out.count(self.titles.len())?;
        for (title, heb_title) in &self.titles {
            out.str(title)?;
            out.opt_str(heb_title.as_deref())?;
        }
        out.count(self.names.len())?;
        for name in &self.names {
            out.str(&name.text)?;
        }
        Ok(())
    }

    fn into_generation(
        self,
        index: Index,
        folder: Option<PathBuf>,
    ) -> Result<Generation, SearchError> {
        let (searcher, doc_rows) = open_searcher(&index)?;
        Ok(Generation {
            searcher,
            doc_rows,
            fields: self.fields,
            stemmer: stemmed_analyzer(),
            table: self.table,
            titles: self.titles,
            names: self.names,
            folder,
        })
    }
}

/// The searcher of a built index, and each segment's rows by document id.
fn open_searcher(index: &Index) -> Result<(Searcher, DocRows), SearchError> {
    let reader: IndexReader = index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .try_into()
        .map_err(failed)?;
    let searcher = reader.searcher();
    let doc_rows = searcher
        .segment_readers()
        .iter()
        .map(|segment| {
            let rows = segment.fast_fields().u64("row")?;
            Ok((0..segment.max_doc())
                .map(|doc| {
                    rows.first(doc)
                        .and_then(|row| u32::try_from(row).ok())
                        .unwrap_or(NO_ROW)
                })
                .collect())
        })
        .collect::<tantivy::Result<_>>()
        .map_err(failed)?;
    Ok((searcher, doc_rows))
}

/// Opens the generation in `folder` as its manifest describes it, or says why not.
fn load(folder: &Path, manifest: &Manifest) -> Result<Generation, String> {
    let facts = generations::check(folder, manifest)?;
    let damaged = || format!("{} cannot be read", generations::FACTS);
    let mut input = Decoder::new(&facts);
    let table = FacetTable::decode(&mut input).ok_or_else(damaged)?;
    let titles = (0..input.count().ok_or_else(damaged)?)
        .map(|_| Some((input.str()?.to_owned(), input.opt_str()?.map(str::to_owned))))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(damaged)?;
    let names = (0..input.count().ok_or_else(damaged)?)
        .map(|_| input.str().map(Phrase::new))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(damaged)?;
    if !input.is_done() || titles.len() != table.len() || table.len() as u64 != manifest.products {
        return Err(damaged());
    }
    let index = Index::open_in_dir(folder).map_err(|err| err.to_string())?;
    register_tokenizers(&index);
    let (searcher, doc_rows) = open_searcher(&index).map_err(|err| err.to_string())?;
    if searcher.num_docs() != manifest.products {
        return Err("the index does not hold every product".into());
    }
    Ok(Generation {
        searcher,
        doc_rows,
        fields: schema().1,
        stemmer: stemmed_analyzer(),
        table,
        titles,
        names,
        folder: Some(folder.to_owned()),
    })
}

fn join(english: &str, hebrew: Option<&str>) -> String {
    match hebrew {
        Some(h) => format!("{english}\n{h}"),
        None => english.to_owned(),
    }
}

fn boosted(query: impl Query + 'static, boost: f32) -> (Occur, Box<dyn Query>) {
    (
        Occur::Should,
        Box::new(BoostQuery::new(Box::new(query), boost)),
    )
}

impl Generation {
    fn stem(&self, word: &str) -> String {
        let mut analyzer = self.stemmer.clone();
        let mut stream = analyzer.token_stream(word);
        let mut out = word.to_owned();
        if stream.advance() {
            out = stream.token().text.clone();
        }
        out
    }

    /// Alternatives for one query word; `typing` marks the word still being typed.
    fn word_query(&self, word: &str, typing: bool, titles_only: bool) -> Box<dyn Query> {
        let f = self.fields;
        let term = |field, text: &str| Term::from_field_text(field, text);
        let exact =
            |field, text: &str| TermQuery::new(term(field, text), IndexRecordOption::WithFreqs);
        let stem = self.stem(word);
        let letters = word.chars().count();
        let mut alternatives = vec![
            boosted(exact(f.title, word), 4.0),
            boosted(exact(f.title_stem, &stem), 3.0),
        ];
        if !titles_only {
            alternatives.push(boosted(exact(f.names, word), 2.0));
            alternatives.push(boosted(exact(f.body_stem, &stem), 1.0));
        }
        // One typo only where a word is long enough for a typo to be one.
        if letters >= 4 {
            alternatives.push(boosted(
                FuzzyTermQuery::new(term(f.title, word), 1, true),
                1.5,
            ));
            if !titles_only {
                alternatives.push(boosted(
                    FuzzyTermQuery::new(term(f.names, word), 1, true),
                    1.0,
                ));
            }
        }
        if typing && letters >= 2 {
            let prefix = |field| FuzzyTermQuery::new_prefix(term(field, word), 0, true);
            alternatives.push(boosted(prefix(f.title), 2.5));
            if !titles_only {
                alternatives.push(boosted(prefix(f.names), 1.5));
                alternatives.push(boosted(prefix(f.body), 0.5));
            }
            if letters >= 4 {
                alternatives.push(boosted(
                    FuzzyTermQuery::new_prefix(term(f.title, word), 1, true),
                    1.0,
                ));
            }
        }
        Box::new(BooleanQuery::new(alternatives))
    }

    /// Every word must match (the last as it is being typed), or the whole text is a SKU.
    fn text_query(&self, text: &str, titles_only: bool) -> Option<Box<dyn Query>> {
        let folded = normalise(text);
        let all: Vec<&str> = words(&folded).collect();
        let (last, rest) = all.split_last()?;
        let mut each: Vec<(Occur, Box<dyn Query>)> = rest
            .iter()
            .map(|w| (Occur::Must, self.word_query(w, false, titles_only)))
            .collect();
        each.push((Occur::Must, self.word_query(last, true, titles_only)));
        let mut either = vec![(
            Occur::Should,
            Box::new(BooleanQuery::new(each)) as Box<dyn Query>,
        )];
        if !titles_only {
            let code = folded.trim();
            let sku = Term::from_field_text(self.fields.sku, code);
            either.push(boosted(
                TermQuery::new(sku.clone(), IndexRecordOption::Basic),
                6.0,
            ));
            either.push(boosted(FuzzyTermQuery::new_prefix(sku, 0, true), 3.0));
        }
        Some(Box::new(BooleanQuery::new(either)))
    }

    /// Every matching row, with its score when `scored` (an order that uses none
    /// saves tantivy scoring every match).
    fn matches(&self, query: &dyn Query, scored: bool) -> Result<Vec<(u32, f32)>, SearchError> {
        let all = AllMatches {
            doc_rows: &self.doc_rows,
            scored,
        };
        self.searcher.search(query, &all).map_err(failed)
    }

    fn title_suggestions(&self, text: &str, limit: usize) -> Result<Vec<String>, SearchError> {
        let Some(query) = self.text_query(text, true) else {
            return Ok(Vec::new());
        };
        let top = self
            .searcher
            .search(&query, &TopDocs::with_limit(limit).order_by_score())
            .map_err(failed)?;
        let hebrew = is_hebrew(text);
        let mut out = Vec::with_capacity(top.len());
        for (_, address) in top {
            let title = self
                .doc_rows
                .get(address.segment_ord as usize)
                .and_then(|rows| rows.get(address.doc_id as usize))
                .and_then(|row| self.titles.get(*row as usize));
            if let Some((title, heb_title)) = title {
                out.push(match heb_title {
                    Some(h) if hebrew => h.clone(),
                    _ => title.clone(),
                });
            }
        }
        Ok(out)
    }
}

/// Documents handed over whole, as one page.
struct OnePage(Option<Vec<SearchDoc>>);

#[async_trait]
impl DocumentPages for OnePage {
    async fn next_page(&mut self) -> Result<Option<Vec<SearchDoc>>, SearchError> {
        Ok(self.0.take())
    }
}

/// Collects every matching product's row, with its score or 0.
struct AllMatches<'a> {
    doc_rows: &'a [Arc<[u32]>],
    scored: bool,
}

struct SegmentMatches {
    rows: Arc<[u32]>,
    found: Vec<(u32, f32)>,
}

impl Collector for AllMatches<'_> {
    type Fruit = Vec<(u32, f32)>;
    type Child = SegmentMatches;

    fn for_segment(&self, ord: u32, _: &SegmentReader) -> tantivy::Result<SegmentMatches> {
        Ok(SegmentMatches {
            rows: self.doc_rows.get(ord as usize).cloned().unwrap_or_default(),
            found: Vec::new(),
        })
    }

    fn requires_scoring(&self) -> bool {
        self.scored
    }

    fn merge_fruits(&self, fruits: Vec<Vec<(u32, f32)>>) -> tantivy::Result<Vec<(u32, f32)>> {
        let mut all = Vec::with_capacity(fruits.iter().map(Vec::len).sum());
        fruits.into_iter().for_each(|found| all.extend(found));
        Ok(all)
    }
}

impl SegmentCollector for SegmentMatches {
    type Fruit = Vec<(u32, f32)>;

    fn collect(&mut self, doc: DocId, score: Score) {
        match self.rows.get(doc as usize) {
            Some(&row) if row != NO_ROW => self.found.push((row, score)),
            _ => {}
        }
    }

    fn harvest(self) -> Vec<(u32, f32)> {
        self.found
    }
}

#[async_trait]
impl SearchIndex for TantivySearch {
    /// Kept in memory whatever the index: with no catalogue version there is no
    /// generation to name (the refresher uses `rebuild_from`).
    async fn rebuild(&self, mut docs: Vec<SearchDoc>) -> Result<(), SearchError> {
        docs.sort_by_key(|d| d.id);
        docs.dedup_by_key(|d| d.id);
        self.build_from(None, &mut OnePage(Some(docs))).await
    }

    async fn rebuild_from(
        &self,
        version: i64,
        pages: &mut dyn DocumentPages,
    ) -> Result<(), SearchError> {
        self.build_from(Some(version), pages).await
    }

    async fn find(&self, query: &ProductQuery) -> Result<SearchHits, SearchError> {
        let generation = self.generation();
        let scored = match &query.text {
            None => None,
            Some(text) => Some(match generation.text_query(text, false) {
                Some(q) => generation.matches(q.as_ref(), query.ranked_by_score())?,
                // Text of punctuation only has no words to find.
                None => Vec::new(),
            }),
        };
        Ok(generation.table.refine(query, scored.as_deref()))
    }

    async fn suggest(&self, text: &str, limit: usize) -> Result<Vec<String>, SearchError> {
        let folded = normalise(text.trim());
        if folded.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let generation = self.generation();
        let popular = self
            .popular
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone();
        let names: Vec<&str> = generation
            .names
            .iter()
            .filter(|p| p.completes(&folded))
            .map(|p| p.text.as_str())
            .collect();
        // Titles come last; when names alone fill the list the index is not asked.
        let titles = if names.len() < limit {
            generation.title_suggestions(text, limit)?
        } else {
            Vec::new()
        };
        // Searches are counted folded to lower case; one that is also a name or a
        // title is shown as the catalogue spells it.
        let spelled: HashMap<String, &str> = names
            .iter()
            .copied()
            .chain(titles.iter().map(String::as_str))
            .map(|t| (t.to_lowercase(), t))
            .collect();
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let popular = popular.iter().filter(|p| p.completes(&folded)).map(|p| {
            spelled
                .get(&p.text.to_lowercase())
                .copied()
                .unwrap_or(&p.text)
        });
        for text in popular
            .chain(names.iter().copied())
            .chain(titles.iter().map(String::as_str))
        {
            if out.len() < limit && seen.insert(text.to_lowercase()) {
                out.push(text.to_owned());
            }
        }
        Ok(out)
    }

    async fn set_popular_searches(&self, searches: Vec<String>) -> Result<(), SearchError> {
        let phrases = searches.iter().map(|s| Phrase::new(s)).collect();
        *self
            .popular
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Arc::new(phrases);
        Ok(())
    }
}
