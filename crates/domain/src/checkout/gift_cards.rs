//! Gift cards (spec 4.5): the code a shopper types, and how the cards applied to an
//! order share what it costs.
//!
//! - A code is 16 symbols from a 31-symbol alphabet (digits and capitals without 0, O,
//!   1, I and L, which read alike): about 79 bits, so guessing one is hopeless even
//!   before the attempts are throttled. It is shown in groups of four; spaces, dashes
//!   and lower case are forgiven on entry.
//! - Storage keeps only a code's SHA-256 (`TokenHash`) and its last four symbols, as
//!   it does for every secret a shopper holds: a copy of the database spends nothing.
//! - Cards are applied in the order the shopper added them; each covers what is still
//!   owed, up to its balance (spec 4.5), so removing one recomputes the rest.

use crate::clock::Timestamp;
use crate::money::Money;
use crate::token::TokenHash;

/// The symbols a code is written in.
pub const CODE_ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// Symbols in a code.
pub const CODE_LENGTH: usize = 16;
/// Gift cards one order may carry.
pub const MAX_GIFT_CARDS: usize = 5;

/// `length` symbols of `CODE_ALPHABET` from `random` bytes, one symbol per byte, by
/// rejection: a byte past the last whole multiple of 31 is skipped, so every symbol is
/// equally likely. `None` if the bytes ran out first. Order numbers are made the same way.
pub fn symbols_from_random_bytes(random: &[u8], length: usize) -> Option<String> {
    const LIMIT: u8 = (256 / CODE_ALPHABET.len() * CODE_ALPHABET.len()) as u8;
    let symbols: String = random
        .iter()
        .filter(|&&b| b < LIMIT)
        .take(length)
        .map(|&b| char::from(CODE_ALPHABET[usize::from(b) % CODE_ALPHABET.len()]))
        .collect();
    (symbols.len() == length).then_some(symbols)
}

/// `symbols` in dash-separated groups of four (`ABCD-EFGH`), as codes are read aloud.
pub fn grouped_by_four(symbols: &str) -> String {
    let mut shown = String::with_capacity(symbols.len() + symbols.len() / 4);
    for (i, c) in symbols.chars().enumerate() {
        if i > 0 && i % 4 == 0 {
            shown.push('-');
        }
        shown.push(c);
    }
    shown
}

/// A well-formed gift card code, in its canonical form (upper case, no separators).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GiftCardCode(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "a gift card code is {CODE_LENGTH} letters and digits, as printed on the card (for example ABCD-EFGH-JKMN-PQRS)"
)]
pub struct MalformedCode;

impl GiftCardCode {
    /// Reads what a shopper typed: spaces and dashes are dropped, case is ignored.
    pub fn parse(typed: &str) -> Result<GiftCardCode, MalformedCode> {
        let code: String = typed
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let valid = code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b));
        if valid {
            Ok(GiftCardCode(code))
        } else {
            Err(MalformedCode)
        }
    }

    /// A new code from `random` bytes (one symbol per byte, by rejection: a byte past
    /// the last whole multiple of 31 is skipped, so every symbol is equally likely).
    /// `None` if the bytes ran out first; 64 random bytes run out with odds below 2^-200.
    pub fn from_random_bytes(random: &[u8]) -> Option<GiftCardCode> {
        symbols_from_random_bytes(random, CODE_LENGTH).map(GiftCardCode)
    }

    /// `ABCD-EFGH-JKMN-PQRS`, as printed and mailed.
    pub fn display(&self) -> String {
        grouped_by_four(&self.0)
    }

    /// What storage keeps to find the card.
    pub fn hash(&self) -> TokenHash {
        TokenHash::of(&self.0)
    }

    /// The last four symbols: enough for a shopper to tell two cards apart.
    pub fn last_four(&self) -> &str {
        &self.0[CODE_LENGTH - 4..]
    }
}

impl std::fmt::Debug for GiftCardCode {
    /// Never the whole code, which is as good as cash, in a log line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GiftCardCode(…{})", self.last_four())
    }
}

/// A stored card as a quote sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftCard {
    pub last_four: String,
    pub balance: Money,
    pub expires_at: Option<Timestamp>,
}

/// Why a code cannot pay (a 400 with this message, spec 8).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GiftCardRefusal {
    #[error("there is no gift card with this code")]
    Unknown,
    #[error("this gift card has been used up")]
    UsedUp,
    #[error("this gift card has expired")]
    Expired,
}

impl GiftCard {
    /// Whether the card can pay now.
    pub fn check(&self, now: Timestamp) -> Result<(), GiftCardRefusal> {
        if self.expires_at.is_some_and(|at| at <= now) {
            Err(GiftCardRefusal::Expired)
        } else if self.balance <= Money::ZERO {
            Err(GiftCardRefusal::UsedUp)
        } else {
            Ok(())
        }
    }
}

/// One card's part in paying an order (spec 3's gift card fields).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Applied {
    pub balance: Money,
    pub amount_applied: Money,
    /// What the card keeps after this order.
    pub value_remaining: Money,
}

/// How the cards, in the order they were added, pay `total` (spec 4.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftCardPayment {
    pub cards: Vec<Applied>,
    pub total_applied: Money,
    /// What is still owed after the cards: paid by card.
    pub remaining: Money,
}

impl GiftCardPayment {
    /// Spec 3's "remaining balance" flag: the cards do not cover the order.
    pub fn has_remaining_balance(&self) -> bool {
        self.remaining > Money::ZERO
    }
}

