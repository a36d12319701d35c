//! Property tests for the parsers of outside text and the pure rules: the e-mail
//! parser, the search normaliser and search text, facet-selection checks, and
//! `FacetTable` counts against a plain reference implementation written here.

use proptest::collection::vec;
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use store_domain::catalog::{NameValue, PER_PAGE, Sort};
use store_domain::facets::{FacetTable, group_value};
use store_domain::input::Email;
use store_domain::money::Money;
use store_domain::search::{
    FacetCount, MAX_QUERY_CHARS, MAX_QUERY_WORDS, MAX_SELECTED, Named, ProductQuery, SearchDoc,
    Selection, normalise, search_text, words,
};

// ---------------------------------------------------------------- e-mail

/// A label of a domain: letters, digits and inner hyphens.
fn label() -> impl Strategy<Value = String> {
    "[A-Za-z0-9]([A-Za-z0-9-]{0,10}[A-Za-z0-9])?"
}

/// Addresses of the shape the parser promises to take.
fn valid_address() -> impl Strategy<Value = String> {
    ("[A-Za-z0-9._+!#$%&'*/=?^`{|}~-]{1,64}", vec(label(), 2..4))
        .prop_map(|(local, labels)| format!("{local}@{}", labels.join(".")))
        .prop_filter("at most 254 characters", |a| a.len() <= 254)
}

proptest! {
    #[test]
    fn a_well_formed_address_is_taken_trimmed_and_lower_cased(
        address in valid_address(),
        before in "[ \t\n]{0,3}",
        after in "[ \t\n]{0,3}",
    ) {
        let parsed = Email::parse(&format!("{before}{address}{after}")).unwrap();
        prop_assert_eq!(parsed.as_str(), address.to_lowercase());
    }

    #[test]
    fn whatever_is_accepted_is_a_usable_address(raw in "\\PC{0,80}|[a-z@. -]{0,30}") {
        if let Ok(email) = Email::parse(&raw) {
            let text = email.as_str();
            prop_assert!(text.len() <= 254);
            prop_assert_eq!(text.matches('@').count(), 1);
            prop_assert!(!text.chars().any(|c| c.is_whitespace() || c.is_control()));
            let (local, domain) = text.split_once('@').unwrap();
            prop_assert!(!local.is_empty() && local.len() <= 64);
            prop_assert!(domain.split('.').count() >= 2);
            prop_assert!(domain.split('.').all(|l| !l.is_empty()));
            prop_assert_eq!(text, text.to_lowercase());
            // Parsing is a fixed point: a stored address parses to itself.
            prop_assert_eq!(Email::parse(text).unwrap(), email);
        }
    }

    #[test]
    fn an_address_with_a_space_inside_is_refused(
        address in valid_address(),
        at in any::<prop::sample::Index>(),
        space in prop::sample::select(vec![" ", "\t", "\u{a0}", "\u{2003}"]),
    ) {
        let cut = at.index(address.len() - 1) + 1;
        let broken = format!("{}{space}{}", &address[..cut], &address[cut..]);
        prop_assert!(Email::parse(&broken).is_err());
    }

    #[test]
    fn an_address_without_exactly_one_at_sign_is_refused(
        local in "[a-z0-9.]{1,20}",
        domain in "[a-z0-9.@]{1,20}",
    ) {
        let without = format!("{local}{domain}").replace('@', "");
        prop_assert!(Email::parse(&without).is_err(), "took {}", without);
        let doubled = format!("{local}@@{domain}");
        prop_assert!(Email::parse(&doubled).is_err(), "took {}", doubled);
    }
}

// ---------------------------------------------------------------- search text

/// Hebrew vowel points and cantillation marks, which normalising drops (the maqaf,
/// U+05BE, is among them in Unicode but is a word joiner, so it is left out here).
fn point() -> impl Strategy<Value = char> {
    prop::char::ranges(vec!['\u{0591}'..='\u{05BD}', '\u{05BF}'..='\u{05C7}'].into())
}

