//! Search's wire types: results with their facets, and suggestions.

use crate::api::catalog::wire::{ProductCard, SortValue, cards, cents};
use poem_openapi::Object;
use store_domain::browse;
use store_domain::catalog as domain;
use store_domain::search::{self, Selection};

/// One facet value: send `value` back in its parameter to select it.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct FacetValue {
    pub value: String,
    pub label: String,
    pub heb_label: Option<String>,
    pub count: u64,
    pub selected: bool,
}

impl From<search::FacetCount> for FacetValue {
    fn from(c: search::FacetCount) -> Self {
        FacetValue {
            value: c.value,
            label: c.label,
            heb_label: c.heb_label,
            count: c.count,
            selected: c.selected,
        }
    }
}

/// Values of one filter or variation option, e.g. "Material".
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct FacetGroup {
    pub name: String,
    pub heb_name: Option<String>,
    pub values: Vec<FacetValue>,
}

fn values(list: Vec<search::FacetCount>) -> Vec<FacetValue> {
    list.into_iter().map(FacetValue::from).collect()
}

fn groups(list: Vec<search::FacetGroup>) -> Vec<FacetGroup> {
    list.into_iter()
        .map(|g| FacetGroup {
            name: g.name,
            heb_name: g.heb_name,
            values: values(g.values),
        })
        .collect()
}

/// Cents: the lowest and highest price among the products matching all but the
/// price range, and the range asked for.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PriceRange {
    pub min: i64,
    pub max: i64,
    pub selected_min: Option<i64>,
    pub selected_max: Option<i64>,
}

/// Spec 3's search facets; vendors are shown as "Brand".
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Facets {
    pub categories: Vec<FacetValue>,
    pub vendors: Vec<FacetValue>,
    pub creators: Vec<FacetValue>,
    pub filters: Vec<FacetGroup>,
    pub variations: Vec<FacetGroup>,
    pub price: Option<PriceRange>,
}

impl Facets {
    pub fn new(f: search::Facets, selection: &Selection) -> Self {
        Facets {
            categories: values(f.categories),
            vendors: values(f.vendors),
            creators: values(f.creators),
            filters: groups(f.filters),
            variations: groups(f.variations),
            price: f.price.map(|p| PriceRange {
                min: cents(p.min),
                max: cents(p.max),
                selected_min: selection.price_min.map(cents),
                selected_max: selection.price_max.map(cents),
            }),
        }
    }
}

#[derive(Object)]
pub struct SearchResults {
    /// The search text as it was searched: trimmed.
    pub query: String,
    pub items: Vec<ProductCard>,
    pub total: u64,
    pub page: u32,
    pub per_page: u32,
    pub page_count: u64,
    pub sort: SortValue,
    pub facets: Facets,
}

impl SearchResults {
    pub fn new(
        query: String,
        page: u32,
        sort: SortValue,
        found: browse::Found,
        selection: &Selection,
    ) -> Self {
        SearchResults {
            query,
            items: cards(found.items),
            page_count: domain::page_count(found.total),
            total: found.total,
            page,
            per_page: domain::PER_PAGE,
            sort,
            facets: Facets::new(found.facets, selection),
        }
    }
}

/// Completions of a search text, best first; at most 50.
#[derive(Object)]
pub struct Suggestions {
    pub suggestions: Vec<String>,
}
