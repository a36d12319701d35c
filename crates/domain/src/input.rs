//! Parsing what shoppers type: bounded, trimmed text and e-mail addresses. Each area
//! (messages, newsletter, campaigns, client errors) parses its raw input through these
//! into types that can only hold valid values, so adapters never see bad data.

use std::fmt;

/// Why some input was refused; `field` names it for the shopper's form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {reason}")]
pub struct InputError {
    pub field: &'static str,
    pub reason: String,
}

pub(crate) fn refuse(field: &'static str, reason: impl Into<String>) -> InputError {
    InputError {
        field,
        reason: reason.into(),
    }
}

/// Characters that must never reach an owner's terminal or report from a shopper:
/// C0 controls, DEL and C1 controls (escape sequences can drive a terminal), the
/// bidirectional embeddings, overrides and isolates (they reorder what is shown, so a
/// line can read differently from what it says), and the Unicode line and paragraph
/// separators (they fake a new report line). The plain marks U+200E and U+200F stay
/// allowed: Hebrew keyboards type them and they reorder nothing beyond one character.
/// Multi-line text may hold line breaks and tabs: see `multiline_text`.
pub fn is_unsafe_in_text(c: char) -> bool {
    matches!(
        c,
        '\u{0}'..='\u{1f}'
            | '\u{7f}'..='\u{9f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

fn refuse_unsafe(field: &'static str, text: &str, allowed: &[char]) -> Result<(), InputError> {
    match text
        .chars()
        .find(|&c| is_unsafe_in_text(c) && !allowed.contains(&c))
    {
        None => Ok(()),
        Some(c) => Err(refuse(
            field,
            format!(
                "must not contain control or text-direction characters (found U+{:04X})",
                u32::from(c)
            ),
        )),
    }
}

/// Trims `raw` and checks it is one line of `min..=max` characters, none unsafe.
pub(crate) fn text(
    field: &'static str,
    raw: &str,
    min: usize,
    max: usize,
) -> Result<String, InputError> {
    let trimmed = bounded(field, raw, min, max)?;
    refuse_unsafe(field, &trimmed, &[])?;
    Ok(trimmed)
}

/// Like `text`, but line breaks and tabs are kept; `\r\n` and a lone `\r` become `\n`.
pub(crate) fn multiline_text(
    field: &'static str,
    raw: &str,
    min: usize,
    max: usize,
) -> Result<String, InputError> {
    let unified = raw.replace("\r\n", "\n").replace('\r', "\n");
    let trimmed = bounded(field, &unified, min, max)?;
    refuse_unsafe(field, &trimmed, &['\n', '\t'])?;
    Ok(trimmed)
}

/// Trims `raw` and checks it has `min..=max` characters.
fn bounded(field: &'static str, raw: &str, min: usize, max: usize) -> Result<String, InputError> {
    let trimmed = raw.trim();
    let length = trimmed.chars().count();
    if length < min {
        return Err(refuse(
            field,
            if min == 1 {
                "is required".to_owned()
            } else {
                format!("needs at least {min} characters")
            },
        ));
    }
    if length > max {
        return Err(refuse(field, format!("must be at most {max} characters")));
    }
    Ok(trimmed.to_owned())
}

/// An optional text: absent or blank is `None`, otherwise limited to `max` characters.
pub(crate) fn optional_text(
    field: &'static str,
    raw: Option<&str>,
    max: usize,
) -> Result<Option<String>, InputError> {
    optional(raw, |t| text(field, t, 1, max))
}

/// An optional multi-line text: absent or blank is `None`.
pub(crate) fn optional_multiline_text(
    field: &'static str,
    raw: Option<&str>,
    max: usize,
) -> Result<Option<String>, InputError> {
    optional(raw, |t| multiline_text(field, t, 1, max))
}

/// `None` for an absent or blank text, else what `parse` makes of it, trimmed.
fn optional(
    raw: Option<&str>,
    parse: impl FnOnce(&str) -> Result<String, InputError>,
) -> Result<Option<String>, InputError> {
    raw.map(str::trim)
        .filter(|t| !t.is_empty())
        .map(parse)
        .transpose()
}

/// An e-mail address as a store can use it: one `@`, a local part of at most 64
/// characters, a dotted domain without empty labels, no spaces, at most 254 in all.
/// It is lower-cased whole: the local part is case-sensitive on paper only, and one
/// shopper typing `Dana@` and `dana@` must be one subscriber.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

/// The longest address, in bytes (RFC 5321's path limit less its angle brackets).
pub const MAX_EMAIL_BYTES: usize = 254;

impl Email {
    pub fn parse(raw: &str) -> Result<Self, InputError> {
        let invalid = || {
            refuse(
                "email",
                "must be a valid e-mail address, like name@example.com",
            )
        };
        // Lower-cased before the length checks: lower case can take more bytes (Ⱥ, ⱥ).
        let trimmed = &raw.trim().to_lowercase();
        if trimmed.is_empty() {
            return Err(refuse("email", "is required"));
        }
        if trimmed.len() > MAX_EMAIL_BYTES
            || trimmed
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || is_unsafe_in_text(c))
        {
            return Err(invalid());
        }
        let (local, domain) = trimmed.split_once('@').ok_or_else(invalid)?;
        let labels_ok = domain.split('.').all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && !label.contains(['@', ',', ';', '<', '>'])
        });
        if local.is_empty()
            || local.len() > 64
            || !domain.contains('.')
            || !labels_ok
            || local.contains(['<', '>', ',', ';'])
        {
            return Err(invalid());
        }
        Ok(Email(trimmed.clone()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The mailbox the address delivers to, as far as the store can tell: without a
    /// `+tag` (`dana+shop@example.com` lands with `dana@example.com`). Mail limits count
    /// by it, so tags cannot multiply one inbox's budget.
    pub fn mailbox(&self) -> String {
        match self.0.split_once('@') {
            Some((local, domain)) => {
                let base = local.split_once('+').map_or(local, |(base, _)| base);
                format!("{base}@{domain}")
            }
            None => self.0.clone(),
        }
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mailbox_has_no_tag() {
        let mailbox = |raw| Email::parse(raw).unwrap().mailbox();
        assert_eq!(mailbox("Dana+Shop@Example.com"), "dana@example.com");
        assert_eq!(mailbox("dana+a+b@example.com"), "dana@example.com");
        assert_eq!(mailbox("dana@example.com"), "dana@example.com");
    }

    #[test]
    fn emails_that_work() {
        assert_eq!(
            Email::parse("  Dana.Levi+news@Example.CO.il ")
                .unwrap()
                .as_str(),
            "dana.levi+news@example.co.il"
        );
        assert!(Email::parse("a@b.io").is_ok());
    }

    #[test]
    fn emails_that_do_not() {
        let long_local = format!("{}@example.com", "a".repeat(65));
        let long_all = format!("a@{}.com", "b".repeat(250));
        for bad in [
            "",
            "   ",
            "plain",
            "@example.com",
            "a@",
            "a@localhost",
            "a@@b.com",
            "a b@c.com",
            "a@b..com",
            "a@.b.com",
            "a@b.com.",
            "a@-b.com",
            "<a>@b.com",
            &long_local,
            &long_all,
        ] {
            assert!(Email::parse(bad).is_err(), "{bad:?} accepted");
        }
        assert_eq!(Email::parse("").unwrap_err().reason, "is required");
    }
}
