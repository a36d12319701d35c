//! The catalogue port contract, written once and run against every implementation.
//! A new adapter (PostgreSQL next) joins by adding one line to `contract_suite!`.

use store_adapters::fakes::{InMemoryCatalog, fixture, product};
use store_adapters::postgres::PgStore;
use store_adapters::sqlite::SqliteStore;
use store_domain::bag::{ItemRef, OfferStock};
use store_domain::catalog::*;
use store_domain::money::Money;
use store_domain::ports::{Catalog, CatalogError, CatalogWriter};

fn ids(items: &[ProductCard]) -> Vec<i64> {
    items.iter().map(|p| p.id).collect()
}

use crate::common::postgres as postgres_db;

mod cases {
    use super::*;

    async fn seeded<S: CatalogWriter>(store: &S) {
        store.import(&fixture()).await.expect("fixture imports");
    }

    pub async fn categories_keep_import_order<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let cats = s.categories().await.unwrap();
        assert_eq!(cats, fixture().categories);
    }

    pub async fn product_round_trips<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let p = s.product(10).await.unwrap().expect("product 10");
        let f = &fixture().products[0];
        assert_eq!(
            (p.id, p.slug.as_str(), p.title.as_str()),
            (10, "item-10", "Item 10")
        );
        assert_eq!(p.heb_title.as_deref(), Some("פריט 10"));
        assert_eq!(p.price, Money::from_cents(1000));
        assert_eq!(p.vendor.name, "Oak");
        assert_eq!(
            p.media,
            vec![
                "/media/mug/2a9d8f.svg".to_owned(),
                "/media/mug/e76f51.svg".to_owned()
            ]
        );
        assert_eq!(p.filters, f.filters);
        assert_eq!(p.gift_options_price, Some(Money::from_cents(500)));
        assert_eq!(p.personalization, f.personalization);
        assert_eq!(p.variations.len(), 2);
        assert_eq!(
            p.variations[1].options, f.variations[1].options,
            "the Hebrew group name is kept, the missing Hebrew value stays missing"
        );
        assert_eq!(p.variations[1].price, Money::from_cents(1200));
        assert_eq!(p.variations[1].stock, 4);
        assert_eq!(
            p.variations[0].picture.as_deref(),
            Some("/media/mug/264653.svg")
        );
        assert_eq!(p.wire_type(), "variation");

        let book = s.product(13).await.unwrap().expect("product 13");
        assert_eq!(
            book.creators.iter().map(|c| c.id).collect::<Vec<_>>(),
            vec![2, 1],
            "creators keep their order"
        );
        assert_eq!(book.heb_title.as_deref(), Some("שִׁיר לַיְלָה"));
        assert_eq!(book.wire_type(), "product");
    }

    /// What a bag line needs: a variation carries its product's title, vendor, tax
    /// code and options with its own price, stock and choices; a bundle its items'
    /// stock; unknown items and a product asked for as a variation are left out.
    pub async fn offers_describe_what_a_line_holds<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let asked = [
            ItemRef::Variation(1002),
            ItemRef::Product(10),
            ItemRef::Product(11),
            ItemRef::Bundle(50),
            ItemRef::Product(999),
            ItemRef::Variation(10),
            ItemRef::Bundle(999),
        ];
        let mut offers = s.offers(&asked).await.unwrap();
        offers.sort_by_key(|o| o.item);
        let items: Vec<ItemRef> = offers.iter().map(|o| o.item).collect();
        assert_eq!(
            items,
            vec![
                ItemRef::Product(10),
                ItemRef::Product(11),
                ItemRef::Variation(1002),
                ItemRef::Bundle(50)
            ]
        );
        let [mug, cheap, red, set] = offers.as_slice() else {
            panic!("four offers")
        };

        assert!(mug.has_variations);
        assert_eq!(mug.product_type, ProductType::Product);
        assert_eq!(mug.gift_options_price, Some(Money::from_cents(500)));
        assert_eq!(mug.personalization, fixture().products[0].personalization);
        assert_eq!(mug.path, "/products/item-10/10");
        assert_eq!(mug.image.as_deref(), Some("/media/mug/2a9d8f.svg"));

        assert_eq!(red.product_id, 10);
        assert_eq!(red.title, "Item 10");
        assert_eq!(red.vendor_name.as_deref(), Some("Oak"));
        assert_eq!(red.price, Money::from_cents(1200));
        assert_eq!(red.fake_price, Some(Money::from_cents(1500)));
        assert_eq!(red.sku, "SKU-10-Red");
        assert_eq!(red.stock, OfferStock::Units(4));
        assert_eq!(red.max(), 4);
        assert_eq!(red.options[0].value, "Red");
        assert_eq!(red.image.as_deref(), Some("/media/mug/264653.svg"));
        assert_eq!(red.personalization, mug.personalization);
        assert_eq!(red.tax_code, "P0000000");

        assert_eq!(cheap.max(), 0, "out of stock");
        assert!(!cheap.has_variations);
        assert_eq!(cheap.fake_price, Some(Money::from_cents(800)));

        // Two of product 10 (stock 5) and one of 12 (stock 7): two whole sets.
        assert_eq!(set.max(), 2);
        assert_eq!(set.path, "/bundles/kitchen-set/50");
        assert_eq!(set.price, Money::from_cents(4000));
        assert_eq!(set.image.as_deref(), Some("/media/gift/bc4749.svg"));
        assert!(s.offers(&[]).await.unwrap().is_empty());
    }

    pub async fn unknown_ids_are_none<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        assert!(s.product(999).await.unwrap().is_none());
        assert!(s.bundle(999).await.unwrap().is_none());
        assert!(s.page(999).await.unwrap().is_none());
        for kind in [ListKind::Category, ListKind::Vendor, ListKind::Creator] {
            assert!(s.list_owner(kind, 999).await.unwrap().is_none());
        }
    }

    pub async fn cards_keep_the_order_asked<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let cards = s.cards(&[11, 999, 10]).await.unwrap();
        assert_eq!(ids(&cards), vec![11, 10], "unknown ids are left out");
        let summary = &cards[0];
        assert!(!summary.in_stock());
        assert_eq!(summary.fake_price, Some(Money::from_cents(800)));
        assert_eq!(summary.vendor_name.as_deref(), Some("Fig"));
        assert_eq!(summary.image.as_deref(), Some("/media/mug/2a9d8f.svg"));
        assert_eq!(summary.path(), "/products/item-11/11");
        assert!(cards[1].in_stock(), "in stock through a variation");
        assert!(s.cards(&[]).await.unwrap().is_empty());
    }

    pub async fn search_documents_carry_trails_names_and_facets<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let mut docs = s.search_documents().await.unwrap();
        docs.sort_by_key(|d| d.id);
        assert_eq!(
            docs.iter().map(|d| d.id).collect::<Vec<_>>(),
            [10, 11, 12, 13]
        );
        let mug = &docs[0];
        assert_eq!(
            mug.categories
                .iter()
                .map(|c| (c.id, c.name.as_str()))
                .collect::<Vec<_>>(),
            [(1, "HOME"), (2, "KITCHEN"), (3, "MUGS")]
        );
        assert_eq!(mug.categories[2].heb_name.as_deref(), Some("mugs בעברית"));
        assert_eq!(
            (mug.vendor.id, mug.vendor.heb_name.as_deref()),
            (1, Some("אלון"))
        );
        assert_eq!(mug.skus, ["SKU-10", "SKU-10-Blue", "SKU-10-Red"]);
        assert_eq!(mug.filters, fixture().products[0].filters);
        assert_eq!(
            mug.options
                .iter()
                .map(|o| o.value.as_str())
                .collect::<Vec<_>>(),
            ["Blue", "Red"]
        );
        assert_eq!(mug.price, Money::from_cents(1000));
        assert_eq!(mug.release_date, "2025-01-01");
        assert!(mug.text.contains("Short.") && mug.text.contains("Long."));
        assert_eq!(mug.heb_text.as_deref(), Some("קצר."));
        let book = &docs[3];
        assert_eq!(
            book.creators.iter().map(|c| c.id).collect::<Vec<_>>(),
            [2, 1]
        );
        assert_eq!(book.heb_title.as_deref(), Some("שִׁיר לַיְלָה"));
    }

    pub async fn list_owners<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let home = s.list_owner(ListKind::Category, 1).await.unwrap().unwrap();
        assert_eq!(home.name, "HOME");
        let fig = s.list_owner(ListKind::Vendor, 2).await.unwrap().unwrap();
        assert_eq!((fig.slug.as_str(), fig.heb_name), ("fig", None));
        let dana = s.list_owner(ListKind::Creator, 1).await.unwrap().unwrap();
        assert_eq!(
            (dana.slug.as_str(), dana.heb_name.as_deref()),
            ("dana", Some("דנה"))
        );
    }

    pub async fn the_version_moves_with_every_change<S: Catalog + CatalogWriter>(s: &S) {
        let empty = s.catalogue_version().await.unwrap();
        seeded(s).await;
        let imported = s.catalogue_version().await.unwrap();
        assert!(imported > empty);
        assert_eq!(
            s.catalogue_version().await.unwrap(),
            imported,
            "reads change nothing"
        );
        s.remove_products_from(13).await.unwrap();
        assert!(s.catalogue_version().await.unwrap() > imported);
    }

    pub async fn related_new_arrivals_and_bundles<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        assert_eq!(ids(&s.related(10, 3, 8).await.unwrap()), vec![11]);
        assert_eq!(ids(&s.new_arrivals(3).await.unwrap()), vec![11, 13, 10]);
        let bundles = s.bundles(10).await.unwrap();
        assert_eq!(ids(&bundles), vec![50]);
        assert_eq!(bundles[0].kind, CardKind::Bundle);
        assert!(bundles[0].in_stock());
        assert_eq!(bundles[0].path(), "/bundles/kitchen-set/50");
        let bundle = s.bundle(50).await.unwrap().unwrap();
        assert_eq!(
            bundle
                .items
                .iter()
                .map(|i| (i.product.id, i.quantity))
                .collect::<Vec<_>>(),
            vec![(10, 2), (12, 1)]
        );
        assert_eq!(bundle.max(), 2, "5 mugs make 2 bundles of two");
        assert_eq!(bundle.media, vec!["/media/gift/bc4749.svg".to_owned()]);
    }

    pub async fn pages_keep_paragraphs<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        assert_eq!(s.page(43).await.unwrap(), Some(fixture().pages[0].clone()));
    }

    pub async fn rejected_imports_leave_nothing<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let bad = CatalogImport {
            vendors: vec![Vendor {
                id: 9,
                slug: "new".into(),
                name: "New".into(),
                heb_name: None,
            }],
            products: vec![product(20, 777, 9, 100, "2025-01-01", 1)],
            ..CatalogImport::default()
        };
        assert!(matches!(
            s.import(&bad).await,
            Err(CatalogError::Rejected(_))
        ));
        assert!(
            s.list_owner(ListKind::Vendor, 9).await.unwrap().is_none(),
            "vendor rolled back"
        );
        let duplicate = CatalogImport {
            products: vec![product(10, 3, 1, 100, "2025-01-01", 1)],
            ..CatalogImport::default()
        };
        assert!(matches!(
            s.import(&duplicate).await,
            Err(CatalogError::Rejected(_))
        ));
        assert_eq!(s.product_count().await.unwrap(), 4);
    }

    pub async fn removing_generated_products<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        assert!(
            matches!(
                s.remove_products_from(12).await,
                Err(CatalogError::Rejected(_))
            ),
            "product 12 is in a bundle and must not vanish from under it"
        );
        assert_eq!(s.product_count().await.unwrap(), 4);
        assert_eq!(s.remove_products_from(13).await.unwrap(), 1);
        assert_eq!(s.product_count().await.unwrap(), 3);
        assert!(s.product(13).await.unwrap().is_none());
        assert!(s.product(12).await.unwrap().is_some());
    }

    fn hidden(hidden: bool) -> ProductChange {
        ProductChange {
            hidden: Some(hidden),
            ..ProductChange::default()
        }
    }

    /// What the owner changes is read back wherever the product shows: its page, its
    /// card, its offer and its search document; what the change leaves out stays.
    pub async fn catalog_changes_are_read_back<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let change = ProductChange {
            price: Some(Money::from_cents(1250)),
            stock: Some(0),
            heb_title: Some(Some("קומקום".into())),
            ..ProductChange::default()
        };
        assert!(s.change_product(12, &change).await.unwrap());
        let kettle = s.product(12).await.unwrap().expect("product 12");
        assert_eq!(kettle.price, Money::from_cents(1250));
        assert_eq!(kettle.stock, 0);
        assert_eq!(kettle.heb_title.as_deref(), Some("קומקום"));
        assert_eq!(kettle.title, "Item 12", "a title left out is kept");
        let card = &s.cards(&[12]).await.unwrap()[0];
        assert_eq!(card.price, Money::from_cents(1250));
        assert!(!card.in_stock());
        let offer = &s.offers(&[ItemRef::Product(12)]).await.unwrap()[0];
        assert_eq!(
            (offer.price, &offer.stock),
            (Money::from_cents(1250), &OfferStock::Units(0))
        );

        let retitle = ProductChange {
            title: Some("Kettle".into()),
            heb_title: Some(None),
            ..ProductChange::default()
        };
        assert!(s.change_product(12, &retitle).await.unwrap());
        let kettle = s.product(12).await.unwrap().expect("product 12");
        assert_eq!(
            (kettle.title.as_str(), kettle.heb_title),
            ("Kettle", None),
            "the Hebrew title is cleared"
        );
        assert_eq!(kettle.price, Money::from_cents(1250), "the price is kept");
        let docs = s.search_documents().await.unwrap();
        let doc = docs.iter().find(|d| d.id == 12).expect("document 12");
        assert_eq!(
            (doc.title.as_str(), doc.price),
            ("Kettle", Money::from_cents(1250))
        );
    }

    /// Pages of one product, read after the last id of the page before, are the
    /// catalogue whole and in id order, each document as `search_documents` has it
    /// (variations, creators and filters of the page's products only), hidden
    /// products left out.
    pub async fn search_documents_come_in_pages_by_id<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        assert!(s.change_product(11, &hidden(true)).await.unwrap());
        let whole = s.search_documents().await.unwrap();
        let mut sorted: Vec<i64> = whole.iter().map(|d| d.id).collect();
        sorted.sort();
        assert_eq!(whole.iter().map(|d| d.id).collect::<Vec<_>>(), sorted);
        assert!(!sorted.contains(&11), "hidden");

        let mut paged = Vec::new();
        let mut after = i64::MIN;
        loop {
            let page = s.search_documents_page(after, 1).await.unwrap();
            assert!(page.len() <= 1);
            let Some(last) = page.last() else { break };
            after = last.id;
            paged.extend(page);
        }
        assert_eq!(paged, whole);
        let two = s.search_documents_page(10, 2).await.unwrap();
        assert_eq!(
            two,
            whole
                .iter()
                .filter(|d| d.id > 10)
                .take(2)
                .cloned()
                .collect::<Vec<_>>()
        );
        let last = whole.last().unwrap().id;
        assert!(s.search_documents_page(last, 10).await.unwrap().is_empty());
    }

    /// A hidden product is out of sight and off sale, with the bundle holding it, and
    /// all of it comes back when it is shown again.
    pub async fn catalog_hidden_products_leave_every_read<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let asked = [
            ItemRef::Product(10),
            ItemRef::Variation(1002),
            ItemRef::Bundle(50),
            ItemRef::Product(11),
        ];
        let offered = async || {
            let mut items: Vec<ItemRef> = s
                .offers(&asked)
                .await
                .unwrap()
                .iter()
                .map(|o| o.item)
                .collect();
            items.sort();
            items
        };
        let indexed = async || {
            let mut ids: Vec<i64> = s
                .search_documents()
                .await
                .unwrap()
                .iter()
                .map(|d| d.id)
                .collect();
            ids.sort();
            ids
        };

        assert!(s.change_product(10, &hidden(true)).await.unwrap());
        assert!(s.product(10).await.unwrap().is_none(), "no page");
        assert_eq!(ids(&s.new_arrivals(10).await.unwrap()), vec![11, 13, 12]);
        assert!(s.related(11, 3, 8).await.unwrap().is_empty());
        assert_eq!(ids(&s.cards(&[10, 11]).await.unwrap()), vec![11]);
        assert_eq!(indexed().await, vec![11, 12, 13]);
        assert_eq!(offered().await, vec![ItemRef::Product(11)], "off sale");
        assert!(
            s.bundle(50).await.unwrap().is_none(),
            "its bundle is hidden"
        );
        assert!(s.bundles(10).await.unwrap().is_empty());
        assert_eq!(s.product_count().await.unwrap(), 4, "it is still held");

        assert!(s.change_product(10, &hidden(false)).await.unwrap());
        assert!(s.product(10).await.unwrap().is_some());
        assert_eq!(
            ids(&s.new_arrivals(10).await.unwrap()),
            vec![11, 13, 10, 12]
        );
        assert_eq!(ids(&s.related(11, 3, 8).await.unwrap()), vec![10]);
        assert_eq!(ids(&s.cards(&[10, 11]).await.unwrap()), vec![10, 11]);
        assert_eq!(indexed().await, vec![10, 11, 12, 13]);
        assert_eq!(offered().await.len(), 4);
        assert!(s.bundle(50).await.unwrap().is_some());
        assert_eq!(ids(&s.bundles(10).await.unwrap()), vec![50]);
    }

    /// Every instance learns of a change through the version; nothing changed, no move.
    pub async fn catalog_version_moves_with_a_product_change<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let before = s.catalogue_version().await.unwrap();
        assert!(
            !s.change_product(999, &hidden(true)).await.unwrap(),
            "no such product"
        );
        assert_eq!(s.catalogue_version().await.unwrap(), before);
        assert!(s.change_product(13, &hidden(true)).await.unwrap());
        let hid = s.catalogue_version().await.unwrap();
        assert!(hid > before);
        assert!(s.change_product(13, &hidden(false)).await.unwrap());
        assert!(s.catalogue_version().await.unwrap() > hid);
    }

    pub async fn catalog_refuses_bad_product_changes<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let before = s.catalogue_version().await.unwrap();
        let bad = [
            ProductChange::default(),
            ProductChange {
                price: Some(Money::from_cents(-1)),
                ..ProductChange::default()
            },
            ProductChange {
                stock: Some(-1),
                hidden: Some(true),
                ..ProductChange::default()
            },
            ProductChange {
                title: Some(String::new()),
                ..ProductChange::default()
            },
            ProductChange {
                heb_title: Some(Some(" ".into())),
                ..ProductChange::default()
            },
        ];
        for change in bad {
            assert!(
                matches!(
                    s.change_product(12, &change).await,
                    Err(CatalogError::Rejected(_))
                ),
                "{change:?}"
            );
        }
        let kettle = s.product(12).await.unwrap().expect("still on show");
        assert_eq!(
            (kettle.price, kettle.stock, kettle.title.as_str()),
            (Money::from_cents(3000), 7, "Item 12")
        );
        assert_eq!(kettle.heb_title.as_deref(), Some("פריט 12"));
        assert_eq!(s.catalogue_version().await.unwrap(), before);
    }

    /// A bundle's card and its page decide stock by the same rule: one that holds
    /// nothing cannot be sold, and says so in both places.
    pub async fn an_empty_bundle_is_out_of_stock_everywhere<S: Catalog + CatalogWriter>(s: &S) {
        seeded(s).await;
        let mut empty = fixture().bundles.remove(0);
        empty.id = 51;
        empty.sku = "EMPTY-SET".into();
        empty.slug = "empty-set".into();
        empty.items.clear();
        s.import(&CatalogImport {
            bundles: vec![empty],
            ..CatalogImport::default()
        })
        .await
        .unwrap();
        let cards = s.bundles(10).await.unwrap();
        assert_eq!(ids(&cards), vec![50, 51]);
        assert!(cards[0].in_stock());
        assert!(!cards[1].in_stock(), "an empty bundle on its card");
        assert_eq!(s.bundle(51).await.unwrap().unwrap().max(), 0);
    }
}

