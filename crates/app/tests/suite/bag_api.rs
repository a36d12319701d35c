//! The bag's calls: `POST /api/max` and `POST /api/bag/quote`, against the fixture
//! catalogue with a gift card and a tax-code-22 book added. Figures are worked out by
//! hand in each test. A guest's bag is anonymous by design: it lives in the browser,
//! and these calls keep nothing.

use poem::Endpoint;
use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::{Value, json};
use store_app::web;

use crate::common;

/// The fixture (mug 10 with variations 1001 out of stock and 1002 red at $12.00, 4 in
/// stock, gift wrap $5.00, initials $3.00 up to 3 letters; 11 out of stock; kettle 12
/// at $30.00, 7 in stock; bundle 50 at $40.00, 2 sets) plus gift card 60 at $25.00
/// and book 61 at $9.99 with tax code 22.
async fn app() -> TestClient<impl Endpoint> {
    let catalog = common::shop_catalogue().await;
    let (state, _) = common::state_with(catalog);
    TestClient::new(web::routes(state))
}

async fn post(client: &TestClient<impl Endpoint>, path: &str, body: Value) -> (StatusCode, Value) {
    let resp = client
        .post(path)
        .header("X-Requested-With", "XMLHttpRequest")
        .content_type("application/json")
        .body(body.to_string())
        .send()
        .await;
    let status = resp.0.status();
    let text = resp.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap())
}

/// Both lists are required; the tests leave out an empty one.
fn with_lists(mut body: Value) -> Value {
    for list in ["products", "later"] {
        if body.get(list).is_none() {
            body[list] = json!([]);
        }
    }
    body
}

async fn quote(client: &TestClient<impl Endpoint>, body: Value) -> Value {
    let (status, answer) = post(client, "/api/bag/quote", with_lists(body)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer
}

fn line(id: i64, kind: &str, quantity: i64) -> Value {
    json!({"id": id, "type": kind, "quantity": quantity})
}

/// (id, quantity) of each line of `list`.
fn held(answer: &Value, list: &str) -> Vec<(i64, i64)> {
    answer[list]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["id"].as_i64().unwrap(), l["quantity"].as_i64().unwrap()))
        .collect()
}

#[tokio::test]
async fn a_mixed_bag_is_priced_from_the_catalogue() {
    let client = app().await;
    let mut engraved = json!({"id": 1002, "type": "variation", "item_key": "k1", "quantity": 2,
        "gift_options": true, "personalization": {"initials": "DL"}});
    // A client's own figures are not read.
    engraved["price"] = json!(1);
    engraved["max"] = json!(999);
    let answer = quote(
        &client,
        json!({"products": [engraved, line(12, "product", 1), line(60, "giftCard", 1),
            line(61, "product", 3), line(50, "bundle", 1)]}),
    )
    .await;

    // 2 × 12.00 + 30.00 + 25.00 + 3 × 9.99 + 40.00 = 148.97; wrap 2 × 5.00; initials 2 × 3.00.
    assert_eq!(
        answer["totals"],
        json!({"count": 8, "subtotal": 14_897, "tax": 0, "shipping": 0, "gift_options": 1000,
            "personalization_fees": 600, "discount": 0, "total": 16_497})
    );
    let first = &answer["products"][0];
    assert_eq!(
        first["price"], 1200,
        "the catalogue's price, not the client's"
    );
    assert_eq!(first["max"], 4);
    assert_eq!(first["line_subtotal"], 2400);
    assert_eq!(first["line_gift_options"], 1000);
    assert_eq!(first["line_personalization_fee"], 600);
    assert_eq!(first["title"], "Item 10");
    assert_eq!(first["product_id"], 10);
    assert_eq!(
        first["options"],
        json!([{"name": "Color", "value": "Red", "heb_name": "צבע"}])
    );
    assert_eq!(first["personalization"], json!({"initials": "DL"}));
    assert_eq!(answer["products"][3]["tax_code"], "22");
    assert_eq!(answer["digital_only"], false);
    // What ships and counts: 24.00 + 30.00 + 29.97 + 40.00 (the gift card does not).
    assert_eq!(answer["free_shipping_over"], 5000);
    assert_eq!(answer["free_shipping_remaining"], 0);
}

