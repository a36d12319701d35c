//! Cards (spec 3 "Payment", 5): what a shopper types is checked here and handed to the
//! `PaymentGateway`, which answers a token; the store keeps only the token, the brand,
//! the last four digits and the expiry. A full number or a CVC is never stored, logged
//! or put in an error message: `CardDetails` has no `Debug` that shows them.

use crate::accounts::Customer;
use crate::clock::Timestamp;
use crate::input::{InputError, refuse};
use crate::ports::{PaymentGateway, SavedCards, StorageError};
use crate::token::TokenHash;

/// Cards one customer may keep.
pub const MAX_CARDS: usize = 10;

/// A card's number, expiry and CVC, checked; only the gateway ever sees them.
pub struct CardDetails {
    number: String,
    cvc: String,
    pub exp_month: u32,
    /// Four digits.
    pub exp_year: u32,
}

impl std::fmt::Debug for CardDetails {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CardDetails(**** {})", self.last4())
    }
}

/// The card's network, from its leading digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brand {
    Visa,
    Mastercard,
    Amex,
    Discover,
    Other,
}

impl Brand {
    pub fn as_str(self) -> &'static str {
        match self {
            Brand::Visa => "visa",
            Brand::Mastercard => "mastercard",
            Brand::Amex => "amex",
            Brand::Discover => "discover",
            Brand::Other => "other",
        }
    }

    pub fn parse(raw: &str) -> Brand {
        [Brand::Visa, Brand::Mastercard, Brand::Amex, Brand::Discover]
            .into_iter()
            .find(|b| b.as_str() == raw)
            .unwrap_or(Brand::Other)
    }

    fn of(number: &str) -> Brand {
        let prefix = |n: usize| number[..n].parse::<u32>().unwrap_or(0);
        if number.starts_with('4') {
            Brand::Visa
        } else if (51..=55).contains(&prefix(2)) || (2221..=2720).contains(&prefix(4)) {
            Brand::Mastercard
        } else if matches!(prefix(2), 34 | 37) {
            Brand::Amex
        } else if number.starts_with("6011") || number.starts_with("65") {
            Brand::Discover
        } else {
            Brand::Other
        }
    }
}

/// The Luhn check digit is right (ISO/IEC 7812): it catches a mistyped digit and most
/// swapped pairs before any gateway is asked.
pub fn luhn_valid(number: &str) -> bool {
    let mut sum = 0;
    for (i, c) in number.chars().rev().enumerate() {
        let Some(mut d) = c.to_digit(10) else {
            return false;
        };
        if i % 2 == 1 {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
    }
    sum % 10 == 0
}

impl CardDetails {
    /// Spec 5: spaces are removed from the number, and spaces and the slash from the
    /// expiry (`MM/YY`, `MMYY` or `MM/YYYY`). The number must be 12 to 19 digits with a
    /// right check digit, the expiry this month or later (`today` is year and month),
    /// and the CVC 3 digits (4 for American Express).
    pub fn parse(
        number: &str,
        expiry: &str,
        cvc: &str,
        today: (u32, u32),
    ) -> Result<CardDetails, InputError> {
        let number: String = number.chars().filter(|c| *c != ' ').collect();
        if !(12..=19).contains(&number.len()) || !number.chars().all(|c| c.is_ascii_digit()) {
            return Err(refuse("card", "a card number is 12 to 19 digits"));
        }
        if !luhn_valid(&number) {
            return Err(refuse(
                "card",
                "this card number is not right; please check it",
            ));
        }
        let exp: String = expiry.chars().filter(|c| !matches!(c, ' ' | '/')).collect();
        let (month, year) = match (exp.len(), exp.chars().all(|c| c.is_ascii_digit())) {
            (4, true) => (&exp[..2], format!("20{}", &exp[2..])),
            (6, true) => (&exp[..2], exp[2..].to_owned()),
            _ => return Err(refuse("exp", "the expiry date is month and year, as MM/YY")),
        };
        let exp_month: u32 = month.parse().unwrap_or(0);
        let exp_year: u32 = year.parse().unwrap_or(0);
        if !(1..=12).contains(&exp_month) {
            return Err(refuse("exp", "the expiry month is 01 to 12"));
        }
        if (exp_year, exp_month) < today {
            return Err(refuse("exp", "this card has expired"));
        }
        let cvc = cvc.trim();
        let digits = if Brand::of(&number) == Brand::Amex {
            4
        } else {
            3
        };
        if cvc.len() != digits || !cvc.chars().all(|c| c.is_ascii_digit()) {
            return Err(refuse(
                "cvc",
                format!("the security code is {digits} digits"),
            ));
        }
        Ok(CardDetails {
            number,
            cvc: cvc.to_owned(),
            exp_month,
            exp_year,
        })
    }

    /// The number, for the gateway only.
    pub fn number(&self) -> &str {
        &self.number
    }

    /// The CVC, for the gateway only.
    pub fn cvc(&self) -> &str {
        &self.cvc
    }

    pub fn last4(&self) -> &str {
        &self.number[self.number.len() - 4..]
    }

    pub fn brand(&self) -> Brand {
        Brand::of(&self.number)
    }
}

/// What the gateway answers for a card: a token to charge it by, and what may be shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardToken {
    pub token: String,
    pub brand: Brand,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: u32,
}

