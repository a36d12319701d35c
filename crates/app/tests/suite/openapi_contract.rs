//! The OpenAPI document is the contract: the UI's types come from it and Schemathesis
//! (scripts/fuzz-api) checks every answer against it. Each test here pins a place
//! where the fuzzer found the document and the code disagreeing.

use poem::Endpoint;
use poem::http::{StatusCode, header};
use poem::test::TestClient;
use serde_json::Value;
use std::sync::Arc;
use store_adapters::fakes::InMemoryCatalog;
use store_app::web;

use crate::common;

fn app() -> TestClient<impl Endpoint> {
    let (state, _) = common::state_with(Arc::new(InMemoryCatalog::new()));
    TestClient::new(web::routes(state))
}

async fn document() -> Value {
    let resp = app().get("/api/openapi.json").send().await;
    resp.assert_status_is_ok();
    resp.json().await.value().deserialize()
}

/// Every operation of the document as (path, method, operation).
fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut all = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            all.push((path.clone(), method.clone(), op.clone()));
        }
    }
    assert!(all.len() > 10, "the document lists the operations");
    all
}

#[tokio::test]
async fn a_wrong_method_is_a_405_naming_the_allowed_ones() {
    let client = app();
    for (method, path, allowed) in [
        ("POST", "/api/categories", "GET"),
        ("DELETE", "/api/products/5", "GET"),
        ("PUT", "/api/contact", "POST"),
        ("GET", "/api/newsletter/confirm", "POST"),
        ("POST", "/api/openapi.json", "GET"),
    ] {
        let resp = client
            .request(method.parse().unwrap(), path)
            .header("X-Requested-With", "XMLHttpRequest")
            .content_type("application/json")
            .body("{}")
            .send()
            .await;
        resp.assert_status(StatusCode::METHOD_NOT_ALLOWED);
        resp.assert_header(header::ALLOW, allowed);
        let body: Value = resp.json().await.value().deserialize();
        assert!(body["message"].is_string(), "{method} {path}: {body}");
    }
}

#[tokio::test]
async fn a_body_that_is_not_json_is_a_documented_415() {
    let resp = app()
        .post("/api/contact")
        .header("X-Requested-With", "XMLHttpRequest")
        .content_type("text/plain")
        .body("name=Dana")
        .send()
        .await;
    resp.assert_status(StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let body: Value = resp.json().await.value().deserialize();
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("application/json")
    );

    let doc = document().await;
    assert!(doc["paths"]["/contact"]["post"]["responses"]["415"].is_object());
}

/// What middleware answers around the handlers is documented on each operation that
/// can get it, pointing at one shared description.
#[tokio::test]
async fn middleware_answers_are_documented_on_every_operation_that_can_get_them() {
    let doc = document().await;
    for (path, method, op) in operations(&doc) {
        let responses = op["responses"].as_object().unwrap();
        let mut expected = vec!["503"];
        if method != "get" {
            expected.extend(["403", "413"]);
        }
        // Pricing calls store nothing and are not counted as writes (limits.rs).
        let pricing = method == "post" && store_app::limits::PRICING_POSTS.contains(&path.as_str());
        if method != "get" && !pricing {
            expected.push("429");
        }
        // The checkout quote's own 429 is for codes guessed, not the write budget.
        if pricing && path != "/checkout/quote" {
            assert!(
                !responses.contains_key("429"),
                "{method} {path}: documents a 429 it cannot get"
            );
        }
        if op.get("requestBody").is_some() {
            expected.push("415");
        }
        for status in expected {
            let answer = responses
                .get(status)
                .unwrap_or_else(|| panic!("{method} {path}: no {status}"));
            // The shared description, or the operation's own that names it too.
            let Some(reference) = answer["$ref"].as_str() else {
                let description = answer["description"].as_str().unwrap();
                assert!(
                    description.contains("Also: ") && answer["content"].is_object(),
                    "{method} {path} {status}: {description}"
                );
                continue;
            };
            let name = reference.rsplit('/').next().unwrap();
            assert!(
                doc["components"]["responses"][name]["content"].is_object(),
                "{reference} is defined with a body"
            );
        }
    }
    let search = &doc["paths"]["/search"]["get"]["responses"];
    assert!(search["429"].is_object(), "counted searches are limited");
}

