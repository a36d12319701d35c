//! The first screen as HTML the browser paints before any script has run.
//!
//! On a phone the app's code takes a second or two to arrive and run; until then a
//! page that is only a script shows nothing. So for the screens shoppers land on
//! (home, a listing, a product) the server writes the screen's main content, from the
//! very answer it inlines for the app, into the page's `#root`: the store's name, the
//! headings, the pictures (at their final size, so nothing moves when they load),
//! titles, prices and links that work as plain links. The app then takes the page
//! over in one step, once its first screen is ready (`ui/src/lib/firstPaint.ts`);
//! React's first render replaces these elements rather than moving them, so the swap
//! is no layout shift.
//!
//! The paint is in English with prices in US dollars, the store's defaults. A shopper
//! who chose Hebrew or another currency would see it change when the app takes over,
//! so the app sets the `store_paint=off` cookie for them and their pages come
//! unpainted (`wanted`).
//!
//! Its look is `ui/src/app/global.css`'s `painted-*` rules, which follow the app's own
//! rules for the same elements.

use crate::api::accounts::session_cookie::cookie_value;
use poem::http::HeaderMap;
use serde_json::Value;
use std::fmt::Write;
use store_domain::money::Money;

/// Which screen a page paints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paint {
    Home,
    Listing,
    Product,
}

/// The cookie by which a shopper's app asks for pages without the paint (`off`).
const OPT_OUT: &str = "store_paint";

/// Whether a page load with these headers wants the first screen painted.
pub fn wanted(headers: &HeaderMap) -> bool {
    cookie_value(headers, OPT_OUT).as_deref() != Some("off")
}

/// The markup of `root` (the app's `#root` element) painted with `screen` from its
/// API `answer`; `store` is the store's info, for its name.
pub fn root(screen: Paint, answer: &Value, store: Option<&Value>) -> String {
    let name = store
        .and_then(|info| str_at(info, "name"))
        .unwrap_or("Olive Lane");
    let main = match screen {
        Paint::Home => home(answer),
        Paint::Listing => listing(answer),
        Paint::Product => product(answer),
    };
    format!(
        r#"<div id="root" data-painted=""><header class="painted-header"><div class="page"><a class="painted-brand" href="/">{}</a></div></header><main id="main" class="painted-main"><div class="page">{main}</div></main></div>"#,
        text(name)
    )
}