#[tokio::test]
async fn a_gift_card_alone_is_digital_and_far_from_free_shipping() {
    let client = app().await;
    let answer = quote(&client, json!({"products": [line(60, "giftCard", 1)]})).await;
    assert_eq!(answer["digital_only"], true);
    assert_eq!(answer["free_shipping_remaining"], 5000);
}

#[tokio::test]
async fn stale_lines_are_corrected_not_trusted() {
    let client = app().await;
    let answer = quote(
        &client,
        json!({"products": [line(1002, "variation", 9), line(11, "product", 2), line(12, "product", 0)],
               "later": [line(1001, "variation", 1)]}),
    )
    .await;
    // Asked 9 of 4 in stock; 0 becomes 1; no stock left moves to the unavailable lists.
    assert_eq!(held(&answer, "products"), vec![(1002, 4), (12, 1)]);
    assert_eq!(held(&answer, "unavailable_cart"), vec![(11, 2)]);
    assert_eq!(answer["unavailable_cart"][0]["max"], 0);
    assert_eq!(held(&answer, "unavailable_later"), vec![(1001, 1)]);
    assert_eq!(answer["totals"]["count"], 5);
}

#[tokio::test]
async fn edits_merge_move_and_remove() {
    let client = app().await;
    let bag = json!([line(12, "product", 2), line(50, "bundle", 1)]);
    let added = quote(
        &client,
        json!({"products": bag, "change": {"action": "add", "line": line(12, "product", 3)}}),
    )
    .await;
    assert_eq!(held(&added, "products"), vec![(12, 5), (50, 1)]);

    let key = json!({"id": 12, "type": "product"});
    let later = quote(
        &client,
        json!({"products": added["products"], "change": {"action": "move_to_later", "key": key}}),
    )
    .await;
    assert_eq!(held(&later, "products"), vec![(50, 1)]);
    assert_eq!(held(&later, "later"), vec![(12, 5)]);

    let back = quote(
        &client,
        json!({"products": later["products"], "later": later["later"],
               "change": {"action": "move_to_bag", "key": key}}),
    )
    .await;
    assert_eq!(held(&back, "products"), vec![(50, 1), (12, 5)]);
    assert!(held(&back, "later").is_empty());

    let fewer = quote(
        &client,
        json!({"products": back["products"],
               "change": {"action": "replace", "key": key, "line": line(12, "product", 2)}}),
    )
    .await;
    assert_eq!(held(&fewer, "products"), vec![(50, 1), (12, 2)]);

    let removed = quote(
        &client,
        json!({"products": fewer["products"],
               "change": {"action": "remove", "list": "products", "key": {"id": 50, "type": "bundle"}}}),
    )
    .await;
    assert_eq!(held(&removed, "products"), vec![(12, 2)]);
}

#[tokio::test]
async fn clearing_personalization_merges_into_the_plain_line() {
    let client = app().await;
    let engraved = json!({"id": 1002, "type": "variation", "item_key": "k1", "quantity": 3,
        "personalization": {"initials": "DL"}});
    let plain = line(1002, "variation", 2);
    let answer = quote(
        &client,
        json!({"products": [plain, engraved], "change": {"action": "replace",
            "key": {"id": 1002, "type": "variation", "item_key": "k1"},
            "line": {"id": 1002, "type": "variation", "item_key": "k1", "quantity": 3,
                     "personalization": {"initials": "  "}}}}),
    )
    .await;
    // 2 + 3 = 5, capped at the 4 in stock; the line lost its key.
    assert_eq!(held(&answer, "products"), vec![(1002, 4)]);
    assert_eq!(answer["products"][0]["item_key"], "");
    assert_eq!(answer["products"][0]["personalization"], json!({}));
}

