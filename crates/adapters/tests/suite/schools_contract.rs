//! The contract of `Schools`, written once and run against the in-memory fake and the
//! SQLite store: the demo's schools read back as the CSV wrote them; an import
//! replaces a school whole, and one that would take another school's grade or list
//! id, or names an item the catalogue does not sell as listed, writes nothing. And
//! the add-all merge: a list's picks going into a bag by the bag rules.

use std::collections::BTreeMap;
use std::sync::Arc;
use store_adapters::fakes::{InMemoryCatalog, InMemorySchools};
use store_adapters::reference::EmbeddedCountries;
use store_adapters::{demo, school_csv};
use store_domain::bag::{self, BagLine, Change, ItemRef, LineKey, LineType, Lists, Terms};
use store_domain::ports::{Catalog, CatalogWriter, Countries};
use store_domain::school::{self, ImportFailure, Pick, Row, School, Schools};

use crate::common;
use crate::common::postgres as postgres_db;

struct Shop {
    schools: Arc<dyn Schools>,
    catalog: Arc<dyn Catalog>,
}

async fn with_demo_catalogue<C: Catalog + CatalogWriter + 'static>(
    catalog: Arc<C>,
    schools: Arc<dyn Schools>,
) -> Shop {
    catalog.import(&demo::catalogue().unwrap()).await.unwrap();
    Shop { schools, catalog }
}

async fn fake() -> Shop {
    with_demo_catalogue(
        Arc::new(InMemoryCatalog::new()),
        Arc::new(InMemorySchools::default()),
    )
    .await
}

async fn sqlite() -> (Shop, tempfile::TempDir) {
    let (store, dir) = common::sqlite_store(2).await;
    let store = Arc::new(store);
    (with_demo_catalogue(store.clone(), store).await, dir)
}

async fn postgres() -> (Shop, postgres_db::TestDatabase) {
    let (store, database) = postgres_db::postgres_store(2).await;
    let store = Arc::new(store);
    (with_demo_catalogue(store.clone(), store).await, database)
}

async fn import(shop: &Shop, rows: &[(u64, Row)]) -> Result<Vec<School>, ImportFailure> {
    let countries = EmbeddedCountries::load().countries();
    school::import(
        rows,
        &countries,
        shop.catalog.as_ref(),
        shop.schools.as_ref(),
    )
    .await
}

fn demo_rows() -> Vec<(u64, Row)> {
    school_csv::demo_rows().unwrap()
}

/// The demo's rows of school `id` only.
fn rows_of(id: &str) -> Vec<(u64, Row)> {
    demo_rows()
        .into_iter()
        .filter(|(_, r)| r.school_id == id)
        .collect()
}

async fn the_demo_schools_read_back_as_written(shop: Shop) {
    let written = import(&shop, &demo_rows()).await.unwrap();
    assert!(written.len() >= 6, "six schools or more");
    let us = shop.schools.schools_in("US").await.unwrap();
    let il = shop.schools.schools_in("IL").await.unwrap();
    assert!(
        us.len() >= 3 && il.len() >= 3,
        "{} and {}",
        us.len(),
        il.len()
    );
    assert!(shop.schools.schools_in("FR").await.unwrap().is_empty());
    let chelsea = &us[0];
    assert_eq!(chelsea.school.name, "Chelsea Elementary School");
    let grades: Vec<(i64, &str)> = chelsea
        .grades
        .iter()
        .map(|g| (g.id, g.name.as_str()))
        .collect();
    assert_eq!(grades, vec![(11, "Kindergarten"), (12, "Grade 3")]);
    let stored = shop.schools.school_of_grade(12).await.unwrap().unwrap();
    let expected = written.iter().find(|s| s.info.id == 1).unwrap();
    assert_eq!(&stored, expected, "a school reads back whole, in order");
    let list = stored.grade(12).unwrap().list(121).unwrap();
    let markers = list
        .items
        .iter()
        .find(|i| i.item == ItemRef::Product(1046))
        .unwrap();
    assert_eq!(
        markers.substitutes,
        vec![ItemRef::Product(1045), ItemRef::Product(1052)]
    );
    assert!(list.items.iter().any(|i| i.optional));
    assert!(
        list.items
            .iter()
            .any(|i| matches!(i.item, ItemRef::Variation(_)))
    );
    assert_eq!(shop.schools.school_of_grade(999).await.unwrap(), None);
}

