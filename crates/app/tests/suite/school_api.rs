//! School supply lists over HTTP (issue 30): the schools near a postal code, a grade's
//! lists, one list priced now, and the bag's `add_list` change for a guest and for a
//! signed-in customer, against the demo catalogue and the demo schools.

use poem::Endpoint;
use poem::http::StatusCode;
use poem::test::TestClient;
use serde_json::{Value, json};
use std::sync::Arc;
use store_adapters::fakes::InMemoryCatalog;
use store_adapters::{demo, school_csv};
use store_app::web;
use store_domain::ports::CatalogWriter;

use crate::common;
use common::session::{call, call_in_hebrew, registered};

async fn app() -> (TestClient<impl Endpoint>, common::Fakes) {
    let catalog = Arc::new(InMemoryCatalog::new());
    catalog.import(&demo::catalogue().unwrap()).await.unwrap();
    let (state, fakes) = common::state_with(catalog.clone());
    let countries = state.checkout.countries.countries();
    let rows = school_csv::demo_rows().unwrap();
    store_domain::school::import(
        &rows,
        &countries,
        catalog.as_ref(),
        state.catalogue.schools.as_ref(),
    )
    .await
    .unwrap();
    (TestClient::new(web::routes(state)), fakes)
}

async fn get(client: &TestClient<impl Endpoint>, path: &str) -> (StatusCode, Value) {
    let answer = call(client, "GET", path, None, None).await;
    (answer.status, answer.body)
}

