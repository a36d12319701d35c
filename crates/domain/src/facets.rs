//! Narrowing, counting, ordering and paging a set of matching products: the part of
//! a search that is the same whatever found the products. Every index adapter builds
//! a `FacetTable` from its documents and hands it the products its text matching found
//! (or none, for a listing, which starts from the whole catalogue).
//!
//! Counts are disjunctive: values of one group are OR-ed and groups AND-ed, and each
//! group is counted with every selection but its own, so ticking "Red" still shows how
//! many "Blue" there are. One pass does it: a product failing no group is a hit and
//! counts everywhere; a product failing exactly one group counts in that group only.
//!
//! Broad listings (no text, nothing selected: the whole catalogue, or a category,
//! vendor or creator as a shopper first opens it) are the most asked and the most
//! costly, every product of the scope a hit. Their hits, counts and each sort's order
//! are worked out once per table, on first use, and kept: a page of one is then a
//! slice, however many products it holds.

use crate::catalog::{ListKind, NameValue, PER_PAGE, Sort};
use crate::money::Money;
use crate::search::{
    FacetCount, FacetGroup, Facets, PriceRange, ProductQuery, Scope, SearchDoc, SearchHits,
    Selection,
};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Matched rows are looked up this many at a time (see `visit_all`).
const BATCH: usize = 32;

/// A group lists at most this many values (the most frequent, and every selected one).
pub const MAX_FACET_VALUES: usize = 100;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum GroupKind {
    Category,
    Vendor,
    Creator,
    Filter(String),
    Variation(String),
}

struct ValueInfo {
    group: u32,
    /// The wire value: an id, or a "group_value" key.
    value: String,
    label: String,
    heb_label: Option<String>,
}

/// A short list per row, every row's end to end in one allocation.
struct Lists<T> {
    /// Where each row's list ends in `items`.
    ends: Vec<usize>,
    items: Vec<T>,
}

impl<T> Default for Lists<T> {
    fn default() -> Self {
        Lists {
            ends: Vec::new(),
            items: Vec::new(),
        }
    }
}

impl<T: Copy> Lists<T> {
    fn push(&mut self, items: impl IntoIterator<Item = T>) {
        self.items.extend(items);
        self.ends.push(self.items.len());
    }

    /// Appends a row's list of `len` items, each read by `item`; `None` when one cannot be.
    fn push_read(&mut self, len: usize, mut item: impl FnMut() -> Option<T>) -> Option<()> {
        for _ in 0..len {
            self.items.push(item()?);
        }
        self.ends.push(self.items.len());
        Some(())
    }

    fn get(&self, row: usize) -> &[T] {
        let start = row.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.items[start..self.ends[row]]
    }
}

/// The products' facts, a column each, rows in id order. A search walks tens of
/// thousands of rows; columns read memory in order, where a struct per row holding
/// boxed lists cost a cache miss per row (over half a search's time at a million).
#[derive(Default)]
struct Columns {
    ids: Vec<i64>,
    prices: Vec<i64>,
    /// `YYYYMMDD`, for ordering by release date.
    released: Vec<u32>,
    vendors: Vec<i64>,
    /// The category and its ancestors.
    trails: Lists<i64>,
    creators: Lists<i64>,
    /// Facet value ids, sorted.
    values: Lists<u32>,
}

impl Columns {
    fn len(&self) -> usize {
        self.ids.len()
    }

    /// Room for `rows` more rows, so reading a million grows nothing row by row.
    fn reserve(&mut self, rows: usize) {
        self.ids.reserve_exact(rows);
        self.prices.reserve_exact(rows);
        self.released.reserve_exact(rows);
        self.vendors.reserve_exact(rows);
        for ends in [
            &mut self.trails.ends,
            &mut self.creators.ends,
            &mut self.values.ends,
        ] {
            ends.reserve_exact(rows);
        }
    }

    fn in_scope(&self, row: usize, scope: Scope) -> bool {
        match scope.kind {
            ListKind::Category => self.trails.get(row).contains(&scope.id),
            ListKind::Vendor => self.vendors[row] == scope.id,
            ListKind::Creator => self.creators.get(row).contains(&scope.id),
        }
    }
}

/// The facet columns of every indexed product, built once per index generation.
#[derive(Default)]
pub struct FacetTable {
    /// In merchant order (by id), which is "relevance" for a listing.
    rows: Columns,
    /// The group of each value, apart from the rest of `ValueInfo` so counting a
    /// group touches only this.
    value_groups: Vec<u32>,
    values: Vec<ValueInfo>,
    lookup: HashMap<(u32, String), u32>,
    groups: Vec<GroupKind>,
    /// The Hebrew name of each filter or variation group, where the catalogue has one.
    group_heb_names: Vec<Option<String>>,
    group_ids: HashMap<GroupKind, u32>,
    /// The broad listings worked out so far, by scope (`None`: the whole catalogue).
    broad: Mutex<HashMap<Option<Scope>, Arc<Broad>>>,
}

/// A broad listing, worked out once: its hits in id order (relevance for a listing),
/// the facets of them all, and each other sort's order when first asked.
struct Broad {
    rows: Vec<u32>,
    facets: Facets,
    by_price_asc: OnceLock<Vec<u32>>,
    by_price_desc: OnceLock<Vec<u32>>,
    by_newest: OnceLock<Vec<u32>>,
}

