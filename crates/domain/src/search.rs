//! Finding products: what a search index is given, what a shopper asks of it and what
//! it answers. Listings and search are one question here: "these products (a list's
//! scope, or those matching some text), narrowed by facets, in an order, one page of
//! them". The text matching is the index adapter's; the facets are `facets.rs`'s.

use crate::catalog::{Category, ListKind, NameValue, PER_PAGE, Sort};
use crate::input::InputError;
use crate::money::Money;

/// Longer search text is refused: nobody types it, and it costs the index.
pub const MAX_QUERY_CHARS: usize = 200;
/// More words are refused: each word is several index queries (exact, stemmed, typo,
/// prefix), and a real search is a handful of words.
pub const MAX_QUERY_WORDS: usize = 12;
/// Spec 9: a suggestion request asks for 50 hits.
pub const MAX_SUGGESTIONS: usize = 50;
/// How many values one facet parameter may carry; more is not a shopper.
pub const MAX_SELECTED: usize = 50;

/// Folds text for matching: lower case; Hebrew vowel points and cantillation
/// (U+0591..U+05C7) dropped, so pointed and unpointed spellings meet; the maqaf joins
/// words like a hyphen, so it becomes a space; geresh and gershayim vanish (צה״ל is
/// typed צהל as often as not); final letters become their ordinary forms, so a word
/// typed letter by letter (שלומ…) keeps matching its final-letter spelling (שלום).
pub fn normalise(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\u{05BE}' => Some(' '),
            '\u{0591}'..='\u{05C7}' | '\u{05F3}' | '\u{05F4}' => None,
            'ך' => Some('כ'),
            'ם' => Some('מ'),
            'ן' => Some('נ'),
            'ף' => Some('פ'),
            'ץ' => Some('צ'),
            c => Some(c),
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// The words of normalised text: runs of letters and digits.
pub fn words(normalised: &str) -> impl Iterator<Item = &str> {
    normalised
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
}

/// Whether `text` has Hebrew letters: a Hebrew query gets Hebrew suggestions.
pub fn is_hebrew(text: &str) -> bool {
    text.chars().any(|c| ('\u{05D0}'..='\u{05EA}').contains(&c))
}

/// Search text as typed: trimmed; blank is "no search" (spec 5), over-long or of too
/// many words (as the index splits them) is refused.
pub fn search_text(raw: &str) -> Result<Option<String>, InputError> {
    let trimmed = raw.trim();
    if trimmed.chars().count() > MAX_QUERY_CHARS {
        return Err(InputError {
            field: "q",
            reason: format!("must be at most {MAX_QUERY_CHARS} characters"),
        });
    }
    if words(&normalise(trimmed)).count() > MAX_QUERY_WORDS {
        return Err(InputError {
            field: "q",
            reason: format!("must be at most {MAX_QUERY_WORDS} words"),
        });
    }
    Ok((!trimmed.is_empty()).then(|| trimmed.to_owned()))
}

/// The form in which a search is counted for suggestions, if it is worth counting:
/// only first pages that found something (a search repeated while paging is one
/// search), folded so "Mug " and "mug" are one query. Text that looks like contact
/// details (an `@`, or six digits or more) is never kept: suggestions must not leak
/// what one shopper typed to another.
pub fn search_to_count(query: &ProductQuery, total: u64) -> Option<String> {
    let text = query.text.as_deref()?;
    if query.page != 1 || total == 0 {
        return None;
    }
    if text.contains('@') || text.chars().filter(char::is_ascii_digit).count() >= 6 {
        return None;
    }
    let folded = text
        .split_whitespace()
        .flat_map(|w| [" ", w])
        .skip(1)
        .collect::<String>()
        .to_lowercase();
    Some(folded)
}

/// A name with its id, as a document carries its vendor, creators and categories.
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    pub id: i64,
    pub name: String,
    pub heb_name: Option<String>,
}

impl From<&Category> for Named {
    fn from(c: &Category) -> Self {
        Named {
            id: c.id,
            name: c.name.clone(),
            heb_name: c.heb_name.clone(),
        }
    }
}

/// One product as the search index holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchDoc {
    pub id: i64,
    pub title: String,
    pub heb_title: Option<String>,
    /// Short description and description, in each language.
    pub text: String,
    pub heb_text: Option<String>,
    /// The product's SKU and its variations'.
    pub skus: Vec<String>,
    pub vendor: Named,
    pub creators: Vec<Named>,
    /// The product's category trail, department first, its own category last.
    pub categories: Vec<Named>,
    pub filters: Vec<NameValue>,
    /// Every option of every variation.
    pub options: Vec<NameValue>,
    pub price: Money,
    /// `YYYY-MM-DD`.
    pub release_date: String,
}

