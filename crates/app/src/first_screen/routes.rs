//! Which screen a path shows, and the API call that screen makes. This table mirrors
//! the app's routes (`ui/src/app/routes.tsx`) for the landing screens only.

use super::Paint;

/// What the first screen of a path needs: the app module showing it, the API call it
/// makes, where in that call's answer its first picture is (a JSON pointer), and how
/// the server paints it, when it does.
#[derive(Debug, PartialEq, Eq)]
pub struct Screen {
    pub module: &'static str,
    pub api: String,
    pub picture: &'static str,
    pub paint: Option<Paint>,
}

/// The list parameters a listing's URL carries to its API call (spec 7).
const LIST_PARAMS: [&str; 9] = [
    "page",
    "sort",
    "categories",
    "vendors",
    "creators",
    "filters",
    "variations",
    "price_min",
    "price_max",
];

/// The screen `path` shows, for the screens a shopper usually lands on; `None` for
/// the rest. Mirrors part of the app's route table (`ui/src/app/routes.tsx`).
pub fn screen_for(path: &str, query: &str) -> Option<Screen> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let id =
        |s: &str| (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.to_owned());
    match segments.as_slice() {
        [""] => Some(Screen {
            module: "src/features/home/components/HomePage.tsx",
            api: "/home".into(),
            picture: "/departments/0/image",
            paint: Some(Paint::Home),
        }),
        ["products", _, product] => Some(Screen {
            module: "src/features/catalog/components/ProductPage.tsx",
            api: format!("/products/{}", id(product)?),
            picture: "/image",
            paint: Some(Paint::Product),
        }),
        ["bundles", _, bundle] => Some(Screen {
            module: "src/features/catalog/components/BundlePage.tsx",
            api: format!("/bundles/{}", id(bundle)?),
            picture: "/image",
            paint: None,
        }),
        [index, _, list] | ["a", index, _, list]
            if matches!(*index, "category" | "vendor" | "creator") =>
        {
            Some(Screen {
                module: "src/features/catalog/components/ProductListPage.tsx",
                api: format!("/lists/{index}/{}?{}", id(list)?, list_query(query, false)),
                picture: "/items/0/image",
                paint: Some(Paint::Listing),
            })
        }
        ["search"] => Some(Screen {
            module: "src/features/catalog/components/SearchResultsPage.tsx",
            api: format!("/search?{}", list_query(query, true)),
            picture: "/items/0/image",
            paint: None,
        }),
        _ => None,
    }
}

/// The list's own parameters (and the search text, for a search), as the URL spells
/// them, first page when it names none (the app always sends a page).
fn list_query(query: &str, search: bool) -> String {
    fn key<'a>(pair: &&'a str) -> &'a str {
        pair.split('=').next().unwrap_or("")
    }
    let pairs: Vec<&str> = query
        .split('&')
        .filter(|pair| LIST_PARAMS.contains(&key(pair)) || (search && key(pair) == "q"))
        .collect();
    let page = (!pairs.iter().any(|pair| key(pair) == "page")).then_some("page=1");
    page.into_iter().chain(pairs).collect::<Vec<_>>().join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_landing_screens_are_known_and_the_rest_are_not() {
        let home = screen_for("/", "").unwrap();
        assert_eq!(home.api, "/home");
        assert_eq!(
            screen_for("/products/speckled-mug/1001", "").unwrap().api,
            "/products/1001"
        );
        assert_eq!(
            screen_for("/bundles/tea-set/7", "").unwrap().api,
            "/bundles/7"
        );
        let list = screen_for("/category/mugs/8", "").unwrap();
        assert_eq!(list.api, "/lists/category/8?page=1");
        assert_eq!(
            list.module,
            "src/features/catalog/components/ProductListPage.tsx"
        );
        assert_eq!(
            screen_for("/a/vendor/clayhouse/2", "").unwrap().api,
            "/lists/vendor/2?page=1"
        );
        for path in [
            "/products/mug/12abc",
            "/about/43",
            "/shipping-policy/slug/41",
            "/account/orders",
            "/search/mugs",
            "/products/mug",
        ] {
            assert_eq!(screen_for(path, ""), None, "{path}");
        }
    }

    #[test]
    fn a_listing_passes_on_its_own_parameters_only() {
        let list = screen_for(
            "/creator/dana/3",
            "utm_source=mail&sort=price-asc&categories=8&categories=9&page=2",
        )
        .unwrap();
        assert_eq!(
            list.api,
            "/lists/creator/3?sort=price-asc&categories=8&categories=9&page=2"
        );
        let first = screen_for("/category/mugs/8", "filters=Material_Stoneware").unwrap();
        assert_eq!(
            first.api,
            "/lists/category/8?page=1&filters=Material_Stoneware"
        );
    }
}
