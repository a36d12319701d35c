//! A head start for the first screen of a page load.
//!
//! Every page load is answered with the app's `index.html`, and the path alone says
//! which screen the app will show. Left to itself the app finds out what that screen
//! needs one round trip at a time, after its main script has run: the screen's code,
//! then its data, then its first picture; on a phone each is a few hundred
//! milliseconds of a blank page. So the server writes all three into the HTML:
//! - the screen's code as `modulepreload` links (the files come from Vite's manifest);
//! - its data as the API's own answer, inlined as JSON that the app's API client takes
//!   instead of fetching it (`ui/src/lib/api/firstScreen.ts`), with the store's facts
//!   the layout asks for on every page;
//! - its first picture as a `preload` link.
//!
//! A path it does not know, or an answer other than 200, adds nothing: the app then
//! fetches as it always does. The API is asked in-process without the shopper's cookies
//! or headers, so a page only ever holds what any visitor may see.

use poem::http::StatusCode;
use poem::{Endpoint, Request};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::{BTreeSet, HashMap};

/// What the first screen of a path needs: the app module showing it, the API call it
/// makes, and where in that call's answer its first picture is (a JSON pointer).
#[derive(Debug, PartialEq, Eq)]
pub struct Screen {
    pub module: &'static str,
    pub api: String,
    pub picture: &'static str,
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
        }),
        ["products", _, product] => Some(Screen {
            module: "src/features/catalog/components/ProductPage.tsx",
            api: format!("/products/{}", id(product)?),
            picture: "/image",
        }),
        ["bundles", _, bundle] => Some(Screen {
            module: "src/features/catalog/components/BundlePage.tsx",
            api: format!("/bundles/{}", id(bundle)?),
            picture: "/image",
        }),
        [index, _, list] | ["a", index, _, list]
            if matches!(*index, "category" | "vendor" | "creator") =>
        {
            Some(Screen {
                module: "src/features/catalog/components/ProductListPage.tsx",
                api: format!("/lists/{index}/{}?{}", id(list)?, list_query(query, false)),
                picture: "/items/0/image",
            })
        }
        ["search"] => Some(Screen {
            module: "src/features/catalog/components/SearchResultsPage.tsx",
            api: format!("/search?{}", list_query(query, true)),
            picture: "/items/0/image",
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

/// One chunk of Vite's build manifest (`ui/dist/.vite/manifest.json`).
#[derive(Debug, Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
}

/// Vite's build manifest: which files each source module needs.
#[derive(Debug, Default)]
pub struct Manifest {
    chunks: HashMap<String, Chunk>,
    /// The chunks the HTML loads by itself (the entry's), worked out once.
    loaded: BTreeSet<String>,
}

/// The files a module needs beyond what the HTML already loads.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Files {
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
}

/// The HTML's own entry in the manifest; its chunks are loaded by the HTML already.
const ENTRY: &str = "index.html";

impl Manifest {
    /// A manifest that cannot be read preloads nothing rather than failing the page.
    pub fn parse(json: &[u8]) -> Manifest {
        match serde_json::from_slice(json) {
            Ok(chunks) => {
                let mut manifest = Manifest {
                    chunks,
                    loaded: BTreeSet::new(),
                };
                manifest.loaded = manifest.closure(ENTRY);
                manifest
            }
            Err(error) => {
                tracing::warn!(%error, "the UI's build manifest is unreadable; no code preloads");
                Manifest::default()
            }
        }
    }

    /// `module`'s chunk and every chunk it imports, with their stylesheets, less what
    /// the entry loads; each once.
    pub fn files(&self, module: &str) -> Files {
        let entry_styles: BTreeSet<&String> = self
            .loaded
            .iter()
            .flat_map(|key| &self.chunks[key].css)
            .collect();
        let mut files = Files::default();
        for key in self.closure(module).difference(&self.loaded) {
            let chunk = &self.chunks[key];
            files.scripts.push(chunk.file.clone());
            for style in &chunk.css {
                if !entry_styles.contains(style) && !files.styles.contains(style) {
                    files.styles.push(style.clone());
                }
            }
        }
        files
    }

    /// `key` and the keys it imports, directly or not.
    fn closure(&self, key: &str) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![key.to_owned()];
        while let Some(key) = todo.pop() {
            if let Some(chunk) = self.chunks.get(&key)
                && seen.insert(key)
            {
                todo.extend(chunk.imports.iter().cloned());
            }
        }
        seen
    }
}

/// The store's facts, which the layout asks for on every page.
const STORE_FACTS: &str = "/store";