/// What the catalogue holds about one product, for its search document. Both the
/// database and the in-memory catalogue gather these and let [`SearchDoc::assemble`]
/// put them together, so the two index the same text.
#[derive(Debug, Clone)]
pub struct DocParts {
    pub id: i64,
    pub title: String,
    pub heb_title: Option<String>,
    pub short_desc: String,
    pub heb_short_desc: Option<String>,
    pub description: String,
    pub heb_description: Option<String>,
    pub sku: String,
    /// The variations' SKUs, in their display order.
    pub variation_skus: Vec<String>,
    pub vendor: Named,
    pub creators: Vec<Named>,
    /// The product's category trail, department first (see `catalog::Categories::trail`).
    pub categories: Vec<Named>,
    pub filters: Vec<NameValue>,
    pub options: Vec<NameValue>,
    pub price: Money,
    pub release_date: String,
}

impl SearchDoc {
    /// One product's document: the short description and description as one text per
    /// language (a language with neither has none), the product's SKU before its
    /// variations'.
    pub fn assemble(parts: DocParts) -> SearchDoc {
        let heb: Vec<&str> = [&parts.heb_short_desc, &parts.heb_description]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        let mut skus = Vec::with_capacity(1 + parts.variation_skus.len());
        skus.push(parts.sku);
        skus.extend(parts.variation_skus);
        SearchDoc {
            id: parts.id,
            title: parts.title,
            heb_title: parts.heb_title,
            text: format!("{}\n{}", parts.short_desc, parts.description),
            heb_text: (!heb.is_empty()).then(|| heb.join("\n")),
            skus,
            vendor: parts.vendor,
            creators: parts.creators,
            categories: parts.categories,
            filters: parts.filters,
            options: parts.options,
            price: parts.price,
            release_date: parts.release_date,
        }
    }
}

/// The facet values a shopper chose, as the wire spells them: ids for categories,
/// vendors and creators, "group_value" keys for filters and variations (spec 3).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    pub categories: Vec<String>,
    pub vendors: Vec<String>,
    pub creators: Vec<String>,
    pub filters: Vec<String>,
    pub variations: Vec<String>,
    pub price_min: Option<Money>,
    pub price_max: Option<Money>,
}

impl Selection {
    /// Checks the bounds a shopper can get wrong: negative prices, absurdly many or
    /// long values.
    pub fn validate(&self) -> Result<(), InputError> {
        let lists = [
            ("categories", &self.categories),
            ("vendors", &self.vendors),
            ("creators", &self.creators),
            ("filters", &self.filters),
            ("variations", &self.variations),
        ];
        for (field, values) in lists {
            if values.len() > MAX_SELECTED {
                return Err(InputError {
                    field,
                    reason: format!("takes at most {MAX_SELECTED} values"),
                });
            }
            if values.iter().any(|v| v.chars().count() > MAX_QUERY_CHARS) {
                return Err(InputError {
                    field,
                    reason: format!("values must be at most {MAX_QUERY_CHARS} characters"),
                });
            }
        }
        for (field, bound) in [("price_min", self.price_min), ("price_max", self.price_max)] {
            if bound.is_some_and(|b| b < Money::ZERO) {
                return Err(InputError {
                    field,
                    reason: "must not be negative".into(),
                });
            }
        }
        // An inverted range (price_min over price_max) is not refused: it is a range
        // no price falls in, so it matches nothing, as an unknown facet value does. The
        // API's document cannot express the rule, and a request valid by it is taken.
        Ok(())
    }
}

/// Which products a listing covers: a category with its descendants, a vendor's or a creator's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scope {
    pub kind: ListKind,
    pub id: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductQuery {
    /// Search text as the shopper typed it (trimmed, not blank); `None` for a listing.
    pub text: Option<String>,
    pub scope: Option<Scope>,
    pub selection: Selection,
    pub sort: Sort,
    pub page: u32,
}

impl ProductQuery {
    pub fn offset(&self) -> usize {
        self.page.saturating_sub(1) as usize * PER_PAGE as usize
    }

