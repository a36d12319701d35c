//! The hand-made bilingual demo catalogue shipped inside the binary
//! (`demo/catalogue.json`, format in `demo/FORMAT.md`).

use store_domain::catalog::CatalogImport;

const CATALOGUE_JSON: &str = include_str!("demo/catalogue.json");

/// The demo catalogue, parsed. The file is checked by tests, so an error here means
/// the binary was built from a broken file.
pub fn catalogue() -> Result<CatalogImport, serde_json::Error> {
    serde_json::from_str(CATALOGUE_JSON)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_hebrew(text: &str) -> bool {
        text.chars().any(|c| ('\u{5d0}'..='\u{5ea}').contains(&c))
    }

    #[test]
    fn covers_every_department_of_the_store() {
        let c = catalogue().expect("demo catalogue parses");
        let departments: Vec<&str> = c
            .categories
            .iter()
            .filter(|cat| cat.parent_id.is_none())
            .map(|cat| cat.name.as_str())
            .collect();
        for wanted in [
            "Home Goods",
            "Gifts",
            "Books",
            "School Supplies",
            "E-Gift Cards",
            "Subscriptions",
        ] {
            assert!(
                departments.contains(&wanted),
                "{wanted} missing from {departments:?}"
            );
        }
    }

    #[test]
    fn is_bilingual_and_varied() {
        let c = catalogue().unwrap();
        for p in &c.products {
            for text in [&p.heb_title, &p.heb_short_desc, &p.heb_description] {
                assert!(
                    text.as_deref().is_some_and(has_hebrew),
                    "product {} lacks Hebrew",
                    p.id
                );
            }
        }
        assert!(
            c.products.iter().any(|p| !p.variations.is_empty()),
            "variations"
        );
        assert!(
            c.products
                .iter()
                .any(|p| p.fake_price.is_some_and(|f| f > p.price)),
            "struck-through prices"
        );
        assert!(
            c.products
                .iter()
                .any(|p| p.stock == 0 && p.variations.is_empty()),
            "out of stock items"
        );
        assert!(
            c.products.iter().any(|p| !p.creator_ids.is_empty()),
            "creators"
        );
        assert!(!c.bundles.is_empty());
        let mut page_ids: Vec<i64> = c.pages.iter().map(|p| p.id).collect();
        page_ids.sort();
        assert_eq!(
            page_ids,
            vec![39, 40, 41, 42, 43],
            "the footer's content pages"
        );
    }

    #[test]
    fn categories_are_two_or_three_levels_deep() {
        let c = catalogue().unwrap();
        let depth = |mut id: i64| {
            let mut depth = 1;
            while let Some(parent) = c
                .categories
                .iter()
                .find(|x| x.id == id)
                .and_then(|x| x.parent_id)
            {
                depth += 1;
                id = parent;
            }
            depth
        };
        let deepest = c.categories.iter().map(|x| depth(x.id)).max().unwrap();
        assert!((2..=3).contains(&deepest), "deepest level {deepest}");
    }
}