/// The "group_value" key of a filter or variation value (spec 3).
pub fn group_value(pair: &NameValue) -> String {
    format!("{}_{}", pair.name, pair.value)
}

/// The first bytes of an encoded table, with its format's number: a file of another
/// format is refused, not misread.
const TABLE_MAGIC: &[u8] = b"facets/1";

/// Writes the compact binary form of facts (a [`FacetTable`], and what an index keeps
/// beside it): little-endian integers, and text as its length and UTF-8 bytes. Hand
/// made rather than a serde format: a million rows write and read in well under a
/// second with no dependency, and the reader checks every length it is given.
pub struct Encoder<W> {
    out: W,
}

impl<W: std::io::Write> Encoder<W> {
    pub fn new(out: W) -> Self {
        Encoder { out }
    }

    pub fn into_inner(self) -> W {
        self.out
    }

    pub fn bytes(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.out.write_all(bytes)
    }

    pub fn u32(&mut self, n: u32) -> std::io::Result<()> {
        self.bytes(&n.to_le_bytes())
    }

    pub fn i64(&mut self, n: i64) -> std::io::Result<()> {
        self.bytes(&n.to_le_bytes())
    }

    pub fn count(&mut self, n: usize) -> std::io::Result<()> {
        let n = u32::try_from(n).map_err(std::io::Error::other)?;
        self.u32(n)
    }

    pub fn str(&mut self, text: &str) -> std::io::Result<()> {
        self.count(text.len())?;
        self.bytes(text.as_bytes())
    }

    /// An absent text is written as a length no text has.
    pub fn opt_str(&mut self, text: Option<&str>) -> std::io::Result<()> {
        match text {
            Some(text) => self.str(text),
            None => self.u32(u32::MAX),
        }
    }
}

/// Reads what an [`Encoder`] wrote; every read is `None` past the end.
pub struct Decoder<'a> {
    input: &'a [u8],
}

impl<'a> Decoder<'a> {
    pub fn new(input: &'a [u8]) -> Self {
        Decoder { input }
    }

    /// Whether everything was read: trailing bytes mean a damaged file.
    pub fn is_done(&self) -> bool {
        self.input.is_empty()
    }

    pub fn bytes(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.input.len() {
            return None;
        }
        let (head, rest) = self.input.split_at(n);
        self.input = rest;
        Some(head)
    }

    pub fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.bytes(4)?.try_into().ok()?))
    }

    pub fn i64(&mut self) -> Option<i64> {
        Some(i64::from_le_bytes(self.bytes(8)?.try_into().ok()?))
    }

    /// A count; never more than the bytes left, so a damaged count cannot make a
    /// reader reserve gigabytes.
    pub fn count(&mut self) -> Option<usize> {
        let n = self.u32()? as usize;
        (n <= self.input.len()).then_some(n)
    }

    pub fn str(&mut self) -> Option<&'a str> {
        let n = self.count()?;
        std::str::from_utf8(self.bytes(n)?).ok()
    }

    pub fn opt_str(&mut self) -> Option<Option<&'a str>> {
        let n = self.u32()?;
        if n == u32::MAX {
            return Some(None);
        }
        let n = n as usize;
        std::str::from_utf8(self.bytes(n)?).ok().map(Some)
    }
}

impl FacetTable {
    pub fn build(docs: &[SearchDoc]) -> FacetTable {
        let mut table = FacetTable::default();
        let mut order: Vec<&SearchDoc> = docs.iter().collect();
        order.sort_by_key(|d| d.id);
        for doc in order {
            // Sorted and so ascending; a repeated id is a catalogue bug the index skips.
            table.push(doc);
        }
        table
    }

    /// Adds one product after those already in: a rebuild reads the catalogue page by
    /// page in id order and never holds it whole. Its row, or `None` (and nothing
    /// added) when `doc.id` is not above every id already in, as rows stay sorted by id
    /// for `row_of`.
    pub fn push(&mut self, doc: &SearchDoc) -> Option<u32> {
        if self.rows.ids.last().is_some_and(|last| *last >= doc.id) {
            return None;
        }
        // A table grown after a listing was kept would serve the smaller one.
        self.broad
            .get_mut()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clear();
        let mut values = Vec::new();
        if let Some(own) = doc.categories.last() {
            values.push(self.intern(
                GroupKind::Category,
                own.id.to_string(),
                &own.name,
                own.heb_name.as_deref(),
            ));
        }
        let vendor = &doc.vendor;
        values.push(self.intern(
            GroupKind::Vendor,
            vendor.id.to_string(),
            &vendor.name,
            vendor.heb_name.as_deref(),
        ));
        for creator in &doc.creators {
            values.push(self.intern(
                GroupKind::Creator,
                creator.id.to_string(),
                &creator.name,
                creator.heb_name.as_deref(),
            ));
        }
        for pair in &doc.filters {
            values.push(self.intern_pair(GroupKind::Filter(pair.name.clone()), pair));
        }
        for pair in &doc.options {
            values.push(self.intern_pair(GroupKind::Variation(pair.name.clone()), pair));
        }
        values.sort_unstable();
        values.dedup();
        let row = self.rows.len() as u32;
        let rows = &mut self.rows;
        rows.ids.push(doc.id);
        rows.prices.push(doc.price.cents());
        rows.released
            .push(doc.release_date.replace('-', "").parse().unwrap_or(0));
        rows.vendors.push(doc.vendor.id);
        rows.trails.push(doc.categories.iter().map(|c| c.id));
        rows.creators.push(doc.creators.iter().map(|c| c.id));
        rows.values.push(values);
        Some(row)
    }