proptest! {
    #[test]
    fn normalising_twice_changes_nothing(text in "\\PC{0,40}") {
        let once = normalise(&text);
        prop_assert_eq!(normalise(&once), once);
    }

    #[test]
    fn normalised_text_has_no_points_final_letters_or_capitals(text in "[\u{0590}-\u{05FF}A-Za-z ]{0,40}") {
        let folded = normalise(&text);
        let points = folded.chars().any(|c| ('\u{0591}'..='\u{05C7}').contains(&c));
        let finals = folded.contains(['ך', 'ם', 'ן', 'ף', 'ץ', '\u{05F3}', '\u{05F4}']);
        let capitals = folded.chars().any(|c| c.is_ascii_uppercase());
        prop_assert!(!points && !finals && !capitals, "{:?} folded to {:?}", text, folded);
    }

    #[test]
    fn pointed_and_unpointed_spellings_meet(
        letters in "[\u{05D0}-\u{05EA} ]{1,20}",
        points in vec((any::<prop::sample::Index>(), point()), 0..6),
    ) {
        let mut pointed: Vec<char> = letters.chars().collect();
        for (at, mark) in points {
            pointed.insert(at.index(pointed.len() + 1), mark);
        }
        let pointed: String = pointed.into_iter().collect();
        prop_assert_eq!(normalise(&pointed), normalise(&letters));
    }

    #[test]
    fn ascii_case_does_not_matter(text in "[A-Za-z0-9 \u{05D0}-\u{05EA}]{0,40}") {
        prop_assert_eq!(normalise(&text.to_ascii_uppercase()), normalise(&text));
    }

    #[test]
    fn search_text_is_trimmed_blank_is_none_and_long_is_refused(raw in "\\s{0,3}\\PC{0,210}\\s{0,3}") {
        let trimmed = raw.trim();
        let word_count = words(&normalise(trimmed)).count();
        match search_text(&raw) {
            Ok(None) => prop_assert!(trimmed.is_empty()),
            Ok(Some(text)) => {
                prop_assert_eq!(text.as_str(), trimmed);
                prop_assert!(!text.is_empty() && text.chars().count() <= MAX_QUERY_CHARS);
                prop_assert!(word_count <= MAX_QUERY_WORDS);
            }
            Err(err) => {
                prop_assert_eq!(err.field, "q");
                prop_assert!(
                    trimmed.chars().count() > MAX_QUERY_CHARS || word_count > MAX_QUERY_WORDS
                );
            }
        }
    }
}

// ---------------------------------------------------------------- selection checks

fn values() -> impl Strategy<Value = Vec<String>> {
    prop_oneof![
        4 => vec("[a-zA-Z0-9_]{0,8}", 0..4),
        1 => vec("x{195,205}", 0..3),
        1 => vec("[0-9]{1,3}", 45..55),
    ]
}

fn price() -> impl Strategy<Value = Option<Money>> {
    prop::option::of((-50i64..5_000).prop_map(Money::from_cents))
}

fn any_selection() -> impl Strategy<Value = Selection> {
    (
        values(),
        values(),
        values(),
        values(),
        values(),
        price(),
        price(),
    )
        .prop_map(
            |(categories, vendors, creators, filters, variations, price_min, price_max)| {
                Selection {
                    categories,
                    vendors,
                    creators,
                    filters,
                    variations,
                    price_min,
                    price_max,
                }
            },
        )
}

/// The rules of `Selection::validate`, as the API documents them.
fn acceptable(s: &Selection) -> bool {
    let lists = [
        &s.categories,
        &s.vendors,
        &s.creators,
        &s.filters,
        &s.variations,
    ];
    let lists_ok = lists.iter().all(|values| {
        values.len() <= MAX_SELECTED && values.iter().all(|v| v.chars().count() <= MAX_QUERY_CHARS)
    });
    let not_negative = [s.price_min, s.price_max]
        .iter()
        .flatten()
        .all(|p| p.cents() >= 0);
    lists_ok && not_negative
}

proptest! {
    #[test]
    fn a_selection_is_refused_exactly_when_out_of_bounds(selection in any_selection()) {
        prop_assert_eq!(selection.validate().is_ok(), acceptable(&selection));
    }
}

// ---------------------------------------------------------------- facet counts

const COLOURS: [&str; 4] = ["Red", "Blue", "Dark_Green", "Grey"];
const SIZES: [&str; 3] = ["Small", "Large", "Extra"];

