//! Order numbers: what a guest reads over the phone to the store, and what a link to
//! their order carries. Twelve symbols of the gift cards' alphabet (no 0/O, 1/I/L),
//! shown `7KQ4-M2XD-9PRT`: about 59 bits, so numbers cannot be walked or guessed, and
//! a guest's status page still asks for the order's e-mail or the mailed link.

use crate::checkout::gift_cards::{CODE_ALPHABET, grouped_by_four, symbols_from_random_bytes};

/// Symbols in an order number.
pub const NUMBER_LENGTH: usize = 12;

/// A well-formed order number, canonical (upper case, no dashes).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OrderNumber(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("an order number is {NUMBER_LENGTH} letters and digits, like 7KQ4-M2XD-9PRT")]
pub struct MalformedNumber;

impl OrderNumber {
    /// Reads a number as typed or linked: dashes, spaces and case are forgiven.
    pub fn parse(typed: &str) -> Result<OrderNumber, MalformedNumber> {
        let number: String = typed
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let valid =
            number.len() == NUMBER_LENGTH && number.bytes().all(|b| CODE_ALPHABET.contains(&b));
        if valid {
            Ok(OrderNumber(number))
        } else {
            Err(MalformedNumber)
        }
    }

    /// A new number from `random` bytes (48 bytes run out with odds below 2^-150).
    pub fn from_random_bytes(random: &[u8]) -> Option<OrderNumber> {
        symbols_from_random_bytes(random, NUMBER_LENGTH).map(OrderNumber)
    }

    /// The canonical form, as stored.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `7KQ4-M2XD-9PRT`: as shown, mailed and put in links.
    pub fn display(&self) -> String {
        grouped_by_four(&self.0)
    }
}

impl std::fmt::Display for OrderNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_back_as_shown() {
        let number = OrderNumber::from_random_bytes(&[7; 12]).expect("enough bytes");
        assert_eq!(number.as_str().len(), NUMBER_LENGTH);
        assert_eq!(OrderNumber::parse(&number.display()), Ok(number.clone()));
        assert_eq!(
            OrderNumber::parse(&number.display().to_lowercase()),
            Ok(number)
        );
        assert_eq!(
            OrderNumber::parse("7KQ4 M2XD 9PRT").unwrap().display(),
            "7KQ4-M2XD-9PRT"
        );
    }

    #[test]
    fn look_alike_symbols_and_other_lengths_are_refused() {
        for bad in [
            "7KQ4-M2XD-9PR",
            "7KQ4-M2XD-9PRTT",
            "0KQ4-M2XD-9PRT",
            "IKQ4-M2XD-9PRT",
            "",
        ] {
            assert_eq!(OrderNumber::parse(bad), Err(MalformedNumber), "{bad}");
        }
        assert_eq!(OrderNumber::from_random_bytes(&[7; 11]), None);
    }
}