/// A card saved to an account (spec 3 "Payment").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedCard {
    pub id: i64,
    pub card: CardToken,
    pub default: bool,
}

/// Why the gateway refused to authorise a charge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decline {
    Declined,
    InsufficientFunds,
    ExpiredCard,
    IncorrectCvc,
}

impl Decline {
    pub fn as_str(self) -> &'static str {
        match self {
            Decline::Declined => "declined",
            Decline::InsufficientFunds => "insufficient_funds",
            Decline::ExpiredCard => "expired_card",
            Decline::IncorrectCvc => "incorrect_cvc",
        }
    }

    pub fn parse(raw: &str) -> Option<Decline> {
        [
            Decline::Declined,
            Decline::InsufficientFunds,
            Decline::ExpiredCard,
            Decline::IncorrectCvc,
        ]
        .into_iter()
        .find(|d| d.as_str() == raw)
    }

    /// What the shopper is told.
    pub fn message(self) -> &'static str {
        match self {
            Decline::Declined => "Your card was declined. Please use another card.",
            Decline::InsufficientFunds => {
                "Your card has insufficient funds. Please use another card."
            }
            Decline::ExpiredCard => "Your card has expired. Please use another card.",
            Decline::IncorrectCvc => "The card's security code is not right. Please check it.",
        }
    }
}

/// A charge's state at the gateway: authorised (money held), captured (taken), voided
/// (the hold released), or declined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChargeState {
    Authorized,
    Captured,
    Voided,
    Declined(Decline),
}

/// A charge as the gateway holds it. Amounts in cents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charge {
    pub id: String,
    pub token: String,
    pub amount: i64,
    pub refunded: i64,
    pub state: ChargeState,
}

/// The customer a card is kept for, as the processor is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardOwner {
    pub customer: i64,
    pub email: String,
    /// The processor's name for them, if a card of theirs was kept before.
    pub processor_customer: Option<String>,
}

/// A card the gateway keeps for a customer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptCard {
    /// With the token that pays with it from now on.
    pub card: CardToken,
    /// The processor's name for the customer, made now or before; `None` for a
    /// gateway without customers.
    pub processor_customer: Option<String>,
}

/// A charge as the processor lists it: with the idempotency key it was made with (the
/// order number) and when it was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedCharge {
    pub key: String,
    pub charge: Charge,
    pub created: Timestamp,
}