/// The fuzzer sent `{"email": "", "message": ""}` and other bodies valid by the document
/// and got 400s: the domain's rules were missing from it. Each field now states them,
/// with the domain's own limits.
#[tokio::test]
async fn body_fields_state_the_domain_rules() {
    use store_domain::client_errors::*;
    use store_domain::messages::*;
    let doc = document().await;
    let field =
        |schema: &str, name: &str| doc["components"]["schemas"][schema]["properties"][name].clone();
    let required = |schema: &str| doc["components"]["schemas"][schema]["required"].clone();
    for (schema, name, max) in [
        ("HelpMessage", "message", MAX_CHAT_MESSAGE),
        ("ContactMessage", "name", MAX_NAME),
        ("ContactMessage", "subject", MAX_SUBJECT),
        ("ContactMessage", "message", MAX_CONTACT_MESSAGE),
        ("ClientErrorReport", "message", MAX_ERROR_MESSAGE),
        ("ClientErrorReport", "url", MAX_ERROR_URL),
    ] {
        let f = field(schema, name);
        assert_eq!(f["minLength"], 1, "{schema}.{name}");
        assert_eq!(f["maxLength"], max, "{schema}.{name}");
        assert!(
            f["pattern"].as_str().unwrap().starts_with("^[^")
                && f["pattern"].as_str().unwrap().contains(r"\u202a"),
            "{schema}.{name}: not blank, no control characters"
        );
        assert!(
            required(schema).as_array().unwrap().contains(&name.into()),
            "{schema}.{name}"
        );
    }
    for (schema, name, max) in [
        ("HelpMessage", "name", MAX_NAME),
        ("ContactMessage", "order_number", MAX_ORDER_NUMBER),
        ("ClientErrorReport", "detail", MAX_ERROR_DETAIL),
    ] {
        assert_eq!(field(schema, name)["maxLength"], max, "{schema}.{name}");
        // The fuzzer sent `"name": null` and it was taken.
        assert_eq!(field(schema, name)["nullable"], true, "{schema}.{name}");
    }
    // A field with a default takes `null` as that default; the fuzzer sent
    // `"personalization": null` and it was taken.
    for (schema, name) in [
        ("LineInput", "personalization"),
        ("LineInput", "gift_options"),
        ("LineInput", "item_key"),
        ("LineKeyDto", "item_key"),
    ] {
        assert_eq!(field(schema, name)["nullable"], true, "{schema}.{name}");
    }
    for schema in ["NewsletterSignUp", "HelpMessage", "ContactMessage"] {
        let email = field(schema, "email");
        assert_eq!(email["maxLength"], 254, "{schema}.email");
        assert!(
            email["pattern"].as_str().unwrap().contains('@'),
            "{schema}.email"
        );
    }
    let status = field("ClientErrorReport", "status");
    assert_eq!(
        (status["minimum"].clone(), status["maximum"].clone()),
        (100.into(), 599.into())
    );
}

/// The fuzzer sent `q=` (valid by the document) and `price_min=-9223372036854775808`
/// (no minimum documented) and got 400s.
#[tokio::test]
async fn search_and_list_parameters_state_their_bounds() {
    let doc = document().await;
    let parameter = |path: &str, name: &str| {
        doc["paths"][path]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{path}: no parameter {name}"))
            .clone()
    };
    let q = parameter("/search", "q");
    assert_eq!(q["required"], true);
    assert_eq!(q["schema"]["minLength"], 1);
    assert_eq!(q["schema"]["maxLength"], 200);
    // The fuzzer sent a q that ECMAScript's \S calls not blank and Rust's trim blanks.
    assert!(q["schema"]["pattern"].as_str().unwrap().contains(r"\u3000"));
    for path in ["/search", "/lists/{index}/{id}"] {
        for name in ["price_min", "price_max"] {
            let minimum = parameter(path, name)["schema"]["minimum"].as_f64();
            assert_eq!(minimum, Some(0.0), "{path} {name}");
        }
        for name in ["categories", "vendors", "creators", "filters", "variations"] {
            let schema = parameter(path, name)["schema"].clone();
            assert_eq!(schema["maxItems"], 50, "{path} {name}");
            assert_eq!(schema["items"]["maxLength"], 200, "{path} {name}");
        }
    }
}
