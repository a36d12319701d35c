//! A head start for the first screen of a page load.
//!
//! Every page load is answered with the app's `index.html`, and the path alone says
//! which screen the app will show. Left to itself the app finds out what that screen
//! needs one round trip at a time, after its main script has run: the screen's code,
//! then its data, then its first picture; on a phone each is a few hundred
//! milliseconds of a blank page. So the server writes all three into the HTML:
//! - the app's code and the screen's as `modulepreload` links (the files come from
//!   Vite's manifest), at low priority like the entry (`ui/vite.config.ts`): the painted
//!   screen, its stylesheet and its picture come first. Every page, known or not, gets
//!   the app's: the entry only asks for it once it has run;
//! - its data as the API's own answer, inlined as JSON that the app's API client takes
//!   instead of fetching it (`ui/src/lib/api/firstScreen.ts`), with the store's info
//!   the layout asks for on every page;
//! - its first picture as a `preload` link.
//!
//! For home, listings and product pages it also paints the screen itself as HTML from
//! that answer (`paint`), so a phone shows it before the app's code has run.
//!
//! A path it does not know, or an answer other than 200, adds nothing: the app then
//! fetches as it always does. The API is asked in-process without the shopper's cookies
//! or headers, so a page only ever holds what any visitor may see.

mod manifest;
mod paint;
mod routes;

pub use manifest::Manifest;
pub use paint::{Paint, wanted as paint_wanted};
pub use routes::{Screen, screen_for};

use paint::attribute;
use poem::http::StatusCode;
use poem::{Endpoint, Request};
use serde_json::{Map, Value};

/// The store's info, which the layout asks for on every page.
const STORE_INFO: &str = "/store";

/// The app, which the HTML's entry loads on its own after the first paint
/// (`ui/src/main.tsx`): every page preloads its code, found by this name in the manifest.
const APP: &str = "src/start.tsx";

/// The rest of the app's route table (`ui/src/app/moreRoutes.tsx`), which it loads
/// before settling on a path it has no screen for at start: every page but a screen's
/// preloads it.
const MORE_ROUTES: &str = "src/app/moreRoutes.tsx";