    /// Whether the order is how well each product matches the text: a search by
    /// relevance. A listing's relevance is the merchant's order, and the other sorts
    /// read the products' facts, so neither needs a search engine's scores.
    pub fn ranked_by_score(&self) -> bool {
        self.text.is_some() && self.sort == Sort::Relevant
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FacetCount {
    /// The value to send back to select it.
    pub value: String,
    pub label: String,
    pub heb_label: Option<String>,
    pub count: u64,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FacetGroup {
    pub name: String,
    pub heb_name: Option<String>,
    pub values: Vec<FacetCount>,
}

/// Lowest and highest price among the products matching all but the price range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceRange {
    pub min: Money,
    pub max: Money,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Facets {
    pub categories: Vec<FacetCount>,
    pub vendors: Vec<FacetCount>,
    pub creators: Vec<FacetCount>,
    pub filters: Vec<FacetGroup>,
    pub variations: Vec<FacetGroup>,
    pub price: Option<PriceRange>,
}

/// One page of matching product ids, best first, with the total and the facets.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchHits {
    pub ids: Vec<i64>,
    pub total: u64,
    pub facets: Facets,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointed_and_unpointed_hebrew_fold_together() {
        // "שָׁלוֹם" with points and "שלום" without.
        assert_eq!(
            normalise("\u{05E9}\u{05B8}\u{05C1}\u{05DC}\u{05D5}\u{05B9}\u{05DD}"),
            normalise("שלום")
        );
        assert_eq!(normalise("שלום"), "שלומ");
    }

    #[test]
    fn cantillation_and_punctuation_marks_go_maqaf_splits() {
        assert_eq!(normalise("בְּרֵאשִׁ֖ית"), "בראשית");
        assert_eq!(normalise("בית־ספר"), "בית ספר");
        assert_eq!(normalise("צה״ל"), "צהל");
    }

    #[test]
    fn every_final_letter_becomes_ordinary() {
        assert_eq!(normalise("ךםןףץ"), "כמנפצ");
    }

    #[test]
    fn latin_text_is_lower_cased_only() {
        assert_eq!(normalise("Olive LANE-42"), "olive lane-42");
        assert_eq!(
            words("olive lane-42, ok").collect::<Vec<_>>(),
            ["olive", "lane", "42", "ok"]
        );
    }

    #[test]
    fn search_text_is_trimmed_blank_is_none_and_201_characters_refused() {
        assert_eq!(search_text("  mug ").unwrap(), Some("mug".into()));
        assert_eq!(search_text(" \t ").unwrap(), None);
        assert!(search_text(&"a".repeat(200)).is_ok());
        let refused = search_text(&"א".repeat(201)).unwrap_err();
        assert_eq!(refused.field, "q");
    }

    #[test]
    fn search_text_of_more_than_12_words_is_refused_however_they_are_joined() {
        assert!(search_text(&["mug"; 12].join(" ")).is_ok());
        for joiner in [" ", ",", "-", "\u{05BE}"] {
            let refused = search_text(&["mug"; 13].join(joiner)).unwrap_err();
            assert_eq!(refused.field, "q");
            assert!(refused.reason.contains("12 words"), "{}", refused.reason);
        }
    }

    #[test]
    fn selection_refuses_negative_prices_and_takes_an_inverted_range() {
        let mut s = Selection {
            price_min: Some(Money::from_cents(-1)),
            ..Selection::default()
        };
        assert_eq!(s.validate().unwrap_err().field, "price_min");
        s.price_min = Some(Money::from_cents(500));
        s.price_max = Some(Money::from_cents(100));
        assert!(s.validate().is_ok());
        s.price_max = Some(Money::from_cents(500));
        assert!(s.validate().is_ok());
        s.filters = vec!["x".into(); MAX_SELECTED + 1];
        assert_eq!(s.validate().unwrap_err().field, "filters");
    }

    #[test]
    fn searches_counted_are_folded_first_pages_with_results_without_contact_details() {
        let q = |text: &str, page| ProductQuery {
            text: Some(text.into()),
            scope: None,
            selection: Selection::default(),
            sort: Sort::Relevant,
            page,
        };
        assert_eq!(
            search_to_count(&q("Olive   Mug", 1), 3),
            Some("olive mug".into())
        );
        assert_eq!(search_to_count(&q("olive mug", 2), 3), None);
        assert_eq!(search_to_count(&q("olive mug", 1), 0), None);
        assert_eq!(search_to_count(&q("dana@example.com", 1), 1), None);
        assert_eq!(search_to_count(&q("054 123 4567", 1), 1), None);
        assert_eq!(search_to_count(&q("12345", 1), 1), Some("12345".into()));
        assert_eq!(q("x", 3).offset(), 48);
    }

    #[test]
    fn hebrew_is_detected_by_its_letters() {
        assert!(is_hebrew("mug ספל"));
        assert!(!is_hebrew("mug"));
    }
}
