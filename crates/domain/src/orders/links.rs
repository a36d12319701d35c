//! The signed link to an order: a guest who placed it (or opens its confirmation
//! mail) sees it without an account, and nobody else can, since the link carries an
//! HMAC-SHA-256 of the order number under a key only the store holds. Nothing per
//! order is stored, so an answer repeated to a retried submit carries the same link.

use super::number::OrderNumber;
use crate::checkout::gift_cards::GiftCardCode;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Hex characters of the MAC a link carries (128 bits).
const TOKEN_HEX: usize = 32;

pub struct OrderLinks {
    key: Vec<u8>,
}

impl OrderLinks {
    /// `key`: the store's secret, at least 32 bytes.
    pub fn new(key: &[u8]) -> OrderLinks {
        OrderLinks { key: key.to_vec() }
    }

    fn mac(&self, number: &OrderNumber) -> Hmac<Sha256> {
        // Any key length is valid for HMAC; `new_from_slice` cannot fail here.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(b"order:");
        mac.update(number.as_str().as_bytes());
        mac
    }

    /// The token for `number`'s link.
    pub fn token(&self, number: &OrderNumber) -> String {
        let bytes = self.mac(number).finalize().into_bytes();
        let mut hex = String::with_capacity(TOKEN_HEX);
        for b in &bytes[..TOKEN_HEX / 2] {
            hex.push_str(&format!("{b:02x}"));
        }
        hex
    }

    /// The code of the e-gift card that unit `unit` of line `line` of order `number`
    /// issues: HMAC output under the store's secret, so it is as hard to guess as a
    /// random code, and the same every time it is made (see `e_gift`).
    pub fn gift_card_code(&self, number: &OrderNumber, line: usize, unit: i64) -> GiftCardCode {
        let mut random = Vec::with_capacity(64);
        // Rejection sampling keeps 31 of each 32 bytes on average: each block adds
        // 32 bytes, and 16 symbols are nearly always found in the first.
        for block in 0u32.. {
            let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key)
                .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
            mac.update(format!("e-gift:{}:{line}:{unit}:{block}", number.as_str()).as_bytes());
            random.extend_from_slice(&mac.finalize().into_bytes());
            if let Some(code) = GiftCardCode::from_random_bytes(&random) {
                return code;
            }
        }
        unreachable!("some block of HMAC output holds 16 usable bytes")
    }

    /// Whether `token` is `number`'s, compared in constant time.
    pub fn verify(&self, number: &OrderNumber, token: &str) -> bool {
        let Some(bytes) = decode_hex(token) else {
            return false;
        };
        bytes.len() == TOKEN_HEX / 2 && self.mac(number).verify_truncated_left(&bytes).is_ok()
    }
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_opens_its_order_only() {
        let links = OrderLinks::new(&[7; 32]);
        let one = OrderNumber::parse("7KQ4-M2XD-9PRT").unwrap();
        let two = OrderNumber::parse("7KQ4-M2XD-9PRU").unwrap();
        let token = links.token(&one);
        assert_eq!(token.len(), TOKEN_HEX);
        assert!(links.verify(&one, &token));
        assert!(!links.verify(&two, &token));
        assert!(
            !OrderLinks::new(&[8; 32]).verify(&one, &token),
            "another store's key"
        );
        assert!(!links.verify(&one, &token[..30]));
        assert!(!links.verify(&one, "zz"));
        assert!(!links.verify(&one, ""));
    }
}