    /// How many products the table holds.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.ids.is_empty()
    }

    /// Writes the table in the compact form `decode` reads: a search index kept on
    /// disk opens without the catalogue. Only the facts are written (no lookups, no
    /// kept listings): those are rebuilt on decoding.
    pub fn encode(&self, out: &mut Encoder<impl std::io::Write>) -> std::io::Result<()> {
        out.bytes(TABLE_MAGIC)?;
        out.count(self.groups.len())?;
        for (kind, heb) in self.groups.iter().zip(&self.group_heb_names) {
            let (tag, name) = match kind {
                GroupKind::Category => (0, ""),
                GroupKind::Vendor => (1, ""),
                GroupKind::Creator => (2, ""),
                GroupKind::Filter(name) => (3, name.as_str()),
                GroupKind::Variation(name) => (4, name.as_str()),
            };
            out.u32(tag)?;
            out.str(name)?;
            out.opt_str(heb.as_deref())?;
        }
        out.count(self.values.len())?;
        for value in &self.values {
            out.u32(value.group)?;
            out.str(&value.value)?;
            out.str(&value.label)?;
            out.opt_str(value.heb_label.as_deref())?;
        }
        let rows = &self.rows;
        out.count(rows.len())?;
        for row in 0..rows.len() {
            out.i64(rows.ids[row])?;
            out.i64(rows.prices[row])?;
            out.u32(rows.released[row])?;
            out.i64(rows.vendors[row])?;
            let trail = rows.trails.get(row);
            out.count(trail.len())?;
            trail.iter().try_for_each(|id| out.i64(*id))?;
            let creators = rows.creators.get(row);
            out.count(creators.len())?;
            creators.iter().try_for_each(|id| out.i64(*id))?;
            let values = rows.values.get(row);
            out.count(values.len())?;
            values.iter().try_for_each(|v| out.u32(*v))?;
        }
        Ok(())
    }

    /// Reads what `encode` wrote; `None` for anything else (a damaged or foreign
    /// file), never a panic: every length and reference is checked.
    pub fn decode(input: &mut Decoder<'_>) -> Option<FacetTable> {
        if input.bytes(TABLE_MAGIC.len())? != TABLE_MAGIC {
            return None;
        }
        let mut table = FacetTable::default();
        for _ in 0..input.count()? {
            let tag = input.u32()?;
            let name = input.str()?.to_owned();
            let heb = input.opt_str()?.map(str::to_owned);
            let kind = match tag {
                0 => GroupKind::Category,
                1 => GroupKind::Vendor,
                2 => GroupKind::Creator,
                3 => GroupKind::Filter(name),
                4 => GroupKind::Variation(name),
                _ => return None,
            };
            let group = table.groups.len() as u32;
            if table.group_ids.insert(kind.clone(), group).is_some() {
                return None;
            }
            table.groups.push(kind);
            table.group_heb_names.push(heb);
        }
        for id in 0..input.count()? as u32 {
            let group = input.u32()?;
            if group as usize >= table.groups.len() {
                return None;
            }
            let value = input.str()?.to_owned();
            let label = input.str()?.to_owned();
            let heb_label = input.opt_str()?.map(str::to_owned);
            table.lookup.insert((group, value.clone()), id);
            table.value_groups.push(group);
            table.values.push(ValueInfo {
                group,
                value,
                label,
                heb_label,
            });
        }
        let count = input.count()?;
        let known_values = table.values.len();
        let rows = &mut table.rows;
        rows.reserve(count);
        for row in 0..count {
            let id = input.i64()?;
            if rows.ids.last().is_some_and(|last| *last >= id) {
                return None;
            }
            rows.ids.push(id);
            rows.prices.push(input.i64()?);
            rows.released.push(input.u32()?);
            rows.vendors.push(input.i64()?);
            rows.trails.push_read(input.count()?, || input.i64())?;
            rows.creators.push_read(input.count()?, || input.i64())?;
            rows.values.push_read(input.count()?, || input.u32())?;
            if rows
                .values
                .get(row)
                .iter()
                .any(|v| *v as usize >= known_values)
            {
                return None;
            }
        }
        Some(table)
    }

    /// A filter or variation value; its group takes the first Hebrew name seen for it.
    fn intern_pair(&mut self, kind: GroupKind, pair: &NameValue) -> u32 {
        let id = self.intern(
            kind,
            group_value(pair),
            &pair.value,
            pair.heb_value.as_deref(),
        );
        let group = &mut self.group_heb_names[self.value_groups[id as usize] as usize];
        if group.is_none() {
            group.clone_from(&pair.heb_name);
        }
        id
    }

    fn intern(
        &mut self,
        kind: GroupKind,
        value: String,
        label: &str,
        heb_label: Option<&str>,
    ) -> u32 {
        let group = match self.group_ids.get(&kind) {
            Some(g) => *g,
            None => {
                let g = self.groups.len() as u32;
                self.groups.push(kind.clone());
                self.group_heb_names.push(None);
                self.group_ids.insert(kind, g);
                g
            }
        };
        let key = (group, value);
        if let Some(id) = self.lookup.get(&key) {
            return *id;
        }
        let id = self.values.len() as u32;
        self.value_groups.push(group);
        self.values.push(ValueInfo {
            group,
            value: key.1.clone(),
            label: label.to_owned(),
            heb_label: heb_label.map(str::to_owned),
        });
        self.lookup.insert(key, id);
        id
    }

    /// The row of product `id`: what a text search hands back to `refine`.
    pub fn row_of(&self, id: i64) -> Option<u32> {
        self.rows.ids.binary_search(&id).ok().map(|i| i as u32)
    }

    /// Narrows, counts, orders and pages. `scored` holds the rows (see `row_of`) a
    /// text search matched, with their scores; `None` means every product (a listing).
    pub fn refine(&self, query: &ProductQuery, scored: Option<&[(u32, f32)]>) -> SearchHits {
        if scored.is_none() && query.selection == Selection::default() {
            return self.broad_page(query);
        }
        self.walk(query, scored)
    }

    /// A page of a broad listing from what is kept of it.
    fn broad_page(&self, query: &ProductQuery) -> SearchHits {
        let broad = self.broad(query.scope);
        let order = match query.sort {
            Sort::Relevant => &broad.rows,
            Sort::PriceAsc => broad
                .by_price_asc
                .get_or_init(|| self.sorted(&broad, query)),
            Sort::PriceDesc => broad
                .by_price_desc
                .get_or_init(|| self.sorted(&broad, query)),
            Sort::Newest => broad.by_newest.get_or_init(|| self.sorted(&broad, query)),
        };
        let offset = query.offset().min(order.len());
        let end = (offset + PER_PAGE as usize).min(order.len());
        SearchHits {
            ids: order[offset..end]
                .iter()
                .map(|row| self.rows.ids[*row as usize])
                .collect(),
            total: broad.rows.len() as u64,
            facets: broad.facets.clone(),
        }
    }

    /// The broad listing of `scope`, worked out by one walk the first time. Two first
    /// requests at once may both walk; the first kept wins, and both are right.
    fn broad(&self, scope: Option<Scope>) -> Arc<Broad> {
        let kept = |table: &FacetTable| {
            table
                .broad
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .get(&scope)
                .cloned()
        };
        if let Some(broad) = kept(self) {
            return broad;
        }
        let every = ProductQuery {
            text: None,
            scope,
            selection: Selection::default(),
            sort: Sort::Relevant,
            page: 1,
        };
        let (rows, facets) = self.walk_all(&every);
        let broad = Arc::new(Broad {
            rows,
            facets,
            by_price_asc: OnceLock::new(),
            by_price_desc: OnceLock::new(),
            by_newest: OnceLock::new(),
        });
        self.broad
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .entry(scope)
            .or_insert(broad)
            .clone()
    }

    /// `broad`'s rows in `query`'s sort order.
    fn sorted(&self, broad: &Broad, query: &ProductQuery) -> Vec<u32> {
        let mut hits: Vec<(u32, f32)> = broad.rows.iter().map(|row| (*row, 0.0)).collect();
        hits.sort_unstable_by(self.order(query));
        hits.into_iter().map(|(row, _)| row).collect()
    }

    /// Every hit of `query` in id order, and the facets: one walk, no page.
    fn walk_all(&self, query: &ProductQuery) -> (Vec<u32>, Facets) {
        let (hits, counts, chosen, price) = self.visit_all(query, None);
        let facets = self.facets(&counts, &chosen, price);
        (hits.into_iter().map(|(row, _)| row).collect(), facets)
    }

    /// The general case: one walk over the matched (or every) product.
    fn walk(&self, query: &ProductQuery, scored: Option<&[(u32, f32)]>) -> SearchHits {
        let (hits, counts, chosen, price) = self.visit_all(query, scored);
        let total = hits.len() as u64;
        let ids = self.page(hits, query);
        SearchHits {
            ids,
            total,
            facets: self.facets(&counts, &chosen, price),
        }
    }

    /// The walk itself: the hits (in the order visited), each value's count, the
    /// selection as value ids, and the price range.
    #[allow(clippy::type_complexity)]
    fn visit_all(
        &self,
        query: &ProductQuery,
        scored: Option<&[(u32, f32)]>,
    ) -> (
        Vec<(u32, f32)>,
        Vec<u64>,
        Vec<(u32, Vec<u32>)>,
        Option<(i64, i64)>,
    ) {
        let chosen = self.resolve(&query.selection);
        let rows = &self.rows;
        let price_ok = |price: i64| {
            query.selection.price_min.is_none_or(|m| price >= m.cents())
                && query.selection.price_max.is_none_or(|m| price <= m.cents())
        };
        let mut counts = vec![0u64; self.values.len()];
        let mut range: Option<(i64, i64)> = None;
        let mut hits: Vec<(u32, f32)> = Vec::with_capacity(scored.map_or(0, <[_]>::len));

        let mut visit = |index: u32, score: f32| {
            let row = index as usize;
            if query.scope.is_some_and(|scope| !rows.in_scope(row, scope)) {
                return;
            }
            let (values, price) = (rows.values.get(row), rows.prices[row]);
            // The one failing group, if exactly one fails; the price counts as a group.
            let mut failing: Option<Option<u32>> = None;
            let mut failures = 0;
            for (group, keys) in &chosen {
                if !values.iter().any(|v| keys.binary_search(v).is_ok()) {
                    failures += 1;
                    failing = Some(Some(*group));
                }
            }
            if !price_ok(price) {
                failures += 1;
                failing = Some(None);
            }
            match (failures, failing) {
                (0, _) => {
                    hits.push((index, score));
                    for v in values {
                        counts[*v as usize] += 1;
                    }
                    widen(&mut range, price);
                }
                (1, Some(None)) => widen(&mut range, price),
                (1, Some(Some(group))) => {
                    for v in values
                        .iter()
                        .filter(|v| self.value_groups[**v as usize] == group)
                    {
                        counts[*v as usize] += 1;
                    }
                }
                _ => {}
            }
        };
        match scored {
            None => (0..self.rows.len() as u32).for_each(|i| visit(i, 0.0)),
            Some(scored) => {
                // A text search's rows lie scattered over the table, a cache miss or
                // more each. A batch's facts are first read in a loop of loads that
                // wait on nothing, so their misses overlap; the visit finds them cached.
                // A row the table does not have is passed over.
                let known = |hit: &&(u32, f32)| (hit.0 as usize) < rows.len();
                for batch in scored.chunks(BATCH) {
                    let mut read = 0u64;
                    for (row, _) in batch.iter().filter(known) {
                        let row = *row as usize;
                        read ^= rows.prices[row] as u64 ^ rows.values.get(row).len() as u64;
                    }
                    for (row, _) in batch.iter().filter(known) {
                        let first = rows.values.get(*row as usize).first().copied();
                        read ^= u64::from(first.unwrap_or(0));
                    }
                    std::hint::black_box(read);
                    for (row, score) in batch.iter().filter(known) {
                        visit(*row, *score);
                    }
                }
            }
        }

        (hits, counts, chosen, range)
    }

    /// The selection as value ids per group, sorted for binary search. A value the
    /// table does not know selects its group but matches nothing.
    fn resolve(&self, selection: &Selection) -> Vec<(u32, Vec<u32>)> {
        let mut chosen: HashMap<u32, Vec<u32>> = HashMap::new();
        let mut choose = |kind: GroupKind, value: &str| {
            let Some(group) = self.group_ids.get(&kind) else {
                // An unknown group: mark it with a group id nothing has.
                chosen.entry(u32::MAX).or_default();
                return;
            };
            let entry = chosen.entry(*group).or_default();
            if let Some(id) = self.lookup.get(&(*group, value.to_owned())) {
                entry.push(*id);
            }
        };
        for v in &selection.categories {
            choose(GroupKind::Category, v);
        }
        for v in &selection.vendors {
            choose(GroupKind::Vendor, v);
        }
        for v in &selection.creators {
            choose(GroupKind::Creator, v);
        }
        for v in &selection.filters {
            choose(GroupKind::Filter(group_name(v).to_owned()), v);
        }
        for v in &selection.variations {
            choose(GroupKind::Variation(group_name(v).to_owned()), v);
        }
        let mut chosen: Vec<(u32, Vec<u32>)> = chosen.into_iter().collect();
        for (_, keys) in &mut chosen {
            keys.sort_unstable();
        }
        chosen.sort_unstable_by_key(|(group, _)| *group);
        chosen
    }

    /// How `query` orders two hits.
    fn order<'a>(
        &'a self,
        query: &'a ProductQuery,
    ) -> impl Fn(&(u32, f32), &(u32, f32)) -> Ordering + Copy + 'a {
        let (prices, released) = (&self.rows.prices, &self.rows.released);
        // Rows are in id order, so comparing rows compares ids.
        let by_id = |a: u32, b: u32| a.cmp(&b);
        let by_score = query.ranked_by_score();
        move |a: &(u32, f32), b: &(u32, f32)| -> Ordering {
            let (ra, rb) = (a.0 as usize, b.0 as usize);
            match query.sort {
                // Outside search, relevance is the merchant's own order: the ids.
                Sort::Relevant if by_score => b.1.total_cmp(&a.1).then(by_id(a.0, b.0)),
                Sort::Relevant => by_id(a.0, b.0),
                Sort::PriceAsc => prices[ra].cmp(&prices[rb]).then(by_id(a.0, b.0)),
                Sort::PriceDesc => prices[rb].cmp(&prices[ra]).then(by_id(b.0, a.0)),
                Sort::Newest => released[rb].cmp(&released[ra]).then(by_id(b.0, a.0)),
            }
        }
    }

    /// Orders the hits and cuts out the query's page, sorting only as far as needed.
    fn page(&self, mut hits: Vec<(u32, f32)>, query: &ProductQuery) -> Vec<i64> {
        let ids = &self.rows.ids;
        let order = self.order(query);
        let offset = query.offset();
        if offset >= hits.len() {
            return Vec::new();
        }
        let end = (offset + PER_PAGE as usize).min(hits.len());
        if end < hits.len() {
            hits.select_nth_unstable_by(end, order);
            hits.truncate(end);
        }
        hits.sort_unstable_by(order);
        hits[offset..end]
            .iter()
            .map(|(i, _)| ids[*i as usize])
            .collect()
    }

    fn facets(
        &self,
        counts: &[u64],
        chosen: &[(u32, Vec<u32>)],
        price: Option<(i64, i64)>,
    ) -> Facets {
        let selected = |v: u32| {
            chosen
                .iter()
                .any(|(_, keys)| keys.binary_search(&v).is_ok())
        };
        let mut by_group: Vec<Vec<FacetCount>> = vec![Vec::new(); self.groups.len()];
        for (id, info) in self.values.iter().enumerate() {
            let id = id as u32;
            let is_selected = selected(id);
            if counts[id as usize] > 0 || is_selected {
                by_group[info.group as usize].push(FacetCount {
                    value: info.value.clone(),
                    label: info.label.clone(),
                    heb_label: info.heb_label.clone(),
                    count: counts[id as usize],
                    selected: is_selected,
                });
            }
        }
        let mut facets = Facets {
            price: price.map(|(min, max)| PriceRange {
                min: Money::from_cents(min),
                max: Money::from_cents(max),
            }),
            ..Facets::default()
        };
        for (group, mut values) in by_group.into_iter().enumerate() {
            if values.is_empty() {
                continue;
            }
            values.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label)));
            keep_top(&mut values);
            match &self.groups[group] {
                GroupKind::Category => facets.categories = values,
                GroupKind::Vendor => facets.vendors = values,
                GroupKind::Creator => facets.creators = values,
                GroupKind::Filter(name) => facets.filters.push(FacetGroup {
                    name: name.clone(),
                    heb_name: self.group_heb_names[group].clone(),
                    values,
                }),
                GroupKind::Variation(name) => facets.variations.push(FacetGroup {
                    name: name.clone(),
                    heb_name: self.group_heb_names[group].clone(),
                    values,
                }),
            }
        }
        facets.filters.sort_by(|a, b| a.name.cmp(&b.name));
        facets.variations.sort_by(|a, b| a.name.cmp(&b.name));
        facets
    }
}