fn names(answer: &Value) -> Vec<&str> {
    answer["schools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn schools_come_nearest_first_with_their_distance() {
    let (client, _) = app().await;
    let (status, near) = get(&client, "/api/schools?country=us&zip=10001").await;
    assert_eq!(status, StatusCode::OK, "{near}");
    assert_eq!(
        (near["country"].as_str(), near["zip"].as_str()),
        (Some("US"), Some("10001"))
    );
    assert_eq!(near["by_distance"], json!(true));
    let found = names(&near);
    assert_eq!(
        &found[..2],
        ["Chelsea Elementary School", "Brooklyn Heights Primary"]
    );
    assert_eq!(found.last(), Some(&"Beverly Vista School"));
    let distances: Vec<u64> = near["schools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["distance_m"].as_u64().unwrap())
        .collect();
    assert!(distances.windows(2).all(|w| w[0] <= w[1]), "{distances:?}");
    assert!(distances[0] < 2_000, "Chelsea is in 10001: {distances:?}");
    assert!(distances[distances.len() - 1] > 3_000_000, "Beverly Hills");
    let grades = &near["schools"][0]["grades"];
    assert_eq!(
        grades[1],
        json!({"id": 12, "name": "Grade 3", "heb_name": "כיתה ג׳"})
    );
    // From Beverly Hills the order turns round.
    let (_, far) = get(&client, "/api/schools?country=US&zip=90210").await;
    assert_eq!(names(&far)[0], "Beverly Vista School");
}

#[tokio::test]
async fn outside_the_zip_data_a_code_stands_where_its_school_does() {
    let (client, _) = app().await;
    let (_, jerusalem) = get(&client, "/api/schools?country=IL&zip=9612201").await;
    assert_eq!(jerusalem["by_distance"], json!(true));
    assert_eq!(names(&jerusalem)[0], "Beit HaKerem School");
    assert_eq!(jerusalem["schools"][0]["distance_m"], json!(0));
    // A code no school has: the country's schools by name, with no distance.
    let (_, unplaced) = get(&client, "/api/schools?country=IL&zip=5000000").await;
    assert_eq!(unplaced["by_distance"], json!(false));
    assert_eq!(
        names(&unplaced),
        vec![
            "Beit HaKerem School",
            "Bialik Elementary School",
            "Carmel Elementary School"
        ]
    );
    assert!(unplaced["schools"][0].get("distance_m").is_none());
    let (_, none) = get(&client, "/api/schools?country=FR&zip=75001").await;
    assert_eq!(none["schools"], json!([]));
}

#[tokio::test]
async fn a_bad_country_or_code_is_a_400_naming_it_in_the_shoppers_language() {
    let (client, _) = app().await;
    for (path, field) in [
        ("/api/schools?country=ZZ&zip=10001", "country"),
        ("/api/schools?country=US&zip=123", "zipCode"),
        ("/api/schools?country=IL&zip=%3Cb%3E", "zipCode"),
        ("/api/schools?country=US&zip=", "zipCode"),
    ] {
        let (status, body) = get(&client, path).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
        assert!(
            body["message"].as_str().unwrap().starts_with(field),
            "{path}: {body}"
        );
    }
    let (status, _) = get(&client, "/api/schools?country=US").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "the code is required");
    let hebrew = call_in_hebrew(
        &client,
        "GET",
        "/api/schools?country=US&zip=123",
        None,
        None,
    )
    .await;
    assert_eq!(
        hebrew.body["message"],
        json!("zipCode: מיקוד בארה״ב הוא חמש ספרות, או חמש ספרות, מקף וארבע")
    );
}

#[tokio::test]
async fn a_grade_lists_its_lists_and_unknown_ids_are_404() {
    let (client, _) = app().await;
    let (status, grade) = get(&client, "/api/schools/grades/12").await;
    assert_eq!(status, StatusCode::OK, "{grade}");
    assert_eq!(grade["school"]["name"], json!("Chelsea Elementary School"));
    assert_eq!(grade["grade"]["name"], json!("Grade 3"));
    let lists: Vec<(i64, &str, u64)> = grade["lists"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["id"].as_i64().unwrap(),
                l["name"].as_str().unwrap(),
                l["items"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        lists,
        vec![(121, "Classroom supplies", 6), (122, "Art class", 3)]
    );
    for path in [
        "/api/schools/grades/999",
        "/api/schools/grades/12/lists/999",
        // A list of another grade.
        "/api/schools/grades/12/lists/111",
    ] {
        let (status, body) = get(&client, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
    }
    let hebrew = call_in_hebrew(&client, "GET", "/api/schools/grades/999", None, None).await;
    assert_eq!(hebrew.body["message"], json!("אין כיתה כזאת"));
    let (status, _) = get(&client, "/api/schools/grades/abc").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_list_shows_its_items_priced_with_substitutes_for_what_is_out_of_stock() {
    let (client, _) = app().await;
    let (status, list) = get(&client, "/api/schools/grades/12/lists/121").await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["list"]["heb_name"], json!("ציוד לכיתה"));
    let items = list["items"].as_array().unwrap();
    assert_eq!(items.len(), 6);
    let markers = items
        .iter()
        .find(|i| i["product"]["id"] == json!(1046))
        .unwrap();
    assert_eq!(markers["product"]["max"], json!(0));
    assert_eq!(markers["product"]["price"], json!(999));
    let substitutes: Vec<i64> = markers["substitutes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_i64().unwrap())
        .collect();
    assert_eq!(substitutes, vec![1045, 1052]);
    assert_eq!(markers["offered"], json!([0, 1]));
    let pencils = &items[0];
    assert_eq!(pencils["product"]["id"], json!(1042));
    assert_eq!(
        (pencils["quantity"].as_i64(), pencils["optional"].as_bool()),
        (Some(2), Some(false))
    );
    assert_eq!(
        pencils["offered"],
        json!([]),
        "in stock: no substitute offered"
    );
    let notebook = &items[1];
    assert_eq!(notebook["product"]["type"], json!("variation"));
    assert_eq!(notebook["product"]["product_id"], json!(1048));
    assert!(items.iter().any(|i| i["optional"] == json!(true)));
}

/// The body of a quote adding grade 3's classroom list with `picks`.
fn add_list(picks: Value) -> Value {
    json!({"products": [{"id": 1042, "type": "product", "quantity": 1}], "later": [],
        "change": {"action": "add_list", "grade_id": 12, "list_id": 121, "picks": picks}})
}

#[tokio::test]
async fn a_guest_adds_a_list_in_one_request_merged_by_the_bag_rules() {
    let (client, _) = app().await;
    let picks = json!([
        {"position": 0, "quantity": 2},
        {"position": 2, "quantity": 1, "substitute": {"type": "product", "id": 1045}},
        {"position": 3, "quantity": 1},
        {"position": 1, "quantity": 3}
    ]);
    let answer = call(
        &client,
        "POST",
        "/api/bag/quote",
        None,
        Some(add_list(picks)),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let lines: Vec<(i64, i64)> = answer.body["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["id"].as_i64().unwrap(), l["quantity"].as_i64().unwrap()))
        .collect();
    assert_eq!(lines, vec![(1042, 3), (104801, 3), (1045, 1), (1055, 1)]);
    assert_eq!(
        answer.body["added"],
        json!([
            {"id": 1042, "type": "product", "asked": 2, "added": 2},
            {"id": 104801, "type": "variation", "asked": 3, "added": 3},
            {"id": 1045, "type": "product", "asked": 1, "added": 1},
            {"id": 1055, "type": "product", "asked": 1, "added": 1}
        ])
    );
    // 3 × 4.50 + 3 × 4.99 + 14.99 + 3.50
    assert_eq!(
        answer.body["totals"]["subtotal"],
        json!(1350 + 1497 + 1499 + 350)
    );

    // The markers as they are: out of stock, left out and said so; the rest go in.
    let answer = call(
        &client,
        "POST",
        "/api/bag/quote",
        None,
        Some(add_list(
            json!([{"position": 2, "quantity": 1}, {"position": 3, "quantity": 1}]),
        )),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(
        answer.body["added"][0],
        json!({"id": 1046, "type": "product", "asked": 1, "added": 0})
    );
    assert_eq!(answer.body["unavailable_cart"], json!([]));
    assert_eq!(answer.body["products"].as_array().unwrap().len(), 2);
    // An ordinary quote has no `added`.
    let plain = call(
        &client,
        "POST",
        "/api/bag/quote",
        None,
        Some(json!({"products": [], "later": []})),
    )
    .await;
    assert!(plain.body.get("added").is_none());
}

#[tokio::test]
async fn picks_the_list_does_not_allow_are_refused_and_unknown_lists_are_404() {
    let (client, _) = app().await;
    for (picks, expected) in [
        (
            json!([{"position": 3, "quantity": 1, "substitute": {"type": "product", "id": 1045}}]),
            "picks[0]: the list does not allow that substitute for this item",
        ),
        (
            json!([{"position": 9, "quantity": 1}]),
            "picks[0]: the list has no item 9",
        ),
        (
            json!([{"position": 0, "quantity": 1}, {"position": 0, "quantity": 1}]),
            "picks[1]: item 0 is picked twice",
        ),
    ] {
        let answer = call(
            &client,
            "POST",
            "/api/bag/quote",
            None,
            Some(add_list(picks)),
        )
        .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
        assert_eq!(answer.body["message"], json!(expected));
    }
    for picks in [
        json!([]),
        json!([{"position": 0, "quantity": 0}]),
        json!([{"position": 0}]),
    ] {
        let answer = call(
            &client,
            "POST",
            "/api/bag/quote",
            None,
            Some(add_list(picks)),
        )
        .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
    }
    let mut other_grade = add_list(json!([{"position": 0, "quantity": 1}]));
    other_grade["change"]["list_id"] = json!(111);
    let answer = call(&client, "POST", "/api/bag/quote", None, Some(other_grade)).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND, "{}", answer.body);
    let hebrew = call_in_hebrew(
        &client,
        "POST",
        "/api/bag/quote",
        None,
        Some(add_list(json!([{"position": 9, "quantity": 1}]))),
    )
    .await;
    assert_eq!(hebrew.body["message"], json!("picks[0]: ברשימה אין פריט 9"));
}

#[tokio::test]
async fn a_customer_adds_a_list_to_the_stored_bag_and_a_guest_cannot_reach_it() {
    let (client, fakes) = app().await;
    let change = json!({"change": {"action": "add_list", "grade_id": 12, "list_id": 122,
        "picks": [{"position": 0, "quantity": 1}, {"position": 1, "quantity": 2}]}});
    let anonymous = call(
        &client,
        "POST",
        "/api/customer/bag/change",
        None,
        Some(change.clone()),
    )
    .await;
    assert_eq!(
        anonymous.status,
        StatusCode::FORBIDDEN,
        "{}",
        anonymous.body
    );
    let dana = registered(&client, &fakes, "dana@example.com").await;
    let other = registered(&client, &fakes, "noa@example.com").await;
    let added = call(
        &client,
        "POST",
        "/api/customer/bag/change",
        Some(&dana),
        Some(change),
    )
    .await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.body);
    assert_eq!(added.body["products"].as_array().unwrap().len(), 2);
    assert_eq!(
        added.body["added"][1],
        json!({"id": 1052, "type": "product", "asked": 2, "added": 2})
    );
    let stored = call(&client, "GET", "/api/customer/bag", Some(&dana), None).await;
    assert_eq!(stored.body["products"].as_array().unwrap().len(), 2);
    let theirs = call(&client, "GET", "/api/customer/bag", Some(&other), None).await;
    assert_eq!(
        theirs.body["products"],
        json!([]),
        "another customer's bag is untouched"
    );
}