impl Charge {
    /// Whether the card's money is held or kept: authorised, or captured and not all
    /// given back.
    pub fn keeps_money(&self) -> bool {
        match self.state {
            ChargeState::Authorized => true,
            ChargeState::Captured => self.refunded < self.amount,
            ChargeState::Voided | ChargeState::Declined(_) => false,
        }
    }
}

/// What saving a card came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardSaved {
    /// Saved now, or before (a retried request answers the card saved then).
    Saved(SavedCard),
    /// The customer already keeps the most cards allowed.
    Full,
    /// The token is another customer's.
    Taken,
}

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error(transparent)]
    Invalid(#[from] InputError),
    /// The gateway does not know the token (or it was never this store's).
    #[error("there is no card with this token; please enter the card again")]
    UnknownToken,
    #[error("there is no card {0} in your account")]
    NotFound(i64),
    #[error("you can keep at most {MAX_CARDS} cards")]
    TooMany,
    #[error("the payment service failed: {0}")]
    Gateway(String),
    /// The gateway refused the charge; the message is for the shopper.
    #[error("{}", .0.message())]
    Declined(Decline),
    /// A capture, void or refund that the charge's state does not allow (a void after
    /// a capture, a refund beyond what was captured), or an idempotency key used before
    /// for another request.
    #[error("{0}")]
    Refused(String),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

/// How long a new card's token may be used to pay or to be saved: a token left in a
/// browser, a log or a copy of the database is worth nothing after it. (A saved card
/// pays by its id in the account, not by this.)
pub const CARD_TOKEN_LIFETIME: std::time::Duration = std::time::Duration::from_secs(3600);

/// The browser a new card's token was made for: the hash of the random value of its
/// `payer` cookie (HttpOnly, so no script reads it). A token pays, or is saved, only
/// when the same browser asks: one copied out of a shared computer's storage, a log or
/// a database is worth nothing elsewhere. A request with no cookie is `Holder::of(None)`,
/// which holds nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder(Option<TokenHash>);

impl Holder {
    pub fn of(cookie: Option<&str>) -> Holder {
        Holder(cookie.map(TokenHash::of))
    }

    /// What is stored beside a token; `None` for no browser, which no token has.
    pub fn as_str(&self) -> Option<&str> {
        self.0.as_ref().map(TokenHash::as_str)
    }
}

/// Whether a token made at `made` may still be used at `at`.
pub fn token_is_fresh(made: Timestamp, at: Timestamp) -> bool {
    made.plus(CARD_TOKEN_LIFETIME) > at
}

/// Spec 7 `POST /api/card/createToken`: checks the card and has the gateway tokenise it.
pub async fn create_token(
    gateway: &dyn PaymentGateway,
    card: &CardDetails,
    holder: &Holder,
    at: Timestamp,
) -> Result<CardToken, PaymentError> {
    gateway.create_token(card, holder, at).await
}

/// Saves a card the gateway tokenised, kept by the gateway for the customer (with a
/// processor, the card is attached to the processor's customer); its brand, digits and
/// expiry come from the gateway, never from the client.
pub async fn save_card(
    gateway: &dyn PaymentGateway,
    cards: &dyn SavedCards,
    customer: &Customer,
    token: &str,
    holder: &Holder,
    default: bool,
    at: Timestamp,
) -> Result<SavedCard, PaymentError> {
    // Full before the processor is asked, so it keeps nothing for a full account.
    if cards.cards(customer.id).await?.len() >= MAX_CARDS {
        return Err(PaymentError::TooMany);
    }
    let owner = CardOwner {
        customer: customer.id,
        email: customer.email.as_str().to_owned(),
        processor_customer: cards.processor_customer(customer.id).await?,
    };
    let kept = gateway
        .keep(token, holder, &owner, at)
        .await?
        .ok_or(PaymentError::UnknownToken)?;
    if let (None, Some(made)) = (&owner.processor_customer, &kept.processor_customer) {
        // Two first saves at once may each make one; the card's own token names the
        // one it was kept with, so either works, and later saves use the recorded one.
        cards.set_processor_customer(customer.id, made).await?;
    }
    let saved = cards
        .add_card(customer.id, &kept.card, default, MAX_CARDS, at)
        .await?;
    let refused = match saved {
        CardSaved::Saved(saved) => return Ok(saved),
        // Filled meanwhile by another save.
        CardSaved::Full => PaymentError::TooMany,
        // Said as for a token never issued: whose it is stays unsaid.
        CardSaved::Taken => PaymentError::UnknownToken,
    };
    // Best effort: a card the processor keeps but no account lists is never charged
    // (the store pays only with a card the account holds), so a failure here changes
    // nothing the shopper is told.
    let _ = gateway.forget(&kept.card.token).await;
    Err(refused)
}

/// Makes a saved card the default, or not (spec 7 `POST /api/customer/payment/{id}`).
pub async fn set_default_card(
    cards: &dyn SavedCards,
    customer: i64,
    id: i64,
    default: bool,
) -> Result<SavedCard, PaymentError> {
    cards
        .set_default_card(customer, id, default)
        .await?
        .ok_or(PaymentError::NotFound(id))
}

/// Removes a saved card: the gateway forgets it first, then the account drops it, so
/// a failure between leaves a card that no longer pays, which removing again clears
/// (`forget` of a forgotten card is done).
pub async fn remove_card(
    gateway: &dyn PaymentGateway,
    cards: &dyn SavedCards,
    customer: i64,
    id: i64,
) -> Result<SavedCard, PaymentError> {
    let listed = cards.cards(customer).await?;
    let card = listed
        .iter()
        .find(|c| c.id == id)
        .ok_or(PaymentError::NotFound(id))?;
    gateway.forget(&card.card.token).await?;
    cards
        .remove_card(customer, id)
        .await?
        .ok_or(PaymentError::NotFound(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: (u32, u32) = (2026, 11);

    fn field(number: &str, exp: &str, cvc: &str) -> &'static str {
        CardDetails::parse(number, exp, cvc, TODAY)
            .unwrap_err()
            .field
    }

    #[test]
    fn spaces_and_the_slash_are_removed_before_the_checks() {
        let card = CardDetails::parse("4242 4242 4242 4242", " 12 / 27", "123", TODAY).unwrap();
        assert_eq!(card.number(), "4242424242424242");
        assert_eq!((card.exp_month, card.exp_year), (12, 2027));
        assert_eq!(card.last4(), "4242");
        assert_eq!(card.brand(), Brand::Visa);
        let this_month = CardDetails::parse("5555555555554444", "11/2026", "123", TODAY).unwrap();
        assert_eq!(this_month.brand(), Brand::Mastercard);
    }

    #[test]
    fn each_bad_part_is_named() {
        assert_eq!(field("4242424242424241", "12/27", "123"), "card");
        assert_eq!(field("4242", "12/27", "123"), "card");
        assert_eq!(field("4242-4242-4242-4242", "12/27", "123"), "card");
        assert_eq!(field("4242424242424242", "10/26", "123"), "exp");
        assert_eq!(field("4242424242424242", "13/27", "123"), "exp");
        assert_eq!(field("4242424242424242", "1227x", "123"), "exp");
        assert_eq!(field("4242424242424242", "12/27", "12"), "cvc");
        assert_eq!(
            field("378282246310005", "12/27", "123"),
            "cvc",
            "Amex takes 4"
        );
        assert!(CardDetails::parse("378282246310005", "12/27", "1234", TODAY).is_ok());
    }

    #[test]
    fn debug_never_shows_the_number_or_the_cvc() {
        let card = CardDetails::parse("4242424242424242", "12/27", "987", TODAY).unwrap();
        let shown = format!("{card:?}");
        assert!(
            !shown.contains("42424242") && !shown.contains("987"),
            "{shown}"
        );
    }

    #[test]
    fn luhn() {
        assert!(luhn_valid("79927398713"));
        assert!(!luhn_valid("79927398710"));
    }
}
