//! The owner's school lists, as `store import schools FILE.csv` reads them: one row
//! per list item, each repeating its school, grade and list (a spreadsheet's natural
//! shape). The rows are checked and assembled here; a bad row is refused with its line
//! number, and then nothing is imported. The columns are documented in
//! `crates/adapters/src/demo/SCHOOLS.md`.

use super::model::{Grade, GradeInfo, ListItem, Point, School, SchoolInfo, SupplyList};
use super::storage::Schools;
use crate::bag::{ItemRef, MAX_LINES};
use crate::input::{InputError, text};
use crate::location::LocationQuery;
use crate::ports::{Catalog, CatalogError, StorageError};
use crate::reference::Country;
use serde::Deserialize;
use std::collections::HashMap;

/// The most of one item a list may ask for.
pub const MAX_ITEM_QUANTITY: i64 = 99;
/// Names and addresses, and a teacher's note.
const MAX_NAME: usize = 200;
const MAX_NOTE: usize = 1_000;
/// Substitutes one item may have.
const MAX_SUBSTITUTES: usize = 5;

/// One CSV row as written, every field text; `assemble` checks them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct Row {
    pub school_id: String,
    pub school_name: String,
    pub school_heb_name: String,
    pub country: String,
    pub postal_code: String,
    pub address: String,
    pub heb_address: String,
    pub latitude: String,
    pub longitude: String,
    pub grade_id: String,
    pub grade_name: String,
    pub grade_heb_name: String,
    pub list_id: String,
    pub list_name: String,
    pub list_heb_name: String,
    pub note: String,
    pub heb_note: String,
    pub item: String,
    pub quantity: String,
    pub optional: String,
    pub substitutes: String,
}

/// A refused row: its line in the file (the header is line 1) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ImportError {
    pub line: u64,
    pub message: String,
}

/// `1046` (a product) or `1047/104702` (a product's variation).
pub fn parse_item(raw: &str) -> Option<ItemRef> {
    let id = |s: &str| s.parse::<i64>().ok().filter(|id| *id > 0);
    match raw.trim().split_once('/') {
        None => id(raw.trim()).map(ItemRef::Product),
        Some((product, variation)) => {
            id(product)?;
            id(variation).map(ItemRef::Variation)
        }
    }
}

fn has_hebrew(text: &str) -> bool {
    text.chars().any(|c| ('\u{5d0}'..='\u{5ea}').contains(&c))
}

/// A row's fields, checked; the error is the message for its line.
struct Checked {
    school: SchoolInfo,
    grade: GradeInfo,
    list: SupplyList,
    item: ListItem,
}

fn field(e: InputError) -> String {
    e.to_string()
}

fn id(name: &'static str, raw: &str) -> Result<i64, String> {
    raw.trim()
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| format!("{name}: must be a whole number above 0, not {raw:?}"))
}

fn name(name: &'static str, raw: &str) -> Result<String, String> {
    text(name, raw, 1, MAX_NAME).map_err(field)
}

fn hebrew(name: &'static str, raw: &str) -> Result<String, String> {
    let checked = text(name, raw, 1, MAX_NAME).map_err(field)?;
    if has_hebrew(&checked) {
        Ok(checked)
    } else {
        Err(format!("{name}: must be written in Hebrew"))
    }
}

fn note(name: &'static str, raw: &str) -> Result<String, String> {
    text(name, raw, 0, MAX_NOTE).map_err(field)
}

fn degrees(name: &'static str, raw: &str) -> Result<f64, String> {
    raw.trim()
        .parse::<f64>()
        .ok()
        .filter(|d| d.is_finite())
        .ok_or_else(|| format!("{name}: must be a number of degrees, not {raw:?}"))
}