#[tokio::test]
async fn max_answers_each_line_with_its_max() {
    let client = app().await;
    let (status, answer) = post(
        &client,
        "/api/max",
        json!({"products": [line(12, "product", 3), line(12, "product", 1), line(11, "product", 1),
            line(50, "bundle", 9)]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let maxes: Vec<(i64, i64, i64)> = answer["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["id"].as_i64().unwrap(),
                l["quantity"].as_i64().unwrap(),
                l["max"].as_i64().unwrap(),
            )
        })
        .collect();
    // As sent: nothing merged, nothing capped; the kettle's max is its per-order 10 or stock 7.
    assert_eq!(maxes, vec![(12, 3, 7), (12, 1, 7), (11, 1, 0), (50, 9, 2)]);
}

/// 400: what the document itself refuses; 404: an item the catalogue does not have;
/// 409: a line that does not fit its item or list (the client's copy is stale). Each
/// answer's message names what is wrong. (Kept lines that do not fit are withdrawn,
/// not refused: see `kept_lines_the_catalogue_no_longer_sells_are_withdrawn`.)
#[tokio::test]
async fn refusals_name_what_is_wrong() {
    let client = app().await;
    let many: Vec<Value> = (0..101).map(|_| line(12, "product", 1)).collect();
    let hundred: Vec<Value> = (0..100)
        .map(|i| line(if i % 2 == 0 { 12 } else { 61 }, "product", 1))
        .collect();
    let engraved = |text: &str| {
        json!({"id": 1002, "type": "variation", "item_key": "k", "quantity": 1,
        "personalization": {"initials": text}})
    };
    let add = |line: Value| json!({"products": [], "change": {"action": "add", "line": line}});
    let bad = StatusCode::BAD_REQUEST;
    let gone = StatusCode::NOT_FOUND;
    let stale = StatusCode::CONFLICT;
    let cases = [
        (
            json!({"products": [{"id": 12, "quantity": 1}]}),
            bad,
            "type",
        ),
        (json!({"products": null}), bad, "list_LineInput"),
        (
            json!({"products": [line(12, "product", -1)]}),
            bad,
            "quantity",
        ),
        (
            json!({"products": [line(12, "product", 10_000)]}),
            bad,
            "quantity",
        ),
        (
            json!({"products": [{"id": 12, "type": "product", "item_key": "a b", "quantity": 1}]}),
            bad,
            "item_key",
        ),
        (
            json!({"products": [{"id": 12, "type": "product", "item_key": false, "quantity": 1}]}),
            bad,
            "Expected input type \"string\", found false",
        ),
        (json!({"products": many}), bad, "100"),
        (
            json!({"products": [], "change": {"action": "explode"}}),
            bad,
            "action",
        ),
        (
            json!({"products": [{"id": 12, "type": "product", "quantity": 1, "personalization": {"initials": 5}}]}),
            bad,
            "string",
        ),
        (
            json!({"products": [engraved("a\u{202e}b")]}),
            bad,
            "text-direction",
        ),
        (
            add(line(999, "product", 1)),
            gone,
            "change.line: there is no product with id 999",
        ),
        (
            add(line(77, "bundle", 1)),
            gone,
            "there is no bundle with id 77",
        ),
        (add(line(10, "product", 1)), stale, "sold by its variations"),
        (add(line(12, "giftCard", 1)), stale, "not a gift card"),
        (
            add(
                json!({"id": 1002, "type": "variation", "item_key": "k", "quantity": 1,
            "personalization": {"monogram": "A"}}),
            ),
            stale,
            "no personalization field \"monogram\"",
        ),
        (add(engraved("ABCD")), stale, "at most 3 characters"),
        (
            add(json!({"id": 12, "type": "product", "quantity": 1, "gift_options": true})),
            stale,
            "no gift options",
        ),
        (
            json!({"products": [line(12, "product", 1)], "change": {"action": "replace",
            "key": {"id": 12, "type": "product"}, "line": line(999, "product", 1)}}),
            gone,
            "change.line: there is no product with id 999",
        ),
        (
            json!({"products": hundred, "change": {"action": "add", "line": line(13, "product", 1)}}),
            stale,
            "at most 100 lines",
        ),
        (
            json!({"products": [line(12, "product", 1)], "change": {"action": "move_to_bag",
            "key": {"id": 12, "type": "product"}}}),
            stale,
            "later holds no product line with id 12",
        ),
    ];
    for (body, status, expected) in cases {
        let (answered, answer) = post(&client, "/api/bag/quote", with_lists(body.clone())).await;
        assert_eq!(answered, status, "{body} -> {answer}");
        let message = answer["message"].as_str().unwrap();
        assert!(
            message.contains(expected),
            "{body}: {message:?} lacks {expected:?}"
        );
    }
    let (status, answer) = post(
        &client,
        "/api/max",
        json!({"products": [line(999, "bundle", 1)]}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        answer["message"],
        "products[0]: there is no bundle with id 999"
    );
}

/// A guest's bag outlives catalogue changes: a kept line whose item is gone, or no
/// longer sold in its type or with its options, is taken out and named, and the rest
/// is priced as usual, so one vanished item never blocks the bag.
#[tokio::test]
async fn kept_lines_the_catalogue_no_longer_sells_are_withdrawn() {
    let client = app().await;
    let engraved = json!({"id": 1002, "type": "variation", "item_key": "k", "quantity": 1,
        "personalization": {"initials": "ABCD"}});
    let answer = quote(
        &client,
        json!({
            "products": [line(999, "product", 1), line(12, "product", 2), line(10, "product", 1),
                {"id": 12, "type": "product", "quantity": 1, "gift_options": true}],
            "later": [line(61, "product", 1), line(77, "bundle", 1), engraved],
            "change": {"action": "add", "line": line(61, "product", 1)}
        }),
    )
    .await;
    let withdrawn: Vec<(String, i64, String)> = answer["withdrawn"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                format!(
                    "{}/{}",
                    w["list"].as_str().unwrap(),
                    w["type"].as_str().unwrap()
                ),
                w["id"].as_i64().unwrap(),
                w["reason"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expected = [
        ("products/product", 999, "there is no product with id 999"),
        ("products/product", 10, "sold by its variations"),
        ("products/product", 12, "no gift options"),
        ("later/bundle", 77, "there is no bundle with id 77"),
        ("later/variation", 1002, "at most 3 characters"),
    ];
    assert_eq!(withdrawn.len(), expected.len(), "{withdrawn:?}");
    for ((list, id, reason), (want_list, want_id, want_reason)) in withdrawn.iter().zip(expected) {
        assert_eq!((list.as_str(), *id), (want_list, want_id));
        assert!(
            reason.contains(want_reason),
            "{reason:?} lacks {want_reason:?}"
        );
    }
    let ids = |list: &str| -> Vec<i64> {
        answer[list]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["id"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(
        ids("products"),
        [12, 61],
        "the rest is kept, and the edit made"
    );
    assert_eq!(ids("later"), [61]);
    assert_eq!(answer["products"][0]["quantity"], 2);
    assert_eq!(
        answer["totals"]["subtotal"],
        answer["products"][0]["line_subtotal"].as_i64().unwrap()
            + answer["products"][1]["line_subtotal"].as_i64().unwrap()
    );

    let nothing_gone = quote(&client, json!({"products": [line(12, "product", 1)]})).await;
    assert_eq!(nothing_gone["withdrawn"], json!([]));
}

#[tokio::test]
async fn the_ajax_header_is_required() {
    let client = app().await;
    let resp = client
        .post("/api/bag/quote")
        .content_type("application/json")
        .body(json!({"products": [], "later": []}).to_string())
        .send()
        .await;
    resp.assert_status(StatusCode::FORBIDDEN);
}
