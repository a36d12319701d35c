//! Reference data the storefront shows: countries and display currencies.

use crate::input::{InputError, refuse};
use serde::Serialize;

/// A country as the spec's Location uses it: a label and a two-letter code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Country {
    pub label: String,
    pub value: String,
    /// The Hebrew name, for the Hebrew interface.
    pub heb_label: String,
}

/// A country code as typed, trimmed and upper-cased, if `countries` lists it.
pub(crate) fn country_code(raw: &str, countries: &[Country]) -> Result<String, InputError> {
    let code = raw.trim().to_uppercase();
    if countries.iter().any(|c| c.value == code) {
        Ok(code)
    } else {
        Err(refuse(
            "country",
            "must be a two-letter code from the countries list",
        ))
    }
}

/// A display currency; `rate` multiplies a US-dollar amount (spec 3).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Currency {
    pub currency: String,
    pub name: String,
    pub rate: f64,
    pub symbol: String,
}

impl Currency {
    pub fn us_dollar() -> Self {
        Currency {
            currency: "USD".into(),
            name: "US Dollar".into(),
            rate: 1.0,
            symbol: String::new(),
        }
    }
}

/// The built-in US Dollar entry always comes first (spec 3, Currency); any other
/// USD entry a rate source supplies is dropped so it cannot appear twice.
pub fn currency_list(others: Vec<Currency>) -> Vec<Currency> {
    let mut list = vec![Currency::us_dollar()];
    list.extend(others.into_iter().filter(|c| c.currency != "USD"));
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn us_dollar_is_first_and_unique() {
        let eur = Currency {
            currency: "EUR".into(),
            name: "Euro".into(),
            rate: 0.9,
            symbol: "€".into(),
        };
        let usd = Currency {
            currency: "USD".into(),
            name: "Dollar".into(),
            rate: 2.0,
            symbol: "$".into(),
        };
        let list = currency_list(vec![eur.clone(), usd]);
        assert_eq!(list, vec![Currency::us_dollar(), eur]);
        assert_eq!(list[0].rate, 1.0);
        assert_eq!(list[0].symbol, "");
    }
}
