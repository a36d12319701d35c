//! The OpenAPI document as the store serves it. poem-openapi describes what each
//! handler answers; the answers that middleware gives around the handlers (the AJAX
//! header, the body cap, the content type, rate limits, a busy or slow server) are
//! added here, once, to every operation that can get them. The document is the
//! contract the UI's types are generated from and the fuzzer checks, so it must list
//! every status an operation can answer.

use serde_json::{Map, Value, json};
use store_domain::client_errors::{MAX_ERROR_DETAIL, MAX_ERROR_MESSAGE, MAX_ERROR_URL};
use store_domain::messages::{
    MAX_CHAT_MESSAGE, MAX_CONTACT_MESSAGE, MAX_NAME, MAX_ORDER_NUMBER, MAX_SUBJECT,
};
use store_domain::search::{MAX_QUERY_CHARS, MAX_SELECTED};
use store_domain::{accounts, bag};

/// The media type of every JSON answer, as poem-openapi's `Json` writes it.
const JSON: &str = "application/json; charset=utf-8";

/// A status that middleware answers, and the operations that can get it.
struct Shared {
    status: &'static str,
    /// The name under `components/responses`.
    name: &'static str,
    description: &'static str,
    applies: fn(&Operation) -> bool,
    /// Whether the answer carries an `ErrorMessage`; hyper's own answers to a request
    /// it cannot parse have no body.
    has_message: bool,
}

/// What decides whether an operation can get a shared answer.
struct Operation<'a> {
    path: &'a str,
    method: &'a str,
    has_body: bool,
}

impl Operation<'_> {
    fn changes_state(&self) -> bool {
        !matches!(self.method, "get" | "head" | "options")
    }
}

const SHARED: &[Shared] = &[
    Shared {
        status: "403",
        name: "MissingAjaxHeader",
        description: "A state-changing request without the header X-Requested-With: XMLHttpRequest, or whose Origin is another site.",
        applies: |op| op.changes_state(),
        has_message: true,
    },
    Shared {
        status: "413",
        name: "BodyTooLarge",
        description: "The request body is larger than 64 KiB.",
        applies: |op| op.changes_state(),
        has_message: true,
    },
    Shared {
        status: "414",
        name: "UriTooLong",
        description: "The request's URL is longer than 65,534 bytes (answered by the HTTP layer, without a body).",
        applies: |_| true,
        has_message: false,
    },
    Shared {
        status: "415",
        name: "NotJson",
        description: "The request body is not sent as application/json.",
        applies: |op| op.has_body,
        has_message: true,
    },
    Shared {
        status: "429",
        name: "TooManyRequests",
        description: "Too many requests from this client, or from all: try again after Retry-After seconds.",
        applies: |op| {
            let method = op
                .method
                .to_uppercase()
                .parse()
                .unwrap_or(poem::http::Method::POST);
            crate::limits::budget(&method, Some(op.path)).is_some() || op.path == "/search"
        },
        has_message: true,
    },
    Shared {
        status: "431",
        name: "HeadersTooLarge",
        description: "The request's headers are too large (answered by the HTTP layer, without a body).",
        applies: |_| true,
        has_message: false,
    },
    Shared {
        status: "503",
        name: "Unavailable",
        description: "The store is busy or the request took too long: try again shortly.",
        applies: |_| true,
        has_message: true,
    },
];

/// The generated document with the domain's input rules and the shared answers added;
/// pretty JSON, as poem-openapi writes it.
pub fn complete(generated: &str) -> String {
    let mut doc: Value = serde_json::from_str(generated).expect("poem-openapi writes valid JSON");
    add_input_rules(&mut doc);
    mark_defaults_nullable(&mut doc);
    add_query_rules(&mut doc);
    add_shared_responses(&mut doc);
    serde_json::to_string_pretty(&doc).expect("a JSON value serialises")
}

/// Unicode White_Space, which Rust's `trim` takes off. Spelled out rather than `\s`
/// or `\S`, whose meanings differ between Rust, ECMAScript and Python.
const WHITE_SPACE: &str = r"\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

/// The characters shopper text may not hold (`domain::input`): C0 controls, DEL, C1,
/// the line and paragraph separators, and the bidi embeddings, overrides and isolates.
const CONTROLS: &str = r"\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069";

/// The same, less the tab and the line breaks a message body may hold.
const CONTROLS_BUT_LINES: &str =
    r"\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069";

/// Whether a field is one line (a name, a subject) or may run over several (a message).
#[derive(Clone, Copy)]
enum Lines {
    One,
    Many,
}