fn home(home: &Value) -> String {
    let mut html = String::from(
        "<h1>Welcome to Olive Lane</h1><p>Home goods, gifts, books and school supplies, chosen with care.</p>",
    );
    let departments = items(home, "departments");
    if !departments.is_empty() {
        html.push_str(r#"<h2>Departments</h2><ul class="painted-departments">"#);
        for department in departments {
            let (Some(name), Some(path)) =
                (str_at(department, "name"), str_at(department, "value"))
            else {
                continue;
            };
            let _ = write!(html, r#"<li><a href="{}">"#, attribute(path));
            if let Some(image) = str_at(department, "image") {
                let _ = write!(
                    html,
                    r#"<img src="{}" alt="" width="160" height="160">"#,
                    attribute(image)
                );
            }
            let _ = write!(html, "<span>{}</span></a></li>", text(name));
        }
        html.push_str("</ul>");
    }
    let arrivals = items(home, "new_arrivals");
    if !arrivals.is_empty() {
        html.push_str("<h2>New arrivals</h2>");
        cards(&mut html, arrivals, "h3");
    }
    html
}

fn listing(list: &Value) -> String {
    let mut html = format!("<h1>{}</h1>", text(str_at(list, "title").unwrap_or("")));
    cards(&mut html, items(list, "items"), "h2");
    html
}

fn product(product: &Value) -> String {
    let title = str_at(product, "title").unwrap_or("");
    let mut html = String::from(r#"<div class="painted-product">"#);
    match str_at(product, "image") {
        Some(image) => {
            let _ = write!(
                html,
                r#"<img class="painted-picture" src="{}" alt="{}" width="600" height="600">"#,
                attribute(image),
                attribute(title)
            );
        }
        None => html.push_str(r#"<div class="painted-picture"></div>"#),
    }
    let _ = write!(html, "<div><h1>{}</h1>", text(title));
    price(&mut html, product);
    if let Some(summary) = str_at(product, "short_desc").filter(|s| !s.is_empty()) {
        let _ = write!(html, "<p>{}</p>", text(summary));
    }
    html.push_str("</div></div>");
    html
}

/// Product cards as the app's grid draws them: picture, linked title, price.
fn cards(html: &mut String, cards: &[Value], heading: &str) {
    if cards.is_empty() {
        return;
    }
    html.push_str(r#"<ul class="painted-grid">"#);
    for card in cards {
        let (Some(title), Some(path)) = (str_at(card, "title"), str_at(card, "path")) else {
            continue;
        };
        html.push_str(r#"<li class="painted-card">"#);
        match str_at(card, "image") {
            Some(image) => {
                let _ = write!(
                    html,
                    r#"<img src="{}" alt="" width="320" height="320">"#,
                    attribute(image)
                );
            }
            None => html.push_str("<div></div>"),
        }
        let _ = write!(
            html,
            r#"<{heading}><a href="{}">{}</a></{heading}>"#,
            attribute(path),
            text(title)
        );
        price(html, card);
        html.push_str("</li>");
    }
    html.push_str("</ul>");
}

/// The price, and the struck-through higher one it replaces when there is one, told
/// apart for screen readers as the app's `Price` does.
fn price(html: &mut String, item: &Value) {
    let Some(cents) = item.get("price").and_then(Value::as_i64) else {
        return;
    };
    html.push_str(r#"<p class="painted-price">"#);
    match item.get("fake_price").and_then(Value::as_i64) {
        Some(was) if was > cents => {
            let _ = write!(
                html,
                r#"<span class="visually-hidden">Now </span>{} <del><span class="visually-hidden">Was </span>{}</del>"#,
                dollars(cents),
                dollars(was)
            );
        }
        _ => html.push_str(&dollars(cents)),
    }
    html.push_str("</p>");
}

/// Cents as US dollars the way the app writes them: `$1,234.50`.
fn dollars(cents: i64) -> String {
    Money::from_cents(cents).to_string()
}

fn str_at<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value.get(key).and_then(Value::as_str)
}

fn items<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// `value` as the text of an element.
fn text(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `value` safe inside a double-quoted HTML attribute.
pub(super) fn attribute(value: &str) -> String {
    text(value).replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_product_is_painted_with_its_picture_title_price_and_summary() {
        let answer = json!({
            "title": "Olive bowl", "price": 123450, "fake_price": 150000,
            "image": "/media/bowl/4b5d23.svg", "short_desc": "Hand-thrown."
        });
        let html = root(
            Paint::Product,
            &answer,
            Some(&json!({"name": "Olive Lane"})),
        );
        assert!(
            html.starts_with(r#"<div id="root" data-painted="">"#),
            "{html}"
        );
        assert!(html.contains("<h1>Olive bowl</h1>"), "{html}");
        assert!(html.contains(
            r#"<p class="painted-price"><span class="visually-hidden">Now </span>$1,234.50 <del><span class="visually-hidden">Was </span>$1,500.00</del></p>"#
        ), "{html}");
        assert!(html.contains(r#"src="/media/bowl/4b5d23.svg" alt="Olive bowl" width="600""#));
        assert!(html.contains("<p>Hand-thrown.</p>"));
        assert!(html.ends_with("</main></div>"));
    }

    #[test]
    fn catalogue_text_cannot_break_out_of_the_markup() {
        let answer = json!({"title": "Mugs", "items": [{
            "title": "</h2><script>alert(1)</script>", "path": "/products/x/1\"><script>",
            "price": 5, "fake_price": 5, "image": "/media/a.svg?a=1&b=2"
        }]});
        let html = root(
            Paint::Listing,
            &answer,
            Some(&json!({"name": "<b>Shop</b>"})),
        );
        assert!(!html.contains("<script>"), "{html}");
        assert!(!html.contains("<b>"), "{html}");
        assert!(html.contains("&lt;/h2&gt;&lt;script&gt;"), "{html}");
        assert!(
            html.contains(r#"href="/products/x/1&quot;&gt;&lt;script&gt;""#),
            "{html}"
        );
        assert!(html.contains("a=1&amp;b=2"), "{html}");
        assert!(
            html.contains(r#"<p class="painted-price">$0.05</p>"#),
            "{html}"
        );
    }

    #[test]
    fn home_paints_its_departments_and_new_arrivals_and_skips_what_is_missing() {
        let answer = json!({
            "departments": [{"name": "Kitchen", "value": "/category/kitchen/1"}, {"name": "no path"}],
            "new_arrivals": [{"title": "Tea towel", "path": "/products/tea-towel/9", "price": 900}],
            "bundles": []
        });
        let html = root(Paint::Home, &answer, None);
        assert!(html.contains(r#"<a class="painted-brand" href="/">Olive Lane</a>"#));
        assert!(
            html.contains(r#"<li><a href="/category/kitchen/1"><span>Kitchen</span></a></li>"#)
        );
        assert!(!html.contains("no path"), "{html}");
        assert!(html.contains(r#"<h3><a href="/products/tea-towel/9">Tea towel</a></h3>"#));
        assert!(html.contains("$9.00"), "{html}");
    }

    #[test]
    fn the_opt_out_cookie_turns_the_paint_off() {
        let with = |cookies: &[&str]| {
            let mut headers = HeaderMap::new();
            for cookie in cookies {
                headers.append(poem::http::header::COOKIE, cookie.parse().unwrap());
            }
            wanted(&headers)
        };
        assert!(with(&[]));
        assert!(with(&["session=abc; store_paint=on"]));
        assert!(!with(&["session=abc; store_paint=off"]));
        assert!(!with(&["store_paint=off"]));
        assert!(
            !with(&["session=abc", "store_paint=off"]),
            "a second Cookie header"
        );
    }
}