fn check(row: &Row, countries: &[Country]) -> Result<Checked, String> {
    let place =
        LocationQuery::parse(&row.country, &row.postal_code, countries).map_err(|e| {
            match e.field {
                "zipCode" => format!("postal_code: {}", e.reason),
                _ => format!("country: {}", e.reason),
            }
        })?;
    let point = Point::from_degrees(
        degrees("latitude", &row.latitude)?,
        degrees("longitude", &row.longitude)?,
    )
    .ok_or("latitude, longitude: not a place on the earth")?;
    let item = parse_item(&row.item).ok_or_else(|| {
        format!(
            "item: must be a product id or PRODUCT/VARIATION, not {:?}",
            row.item
        )
    })?;
    let quantity = row
        .quantity
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|q| (1..=MAX_ITEM_QUANTITY).contains(q))
        .ok_or_else(|| format!("quantity: must be from 1 to {MAX_ITEM_QUANTITY}"))?;
    let optional = match row.optional.trim().to_ascii_lowercase().as_str() {
        "" | "no" | "false" | "0" => false,
        "yes" | "true" | "1" => true,
        other => return Err(format!("optional: must be yes or no, not {other:?}")),
    };
    let mut substitutes = Vec::new();
    for raw in row.substitutes.split_whitespace() {
        let s = parse_item(raw).ok_or_else(|| {
            format!("substitutes: {raw:?} is not a product id or PRODUCT/VARIATION")
        })?;
        if s == item || substitutes.contains(&s) {
            return Err(format!(
                "substitutes: {raw} is given twice or is the item itself"
            ));
        }
        substitutes.push(s);
    }
    if substitutes.len() > MAX_SUBSTITUTES {
        return Err(format!("substitutes: at most {MAX_SUBSTITUTES}"));
    }
    Ok(Checked {
        school: SchoolInfo {
            id: id("school_id", &row.school_id)?,
            name: name("school_name", &row.school_name)?,
            heb_name: hebrew("school_heb_name", &row.school_heb_name)?,
            country: place.country,
            postal_code: place.zip,
            address: name("address", &row.address)?,
            heb_address: hebrew("heb_address", &row.heb_address)?,
            point,
        },
        grade: GradeInfo {
            id: id("grade_id", &row.grade_id)?,
            name: name("grade_name", &row.grade_name)?,
            heb_name: hebrew("grade_heb_name", &row.grade_heb_name)?,
        },
        list: SupplyList {
            id: id("list_id", &row.list_id)?,
            name: name("list_name", &row.list_name)?,
            heb_name: hebrew("list_heb_name", &row.list_heb_name)?,
            note: note("note", &row.note)?,
            heb_note: note("heb_note", &row.heb_note)?,
            items: Vec::new(),
        },
        item: ListItem {
            item,
            quantity,
            optional,
            substitutes,
        },
    })
}

/// Where each id was first met: (school index, grade index, list index).
#[derive(Default)]
struct Seen {
    grades: Vec<(i64, usize, usize)>,
    lists: Vec<(i64, usize, usize, usize)>,
}

/// Checks `rows` (each with its line number) and assembles the schools they describe,
/// in the order they first appear. Refused, naming the first bad line: a field that is
/// missing, too long or malformed; a school, grade or list repeated with other details
/// or under another parent; a list item given twice; a list of more items than a bag
/// holds.
pub fn assemble(rows: &[(u64, Row)], countries: &[Country]) -> Result<Vec<School>, ImportError> {
    let mut schools: Vec<School> = Vec::new();
    let mut seen = Seen::default();
    for (line, row) in rows {
        let refuse = |message: String| ImportError {
            line: *line,
            message,
        };
        let c = check(row, countries).map_err(refuse)?;
        let s = match schools.iter().position(|s| s.info.id == c.school.id) {
            Some(s) if schools[s].info == c.school => s,
            Some(_) => {
                return Err(refuse(format!(
                    "school {} is given above with other details",
                    c.school.id
                )));
            }
            None => {
                schools.push(School {
                    info: c.school,
                    grades: Vec::new(),
                });
                schools.len() - 1
            }
        };
        let g = match seen.grades.iter().find(|(id, ..)| *id == c.grade.id) {
            Some(&(_, gs, g)) if gs == s && schools[s].grades[g].info == c.grade => g,
            Some(_) => {
                return Err(refuse(format!(
                    "grade {} is given above with other details or another school",
                    c.grade.id
                )));
            }
            None => {
                schools[s].grades.push(Grade {
                    info: c.grade,
                    lists: Vec::new(),
                });
                let g = schools[s].grades.len() - 1;
                seen.grades.push((schools[s].grades[g].info.id, s, g));
                g
            }
        };
        let list_id = c.list.id;
        let l = match seen.lists.iter().find(|(id, ..)| *id == list_id) {
            Some(&(_, ls, lg, l)) if (ls, lg) == (s, g) => {
                let known = &schools[s].grades[g].lists[l];
                let same = SupplyList {
                    items: known.items.clone(),
                    ..c.list
                };
                if *known != same {
                    return Err(refuse(format!(
                        "list {list_id} is given above with other details"
                    )));
                }
                l
            }
            Some(_) => {
                return Err(refuse(format!(
                    "list {list_id} is given above under another grade"
                )));
            }
            None => {
                let lists = &mut schools[s].grades[g].lists;
                lists.push(c.list);
                seen.lists.push((list_id, s, g, lists.len() - 1));
                lists.len() - 1
            }
        };
        let items = &mut schools[s].grades[g].lists[l].items;
        if items.iter().any(|i| i.item == c.item.item) {
            return Err(refuse(format!("list {list_id} has this item above")));
        }
        if items.len() == MAX_LINES {
            return Err(refuse(format!(
                "list {list_id} may hold at most {MAX_LINES} items"
            )));
        }
        items.push(c.item);
    }
    Ok(schools)
}