impl Lines {
    fn controls(self) -> &'static str {
        match self {
            Lines::One => CONTROLS,
            Lines::Many => CONTROLS_BUT_LINES,
        }
    }
}

/// Text a shopper must fill in: trimmed, it has 1 to `max` characters, none of them
/// a control character.
fn required_text(max: usize, lines: Lines) -> Value {
    let c = lines.controls();
    json!({
        "minLength": 1,
        "maxLength": max,
        "pattern": format!("^[^{c}]*[^{c}{WHITE_SPACE}][^{c}]*$"),
    })
}

/// Text a shopper may leave blank or send as null: at most `max` characters, none of
/// them a control character.
fn optional_text(max: usize, lines: Lines) -> Value {
    let c = lines.controls();
    json!({ "maxLength": max, "nullable": true, "pattern": format!("^[^{c}]*$") })
}

/// An address as `Email::parse` takes it: a local part of 1 to 64 characters, one `@`,
/// a domain of dot-separated labels that neither are empty nor start or end with `-`;
/// no spaces, control characters or `<>,;`; at most 254 characters. Written for
/// ASCII, where characters and the parser's bytes agree.
fn email() -> Value {
    const LOCAL: &str = r"[!-+\--:=?A-~]";
    const LABEL_END: &str = r"[!-+/-:=?A-~]";
    const LABEL_INSIDE: &str = r"[!-+\-/-:=?A-~]";
    let label = format!("{LABEL_END}(?:{LABEL_INSIDE}*{LABEL_END})?");
    json!({
        "maxLength": 254,
        "pattern": format!(r"^{LOCAL}{{1,64}}@(?:{label}\.)+{label}$"),
    })
}

/// A new password as `Password::new_password` takes it: 8 to 128 characters, not all
/// white space (any character allowed: a passphrase is a password).
fn new_password() -> Value {
    json!({
        "minLength": accounts::MIN_PASSWORD,
        "maxLength": accounts::MAX_PASSWORD,
        "pattern": format!("[^{WHITE_SPACE}]"),
    })
}

/// A gift card code as `GiftCardCode::parse` takes it: 16 symbols of the codes'
/// alphabet in either case, with any white space and dashes around them.
fn gift_card_code() -> Value {
    let apart = format!("[{WHITE_SPACE}-]*");
    json!({
        "type": "string",
        "maxLength": 40,
        "pattern": format!("^{apart}(?:[2-9A-HJKMNP-Za-hjkmnp-z]{apart}){{16}}$"),
    })
}

