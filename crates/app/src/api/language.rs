//! The shopper's language, as a request states it, and the API's words in it. The UI
//! sends `Accept-Language` with the language the shopper chose; a browser calling on
//! its own sends its preference. A Hebrew request gets its answer's `message` in
//! Hebrew from the catalogue (`super::hebrew`); a refusal naming its field keeps the
//! field (`email: ...`), which the client reads to put the words at the field.

use poem::http::header::{ACCEPT_LANGUAGE, CONTENT_LENGTH, CONTENT_TYPE};
use poem::{Body, Endpoint, IntoResponse, Request, Response};
use store_domain::language::Language;

/// The request's language: Hebrew when `Accept-Language` prefers it, else English.
pub fn of(req: &Request) -> Language {
    req.headers()
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map_or(Language::English, Language::from_accept_language)
}

/// Answers bodies carrying a `message` (refusals, notices) are this small; a larger
/// body is data, passed on without being read.
const MESSAGE_BODY_LIMIT: usize = 4096;

/// Puts the answer's `message` into the request's language.
pub async fn speak<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    let language = of(&req);
    let resp = next.call(req).await?.into_response();
    if language == Language::English || !is_json(&resp) {
        return Ok(resp);
    }
    let (mut parts, body) = resp.into_parts();
    let bytes = body.into_bytes().await?;
    let translated = (bytes.len() <= MESSAGE_BODY_LIMIT)
        .then(|| serde_json::from_slice::<serde_json::Value>(&bytes).ok())
        .flatten()
        .and_then(|mut value| {
            let message = value.get("message")?.as_str()?;
            let said = say(message, language);
            (said != message).then(|| {
                value["message"] = said.into();
                value.to_string()
            })
        });
    Ok(match translated {
        Some(text) => {
            parts.headers.remove(CONTENT_LENGTH);
            Response::from_parts(parts, Body::from_string(text))
        }
        None => Response::from_parts(parts, Body::from_bytes(bytes)),
    })
}

fn is_json(resp: &Response) -> bool {
    resp.headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// `message` in `language`: the catalogue's words for it, keeping a leading field
/// name (`discount_code: ...`); as it is when the catalogue does not have it.
pub fn say(message: &str, language: Language) -> String {
    if language == Language::English {
        return message.to_owned();
    }
    if let Some(said) = hebrew(message) {
        return said;
    }
    match field_and_reason(message) {
        Some((field, reason)) => match hebrew(reason) {
            Some(said) => format!("{field}: {said}"),
            None => message.to_owned(),
        },
        None => message.to_owned(),
    }
}

/// `products[2]: why` as `("products[2]", "why")`.
fn field_and_reason(message: &str) -> Option<(&str, &str)> {
    let (field, reason) = message.split_once(": ")?;
    let is_field = !field.is_empty()
        && field
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '[' | ']'));
    is_field.then_some((field, reason))
}

fn hebrew(sentence: &str) -> Option<String> {
    super::hebrew::CATALOGUE
        .iter()
        .find_map(|(english, hebrew)| fill(hebrew, &matches(english, sentence)?))
}

/// The parts of `sentence` that stand for `template`'s `{}`s, if it is one of it.
fn matches<'a>(template: &str, sentence: &'a str) -> Option<Vec<&'a str>> {
    let pieces: Vec<&str> = template.split("{}").collect();
    let (first, rest) = pieces.split_first()?;
    let mut left = sentence.strip_prefix(first)?;
    let mut parts = Vec::new();
    for (i, piece) in rest.iter().enumerate() {
        let last = i + 1 == rest.len();
        let at = if last {
            left.len()
                .checked_sub(piece.len())
                .filter(|&at| left[at..] == **piece)?
        } else {
            left.find(piece)?
        };
        // Each varying part holds something, and no line breaks.
        let part = left
            .get(..at)
            .filter(|p| !p.is_empty() && !p.contains('\n'))?;
        parts.push(part);
        left = &left[at + piece.len()..];
    }
    left.is_empty().then_some(parts)
}

fn fill(template: &str, parts: &[&str]) -> Option<String> {
    let mut pieces = template.split("{}");
    let mut out = pieces.next()?.to_owned();
    let mut given = parts.iter();
    for piece in pieces {
        out.push_str(given.next()?);
        out.push_str(piece);
    }
    given.next().is_none().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hebrew_shoppers_get_the_catalogue_words_and_keep_the_field() {
        let he = |m| say(m, Language::Hebrew);
        assert_eq!(
            he("gift_cards[0]: this gift card has expired"),
            "gift_cards[0]: תוקף כרטיס המתנה הזה פג"
        );
        assert_eq!(he("this discount has ended"), "ההנחה הזאת הסתיימה");
        assert_eq!(
            he("this discount needs $50.00 of eligible items in the bag"),
            "ההנחה הזאת דורשת פריטים מתאימים בסל בסך $50.00"
        );
        assert_eq!(
            he("Too many declined cards. Please try again in 60 s, or contact us."),
            "יותר מדי כרטיסים סורבו. נסו שוב בעוד 60 שניות, או פנו אלינו."
        );
        // Not in the catalogue: as it was, rather than half translated.
        assert_eq!(he("email: something new"), "email: something new");
        assert_eq!(
            say("this gift card has expired", Language::English),
            "this gift card has expired"
        );
    }

    #[test]
    fn a_template_matches_only_whole_sentences() {
        assert_eq!(matches("sold out", "sold out"), Some(vec![]));
        assert_eq!(matches("sold out", "sold out soon"), None);
        assert_eq!(
            matches("at most {} cards", "at most 5 cards"),
            Some(vec!["5"])
        );
        assert_eq!(matches("at most {} cards", "at most  cards"), None);
        assert_eq!(matches("at most {} cards", "at most 5 cards!"), None);
        assert_eq!(
            matches("in {} s, or {}", "in 5 s, or us"),
            Some(vec!["5", "us"])
        );
    }

    /// Every Hebrew entry has the English one's varying parts, and no English sentence
    /// is there twice (the second would never be used).
    #[test]
    fn the_catalogue_is_consistent() {
        let catalogue = crate::api::hebrew::CATALOGUE;
        for (english, hebrew) in catalogue {
            assert_eq!(
                english.matches("{}").count(),
                hebrew.matches("{}").count(),
                "{english}"
            );
            assert!(
                hebrew
                    .chars()
                    .any(|c| ('\u{05d0}'..='\u{05ea}').contains(&c)),
                "{hebrew}"
            );
        }
        for (i, (english, _)) in catalogue.iter().enumerate() {
            assert!(
                catalogue[..i].iter().all(|(earlier, _)| earlier != english),
                "{english} twice"
            );
        }
    }
}