/// `template` (the app's index.html) with the head start for `screen` written in.
/// `api` is the store's JSON API, asked in-process; its paths are relative to `/api`.
pub async fn page(
    template: &str,
    manifest: &Manifest,
    api: &impl Endpoint,
    screen: Option<&Screen>,
) -> String {
    // The screen's call and the store's facts are independent: ask both at once.
    let (screen_answer, facts) = tokio::join!(
        async {
            match screen {
                Some(screen) => answer(api, &screen.api).await,
                None => None,
            }
        },
        answer(api, STORE_FACTS),
    );
    let mut head = String::new();
    let mut answers = Map::new();
    if let Some(screen) = screen {
        let files = manifest.files(screen.module);
        for script in &files.scripts {
            head.push_str(&format!(
                r#"<link rel="modulepreload" crossorigin href="/{}">"#,
                attribute(script)
            ));
        }
        for style in &files.styles {
            head.push_str(&format!(
                r#"<link rel="preload" as="style" crossorigin href="/{}">"#,
                attribute(style)
            ));
        }
        if let Some(answer) = screen_answer {
            if let Some(picture) = answer.pointer(screen.picture).and_then(Value::as_str) {
                head.push_str(&format!(
                    r#"<link rel="preload" as="image" fetchpriority="high" href="{}">"#,
                    attribute(picture)
                ));
            }
            answers.insert(format!("/api{}", screen.api), answer);
        }
    }
    if let Some(facts) = facts {
        answers.insert(format!("/api{STORE_FACTS}"), facts);
    }
    // JSON has `<` only inside strings, where `\u003c` means the same; without it a
    // product text holding `</script>` would end the element early.
    let data = Value::Object(answers).to_string().replace('<', "\\u003c");
    let body = format!(r#"<script type="application/json" id="first-screen">{data}</script>"#);
    template
        .replacen("</head>", &format!("{head}</head>"), 1)
        .replacen("</body>", &format!("{body}</body>"), 1)
}

/// The API's answer to `GET /api{path}`, when it is a 200 with JSON.
async fn answer(api: &impl Endpoint, path: &str) -> Option<Value> {
    // Built from a URL the server already accepted, so it parses; if not, no answer.
    let request = Request::builder().uri(path.parse().ok()?).finish();
    let response = api.get_response(request).await;
    if response.status() != StatusCode::OK {
        return None;
    }
    let body = response.into_body().into_bytes().await.ok()?;
    serde_json::from_slice(&body).ok()
}

/// `value` safe inside a double-quoted HTML attribute.
fn attribute(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem::{Route, get, handler, web::Json};

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

    const MANIFEST: &str = r#"{
        "index.html": {"file": "assets/index-1.js", "imports": ["_jsx-runtime.js"], "css": ["assets/index-1.css"]},
        "_jsx-runtime.js": {"file": "assets/jsx-runtime-1.js"},
        "_ProductGrid.js": {"file": "assets/ProductGrid-1.js", "imports": ["_jsx-runtime.js"], "css": ["assets/ProductGrid-1.css"]},
        "src/features/home/components/HomePage.tsx": {"file": "assets/Home-1.js", "imports": ["_ProductGrid.js", "_jsx-runtime.js"], "css": ["assets/Home-1.css"]}
    }"#;

    #[test]
    fn a_module_preloads_its_chunks_less_the_entrys() {
        let manifest = Manifest::parse(MANIFEST.as_bytes());
        let files = manifest.files("src/features/home/components/HomePage.tsx");
        assert_eq!(
            files,
            Files {
                scripts: vec!["assets/ProductGrid-1.js".into(), "assets/Home-1.js".into()],
                styles: vec![
                    "assets/ProductGrid-1.css".into(),
                    "assets/Home-1.css".into()
                ],
            }
        );
        assert_eq!(manifest.files("src/Missing.tsx"), Files::default());
        assert_eq!(
            Manifest::parse(b"not json").files("src/features/home/components/HomePage.tsx"),
            Files::default()
        );
    }

    #[handler]
    fn home_answer() -> Json<Value> {
        Json(serde_json::json!({
            "departments": [{"image": "/media/mug/abc.svg?a=1&b=2", "name": "Mugs </script><script>alert(1)"}]
        }))
    }

    #[handler]
    fn facts_answer() -> Json<Value> {
        Json(serde_json::json!({"name": "Olive Lane"}))
    }

    const TEMPLATE: &str =
        "<html><head><title>t</title></head><body><div id=\"root\"></div></body></html>";

    #[tokio::test]
    async fn the_page_carries_the_screens_code_data_and_picture() {
        let api = Route::new()
            .at("/home", get(home_answer))
            .at("/store", get(facts_answer));
        let manifest = Manifest::parse(MANIFEST.as_bytes());
        let html = page(TEMPLATE, &manifest, &api, screen_for("/", "").as_ref()).await;
        let head = &html[..html.find("</head>").unwrap()];
        assert!(
            head.contains(
                r#"<link rel="modulepreload" crossorigin href="/assets/ProductGrid-1.js">"#
            )
        );
        assert!(
            head.contains(
                r#"<link rel="preload" as="style" crossorigin href="/assets/Home-1.css">"#
            )
        );
        assert!(
            head.contains(r#"href="/media/mug/abc.svg?a=1&amp;b=2""#),
            "{head}"
        );
        let start = html.find(r#"id="first-screen">"#).unwrap() + r#"id="first-screen">"#.len();
        let json = &html[start..html[start..].find("</script>").unwrap() + start];
        assert!(
            !json.contains('<'),
            "a product text cannot close the element: {json}"
        );
        let data: Value = serde_json::from_str(json).unwrap();
        assert_eq!(
            data["/api/home"]["departments"][0]["name"],
            "Mugs </script><script>alert(1)"
        );
        assert_eq!(data["/api/store"]["name"], "Olive Lane");
    }

    #[tokio::test]
    async fn a_screen_whose_call_fails_gets_code_but_no_data() {
        let api = Route::new().at("/store", get(facts_answer));
        let manifest = Manifest::parse(MANIFEST.as_bytes());
        let screen = screen_for("/products/gone/99", "").unwrap();
        let html = page(TEMPLATE, &manifest, &api, Some(&screen)).await;
        assert!(!html.contains("/api/products/99"), "{html}");
        assert!(!html.contains(r#"as="image""#));
        assert!(
            html.contains(r#"{"/api/store":{"name":"Olive Lane"}}"#),
            "{html}"
        );
        assert_eq!(
            answer(&api, "/store?q=not a uri").await,
            None,
            "no panic either"
        );
        let unknown = page(TEMPLATE, &manifest, &api, None).await;
        assert!(!unknown.contains("modulepreload"));
        assert!(unknown.contains(r#"id="first-screen""#));
    }
}