/// Each card covers what is still owed, up to its balance; a card added once the
/// total is covered applies nothing (spec 4.5).
pub fn apply_gift_cards(total: Money, balances: &[Money]) -> GiftCardPayment {
    let mut owed = total.cents().max(0);
    let cards = balances
        .iter()
        .map(|&balance| {
            let applied = balance.cents().clamp(0, owed);
            owed -= applied;
            Applied {
                balance,
                amount_applied: Money::from_cents(applied),
                value_remaining: Money::from_cents(balance.cents() - applied),
            }
        })
        .collect();
    GiftCardPayment {
        cards,
        total_applied: Money::from_cents(total.cents().max(0) - owed),
        remaining: Money::from_cents(owed),
    }
}

/// Codes in the order first added, each once (spec 4.5: a code already present is ignored).
pub fn distinct_codes(codes: Vec<GiftCardCode>) -> Vec<GiftCardCode> {
    let mut seen = Vec::with_capacity(codes.len());
    for code in codes {
        if !seen.contains(&code) {
            seen.push(code);
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cents(c: i64) -> Money {
        Money::from_cents(c)
    }

    #[test]
    fn codes_forgive_case_spaces_and_dashes_and_nothing_else() {
        let code = GiftCardCode::parse("abcd-efgh jkmn-pqrs").expect("valid");
        assert_eq!(code.display(), "ABCD-EFGH-JKMN-PQRS");
        assert_eq!(code.last_four(), "PQRS");
        for bad in [
            "ABCD-EFGH-JKMN-PQR",
            "ABCD-EFGH-JKMN-PQRS2",
            "ABCD-EFGH-JKMN-PQR0",
            "ABCD-EFGH-JKMN-PQRI",
            "",
        ] {
            assert_eq!(GiftCardCode::parse(bad), Err(MalformedCode), "{bad}");
        }
        assert_eq!(format!("{code:?}"), "GiftCardCode(…PQRS)");
    }

    #[test]
    fn random_codes_use_every_symbol_and_skip_the_biased_bytes() {
        // 248..=255 would favour the first symbols; they are skipped.
        let mut bytes = vec![255u8, 248];
        bytes.extend(0..16u8);
        let code = GiftCardCode::from_random_bytes(&bytes).expect("enough bytes");
        assert_eq!(code.display(), "2345-6789-ABCD-EFGH");
        assert_eq!(GiftCardCode::from_random_bytes(&[30; 15]), None);
        let last = GiftCardCode::from_random_bytes(&[30; 16]).expect("enough bytes");
        assert_eq!(last.display(), "ZZZZ-ZZZZ-ZZZZ-ZZZZ");
    }

    #[test]
    fn cards_cover_what_is_owed_in_the_order_added() {
        // Spec 4.5, worked by hand: $100.00 owed, cards of $30.00, $90.00 and $5.00.
        let paid = apply_gift_cards(cents(10_000), &[cents(3_000), cents(9_000), cents(500)]);
        let applied: Vec<_> = paid
            .cards
            .iter()
            .map(|c| (c.amount_applied.cents(), c.value_remaining.cents()))
            .collect();
        assert_eq!(applied, vec![(3_000, 0), (7_000, 2_000), (0, 500)]);
        assert_eq!(paid.total_applied, cents(10_000));
        assert!(!paid.has_remaining_balance());

        let short = apply_gift_cards(cents(10_000), &[cents(2_500)]);
        assert_eq!(short.remaining, cents(7_500));
        assert!(short.has_remaining_balance());

        let free = apply_gift_cards(Money::ZERO, &[cents(2_500)]);
        assert_eq!(free.cards[0].amount_applied, Money::ZERO);
        assert_eq!(free.remaining, Money::ZERO);
    }

    #[test]
    fn removing_a_card_recomputes_the_others() {
        let both = apply_gift_cards(cents(5_000), &[cents(4_000), cents(4_000)]);
        assert_eq!(both.cards[1].amount_applied, cents(1_000));
        let second_only = apply_gift_cards(cents(5_000), &[cents(4_000)]);
        assert_eq!(second_only.cards[0].amount_applied, cents(4_000));
        assert_eq!(second_only.remaining, cents(1_000));
    }

    #[test]
    fn a_card_that_is_spent_or_expired_cannot_pay() {
        let now = Timestamp::from_unix_seconds(1_000);
        let card = |balance, expires_at| GiftCard {
            last_four: "PQRS".into(),
            balance: cents(balance),
            expires_at,
        };
        assert_eq!(card(100, None).check(now), Ok(()));
        assert_eq!(card(0, None).check(now), Err(GiftCardRefusal::UsedUp));
        assert_eq!(
            card(100, Some(now)).check(now),
            Err(GiftCardRefusal::Expired)
        );
        assert_eq!(
            card(100, Some(Timestamp::from_unix_seconds(1_001))).check(now),
            Ok(())
        );
    }

    #[test]
    fn a_code_added_twice_counts_once() {
        let a = GiftCardCode::parse("AAAA-AAAA-AAAA-AAAA").expect("valid");
        let b = GiftCardCode::parse("BBBB-BBBB-BBBB-BBBB").expect("valid");
        assert_eq!(
            distinct_codes(vec![a.clone(), b.clone(), a.clone()]),
            vec![a, b]
        );
    }
}