async fn an_import_replaces_a_school_whole_and_a_refused_one_writes_nothing(shop: Shop) {
    import(&shop, &demo_rows()).await.unwrap();
    // School 1 again with its kindergarten only: grade 12 and its lists go.
    let kindergarten: Vec<(u64, Row)> = rows_of("1")
        .into_iter()
        .filter(|(_, r)| r.grade_id == "11")
        .collect();
    import(&shop, &kindergarten).await.unwrap();
    assert_eq!(shop.schools.school_of_grade(12).await.unwrap(), None);
    let school = shop.schools.school_of_grade(11).await.unwrap().unwrap();
    assert_eq!(school.grades.len(), 1);
    let before_2 = shop.schools.school_of_grade(21).await.unwrap();
    let before_us = shop.schools.schools_in("US").await.unwrap();

    // A new school 8 taking school 2's grade id 21: refused by the store, nothing written,
    // not even school 8's first grade (listed before it in the file).
    let mut taken = rows_of("2");
    for (_, row) in &mut taken {
        row.school_id = "8".into();
        row.school_name = "Eighth School".into();
    }
    let mut first = taken[0].clone();
    first.1.grade_id = "81".into();
    first.1.list_id = "811".into();
    taken.insert(0, first);
    assert!(matches!(
        import(&shop, &taken).await,
        Err(ImportFailure::Storage(_))
    ));
    assert_eq!(shop.schools.school_of_grade(81).await.unwrap(), None);
    assert_eq!(shop.schools.school_of_grade(21).await.unwrap(), before_2);
    assert_eq!(shop.schools.schools_in("US").await.unwrap(), before_us);
}

async fn an_item_not_sold_as_listed_is_refused_by_line(shop: Shop) {
    let mut rows = rows_of("1");
    let line = rows[3].0;
    rows[3].1.item = "999999".into();
    let Err(ImportFailure::Row(err)) = import(&shop, &rows).await else {
        panic!("an unknown item was taken");
    };
    assert_eq!(err.line, line);
    assert!(err.message.contains("not in the catalogue"), "{err}");
    // A product with variations is bought as one of them.
    let mut rows = rows_of("1");
    rows[0].1.substitutes = "1047".into();
    let Err(ImportFailure::Row(err)) = import(&shop, &rows).await else {
        panic!("a product with variations was taken");
    };
    assert!(err.message.contains("has variations"), "{err}");
    assert!(shop.schools.schools_in("US").await.unwrap().is_empty());
}

#[tokio::test]
async fn fake_reads_the_demo_schools_back() {
    the_demo_schools_read_back_as_written(fake().await).await;
}

#[tokio::test]
async fn sqlite_reads_the_demo_schools_back() {
    let (shop, _dir) = sqlite().await;
    the_demo_schools_read_back_as_written(shop).await;
}

#[tokio::test]
async fn postgres_reads_the_demo_schools_back() {
    let (shop, _database) = postgres().await;
    the_demo_schools_read_back_as_written(shop).await;
}

#[tokio::test]
async fn fake_replaces_whole_schools_and_refuses_taken_ids() {
    an_import_replaces_a_school_whole_and_a_refused_one_writes_nothing(fake().await).await;
}

#[tokio::test]
async fn sqlite_replaces_whole_schools_and_refuses_taken_ids() {
    let (shop, _dir) = sqlite().await;
    an_import_replaces_a_school_whole_and_a_refused_one_writes_nothing(shop).await;
}

