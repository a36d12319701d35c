//! A signed-in customer's saved addresses (spec 3 "Address", 4.2). The spec gives
//! country, postal code, phone and the default flag; a parcel also needs a name, a
//! street and a city, so those are here too. At most one address is the default: the
//! store keeps that with a unique index, and choosing a new default clears the old one
//! in the same transaction.

use crate::input::{InputError, refuse, text};
use crate::location::{is_postal_code_char, is_us_zip};
use crate::ports::{Addresses, StorageError};
use crate::reference::{Country, country_code};

/// Addresses one customer may keep: more than any household needs.
pub const MAX_ADDRESSES: usize = 20;

/// An address as a customer enters it, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressFields {
    pub name: String,
    pub line1: String,
    pub line2: String,
    pub city: String,
    /// State, province or region; optional where a country has none.
    pub region: String,
    pub postal_code: String,
    /// Two-letter code from the countries list (spec 3).
    pub country: String,
    pub phone: String,
    pub default: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    pub id: i64,
    pub fields: AddressFields,
}

/// What a customer typed, before it is checked.
#[derive(Debug, Clone, Default)]
pub struct RawAddress<'a> {
    pub name: &'a str,
    pub line1: &'a str,
    pub line2: &'a str,
    pub city: &'a str,
    pub region: &'a str,
    pub postal_code: &'a str,
    pub country: &'a str,
    pub phone: &'a str,
    pub default: bool,
}

fn postal_code(country: &str, raw: &str) -> Result<String, InputError> {
    let code = text("postal_code", raw, 1, 12)?.to_uppercase();
    if country == "US" && !is_us_zip(&code) {
        return Err(refuse(
            "postal_code",
            "a US ZIP code is five digits, or five, a hyphen and four",
        ));
    }
    if !code.chars().all(is_postal_code_char) {
        return Err(refuse(
            "postal_code",
            "may hold only letters, digits, spaces and hyphens",
        ));
    }
    Ok(code)
}

/// A phone number as people write it: 7 to 15 digits (E.164's most), a leading `+`
/// allowed, and between the digits at most three of space, dot, hyphen and brackets.
fn phone(raw: &str) -> Result<String, InputError> {
    let phone = text("phone", raw, 1, 64)?;
    let mut digits = 0;
    let mut separators = 0;
    let mut fits = true;
    for c in phone.strip_prefix('+').unwrap_or(&phone).chars() {
        if c.is_ascii_digit() {
            digits += 1;
            separators = 0;
        } else if matches!(c, ' ' | '.' | '-' | '(' | ')') && separators < 3 {
            separators += 1;
        } else {
            fits = false;
        }
    }
    if !fits || !(7..=15).contains(&digits) {
        return Err(refuse(
            "phone",
            "must be a phone number of 7 to 15 digits (spaces, hyphens, brackets and a leading + are fine)",
        ));
    }
    Ok(phone)
}

impl AddressFields {
    /// Checks every field; `countries` is the list a country code must come from.
    pub fn parse(raw: &RawAddress<'_>, countries: &[Country]) -> Result<Self, InputError> {
        let country = country_code(raw.country, countries)?;
        let optional = |field, value: &str| text(field, value, 0, 100);
        Ok(AddressFields {
            name: text("name", raw.name, 1, 100)?,
            line1: text("line1", raw.line1, 1, 200)?,
            line2: text("line2", raw.line2, 0, 200)?,
            city: text("city", raw.city, 1, 100)?,
            region: optional("region", raw.region)?,
            postal_code: postal_code(&country, raw.postal_code)?,
            phone: phone(raw.phone)?,
            country,
            default: raw.default,
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AddressError {
    #[error(transparent)]
    Invalid(#[from] InputError),
    #[error("you can keep at most {MAX_ADDRESSES} addresses")]
    TooMany,
    /// No address with that id belongs to this customer.
    #[error("there is no address {0} in your account")]
    NotFound(i64),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

/// Spec 4.2: the address checkout starts with is the default, or else the first.
pub fn checkout_default(addresses: &[Address]) -> Option<&Address> {
    addresses
        .iter()
        .find(|a| a.fields.default)
        .or_else(|| addresses.first())
}

pub async fn add_address(
    store: &dyn Addresses,
    customer: i64,
    fields: &AddressFields,
) -> Result<Address, AddressError> {
    store
        .add_address(customer, fields, MAX_ADDRESSES)
        .await?
        .ok_or(AddressError::TooMany)
}

pub async fn update_address(
    store: &dyn Addresses,
    customer: i64,
    id: i64,
    fields: &AddressFields,
) -> Result<Address, AddressError> {
    store
        .update_address(customer, id, fields)
        .await?
        .ok_or(AddressError::NotFound(id))
}

pub async fn remove_address(
    store: &dyn Addresses,
    customer: i64,
    id: i64,
) -> Result<Address, AddressError> {
    store
        .remove_address(customer, id)
        .await?
        .ok_or(AddressError::NotFound(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn countries() -> Vec<Country> {
        ["US", "IL", "GB"]
            .into_iter()
            .map(|c| Country {
                label: c.into(),
                value: c.into(),
                heb_label: c.into(),
            })
            .collect()
    }

    fn raw<'a>(country: &'a str, postal_code: &'a str, phone: &'a str) -> RawAddress<'a> {
        RawAddress {
            name: " Dana Levi ",
            line1: "1 Main St",
            city: "Springfield",
            country,
            postal_code,
            phone,
            ..RawAddress::default()
        }
    }

    #[test]
    fn a_good_address_is_trimmed_and_upper_cased() {
        let a = AddressFields::parse(&raw("us", "12345-6789", "+1 (555) 010-2030"), &countries())
            .unwrap();
        assert_eq!(a.name, "Dana Levi");
        assert_eq!(a.country, "US");
        assert_eq!(a.postal_code, "12345-6789");
        let uk = AddressFields::parse(&raw("GB", "sw1a 1aa", "020 7946 0000"), &countries());
        assert_eq!(uk.unwrap().postal_code, "SW1A 1AA");
    }

    #[test]
    fn bad_fields_are_named() {
        let field = |r: RawAddress<'_>| AddressFields::parse(&r, &countries()).unwrap_err().field;
        assert_eq!(field(raw("XX", "12345", "5550102030")), "country");
        assert_eq!(field(raw("US", "1234", "5550102030")), "postal_code");
        assert_eq!(field(raw("IL", "12#45", "5550102030")), "postal_code");
        assert_eq!(field(raw("US", "12345", "12345")), "phone");
        assert_eq!(field(raw("US", "12345", "555-01a-2030")), "phone");
        assert_eq!(field(raw("US", "12345", "55+50102030")), "phone");
        assert_eq!(field(raw("US", "12345", "555 ---- 0102030")), "phone");
        let mut blank = raw("US", "12345", "5550102030");
        blank.city = "  ";
        assert_eq!(field(blank), "city");
    }

    #[test]
    fn checkout_starts_with_the_default_or_the_first() {
        let fields = AddressFields::parse(&raw("US", "12345", "5550102030"), &countries()).unwrap();
        let at = |id, default| Address {
            id,
            fields: AddressFields {
                default,
                ..fields.clone()
            },
        };
        assert_eq!(
            checkout_default(&[at(1, false), at(2, true)]).unwrap().id,
            2
        );
        assert_eq!(
            checkout_default(&[at(1, false), at(2, false)]).unwrap().id,
            1
        );
        assert!(checkout_default(&[]).is_none());
    }
}
