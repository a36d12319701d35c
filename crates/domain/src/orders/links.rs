//! The signed link to an order: a guest who placed it (or opens its confirmation
//! mail) sees it without an account, and nobody else can, since the link carries an
//! HMAC-SHA-256 of the order number under a key only the store holds. Nothing per
//! order is stored, so an answer repeated to a retried submit carries the same link.
//!
//! The key can be rotated (`store links rotate`): new links are signed with the newest
//! key, and a link signed with an older one keeps working for a stated time after the
//! key that replaced it was made, then opens nothing.

use super::number::OrderNumber;
use crate::checkout::gift_cards::{GiftCardCode, grouped_by_four};
use crate::clock::Timestamp;
use crate::returns::model::ReturnNumber;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::{PoisonError, RwLock};
use std::time::Duration;

/// Hex characters of the MAC a link carries (128 bits).
const TOKEN_HEX: usize = 32;
/// Symbols in a gift receipt code.
const GIFT_RECEIPT_LENGTH: usize = 8;

/// A key that signs links, and when it began to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkKey {
    pub secret: Vec<u8>,
    pub since: Timestamp,
}

pub struct OrderLinks {
    /// Derives e-gift codes: the store's first key, never rotated, since a delivery
    /// job derives the code of a card issued before a rotation again.
    gift_key: Vec<u8>,
    /// Oldest first; the last signs.
    keys: RwLock<Vec<LinkKey>>,
    /// How long a link signed with a replaced key keeps working.
    grace: Duration,
}

fn hmac(key: &[u8]) -> Hmac<Sha256> {
    // Any key length is valid for HMAC; `new_from_slice` cannot fail here.
    <Hmac<Sha256> as Mac>::new_from_slice(key)
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"))
}

impl OrderLinks {
    /// One key for links and e-gift codes: the store's secret, at least 32 bytes.
    pub fn new(key: &[u8]) -> OrderLinks {
        let first = LinkKey {
            secret: key.to_vec(),
            since: Timestamp::from_unix_seconds(0),
        };
        OrderLinks::with_keys(key, vec![first], Duration::ZERO)
    }

    /// `keys`, oldest first (at least one), sign links; `gift_key` derives e-gift codes.
    pub fn with_keys(gift_key: &[u8], keys: Vec<LinkKey>, grace: Duration) -> OrderLinks {
        assert!(!keys.is_empty(), "order links need a key");
        OrderLinks {
            gift_key: gift_key.to_vec(),
            keys: RwLock::new(keys),
            grace,
        }
    }

    /// The keys rotated in after the first, oldest first, as storage holds them now
    /// (another process may have rotated them). The first key never changes.
    pub fn reload(&self, rotated: Vec<LinkKey>) {
        let mut keys = self.keys.write().unwrap_or_else(PoisonError::into_inner);
        keys.truncate(1);
        keys.extend(rotated);
    }

    fn mac(key: &[u8], number: &OrderNumber) -> Hmac<Sha256> {
        let mut mac = hmac(key);
        mac.update(b"order:");
        mac.update(number.as_str().as_bytes());
        mac
    }

    /// The token for `number`'s link, under the newest key.
    pub fn token(&self, number: &OrderNumber) -> String {
        let keys = self.keys.read().unwrap_or_else(PoisonError::into_inner);
        let newest = keys.last().map_or(&self.gift_key, |k| &k.secret);
        let bytes = Self::mac(newest, number).finalize().into_bytes();
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
        self.derived_code(&format!("e-gift:{}:{line}:{unit}", number.as_str()))
    }

    /// The code of the store credit that return `number` gives, made the same way.
    pub fn store_credit_code(&self, number: &ReturnNumber) -> GiftCardCode {
        self.derived_code(&format!("return:{}", number.display()))
    }

    /// The gift receipt code of order `number`, printed on its gift receipt: who holds
    /// it may return the gift for store credit without seeing the order (issue 28).
    /// Eight symbols (about 40 bits) beside the order's number, at a limited number
    /// of tries per client: as unguessable as the order's own link, and short enough
    /// to type from paper. `ABCD-EFGH`.
    pub fn gift_receipt_code(&self, number: &OrderNumber) -> String {
        let code = self.derived_code(&format!("gift-receipt:{}", number.as_str()));
        grouped_by_four(&code.display().replace('-', "")[..GIFT_RECEIPT_LENGTH])
    }

    /// Whether `typed` is order `number`'s gift receipt code (case, spaces and dashes
    /// forgiven), compared in constant time.
    pub fn is_gift_receipt_code(&self, number: &OrderNumber, typed: &str) -> bool {
        let canonical = |code: &str| -> Vec<u8> {
            code.chars()
                .filter(|c| !c.is_whitespace() && *c != '-')
                .map(|c| c.to_ascii_uppercase() as u8)
                .collect()
        };
        let expected = canonical(&self.gift_receipt_code(number));
        let given = canonical(typed);
        // Every byte is compared, whatever differs first.
        expected.len() == given.len()
            && expected
                .iter()
                .zip(&given)
                .fold(0u8, |differs, (a, b)| differs | (a ^ b))
                == 0
    }