/// The group name of a "group_value" key: everything before the first underscore.
fn group_name(key: &str) -> &str {
    key.split_once('_').map_or(key, |(name, _)| name)
}

fn widen(range: &mut Option<(i64, i64)>, price: i64) {
    *range = Some(match *range {
        None => (price, price),
        Some((min, max)) => (min.min(price), max.max(price)),
    });
}

/// Keeps the most frequent values and every selected one.
fn keep_top(values: &mut Vec<FacetCount>) {
    let mut kept = 0;
    values.retain(|v| {
        kept += 1;
        kept <= MAX_FACET_VALUES || v.selected
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Named;

    fn named(id: i64, name: &str) -> Named {
        Named {
            id,
            name: name.into(),
            heb_name: None,
        }
    }

    fn pair(name: &str, value: &str) -> NameValue {
        NameValue {
            name: name.into(),
            value: value.into(),
            heb_name: None,
            heb_value: None,
        }
    }

    /// Three candles and a mug: ids 1..=4, prices 10, 20, 30, 40 dollars.
    fn docs() -> Vec<SearchDoc> {
        let doc = |id: i64, colour: &str, category: i64, vendor: i64, released: &str| SearchDoc {
            id,
            title: format!("Item {id}"),
            heb_title: None,
            text: String::new(),
            heb_text: None,
            skus: vec![],
            vendor: named(vendor, &format!("Vendor {vendor}")),
            creators: vec![],
            categories: vec![
                named(100, "Home"),
                named(category, &format!("Cat {category}")),
            ],
            filters: vec![pair("Colour", colour)],
            options: if id == 1 {
                vec![pair("Size", "Large"), pair("Size", "Small")]
            } else {
                vec![]
            },
            price: Money::from_cents(id * 1000),
            release_date: released.into(),
        };
        vec![
            doc(4, "Blue", 11, 2, "2024-01-01"),
            doc(1, "Red", 10, 1, "2023-05-01"),
            doc(2, "Blue", 10, 1, "2025-02-01"),
            doc(3, "Red", 10, 2, "2022-01-01"),
        ]
    }

    fn query(selection: Selection, sort: Sort) -> ProductQuery {
        ProductQuery {
            text: None,
            scope: None,
            selection,
            sort,
            page: 1,
        }
    }

    fn count(values: &[FacetCount], value: &str) -> Option<u64> {
        values.iter().find(|v| v.value == value).map(|v| v.count)
    }

    #[test]
    fn a_broad_listing_kept_pages_as_a_walk_would() {
        // Sixty products over two categories and three vendors, prices and dates
        // repeating, so that pages run past the first and ties are broken by id.
        let many: Vec<SearchDoc> = (1..=60)
            .map(|id| {
                let mut doc = docs()[(id % 4) as usize].clone();
                doc.id = id;
                doc.price = Money::from_cents((id * 37 % 11) * 100);
                doc.release_date = format!("2024-0{}-01", id % 9 + 1);
                doc.vendor = named(id % 3, "Vendor");
                doc
            })
            .collect();
        let table = FacetTable::build(&many);
        let scopes = [
            None,
            Some(Scope {
                kind: ListKind::Category,
                id: 10,
            }),
            Some(Scope {
                kind: ListKind::Category,
                id: 100,
            }),
            Some(Scope {
                kind: ListKind::Vendor,
                id: 2,
            }),
            Some(Scope {
                kind: ListKind::Category,
                id: 11,
            }),
            Some(Scope {
                kind: ListKind::Creator,
                id: 9,
            }),
        ];
        for scope in scopes {
            for sort in [
                Sort::Relevant,
                Sort::PriceAsc,
                Sort::PriceDesc,
                Sort::Newest,
            ] {
                for page in [1, 2, 3, 4] {
                    let query = ProductQuery {
                        scope,
                        page,
                        ..query(Selection::default(), sort)
                    };
                    // Twice: worked out, then from what was kept.
                    for _ in 0..2 {
                        assert_eq!(
                            table.refine(&query, None),
                            table.walk(&query, None),
                            "{query:?}"
                        );
                    }
                }
            }
        }
        assert_eq!(table.broad.lock().unwrap().len(), scopes.len());
    }

    /// Every kind of question a table answers, for comparing two tables.
    fn answers(table: &FacetTable) -> Vec<SearchHits> {
        let red = Selection {
            filters: vec!["Colour_Red".into()],
            ..Selection::default()
        };
        let scoped = ProductQuery {
            scope: Some(Scope {
                kind: ListKind::Vendor,
                id: 2,
            }),
            ..query(Selection::default(), Sort::PriceDesc)
        };
        vec![
            table.refine(&query(Selection::default(), Sort::Relevant), None),
            table.refine(&query(Selection::default(), Sort::Newest), None),
            table.refine(&query(red.clone(), Sort::PriceAsc), None),
            table.refine(&scoped, None),
            table.refine(&query(red, Sort::Relevant), Some(&[(2, 1.0), (0, 2.0)])),
        ]
    }

    fn encoded(table: &FacetTable) -> Vec<u8> {
        let mut out = Encoder::new(Vec::new());
        table.encode(&mut out).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_decoded_table_answers_as_the_one_encoded() {
        let table = FacetTable::build(&docs());
        let bytes = encoded(&table);
        let mut input = Decoder::new(&bytes);
        let decoded = FacetTable::decode(&mut input).unwrap();
        assert!(input.is_done());
        assert_eq!(answers(&decoded), answers(&table));
        assert_eq!(decoded.row_of(3), table.row_of(3));
    }

    #[test]
    fn a_damaged_encoding_is_refused_or_read_without_a_panic() {
        let bytes = encoded(&FacetTable::build(&docs()));
        for cut in 0..bytes.len() {
            let read = FacetTable::decode(&mut Decoder::new(&bytes[..cut]));
            assert!(read.is_none(), "cut at {cut} of {}", bytes.len());
        }
        for at in 0..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[at] ^= 0xFF;
            // Whatever it reads, it reads without panicking or reserving wildly;
            // the checksum beside the file is what tells a flipped byte.
            let _ = FacetTable::decode(&mut Decoder::new(&flipped));
        }
    }

    #[test]
    fn pushed_in_id_order_a_table_is_the_one_built_at_once() {
        let mut sorted = docs();
        sorted.sort_by_key(|d| d.id);
        let mut pushed = FacetTable::default();
        for (row, doc) in sorted.iter().enumerate() {
            assert_eq!(pushed.push(doc), Some(row as u32));
        }
        assert_eq!(pushed.push(&sorted[1]), None, "an id not above the last");
        assert_eq!(pushed.len(), 4);
        assert_eq!(answers(&pushed), answers(&FacetTable::build(&docs())));
    }

    #[test]
    fn a_listing_is_every_product_in_id_order_with_counts() {
        let table = FacetTable::build(&docs());
        let hits = table.refine(&query(Selection::default(), Sort::Relevant), None);
        assert_eq!(hits.ids, [1, 2, 3, 4]);
        assert_eq!(hits.total, 4);
        assert_eq!(count(&hits.facets.categories, "10"), Some(3));
        assert_eq!(count(&hits.facets.vendors, "2"), Some(2));
        assert_eq!(hits.facets.filters[0].name, "Colour");
        assert_eq!(count(&hits.facets.filters[0].values, "Colour_Red"), Some(2));
        assert_eq!(
            count(&hits.facets.variations[0].values, "Size_Small"),
            Some(1)
        );
        assert_eq!(
            hits.facets.price,
            Some(PriceRange {
                min: Money::from_cents(1000),
                max: Money::from_cents(4000)
            })
        );
    }

    #[test]
    fn counts_are_disjunctive_within_a_group_and_conjunctive_across() {
        let table = FacetTable::build(&docs());
        let selection = Selection {
            filters: vec!["Colour_Red".into()],
            vendors: vec!["1".into()],
            ..Selection::default()
        };
        let hits = table.refine(&query(selection, Sort::Relevant), None);
        assert_eq!(hits.ids, [1]);
        let colours = &hits.facets.filters[0].values;
        // Vendor 1 has one red and one blue product: both counted, red selected.
        assert_eq!(count(colours, "Colour_Red"), Some(1));
        assert_eq!(count(colours, "Colour_Blue"), Some(1));
        assert!(
            colours
                .iter()
                .find(|v| v.value == "Colour_Red")
                .unwrap()
                .selected
        );
        // Red products come from vendors 1 and 2.
        assert_eq!(count(&hits.facets.vendors, "1"), Some(1));
        assert_eq!(count(&hits.facets.vendors, "2"), Some(1));
    }

    #[test]
    fn the_price_range_narrows_the_hits_but_not_its_own_bounds() {
        let table = FacetTable::build(&docs());
        let selection = Selection {
            price_min: Some(Money::from_cents(1500)),
            price_max: Some(Money::from_cents(3000)),
            ..Selection::default()
        };
        let hits = table.refine(&query(selection, Sort::PriceDesc), None);
        assert_eq!(hits.ids, [3, 2]);
        let range = hits.facets.price.unwrap();
        assert_eq!((range.min.cents(), range.max.cents()), (1000, 4000));
        assert_eq!(count(&hits.facets.categories, "11"), None);
    }

    #[test]
    fn each_sort_orders_as_named() {
        let table = FacetTable::build(&docs());
        let ids = |sort| table.refine(&query(Selection::default(), sort), None).ids;
        assert_eq!(ids(Sort::PriceAsc), [1, 2, 3, 4]);
        assert_eq!(ids(Sort::PriceDesc), [4, 3, 2, 1]);
        assert_eq!(ids(Sort::Newest), [2, 4, 1, 3]);
    }

    #[test]
    fn ties_go_by_id_each_way_and_a_walk_orders_as_a_kept_listing() {
        let mut same_price = docs();
        same_price.iter_mut().for_each(|d| {
            d.price = Money::from_cents(500);
            d.release_date = "2024-01-01".into();
        });
        let table = FacetTable::build(&same_price);
        let every = Selection {
            categories: vec!["10".into(), "11".into()],
            ..Selection::default()
        };
        for (sort, expected) in [
            (Sort::Relevant, [1, 2, 3, 4]),
            (Sort::PriceAsc, [1, 2, 3, 4]),
            (Sort::PriceDesc, [4, 3, 2, 1]),
            (Sort::Newest, [4, 3, 2, 1]),
        ] {
            let kept = table.refine(&query(Selection::default(), sort), None).ids;
            let walked = table.refine(&query(every.clone(), sort), None).ids;
            assert_eq!(kept, expected, "{sort:?}");
            assert_eq!(walked, expected, "{sort:?}");
        }
    }

    #[test]
    fn scored_hits_come_best_first_and_only_those_matched() {
        let table = FacetTable::build(&docs());
        let hits = table.refine(
            &ProductQuery {
                text: Some("x".into()),
                ..query(Selection::default(), Sort::Relevant)
            },
            Some(&[
                (table.row_of(3).unwrap(), 0.5),
                (table.row_of(2).unwrap(), 2.0),
                (99, 9.0),
            ]),
        );
        assert_eq!(hits.ids, [2, 3]);
        assert_eq!(hits.total, 2);
    }

    #[test]
    fn scope_limits_a_listing_to_its_category_tree_vendor_or_creator() {
        let table = FacetTable::build(&docs());
        let scoped = |kind, id| {
            let mut q = query(Selection::default(), Sort::Relevant);
            q.scope = Some(Scope { kind, id });
            table.refine(&q, None).ids
        };
        assert_eq!(scoped(ListKind::Category, 100), [1, 2, 3, 4]);
        assert_eq!(scoped(ListKind::Category, 11), [4]);
        assert_eq!(scoped(ListKind::Vendor, 2), [3, 4]);
        assert!(scoped(ListKind::Creator, 5).is_empty());
    }

    #[test]
    fn an_unknown_value_or_group_matches_nothing() {
        let table = FacetTable::build(&docs());
        for selection in [
            Selection {
                filters: vec!["Colour_Green".into()],
                ..Selection::default()
            },
            Selection {
                filters: vec!["Shape_Round".into()],
                ..Selection::default()
            },
        ] {
            let hits = table.refine(&query(selection, Sort::Relevant), None);
            assert_eq!(hits.total, 0);
        }
    }

    #[test]
    fn pages_cut_the_ordered_hits() {
        let many: Vec<SearchDoc> = (1..=30)
            .map(|id| SearchDoc {
                id,
                ..docs()[0].clone()
            })
            .collect();
        let table = FacetTable::build(&many);
        let mut q = query(Selection::default(), Sort::Relevant);
        q.page = 2;
        let hits = table.refine(&q, None);
        assert_eq!(hits.ids, (25..=30).collect::<Vec<_>>());
        q.page = 3;
        assert!(table.refine(&q, None).ids.is_empty());
    }
}
