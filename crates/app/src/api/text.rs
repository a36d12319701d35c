//! A JSON string and nothing else, for the text fields shoppers send. poem-openapi's
//! `String` also takes a number or a boolean as its text (`1` becomes `"1"`), so a body
//! the OpenAPI document calls invalid would be served; these fields refuse it with 400.

use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use serde_json::Value;
use std::borrow::Cow;
use std::ops::Deref;

/// The default (for a field with `#[oai(default)]`) is the empty text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Text(String);

impl From<Text> for String {
    fn from(text: Text) -> Self {
        text.0
    }
}

impl From<&str> for Text {
    fn from(text: &str) -> Self {
        Text(text.to_owned())
    }
}

impl Deref for Text {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl Type for Text {
    const IS_REQUIRED: bool = true;
    type RawValueType = String;
    type RawElementValueType = String;

    fn name() -> Cow<'static, str> {
        "string".into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema::new("string")))
    }

    fn as_raw_value(&self) -> Option<&String> {
        Some(&self.0)
    }

    fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a String> + 'a> {
        Box::new(std::iter::once(&self.0))
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl ParseFromJSON for Text {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        match value.unwrap_or_default() {
            Value::String(text) => Ok(Text(text)),
            other => Err(ParseError::expected_type(other)),
        }
    }
}

impl ToJSON for Text {
    fn to_json(&self) -> Option<Value> {
        Some(Value::String(self.0.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_a_string_is_text() {
        assert_eq!(
            Text::parse_from_json(Some(json!("מה"))).unwrap().to_json(),
            Some(json!("מה"))
        );
        for not_text in [json!(1), json!(true), json!(null), json!(["a"]), json!({})] {
            assert!(Text::parse_from_json(Some(not_text)).is_err());
        }
        assert!(Text::parse_from_json(None).is_err());
        assert!(<Option<Text>>::parse_from_json(None).unwrap().is_none());
    }
}