#[tokio::test]
async fn postgres_replaces_whole_schools_and_refuses_taken_ids() {
    let (shop, _database) = postgres().await;
    an_import_replaces_a_school_whole_and_a_refused_one_writes_nothing(shop).await;
}

#[tokio::test]
async fn fake_refuses_items_not_sold_as_listed() {
    an_item_not_sold_as_listed_is_refused_by_line(fake().await).await;
}

#[tokio::test]
async fn sqlite_refuses_items_not_sold_as_listed() {
    let (shop, _dir) = sqlite().await;
    an_item_not_sold_as_listed_is_refused_by_line(shop).await;
}

#[tokio::test]
async fn postgres_refuses_items_not_sold_as_listed() {
    let (shop, _database) = postgres().await;
    an_item_not_sold_as_listed_is_refused_by_line(shop).await;
}

fn line(line_type: LineType, id: i64, quantity: i64) -> BagLine {
    BagLine {
        key: LineKey {
            id,
            line_type,
            item_key: String::new(),
        },
        quantity,
        gift_options: false,
        personalization: BTreeMap::new(),
    }
}

/// The add-all merge: Chelsea's grade 3 list, as a shopper picks it, into a bag that
/// already holds two of its pencils. Same lines add up, stock caps, and an item out
/// of stock is left out and reported, while the rest go in.
#[tokio::test]
async fn a_list_goes_into_the_bag_merged_by_the_bag_rules() {
    let shop = fake().await;
    import(&shop, &rows_of("1")).await.unwrap();
    let school = shop.schools.school_of_grade(12).await.unwrap().unwrap();
    let list = school.grade(12).unwrap().list(121).unwrap();
    let at = |item: ItemRef| list.items.iter().position(|i| i.item == item).unwrap();
    let picks = [
        // The pencils, two more than the bag holds.
        Pick {
            position: at(ItemRef::Product(1042)),
            quantity: 2,
            substitute: None,
        },
        // The markers are out of stock: once as they are, which is left out.
        Pick {
            position: at(ItemRef::Product(1046)),
            quantity: 1,
            substitute: None,
        },
        // The ruler, far more than its stock of 140.
        Pick {
            position: at(ItemRef::Product(1055)),
            quantity: 500,
            substitute: None,
        },
    ];
    let lines = list.lines(&picks).unwrap();
    let held = Lists {
        products: vec![line(LineType::Product, 1042, 2)],
        later: Vec::new(),
    };
    let quote = bag::quote(
        shop.catalog.as_ref(),
        held,
        Some(Change::AddMany(lines)),
        &Terms::default(),
    )
    .await
    .unwrap();
    let in_bag: Vec<(i64, i64)> = quote
        .products
        .iter()
        .map(|p| (p.line.key.id, p.line.quantity))
        .collect();
    let ruler_max = quote
        .products
        .iter()
        .find(|p| p.line.key.id == 1055)
        .map(|p| p.offer.max())
        .unwrap();
    assert_eq!(in_bag, vec![(1042, 4), (1055, ruler_max)]);
    assert!(ruler_max < 500);
    assert!(quote.unavailable_cart.is_empty() && quote.withdrawn.is_empty());
    let added: Vec<(i64, i64, i64)> = quote
        .added
        .iter()
        .map(|a| (a.key.id, a.asked, a.added))
        .collect();
    assert_eq!(
        added,
        vec![(1042, 2, 2), (1046, 1, 0), (1055, 500, ruler_max)]
    );

    // The markers' substitute instead: the fine-liners go in.
    let substitute = [Pick {
        position: at(ItemRef::Product(1046)),
        quantity: 1,
        substitute: Some(ItemRef::Product(1045)),
    }];
    let quote = bag::quote(
        shop.catalog.as_ref(),
        Lists::default(),
        Some(Change::AddMany(list.lines(&substitute).unwrap())),
        &Terms::default(),
    )
    .await
    .unwrap();
    assert_eq!(quote.products.len(), 1);
    assert_eq!(quote.products[0].line.key.id, 1045);
    assert_eq!(quote.added[0].added, 1);
}