/// The rules the domain applies to each field of a body, which poem-openapi cannot see:
/// handlers hand the raw text to the domain, whose refusals name the field in words a
/// shopper understands. The document states the same rules, so a request valid by it
/// is taken and one invalid by it refused.
fn input_rules() -> Vec<(&'static str, &'static str, Value)> {
    vec![
        ("NewsletterSignUp", "email", email()),
        ("HelpMessage", "email", email()),
        ("HelpMessage", "name", optional_text(MAX_NAME, Lines::One)),
        (
            "HelpMessage",
            "message",
            required_text(MAX_CHAT_MESSAGE, Lines::Many),
        ),
        (
            "ContactMessage",
            "name",
            required_text(MAX_NAME, Lines::One),
        ),
        ("ContactMessage", "email", email()),
        (
            "ContactMessage",
            "subject",
            required_text(MAX_SUBJECT, Lines::One),
        ),
        (
            "ContactMessage",
            "message",
            required_text(MAX_CONTACT_MESSAGE, Lines::Many),
        ),
        (
            "ContactMessage",
            "order_number",
            optional_text(MAX_ORDER_NUMBER, Lines::One),
        ),
        (
            "ClientErrorReport",
            "message",
            required_text(MAX_ERROR_MESSAGE, Lines::Many),
        ),
        (
            "ClientErrorReport",
            "url",
            required_text(MAX_ERROR_URL, Lines::One),
        ),
        (
            "ClientErrorReport",
            "status",
            json!({ "minimum": 100, "maximum": 599, "nullable": true }),
        ),
        (
            "ClientErrorReport",
            "detail",
            optional_text(MAX_ERROR_DETAIL, Lines::Many),
        ),
        (
            "LineInput",
            "personalization",
            json!({
                "maxProperties": bag::MAX_ENTRIES,
                "additionalProperties": {
                    "type": "string",
                    "maxLength": bag::MAX_ENTRY_CHARS,
                    "pattern": format!("^[^{CONTROLS}]*$"),
                },
            }),
        ),
        // poem-openapi takes `null` as no change.
        ("QuoteRequest", "change", json!({ "nullable": true })),
        // poem-openapi takes `null` as absent: no ZIP, delivery, code or e-mail yet.
        (
            "CheckoutQuoteRequest",
            "zip_code",
            json!({ "nullable": true }),
        ),
        (
            "CheckoutQuoteRequest",
            "shipping",
            json!({ "nullable": true }),
        ),
        (
            "CheckoutQuoteRequest",
            "discount_code",
            json!({ "nullable": true }),
        ),
        ("CheckoutQuoteRequest", "email", json!({ "nullable": true })),
        ("ShippingChoiceDto", "id", json!({ "nullable": true })),
        (
            "Registration",
            "name",
            required_text(accounts::MAX_CUSTOMER_NAME, Lines::One),
        ),
        ("Registration", "email", email()),
        ("Registration", "password", new_password()),
        ("RegistrationCode", "email", email()),
        ("Credentials", "email", email()),
        (
            "Credentials",
            "password",
            json!({ "minLength": 1, "maxLength": accounts::MAX_PASSWORD }),
        ),
        (
            "ProfileInput",
            "name",
            required_text(accounts::MAX_CUSTOMER_NAME, Lines::One),
        ),
        ("ForgotPassword", "email", email()),
        ("GuestStatusRequest", "email", email()),
        ("GiftCardRequest", "code", gift_card_code()),
        (
            "CheckoutQuoteRequest",
            "gift_cards",
            json!({ "items": gift_card_code() }),
        ),
        (
            "PlaceOrderRequest",
            "gift_cards",
            json!({ "items": gift_card_code() }),
        ),
        ("PasswordReset", "password", new_password()),
        ("AddressInput", "name", required_text(100, Lines::One)),
        ("AddressInput", "line1", required_text(200, Lines::One)),
        ("AddressInput", "line2", optional_text(200, Lines::One)),
        ("AddressInput", "city", required_text(100, Lines::One)),
        ("AddressInput", "region", optional_text(100, Lines::One)),
        (
            "AddressInput",
            "postal_code",
            json!({
                "pattern": "^[A-Za-z0-9-][A-Za-z0-9 -]{0,11}$",
                "description": "Letters, digits, spaces and hyphens; a US ZIP code is five digits or ZIP+4 (else 400).",
            }),
        ),
        (
            "AddressInput",
            "country",
            json!({ "pattern": "^[A-Za-z]{2}$" }),
        ),
        (
            "AddressInput",
            "phone",
            json!({ "pattern": r"^\+?[ .()-]{0,3}(?:[0-9][ .()-]{0,3}){7,15}$" }),
        ),
        // `CardDetails::parse`: spaces out of the number, spaces and slashes out of the
        // expiry. The check digit, a date in the past, a month above 12 and the CVC's
        // length for the card's brand are checked after (400).
        (
            "CardInput",
            "card",
            json!({ "pattern": "^ *(?:[0-9] *){12,19}$" }),
        ),
        // The month is 01 to 12 whatever spaces and slashes are around its digits.
        (
            "CardInput",
            "exp",
            json!({ "pattern": "^[ /]*(?:0[ /]*[1-9]|1[ /]*[0-2])[ /]*(?:[0-9][ /]*){2}(?:(?:[0-9][ /]*){2})?$" }),
        ),
        (
            "CardInput",
            "cvc",
            json!({ "pattern": format!("^[{WHITE_SPACE}]*[0-9]{{3,4}}[{WHITE_SPACE}]*$") }),
        ),
    ]
}

/// The search text and the facet parameters of lists and search: `search_text`'s and
/// `Selection::validate`'s bounds. (poem-openapi's validators on a list parameter
/// check the list, not its values.)
fn add_query_rules(doc: &mut Value) {
    const FACETS: [&str; 5] = ["categories", "vendors", "creators", "filters", "variations"];
    let Some(paths) = doc["paths"].as_object_mut() else {
        return;
    };
    let parameters = paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
        .filter_map(|op| op.get_mut("parameters").and_then(Value::as_array_mut))
        .flatten();
    for parameter in parameters {
        // Only /search has a required `q`: the search text, `search_text`'s rule.
        if parameter["name"] == "q" && parameter["required"] == true {
            let schema = &mut parameter["schema"];
            schema["minLength"] = json!(1);
            schema["maxLength"] = json!(MAX_QUERY_CHARS);
            // Some character that Rust's `trim` keeps.
            schema["pattern"] = json!(format!("[^{WHITE_SPACE}]"));
        }
        if FACETS.contains(&parameter["name"].as_str().unwrap_or_default()) {
            let schema = &mut parameter["schema"];
            schema["maxItems"] = json!(MAX_SELECTED);
            schema["items"]["maxLength"] = json!(MAX_QUERY_CHARS);
        }
    }
}