fn named(id: i64) -> Named {
    Named {
        id,
        name: format!("Name {id}"),
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

/// A small catalogue: few distinct values, so groups overlap and selections hit.
fn catalogue() -> impl Strategy<Value = Vec<SearchDoc>> {
    let doc = (
        1i64..=3,
        vec(1i64..=4, 0..3),
        10i64..=14,
        prop::sample::subsequence(COLOURS.to_vec(), 0..=2),
        prop::sample::subsequence(SIZES.to_vec(), 0..=2),
        0i64..=40,
    );
    vec(doc, 0..40).prop_map(|docs| {
        docs.into_iter()
            .enumerate()
            .map(
                |(i, (vendor, creators, category, colours, sizes, price))| SearchDoc {
                    id: i as i64 * 3 + 1,
                    title: format!("Item {i}"),
                    heb_title: None,
                    text: String::new(),
                    heb_text: None,
                    skus: vec![],
                    vendor: named(vendor),
                    creators: creators.into_iter().map(named).collect(),
                    categories: vec![named(1), named(category)],
                    filters: colours.iter().map(|c| pair("Colour", c)).collect(),
                    options: sizes.iter().map(|s| pair("Size", s)).collect(),
                    price: Money::from_cents(price * 100),
                    release_date: "2024-01-01".into(),
                },
            )
            .collect()
    })
}

/// Selections over the catalogue's values, with some the catalogue does not know.
fn facet_selection() -> impl Strategy<Value = Selection> {
    let ids = |range: std::ops::RangeInclusive<i64>| vec(range.prop_map(|id| id.to_string()), 0..3);
    let keys = |name: &'static str, choices: Vec<&'static str>| {
        vec(
            prop::sample::select(choices).prop_map(move |v| format!("{name}_{v}")),
            0..3,
        )
    };
    let mut colours = COLOURS.to_vec();
    colours.push("Purple");
    let mut sizes = SIZES.to_vec();
    sizes.push("Tiny");
    (
        ids(9..=15),
        ids(1..=4),
        ids(1..=5),
        prop_oneof![4 => keys("Colour", colours), 1 => keys("Shape", vec!["Round"])],
        keys("Size", sizes),
        prop::option::of(0i64..=30),
        prop::option::of(10i64..=40),
    )
        .prop_map(
            |(categories, vendors, creators, filters, variations, min, max)| Selection {
                categories,
                vendors,
                creators,
                filters,
                variations,
                price_min: min.map(|p| Money::from_cents(p * 100)),
                price_max: max.map(|p| Money::from_cents(p * 100)),
            },
        )
}

/// A facet group as the reference names it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Group {
    Category,
    Vendor,
    Creator,
    Filter(String),
    Variation(String),
    Price,
}

/// The values a document has in each group, as the wire spells them.
fn doc_values(doc: &SearchDoc) -> Vec<(Group, String)> {
    let mut values = vec![(Group::Vendor, doc.vendor.id.to_string())];
    if let Some(own) = doc.categories.last() {
        values.push((Group::Category, own.id.to_string()));
    }
    values.extend(
        doc.creators
            .iter()
            .map(|c| (Group::Creator, c.id.to_string())),
    );
    values.extend(
        doc.filters
            .iter()
            .map(|p| (Group::Filter(p.name.clone()), group_value(p))),
    );
    values.extend(
        doc.options
            .iter()
            .map(|p| (Group::Variation(p.name.clone()), group_value(p))),
    );
    values
}

/// The selection as groups of chosen values; a filter key's group is what comes before
/// its first underscore.
fn chosen(selection: &Selection) -> BTreeMap<Group, BTreeSet<String>> {
    let mut groups: BTreeMap<Group, BTreeSet<String>> = BTreeMap::new();
    let group_of = |key: &str| key.split('_').next().unwrap_or_default().to_owned();
    let mut add = |group: Group, value: &String| {
        groups.entry(group).or_default().insert(value.clone());
    };
    selection
        .categories
        .iter()
        .for_each(|v| add(Group::Category, v));
    selection.vendors.iter().for_each(|v| add(Group::Vendor, v));
    selection
        .creators
        .iter()
        .for_each(|v| add(Group::Creator, v));
    selection
        .filters
        .iter()
        .for_each(|v| add(Group::Filter(group_of(v)), v));
    selection
        .variations
        .iter()
        .for_each(|v| add(Group::Variation(group_of(v)), v));
    groups
}

/// Whether `doc` passes every chosen group and the price range, leaving out `except`.
fn passes(
    doc: &SearchDoc,
    chosen: &BTreeMap<Group, BTreeSet<String>>,
    selection: &Selection,
    except: Option<&Group>,
) -> bool {
    let values = doc_values(doc);
    let groups_ok = chosen
        .iter()
        .filter(|(group, _)| Some(*group) != except)
        .all(|(group, keys)| values.iter().any(|(g, v)| g == group && keys.contains(v)));
    let price = doc.price.cents();
    let price_ok = except == Some(&Group::Price)
        || (selection.price_min.is_none_or(|m| price >= m.cents())
            && selection.price_max.is_none_or(|m| price <= m.cents()));
    groups_ok && price_ok
}

struct Expected {
    ids: Vec<i64>,
    /// (group, value) -> (count, selected), for every value counted or selected.
    counts: BTreeMap<(Group, String), (u64, bool)>,
    price: Option<(i64, i64)>,
}

/// Counting the plain way: one pass over the documents per group.
fn reference(docs: &[SearchDoc], selection: &Selection) -> Expected {
    let chosen = chosen(selection);
    let mut ids: Vec<i64> = docs
        .iter()
        .filter(|d| passes(d, &chosen, selection, None))
        .map(|d| d.id)
        .collect();
    ids.sort_unstable();
    let mut counts: BTreeMap<(Group, String), (u64, bool)> = BTreeMap::new();
    for doc in docs {
        let mut seen = BTreeSet::new();
        for (group, value) in doc_values(doc) {
            if seen.insert((group.clone(), value.clone()))
                && passes(doc, &chosen, selection, Some(&group))
            {
                counts.entry((group, value)).or_default().0 += 1;
            }
        }
    }
    // Selected values are listed even when nothing has them, if their group exists.
    let known: BTreeSet<(Group, String)> = docs.iter().flat_map(doc_values).collect();
    for (group, keys) in &chosen {
        for key in keys {
            let entry = (group.clone(), key.clone());
            if known.contains(&entry) {
                counts.entry(entry).or_default().1 = true;
            }
        }
    }
    let prices: Vec<i64> = docs
        .iter()
        .filter(|d| passes(d, &chosen, selection, Some(&Group::Price)))
        .map(|d| d.price.cents())
        .collect();
    let price = prices
        .iter()
        .min()
        .zip(prices.iter().max())
        .map(|(a, b)| (*a, *b));
    Expected { ids, counts, price }
}

fn listed(group: Group, values: &[FacetCount]) -> Vec<((Group, String), (u64, bool))> {
    values
        .iter()
        .map(|v| ((group.clone(), v.value.clone()), (v.count, v.selected)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn facet_table_counts_as_the_reference_does(
        docs in catalogue(),
        selection in facet_selection(),
    ) {
        let table = FacetTable::build(&docs);
        let query = ProductQuery {
            text: None,
            scope: None,
            selection: selection.clone(),
            sort: Sort::Relevant,
            page: 1,
        };
        let hits = table.refine(&query, None);
        let expected = reference(&docs, &selection);

        prop_assert_eq!(hits.total, expected.ids.len() as u64);
        let first_page: Vec<i64> = expected.ids.iter().copied().take(PER_PAGE as usize).collect();
        prop_assert_eq!(&hits.ids, &first_page);

        let f = &hits.facets;
        let mut counted = listed(Group::Category, &f.categories);
        counted.extend(listed(Group::Vendor, &f.vendors));
        counted.extend(listed(Group::Creator, &f.creators));
        for g in &f.filters {
            counted.extend(listed(Group::Filter(g.name.clone()), &g.values));
        }
        for g in &f.variations {
            counted.extend(listed(Group::Variation(g.name.clone()), &g.values));
        }
        let counted: BTreeMap<_, _> = counted.into_iter().collect();
        prop_assert_eq!(counted, expected.counts);
        prop_assert_eq!(f.price.map(|p| (p.min.cents(), p.max.cents())), expected.price);

        // Within a group: most frequent first, then by label.
        let groups = [&f.categories, &f.vendors, &f.creators]
            .into_iter()
            .chain(f.filters.iter().map(|g| &g.values))
            .chain(f.variations.iter().map(|g| &g.values));
        for values in groups {
            let ordered = values
                .windows(2)
                .all(|w| (w[0].count, &w[1].label) >= (w[1].count, &w[0].label));
            prop_assert!(ordered, "out of order: {:?}", values);
        }
    }

    #[test]
    fn sorted_pages_follow_their_order(docs in catalogue(), desc in any::<bool>(), page in 1u32..=3) {
        let table = FacetTable::build(&docs);
        let sort = if desc { Sort::PriceDesc } else { Sort::PriceAsc };
        let query = ProductQuery {
            text: None,
            scope: None,
            selection: Selection::default(),
            sort,
            page,
        };
        let hits = table.refine(&query, None);
        let mut all: Vec<(i64, i64)> = docs.iter().map(|d| (d.price.cents(), d.id)).collect();
        all.sort_unstable();
        if desc {
            all.reverse();
        }
        let start = (page as usize - 1) * PER_PAGE as usize;
        let expected: Vec<i64> = all.iter().skip(start).take(PER_PAGE as usize).map(|p| p.1).collect();
        prop_assert_eq!(hits.ids, expected);
    }
}
