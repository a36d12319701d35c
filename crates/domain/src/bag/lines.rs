//! A bag line as a shopper's client sends it, checked against what needs no catalogue.

use crate::input::is_unsafe_in_text;
use std::collections::BTreeMap;
use std::fmt;

/// Lines one list may hold: far above any real bag, low enough that one request stays cheap.
pub const MAX_LINES: usize = 100;
/// The most of one line anybody may ask for; above it a quantity is refused as absurd.
pub const MAX_QUANTITY: i64 = 9_999;
/// A line's `item_key`: a client's random id for a personalised line (a UUID fits).
pub const MAX_ITEM_KEY: usize = 64;
/// Personalization entries on one line, and the length of a key or value as sent; the
/// product's own `max_length` for each field is checked against the catalogue.
pub const MAX_ENTRIES: usize = 20;
pub const MAX_ENTRY_CHARS: usize = 200;

/// The wire `type` of a line (spec 3): a product, one of its variations, a gift card or
/// a bundle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LineType {
    Product,
    Variation,
    GiftCard,
    Bundle,
}

impl LineType {
    pub fn as_str(self) -> &'static str {
        match self {
            LineType::Product => "product",
            LineType::Variation => "variation",
            LineType::GiftCard => "giftCard",
            LineType::Bundle => "bundle",
        }
    }

    /// The type `as_str` names, as storage keeps it.
    pub fn parse(raw: &str) -> Option<LineType> {
        [
            LineType::Product,
            LineType::Variation,
            LineType::GiftCard,
            LineType::Bundle,
        ]
        .into_iter()
        .find(|t| t.as_str() == raw)
    }
}

/// Which list a line is in; errors name it, as the client's field names do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListName {
    Products,
    Later,
}

impl fmt::Display for ListName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ListName::Products => "products",
            ListName::Later => "later",
        })
    }
}

/// A line's identity (spec 4.1): the same id, type and item key are the same line.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineKey {
    pub id: i64,
    pub line_type: LineType,
    /// Empty for an unpersonalised line; a client's random id for a personalised one.
    pub item_key: String,
}

/// One line as the shopper wants it: what, how many, and the options chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BagLine {
    pub key: LineKey,
    pub quantity: i64,
    /// Whether the product's gift options (wrapping) are chosen.
    pub gift_options: bool,
    /// Field key to the text entered (spec 3: the form's map of field to value).
    pub personalization: BTreeMap<String, String>,
}

/// Why a bag request was refused, for the status a client gets: a request the API's
/// own rules refuse (`Invalid`, 400), an item the catalogue does not have (`Unknown`,
/// 404), or a line that no longer fits its item or its list as they are now
/// (`Conflict`, 409: the client's copy is stale).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Invalid,
    Unknown,
    Conflict,
}

/// A refusal and its message, which names the line (`products[2]: ...`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct BagError {
    pub refusal: Refusal,
    pub message: String,
}

impl BagError {
    pub fn new(refusal: Refusal, message: impl Into<String>) -> Self {
        BagError {
            refusal,
            message: message.into(),
        }
    }

    pub(crate) fn line(
        refusal: Refusal,
        list: ListName,
        index: usize,
        reason: impl fmt::Display,
    ) -> Self {
        BagError::new(refusal, format!("{list}[{index}]: {reason}"))
    }
}

/// Refuses a list of more than `MAX_LINES` lines, before any of them is looked up.
pub fn check_length(list: ListName, lines: usize) -> Result<(), BagError> {
    if lines > MAX_LINES {
        return Err(BagError::new(
            Refusal::Conflict,
            format!("{list} may hold at most {MAX_LINES} lines, not {lines}"),
        ));
    }
    Ok(())
}