/// poem-openapi reads a `null` field as absent, so a field with a `default` takes
/// `null` too (for it, the default); the document says so.
fn mark_defaults_nullable(doc: &mut Value) {
    let Some(schemas) = doc["components"]["schemas"].as_object_mut() else {
        return;
    };
    let properties = schemas
        .values_mut()
        .filter_map(|schema| schema.get_mut("properties").and_then(Value::as_object_mut))
        .flat_map(|properties| properties.values_mut())
        .filter_map(Value::as_object_mut);
    for property in properties {
        if property.contains_key("default") {
            property.insert("nullable".into(), Value::Bool(true));
        }
    }
}

fn add_input_rules(doc: &mut Value) {
    // tests/suite/openapi_contract.rs checks every rule lands, so a renamed type or field
    // cannot silently drop its rules.
    for (schema, field, rules) in input_rules() {
        let property = doc["components"]["schemas"][schema]["properties"]
            .get_mut(field)
            .and_then(Value::as_object_mut);
        if let (Some(property), Value::Object(rules)) = (property, rules) {
            // OpenAPI 3.0 ignores the siblings of a `$ref`: a rule on a referenced
            // schema wraps the reference in `allOf`.
            if let Some(reference) = property.remove("$ref") {
                property.insert("allOf".into(), json!([{ "$ref": reference }]));
            }
            property.extend(rules);
        }
    }
}

fn add_shared_responses(doc: &mut Value) {
    let mut used = Vec::new();
    if let Some(paths) = doc["paths"].as_object_mut() {
        for (path, item) in paths.iter_mut() {
            let Some(item) = item.as_object_mut() else {
                continue;
            };
            for (method, operation) in item.iter_mut() {
                let op = Operation {
                    path,
                    method,
                    has_body: operation.get("requestBody").is_some(),
                };
                let Some(responses) = operation["responses"].as_object_mut() else {
                    continue;
                };
                for shared in SHARED.iter().filter(|s| (s.applies)(&op)) {
                    let own = responses
                        .get_mut(shared.status)
                        .and_then(|r| r.get_mut("description"));
                    match own {
                        // A busy 503 is the same answer whoever gives it: one description.
                        Some(_) if shared.status == "503" => {}
                        // An operation's own answer of this status (a 403 without a
                        // session, a 429 for one address) keeps its meaning and adds
                        // the middleware's.
                        Some(description) => {
                            let both = format!(
                                "{} Also: {}",
                                description.as_str().unwrap_or_default(),
                                shared.description
                            );
                            *description = Value::String(both);
                            continue;
                        }
                        None => {}
                    }
                    let reference = format!("#/components/responses/{}", shared.name);
                    responses.insert(shared.status.into(), json!({ "$ref": reference }));
                    used.push(shared);
                }
            }
        }
    }
    let components = doc["components"]
        .as_object_mut()
        .expect("the document has components: ErrorMessage at least");
    let defined = components
        .entry("responses")
        .or_insert_with(|| Value::Object(Map::new()));
    for shared in used {
        defined[shared.name] = response(shared);
    }
}

fn response(shared: &Shared) -> Value {
    let mut answer = json!({ "description": shared.description });
    if shared.has_message {
        answer["content"] =
            json!({ JSON: { "schema": { "$ref": "#/components/schemas/ErrorMessage" } } });
    }
    if matches!(shared.status, "429" | "503") {
        answer["headers"] = json!({
            "Retry-After": {
                "description": "Seconds to wait before trying again.",
                "schema": { "type": "integer", "minimum": 0 },
            }
        });
    }
    answer
}

/// Path templates as the document writes them, each with what it stands for: a
/// `{name}` segment matches any one segment. A path is matched to the most literal
/// template (`/orders/guest` before `/orders/{number}`), as the router matches it.
pub struct PathTemplates<T> {
    routes: Vec<(Vec<Segment>, T)>,
}

enum Segment {
    Literal(String),
    Any,
}

impl<T> PathTemplates<T> {
    pub fn new<'a>(routes: impl IntoIterator<Item = (&'a str, T)>) -> Self {
        let mut routes: Vec<(Vec<Segment>, T)> = routes
            .into_iter()
            .map(|(path, value)| (template(path), value))
            .collect();
        // Position by position, literal segments before `{name}`: the first match found
        // is then the most literal one.
        routes.sort_by_key(|(segments, _)| {
            segments
                .iter()
                .map(|s| matches!(s, Segment::Any))
                .collect::<Vec<_>>()
        });
        PathTemplates { routes }
    }

    /// What the template `path` matches stands for, if one does.
    pub fn find(&self, path: &str) -> Option<&T> {
        let asked = || path.split('/').filter(|s| !s.is_empty());
        let length = asked().count();
        self.routes
            .iter()
            .find(|(template, _)| {
                template.len() == length
                    && template.iter().zip(asked()).all(|(t, a)| match t {
                        Segment::Literal(literal) => literal == a,
                        Segment::Any => true,
                    })
            })
            .map(|(_, value)| value)
    }
}