    fn derived_code(&self, what: &str) -> GiftCardCode {
        let mut random = Vec::with_capacity(64);
        // Rejection sampling keeps 31 of each 32 bytes on average: each block adds
        // 32 bytes, and 16 symbols are nearly always found in the first.
        for block in 0u32.. {
            let mut mac = hmac(&self.gift_key);
            mac.update(format!("{what}:{block}").as_bytes());
            random.extend_from_slice(&mac.finalize().into_bytes());
            if let Some(code) = GiftCardCode::from_random_bytes(&random) {
                return code;
            }
        }
        unreachable!("some block of HMAC output holds 16 usable bytes")
    }

    /// Whether `token` is `number`'s at `at`: signed with the newest key, or with an
    /// older one replaced less than the grace time before. Compared in constant time.
    pub fn verify(&self, number: &OrderNumber, token: &str, at: Timestamp) -> bool {
        let Some(bytes) = decode_hex(token) else {
            return false;
        };
        if bytes.len() != TOKEN_HEX / 2 {
            return false;
        }
        let keys = self.keys.read().unwrap_or_else(PoisonError::into_inner);
        let replaced = keys.iter().skip(1).map(|k| Some(k.since)).chain([None]);
        keys.iter().zip(replaced).any(|(key, replaced)| {
            let open = replaced.is_none_or(|since| at < since.plus(self.grace));
            open && Self::mac(&key.secret, number)
                .verify_truncated_left(&bytes)
                .is_ok()
        })
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
        let at = Timestamp::from_unix_seconds(1_767_225_600);
        assert_eq!(token.len(), TOKEN_HEX);
        assert!(links.verify(&one, &token, at));
        assert!(!links.verify(&two, &token, at));
        assert!(
            !OrderLinks::new(&[8; 32]).verify(&one, &token, at),
            "another store's key"
        );
        assert!(!links.verify(&one, &token[..30], at));
        assert!(!links.verify(&one, "zz", at));
        assert!(!links.verify(&one, "", at));
    }

    #[test]
    fn after_a_rotation_old_links_work_for_the_grace_time_and_gift_codes_stay() {
        let day = Duration::from_secs(86_400);
        let start = Timestamp::from_unix_seconds(1_767_225_600);
        let first = LinkKey {
            secret: vec![7; 32],
            since: Timestamp::from_unix_seconds(0),
        };
        let links = OrderLinks::with_keys(&[7; 32], vec![first.clone()], 30 * day);
        let number = OrderNumber::parse("7KQ4-M2XD-9PRT").unwrap();
        let old = links.token(&number);
        let code = links.gift_card_code(&number, 0, 0);

        let second = LinkKey {
            secret: vec![8; 32],
            since: start,
        };
        links.reload(vec![second]);
        let new = links.token(&number);
        assert_ne!(new, old, "signed with the new key");
        for at in [start, start.plus(29 * day)] {
            assert!(links.verify(&number, &old, at));
            assert!(links.verify(&number, &new, at));
        }
        assert!(!links.verify(&number, &old, start.plus(31 * day)), "lapsed");
        assert!(links.verify(&number, &new, start.plus(400 * day)));
        assert_eq!(links.gift_card_code(&number, 0, 0), code);
    }

    #[test]
    fn a_gift_receipt_code_opens_its_order_only() {
        let links = OrderLinks::new(&[7; 32]);
        let one = OrderNumber::parse("7KQ4-M2XD-9PRT").unwrap();
        let two = OrderNumber::parse("7KQ4-M2XD-9PRU").unwrap();
        let code = links.gift_receipt_code(&one);
        assert_eq!(code.len(), 9, "{code}");
        assert_eq!(&code[4..5], "-");
        assert_eq!(links.gift_receipt_code(&one), code, "the same every time");
        assert!(links.is_gift_receipt_code(&one, &code));
        assert!(links.is_gift_receipt_code(&one, &code.to_lowercase().replace('-', " ")));
        assert!(!links.is_gift_receipt_code(&two, &code));
        assert!(!links.is_gift_receipt_code(&one, &code[..8]));
        assert!(!links.is_gift_receipt_code(&one, ""));
        assert!(!OrderLinks::new(&[8; 32]).is_gift_receipt_code(&one, &code));
        let card = links.store_credit_code(&ReturnNumber {
            order: one.clone(),
            sequence: 1,
        });
        assert_ne!(card.display().replace('-', "")[..8], code.replace('-', ""));
    }
}