/// `template` (the app's index.html) with the head start for `screen` written in, and,
/// for a screen the server paints, the screen painted into `#root` unless `painted` is
/// false.
/// `api` is the store's JSON API, asked in-process; its paths are relative to `/api`.
pub async fn page(
    template: &str,
    manifest: &Manifest,
    api: &impl Endpoint,
    screen: Option<&Screen>,
    painted: bool,
) -> String {
    // The screen's call and the store's info are independent: ask both at once.
    let (screen_answer, info) = tokio::join!(
        async {
            match screen {
                Some(screen) => answer(api, &screen.api).await,
                None => None,
            }
        },
        answer(api, STORE_INFO),
    );
    let mut head = String::new();
    let mut answers = Map::new();
    let mut root = None;
    let modules = [APP, screen.map_or(MORE_ROUTES, |screen| screen.module)];
    let files = manifest.files(&modules);
    for script in &files.scripts {
        head.push_str(&format!(
            r#"<link rel="modulepreload" fetchpriority="low" crossorigin href="/{}">"#,
            attribute(script)
        ));
    }
    for style in &files.styles {
        head.push_str(&format!(
            r#"<link rel="preload" as="style" fetchpriority="low" crossorigin href="/{}">"#,
            attribute(style)
        ));
    }
    if let Some(screen) = screen
        && let Some(answer) = screen_answer
    {
        if let Some(picture) = answer.pointer(screen.picture).and_then(Value::as_str) {
            head.push_str(&format!(
                r#"<link rel="preload" as="image" fetchpriority="high" href="{}">"#,
                attribute(picture)
            ));
        }
        if let Some(kind) = screen.paint.filter(|_| painted) {
            root = Some(paint::root(kind, &answer, info.as_ref()));
        }
        answers.insert(format!("/api{}", screen.api), answer);
    }
    if let Some(info) = info {
        answers.insert(format!("/api{STORE_INFO}"), info);
    }
    // JSON has `<` only inside strings, where `\u003c` means the same; without it a
    // product text holding `</script>` would end the element early.
    let data = Value::Object(answers).to_string().replace('<', "\\u003c");
    let body = format!(r#"<script type="application/json" id="first-screen">{data}</script>"#);
    let page = template
        .replacen("</head>", &format!("{head}</head>"), 1)
        .replacen("</body>", &format!("{body}</body>"), 1);
    match root {
        Some(root) => with_root(&page, &root),
        None => page,
    }
}

/// `page` with its `#root` element (index.html's placeholder, which holds no other
/// `div`) replaced by `root`; `page` as it is if it has no such element.
fn with_root(page: &str, root: &str) -> String {
    const OPEN: &str = r#"<div id="root">"#;
    const CLOSE: &str = "</div>";
    let Some(start) = page.find(OPEN) else {
        return page.to_owned();
    };
    let Some(length) = page[start..].find(CLOSE) else {
        return page.to_owned();
    };
    let end = start + length + CLOSE.len();
    format!("{}{root}{}", &page[..start], &page[end..])
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

#[cfg(test)]
mod tests {
    use super::manifest::tests::MANIFEST;
    use super::*;
    use poem::{Route, get, handler, web::Json};

    #[handler]
    fn home_answer() -> Json<Value> {
        Json(serde_json::json!({
            "departments": [{"image": "/media/mug/abc.svg?a=1&b=2", "name": "Mugs </script><script>alert(1)"}]
        }))
    }

    #[handler]
    fn info_answer() -> Json<Value> {
        Json(serde_json::json!({"name": "Olive Lane"}))
    }

    const TEMPLATE: &str =
        "<html><head><title>t</title></head><body><div id=\"root\"></div></body></html>";

    #[tokio::test]
    async fn the_page_carries_the_screens_code_data_and_picture() {
        let api = Route::new()
            .at("/home", get(home_answer))
            .at("/store", get(info_answer));
        let manifest = Manifest::parse(MANIFEST.as_bytes());
        let html = page(
            TEMPLATE,
            &manifest,
            &api,
            screen_for("/", "").as_ref(),
            false,
        )
        .await;
        let head = &html[..html.find("</head>").unwrap()];
        assert!(
            head.contains(
                r#"<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ProductGrid-1.js">"#
            )
        );
        assert!(
            head.contains(
                r#"<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/Home-1.css">"#
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
        let api = Route::new().at("/store", get(info_answer));
        let manifest = Manifest::parse(MANIFEST.as_bytes());
        let screen = screen_for("/products/gone/99", "").unwrap();
        let html = page(TEMPLATE, &manifest, &api, Some(&screen), true).await;
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
        assert!(
            html.contains(r#"<div id="root"></div>"#),
            "nothing to paint without the answer: {html}"
        );
        let unknown = page(TEMPLATE, &manifest, &api, None, true).await;
        let preloads = |html: &str| {
            html.match_indices("modulepreload")
                .map(|(at, _)| html[at..].split('"').nth(4).unwrap().to_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            preloads(&unknown),
            ["/assets/start-1.js"],
            "the app's code on every page, the screen's on its own"
        );
        assert!(unknown.contains(r#"id="first-screen""#));
    }

    #[tokio::test]
    async fn the_screen_is_painted_into_the_root_unless_asked_not_to() {
        let api = Route::new()
            .at("/home", get(home_answer))
            .at("/store", get(info_answer));
        let manifest = Manifest::parse(MANIFEST.as_bytes());
        let template = "<html><head></head><body><div id=\"root\"><p class=\"boot\">Olive Lane</p></div><noscript>x</noscript></body></html>";
        let home = screen_for("/", "");
        let painted = page(template, &manifest, &api, home.as_ref(), true).await;
        assert!(!painted.contains("boot"), "{painted}");
        let root = painted.find(r#"<div id="root" data-painted="">"#).unwrap();
        let main = painted.find("<main").unwrap();
        let departments = painted.find("<h2>Departments</h2>").unwrap();
        let noscript = painted.find("</main></div><noscript>").unwrap();
        assert!(
            root < main && main < departments && departments < noscript,
            "{painted}"
        );
        let plain = page(template, &manifest, &api, home.as_ref(), false).await;
        assert!(plain.contains(r#"<div id="root"><p class="boot">Olive Lane</p></div>"#));
        assert!(!plain.contains("<main"), "{plain}");
    }
}