macro_rules! contract_suite {
    ($module:ident, $make:expr) => {
        mod $module {
            use super::*;
            contract_suite!(@cases $make; categories_keep_import_order, product_round_trips, unknown_ids_are_none,
                cards_keep_the_order_asked, search_documents_carry_trails_names_and_facets, search_documents_come_in_pages_by_id, list_owners,
                the_version_moves_with_every_change,
                related_new_arrivals_and_bundles, an_empty_bundle_is_out_of_stock_everywhere, pages_keep_paragraphs, rejected_imports_leave_nothing,
                removing_generated_products, offers_describe_what_a_line_holds,
                catalog_changes_are_read_back, catalog_hidden_products_leave_every_read,
                catalog_version_moves_with_a_product_change, catalog_refuses_bad_product_changes);
        }
    };
    (@cases $make:expr; $($case:ident),*) => {
        $(
            #[tokio::test]
            async fn $case() {
                let (store, _guard) = $make.await;
                cases::$case(&store).await;
            }
        )*
    };
}

async fn in_memory() -> (InMemoryCatalog, ()) {
    (InMemoryCatalog::new(), ())
}

/// A real database file in WAL mode, as production runs it.
async fn sqlite() -> (SqliteStore, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let store = SqliteStore::open(&url, 4).await.unwrap();
    store.migrate().await.unwrap();
    (store, dir)
}

async fn postgres() -> (PgStore, postgres_db::TestDatabase) {
    postgres_db::postgres_store(4).await
}

contract_suite!(fake, in_memory());
contract_suite!(sqlite_file, sqlite());
contract_suite!(postgres, postgres());