fn template(path: &str) -> Vec<Segment> {
    path.split('/')
        .filter(|s| !s.is_empty())
        .map(|s| {
            if s.starts_with('{') && s.ends_with('}') {
                Segment::Any
            } else {
                Segment::Literal(s.to_owned())
            }
        })
        .collect()
}

/// The methods each path of the document takes, for the `Allow` header of a 405.
pub struct AllowedMethods {
    routes: PathTemplates<String>,
}

impl AllowedMethods {
    /// Reads the paths of a (completed) document; `extra` adds routes served beside
    /// the operations, such as the document itself.
    pub fn from_document(document: &str, extra: &[(&str, &str)]) -> AllowedMethods {
        let doc: Value = serde_json::from_str(document).unwrap_or_default();
        let mut routes: Vec<(&str, String)> = extra
            .iter()
            .map(|(path, methods)| (*path, (*methods).to_owned()))
            .collect();
        if let Some(paths) = doc["paths"].as_object() {
            for (path, item) in paths {
                let mut methods: Vec<String> = item
                    .as_object()
                    .map(|ops| ops.keys().map(|m| m.to_uppercase()).collect())
                    .unwrap_or_default();
                methods.sort();
                routes.push((path, methods.join(", ")));
            }
        }
        AllowedMethods {
            routes: PathTemplates::new(routes),
        }
    }

    /// The `Allow` value for a path (relative to `/api`), if it is one of ours.
    pub fn for_path(&self, path: &str) -> Option<&str> {
        self.routes.find(path).map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GENERATED: &str = r#"{
        "paths": {
            "/search": { "get": { "responses": { "200": {} } } },
            "/contact": { "post": { "requestBody": {}, "responses": { "201": {}, "400": {} } } },
            "/products/{id}": { "get": { "responses": { "200": {} } } }
        },
        "components": { "schemas": { "ErrorMessage": {} } }
    }"#;

    fn statuses(doc: &Value, path: &str, method: &str) -> Vec<String> {
        doc["paths"][path][method]["responses"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    }

    #[test]
    fn each_operation_gets_the_middleware_answers_it_can_get() {
        let doc: Value = serde_json::from_str(&complete(GENERATED)).unwrap();
        assert_eq!(
            statuses(&doc, "/contact", "post"),
            [
                "201", "400", "403", "413", "414", "415", "429", "431", "503"
            ]
        );
        assert_eq!(
            statuses(&doc, "/search", "get"),
            ["200", "414", "429", "431", "503"]
        );
        assert_eq!(
            statuses(&doc, "/products/{id}", "get"),
            ["200", "414", "431", "503"]
        );
        let responses = &doc["components"]["responses"];
        assert!(responses["TooManyRequests"]["headers"]["Retry-After"].is_object());
        assert_eq!(
            responses["NotJson"]["content"][JSON]["schema"]["$ref"],
            "#/components/schemas/ErrorMessage"
        );
        assert!(responses["UriTooLong"].get("content").is_none());
    }

    #[test]
    fn allow_lists_the_methods_of_the_matching_path() {
        let allowed = AllowedMethods::from_document(GENERATED, &[("/openapi.json", "GET")]);
        assert_eq!(allowed.for_path("/products/12"), Some("GET"));
        assert_eq!(allowed.for_path("/contact/"), Some("POST"));
        assert_eq!(allowed.for_path("/openapi.json"), Some("GET"));
        assert_eq!(allowed.for_path("/products"), None);
        assert_eq!(allowed.for_path("/products/1/2"), None);
    }

    #[test]
    fn the_most_literal_template_matches() {
        let templates = PathTemplates::new([
            ("/orders/{number}", 1),
            ("/orders/{number}/status", 2),
            ("/orders/guest", 3),
            ("/{page}/guest", 4),
        ]);
        assert_eq!(templates.find("/orders/7KQ4"), Some(&1));
        assert_eq!(templates.find("/orders/7KQ4/status"), Some(&2));
        assert_eq!(templates.find("/orders/guest"), Some(&3));
        assert_eq!(templates.find("/about/guest"), Some(&4));
        assert_eq!(templates.find("/orders"), None);
    }
}