/// Why an import wrote nothing.
#[derive(Debug, thiserror::Error)]
pub enum ImportFailure {
    #[error(transparent)]
    Row(#[from] ImportError),
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

/// Checks and assembles `rows`, checks that the catalogue sells every item and
/// substitute as the list names it (a product without variations, or a variation),
/// and writes the schools; answers them as written. Nothing is written on any refusal.
pub async fn import(
    rows: &[(u64, Row)],
    countries: &[Country],
    catalog: &dyn Catalog,
    store: &dyn Schools,
) -> Result<Vec<School>, ImportFailure> {
    let schools = assemble(rows, countries)?;
    let mut named: Vec<(u64, ItemRef)> = Vec::new();
    for (line, row) in rows {
        let items = std::iter::once(row.item.as_str()).chain(row.substitutes.split_whitespace());
        named.extend(items.filter_map(parse_item).map(|item| (*line, item)));
    }
    let mut wanted: Vec<ItemRef> = named.iter().map(|(_, item)| *item).collect();
    wanted.sort_unstable();
    wanted.dedup();
    let sold: HashMap<ItemRef, bool> = catalog
        .offers(&wanted)
        .await?
        .into_iter()
        .map(|offer| {
            let bought_whole = matches!(offer.item, ItemRef::Product(_));
            (offer.item, bought_whole && offer.has_variations)
        })
        .collect();
    for (line, item) in named {
        let refuse = |message: String| ImportError { line, message };
        match sold.get(&item) {
            None => return Err(refuse(format!("{item:?} is not in the catalogue")).into()),
            Some(true) => {
                return Err(refuse(format!(
                    "{item:?} has variations: name one as PRODUCT/VARIATION"
                ))
                .into());
            }
            Some(false) => {}
        }
    }
    store.import(&schools).await?;
    Ok(schools)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn countries() -> Vec<Country> {
        [
            ("US", "United States", "ארצות הברית"),
            ("IL", "Israel", "ישראל"),
        ]
        .into_iter()
        .map(|(value, label, heb_label)| Country {
            label: label.to_owned(),
            value: value.to_owned(),
            heb_label: heb_label.to_owned(),
        })
        .collect()
    }

    fn row(school: &str, grade: &str, list: &str, item: &str) -> Row {
        Row {
            school_id: school.to_owned(),
            school_name: format!("School {school}"),
            school_heb_name: format!("בית ספר {school}"),
            country: "us".to_owned(),
            postal_code: "10001".to_owned(),
            address: "1 Main St".to_owned(),
            heb_address: "רחוב ראשי 1".to_owned(),
            latitude: "40.7506".to_owned(),
            longitude: "-73.9972".to_owned(),
            grade_id: grade.to_owned(),
            grade_name: format!("Grade {grade}"),
            grade_heb_name: format!("כיתה {grade}"),
            list_id: list.to_owned(),
            list_name: "Supplies".to_owned(),
            list_heb_name: "ציוד".to_owned(),
            note: "Label everything.".to_owned(),
            heb_note: "לסמן הכול.".to_owned(),
            item: item.to_owned(),
            quantity: "2".to_owned(),
            optional: String::new(),
            substitutes: String::new(),
        }
    }

    fn numbered(rows: Vec<Row>) -> Vec<(u64, Row)> {
        (2..).zip(rows).collect()
    }

    #[test]
    fn rows_assemble_into_schools_grades_lists_and_items_in_order() {
        let mut optional = row("1", "11", "111", "1047/104702");
        optional.optional = "Yes".to_owned();
        optional.substitutes = " 1045  1048/104801 ".to_owned();
        let rows = numbered(vec![
            row("1", "11", "111", "1042"),
            optional,
            row("1", "12", "121", "1042"),
            row("2", "21", "211", "1055"),
            row("1", "11", "112", "1058"),
        ]);
        let schools = assemble(&rows, &countries()).unwrap();
        assert_eq!(schools.len(), 2);
        let first = &schools[0];
        assert_eq!(first.info.country, "US");
        assert_eq!(
            first.info.point,
            Point {
                lat_e6: 40_750_600,
                lon_e6: -73_997_200
            }
        );
        let grade_ids: Vec<i64> = first.grades.iter().map(|g| g.info.id).collect();
        assert_eq!(grade_ids, vec![11, 12]);
        let lists: Vec<i64> = first.grades[0].lists.iter().map(|l| l.id).collect();
        assert_eq!(lists, vec![111, 112]);
        let items = &first.grades[0].lists[0].items;
        assert_eq!(items.len(), 2);
        assert_eq!(items[1].item, ItemRef::Variation(104702));
        assert!(items[1].optional && !items[0].optional);
        assert_eq!(
            items[1].substitutes,
            vec![ItemRef::Product(1045), ItemRef::Variation(104801)]
        );
    }

    fn refused(rows: Vec<Row>) -> ImportError {
        assemble(&numbered(rows), &countries()).unwrap_err()
    }

    #[test]
    fn a_bad_field_is_refused_with_its_line() {
        type Spoil = fn(&mut Row);
        let cases: Vec<(Spoil, &str)> = vec![
            (|r| r.school_id = "x".into(), "school_id"),
            (|r| r.school_name = " ".into(), "school_name: is required"),
            (
                |r| r.school_heb_name = "Oak".into(),
                "school_heb_name: must be written in Hebrew",
            ),
            (|r| r.country = "ZZ".into(), "country"),
            (|r| r.postal_code = "1234".into(), "postal_code"),
            (|r| r.latitude = "95".into(), "not a place on the earth"),
            (|r| r.longitude = "east".into(), "longitude"),
            (|r| r.item = "pen".into(), "item"),
            (|r| r.quantity = "100".into(), "quantity"),
            (|r| r.optional = "maybe".into(), "optional"),
            (|r| r.substitutes = "1043".into(), "the item itself"),
            (|r| r.note = "x".repeat(MAX_NOTE + 1), "note"),
        ];
        for (spoil, expected) in cases {
            let mut bad = row("1", "11", "111", "1043");
            spoil(&mut bad);
            let err = refused(vec![row("1", "11", "111", "1042"), bad]);
            assert_eq!(err.line, 3, "{expected}");
            assert!(err.message.contains(expected), "{err}");
        }
    }

    #[test]
    fn details_that_disagree_or_move_are_refused() {
        let mut renamed = row("1", "11", "111", "1043");
        renamed.school_name = "Another".into();
        assert!(
            refused(vec![row("1", "11", "111", "1042"), renamed])
                .message
                .contains("school 1")
        );
        let moved_grade = row("2", "11", "211", "1043");
        assert!(
            refused(vec![row("1", "11", "111", "1042"), moved_grade])
                .message
                .contains("grade 11")
        );
        let moved_list = row("1", "12", "111", "1043");
        assert!(
            refused(vec![row("1", "11", "111", "1042"), moved_list])
                .message
                .contains("list 111")
        );
        let mut noted = row("1", "11", "111", "1043");
        noted.note = "Other".into();
        assert!(
            refused(vec![row("1", "11", "111", "1042"), noted])
                .message
                .contains("list 111")
        );
        let twice = refused(vec![
            row("1", "11", "111", "1042"),
            row("1", "11", "111", "1042"),
        ]);
        assert_eq!(
            (twice.line, twice.message.contains("item above")),
            (3, true)
        );
    }

    #[test]
    fn items_are_written_as_a_product_or_product_and_variation() {
        assert_eq!(parse_item("1046"), Some(ItemRef::Product(1046)));
        assert_eq!(
            parse_item(" 1047/104702 "),
            Some(ItemRef::Variation(104702))
        );
        for bad in ["", "0", "-3", "1047/", "/104702", "a/b", "1.5"] {
            assert_eq!(parse_item(bad), None, "{bad:?}");
        }
    }
}
