//! The embedded search engine: a tantivy index held in memory, rebuilt from the
//! catalogue whenever it changes. Memory, not disk, because the database is the
//! source of truth and a rebuild of 100,000 products takes seconds: there is no
//! index file to go stale, be corrupted or be lost.
//!
//! Text goes through `search::normalise` before tantivy sees it (Hebrew points off,
//! final letters folded), then one tokenizer splits words and an English stemmer
//! makes a second form of titles and descriptions. A query word matches exactly,
//! stemmed, with one typo (words of four letters or more), and, for the word being
//! typed, as a prefix from its second letter. Titles weigh most, then names (vendor,
//! creators, categories), then descriptions. Facets, order and pages are the
//! domain's `FacetTable`.

use async_trait::async_trait;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, RwLock};
use store_domain::facets::FacetTable;
use store_domain::ports::{SearchError, SearchIndex};
use store_domain::search::{ProductQuery, SearchDoc, SearchHits, is_hebrew, normalise, words};
use tantivy::collector::{Collector, SegmentCollector, TopDocs};
use tantivy::columnar::Column;
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{FAST, Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer,
};
use tantivy::{
    DocId, Index, IndexReader, ReloadPolicy, Score, SegmentReader, TantivyDocument, Term,
};

const PLAIN: &str = "store_plain";
const STEMMED: &str = "store_stemmed";
const CODE: &str = "store_code";
/// Memory the index writer may fill before it writes a segment.
const WRITER_BUDGET: usize = 40_000_000;

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

/// One complete index and everything built with it; swapped whole on rebuild.
struct Generation {
    reader: IndexReader,
    fields: Fields,
    stemmer: TextAnalyzer,
    table: FacetTable,
    /// English and Hebrew titles by row.
    titles: Vec<(String, Option<String>)>,
    names: Vec<Phrase>,
}

pub struct TantivySearch {
    current: RwLock<Arc<Generation>>,
    popular: RwLock<Arc<Vec<Phrase>>>,
}

impl TantivySearch {
    /// An empty index; `rebuild` fills it.
    pub fn new() -> Result<TantivySearch, SearchError> {
        Ok(TantivySearch {
            current: RwLock::new(Arc::new(build(&[])?)),
            popular: RwLock::new(Arc::new(Vec::new())),
        })
    }

    fn generation(&self) -> Arc<Generation> {
        self.current
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// Bytes the current index takes in memory, for the benchmark's report.
    pub fn index_bytes(&self) -> Result<u64, SearchError> {
        let usage = self
            .generation()
            .reader
            .searcher()
            .space_usage()
            .map_err(failed)?;
        Ok(usage.total().get_bytes())
    }
}

fn build(docs: &[SearchDoc]) -> Result<Generation, SearchError> {
    let (schema, fields) = schema();
    let index = Index::create_in_ram(schema);
    index.tokenizers().register(PLAIN, plain_analyzer());
    index.tokenizers().register(STEMMED, stemmed_analyzer());
    index.tokenizers().register(
        CODE,
        TextAnalyzer::builder(RawTokenizer::default())
            .filter(LowerCaser)
            .build(),
    );
    let mut writer = index
        .writer_with_num_threads::<TantivyDocument>(1, WRITER_BUDGET)
        .map_err(failed)?;
    let table = FacetTable::build(docs);
    let mut titles = vec![(String::new(), None); docs.len()];
    let mut names: HashMap<String, Phrase> = HashMap::new();
    for doc in docs {
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
                names
                    .entry(name.to_lowercase())
                    .or_insert_with(|| Phrase::new(name));
            }
        }
        let row = table
            .row_of(doc.id)
            .ok_or_else(|| failed("a document without a row"))?;
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
        writer.add_document(indexed).map_err(failed)?;
        titles[row as usize] = (doc.title.clone(), doc.heb_title.clone());
    }
    writer.commit().map_err(failed)?;
    writer.wait_merging_threads().map_err(failed)?;
    let reader = index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .try_into()
        .map_err(failed)?;
    let mut names: Vec<Phrase> = names
        .into_values()
        .filter(|p| !p.folded.trim().is_empty())
        .collect();
    names.sort_by(|a, b| a.text.cmp(&b.text));
    Ok(Generation {
        reader,
        fields,
        stemmer: stemmed_analyzer(),
        table,
        titles,
        names,
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

    fn matches(&self, query: &dyn Query) -> Result<Vec<(u32, f32)>, SearchError> {
        self.reader
            .searcher()
            .search(query, &AllMatches)
            .map_err(failed)
    }

    fn title_suggestions(&self, text: &str, limit: usize) -> Result<Vec<String>, SearchError> {
        let Some(query) = self.text_query(text, true) else {
            return Ok(Vec::new());
        };
        let searcher = self.reader.searcher();
        let top = searcher
            .search(&query, &TopDocs::with_limit(limit).order_by_score())
            .map_err(failed)?;
        let hebrew = is_hebrew(text);
        let mut out = Vec::with_capacity(top.len());
        for (_, address) in top {
            let rows = searcher
                .segment_reader(address.segment_ord)
                .fast_fields()
                .u64("row")
                .map_err(failed)?;
            let title = rows
                .first(address.doc_id)
                .and_then(|row| usize::try_from(row).ok())
                .and_then(|row| self.titles.get(row));
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

/// Collects every matching product's row with its score.
struct AllMatches;

struct SegmentMatches {
    rows: Column<u64>,
    found: Vec<(u32, f32)>,
}

impl Collector for AllMatches {
    type Fruit = Vec<(u32, f32)>;
    type Child = SegmentMatches;

    fn for_segment(&self, _: u32, segment: &SegmentReader) -> tantivy::Result<SegmentMatches> {
        Ok(SegmentMatches {
            rows: segment.fast_fields().u64("row")?,
            found: Vec::new(),
        })
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(&self, fruits: Vec<Vec<(u32, f32)>>) -> tantivy::Result<Vec<(u32, f32)>> {
        Ok(fruits.into_iter().flatten().collect())
    }
}

impl SegmentCollector for SegmentMatches {
    type Fruit = Vec<(u32, f32)>;

    fn collect(&mut self, doc: DocId, score: Score) {
        if let Some(row) = self.rows.first(doc).and_then(|r| u32::try_from(r).ok()) {
            self.found.push((row, score));
        }
    }

    fn harvest(self) -> Vec<(u32, f32)> {
        self.found
    }
}

#[async_trait]
impl SearchIndex for TantivySearch {
    async fn rebuild(&self, docs: Vec<SearchDoc>) -> Result<(), SearchError> {
        let next = Arc::new(build(&docs)?);
        *self
            .current
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = next;
        Ok(())
    }

    async fn find(&self, query: &ProductQuery) -> Result<SearchHits, SearchError> {
        let generation = self.generation();
        let scored = match &query.text {
            None => None,
            Some(text) => Some(match generation.text_query(text, false) {
                Some(q) => generation.matches(q.as_ref())?,
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