impl BagLine {
    /// Checks what can be checked without the catalogue: a positive id, a quantity from
    /// 0 to `MAX_QUANTITY`, an item key of letters, digits, `-` and `_`, and
    /// personalization text that is one bounded line with no control characters.
    /// Values are trimmed. `list` and `index` only name the line in a refusal.
    pub fn parse(
        list: ListName,
        index: usize,
        key: LineKey,
        quantity: i64,
        gift_options: bool,
        personalization: BTreeMap<String, String>,
    ) -> Result<BagLine, BagError> {
        let refuse = |reason: String| BagError::line(Refusal::Invalid, list, index, reason);
        if key.id < 1 {
            return Err(refuse(format!(
                "id must be a positive number, not {}",
                key.id
            )));
        }
        if !(0..=MAX_QUANTITY).contains(&quantity) {
            return Err(refuse(format!(
                "quantity must be from 0 to {MAX_QUANTITY}, not {quantity}"
            )));
        }
        let key_ok = key.item_key.len() <= MAX_ITEM_KEY
            && key
                .item_key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !key_ok {
            return Err(refuse(format!(
                "item_key must be at most {MAX_ITEM_KEY} letters, digits, '-' or '_'"
            )));
        }
        if personalization.len() > MAX_ENTRIES {
            return Err(refuse(format!(
                "personalization may hold at most {MAX_ENTRIES} fields"
            )));
        }
        let mut cleaned = BTreeMap::new();
        // Keys are matched against the item's fields later; only the text is checked here.
        for (field, value) in personalization {
            if value.chars().count() > MAX_ENTRY_CHARS {
                return Err(refuse(format!(
                    "personalization text is at most {MAX_ENTRY_CHARS} characters"
                )));
            }
            if let Some(c) = value.chars().find(|&c| is_unsafe_in_text(c)) {
                return Err(refuse(format!(
                    "personalization must not contain control or text-direction characters (found U+{:04X})",
                    u32::from(c)
                )));
            }
            cleaned.insert(field, value.trim().to_owned());
        }
        Ok(BagLine {
            key,
            quantity,
            gift_options,
            personalization: cleaned,
        })
    }

    /// True when some personalization value is filled in (white space is not).
    pub fn is_personalized(&self) -> bool {
        self.personalization.values().any(|v| !v.trim().is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(id: i64, item_key: &str) -> LineKey {
        LineKey {
            id,
            line_type: LineType::Product,
            item_key: item_key.into(),
        }
    }

    fn parse(key: LineKey, quantity: i64, entries: &[(&str, &str)]) -> Result<BagLine, BagError> {
        let map = entries
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        BagLine::parse(ListName::Products, 2, key, quantity, false, map)
    }

    #[test]
    fn a_refusal_names_the_list_and_line() {
        let err = parse(key(1, ""), -1, &[]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "products[2]: quantity must be from 0 to 9999, not -1"
        );
    }

    #[test]
    fn bounds_are_checked() {
        assert!(parse(key(0, ""), 1, &[]).is_err(), "id 0");
        assert!(parse(key(1, ""), MAX_QUANTITY + 1, &[]).is_err());
        assert!(parse(key(1, ""), MAX_QUANTITY, &[]).is_ok());
        assert!(
            parse(key(1, ""), 0, &[]).is_ok(),
            "0 is a guest's 'one, please'"
        );
        assert!(parse(key(1, "a b"), 1, &[]).is_err(), "space in item_key");
        assert!(parse(key(1, &"k".repeat(65)), 1, &[]).is_err());
        assert!(parse(key(1, "3f2a-9c_1"), 1, &[]).is_ok());
        assert!(parse(key(1, ""), 1, &[("initials", "a\u{202e}b")]).is_err());
        assert!(parse(key(1, ""), 1, &[("initials", &"x".repeat(201))]).is_err());
        assert!(
            parse(key(1, "k"), 1, &[("a\u{1}", "DL")]).is_ok(),
            "keys are matched later"
        );
    }

    #[test]
    fn personalization_values_are_trimmed() {
        let line = parse(key(1, "k"), 1, &[("initials", "  DL ")]).unwrap();
        assert_eq!(line.personalization["initials"], "DL");
        assert!(line.is_personalized());
        let blank = parse(key(1, "k"), 1, &[("initials", "   ")]).unwrap();
        assert!(!blank.is_personalized());
    }
}
