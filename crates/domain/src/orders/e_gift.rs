//! E-gift cards (spec 2.1 `/e-gift-card`): a gift card product bought for someone,
//! with who gets it, a message and the day it is sent, carried in the line's
//! personalization map under the keys below. Paying for the order creates one gift
//! card per unit, and a job mails each to its recipient on its day.
//!
//! A card's code is derived, not stored: it is the HMAC of the order number, the line
//! and the unit under the store's secret (`OrderLinks::gift_card_code`), so storage
//! keeps only its hash, as for every card, yet the mail sent days later can still
//! carry it, and issuing it again (a retried payment, a re-run job) makes the same one.

use super::links::OrderLinks;
use super::model::{Order, OrderLine};
use crate::checkout::gift_cards::GiftCardCode;
use crate::checkout::storage::NewGiftCard;
use crate::clock::Timestamp;
use crate::input::Email;
use crate::jobs::{JobKind, NewJob};
use crate::language::Language;
use crate::ports::Mail;
use chrono::NaiveDate;
use std::collections::BTreeMap;
use std::fmt::Write;

pub const RECIPIENT_NAME: &str = "recipient_name";
pub const RECIPIENT_EMAIL: &str = "recipient_email";
pub const MESSAGE: &str = "message";
pub const SEND_ON: &str = "send_on";

pub const MAX_NAME_CHARS: usize = 100;
pub const MAX_MESSAGE_CHARS: usize = 300;
/// How far ahead a card may be dated.
pub const MAX_DAYS_AHEAD: i64 = 366;

/// An e-gift line's details, as checked. Every key is optional: a card with no
/// recipient goes to the buyer, one with no date goes when paid.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EGift {
    pub recipient_name: Option<String>,
    pub recipient_email: Option<Email>,
    pub message: Option<String>,
    pub send_on: Option<NaiveDate>,
}

impl EGift {
    /// The details a gift card line's personalization carries, or why they are refused.
    pub fn from_fields(fields: &BTreeMap<String, String>) -> Result<EGift, String> {
        let mut gift = EGift::default();
        for (key, value) in fields {
            let value = value.trim();
            let chars = value.chars().count();
            match key.as_str() {
                RECIPIENT_NAME if chars > MAX_NAME_CHARS => {
                    return Err(format!(
                        "{RECIPIENT_NAME} is at most {MAX_NAME_CHARS} characters"
                    ));
                }
                RECIPIENT_NAME => gift.recipient_name = Some(value.to_owned()),
                RECIPIENT_EMAIL => {
                    let email = Email::parse(value)
                        .map_err(|e| format!("{RECIPIENT_EMAIL}: {}", e.reason))?;
                    gift.recipient_email = Some(email);
                }
                MESSAGE if chars > MAX_MESSAGE_CHARS => {
                    return Err(format!(
                        "{MESSAGE} is at most {MAX_MESSAGE_CHARS} characters"
                    ));
                }
                MESSAGE => gift.message = Some(value.to_owned()),
                SEND_ON => {
                    let date = NaiveDate::parse_from_str(value, "%Y-%m-%d").map_err(|_| {
                        format!("{SEND_ON} is a date written YYYY-MM-DD, not {value:?}")
                    })?;
                    gift.send_on = Some(date);
                }
                other => {
                    return Err(format!(
                        "an e-gift card takes {RECIPIENT_NAME}, {RECIPIENT_EMAIL}, {MESSAGE} and {SEND_ON}, not {other:?}"
                    ));
                }
            }
        }
        gift.recipient_name.take_if(|n| n.is_empty());
        gift.message.take_if(|m| m.is_empty());
        Ok(gift)
    }

    /// Refuses a date too far ahead of `now` to keep a promise about.
    pub fn check_date(&self, now: Timestamp) -> Result<(), String> {
        match self.send_on {
            Some(day) if (day - utc_day(now)).num_days() > MAX_DAYS_AHEAD => Err(format!(
                "{SEND_ON} is at most {MAX_DAYS_AHEAD} days ahead, not {day}"
            )),
            _ => Ok(()),
        }
    }

    /// When the mail goes: the start of the send date (UTC), or `now` if that passed.
    pub fn due_at(&self, now: Timestamp) -> Timestamp {
        let day = self.send_on.and_then(|d| d.and_hms_opt(0, 0, 0));
        day.map_or(now, |start| {
            Timestamp::from_unix_seconds(start.and_utc().timestamp()).max(now)
        })
    }
}

fn utc_day(now: Timestamp) -> NaiveDate {
    let (y, m, d) = now.utc_date();
    NaiveDate::from_ymd_opt(y as i32, m as u32, d as u32).unwrap_or_default()
}

/// One card an order issues: its line (by position) and unit, and the code.
pub struct IssuedCard<'a> {
    pub line: &'a OrderLine,
    pub gift: EGift,
    /// The job subject naming the card: `{number}:{line}:{unit}`.
    pub subject: String,
    pub code: GiftCardCode,
}

/// The cards `order` issues when paid: one per unit of each gift card line.
pub fn issued_cards<'a>(order: &'a Order, links: &OrderLinks) -> Vec<IssuedCard<'a>> {
    let mut cards = Vec::new();
    for (position, line) in order.lines.iter().enumerate() {
        if !line.gift_card {
            continue;
        }
        // Checked when the bag was priced; a card with unreadable details goes to the buyer.
        let gift = EGift::from_fields(&line.personalization).unwrap_or_default();
        for unit in 0..line.quantity {
            cards.push(IssuedCard {
                line,
                gift: gift.clone(),
                subject: format!("{}:{position}:{unit}", order.number.as_str()),
                code: links.gift_card_code(&order.number, position, unit),
            });
        }
    }
    cards
}

/// What paying for `order` writes for its e-gift cards: the cards, and the jobs that
/// mail them on their dates.
pub fn issue(order: &Order, links: &OrderLinks, now: Timestamp) -> (Vec<NewGiftCard>, Vec<NewJob>) {
    issued_cards(order, links)
        .into_iter()
        .map(|card| {
            let new = NewGiftCard {
                code_hash: card.code.hash(),
                last_four: card.code.last_four().to_owned(),
                balance: card.line.unit_price,
                expires_at: None,
            };
            let job = NewJob {
                kind: JobKind::EGiftDelivery,
                subject: card.subject,
                due_at: card.gift.due_at(now),
            };
            (new, job)
        })
        .unzip()
}

/// The mail that delivers the card a job's `subject` names, or why there is none.
pub fn delivery_mail(
    order: &Order,
    subject: &str,
    links: &OrderLinks,
    store_name: &str,
    store_url: &str,
) -> Result<Mail, String> {
    let cards = issued_cards(order, links);
    let card = cards
        .iter()
        .find(|c| c.subject == subject)
        .ok_or_else(|| format!("order {} issues no gift card {subject}", order.number))?;
    let to = card.gift.recipient_email.as_ref().unwrap_or(&order.email);
    let greeting = card.gift.recipient_name.as_deref();
    let amount = card.line.unit_price;
    let code = card.code.display();
    // Written in the language the buyer ordered in: the one they chose for the gift.
    let (mut body, subject) = match order.language {
        Language::English => (
            format!(
                "Hello {},\n\nYou have been sent a {amount} e-gift card for {store_name}.\n\n",
                greeting.unwrap_or("there")
            ),
            format!("Your {store_name} e-gift card"),
        ),
        Language::Hebrew => (
            format!(
                "שלום{},\n\nקיבלת כרטיס מתנה דיגיטלי על סך {amount} ל־{store_name}.\n\n",
                greeting.map(|g| format!(" {g}")).unwrap_or_default()
            ),
            format!("כרטיס מתנה דיגיטלי מ־{store_name}"),
        ),
    };
    if let Some(message) = &card.gift.message {
        let said = match order.language {
            Language::English => "Their message",
            Language::Hebrew => "ההודעה שצורפה",
        };
        let _ = write!(body, "{said}:\n{message}\n\n");
    }
    let _ = match order.language {
        Language::English => write!(
            body,
            "Your gift card code: {code}\n\nEnter it at checkout on {store_url} to pay with it. Its balance never expires.\n"
        ),
        Language::Hebrew => write!(
            body,
            "קוד כרטיס המתנה: {code}\n\nהזינו אותו בקופה ב־{store_url} כדי לשלם בו. היתרה בכרטיס אינה פגה לעולם.\n"
        ),
    };
    Ok(Mail {
        to: to.clone(),
        subject,
        body,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::number::OrderNumber;

    fn fields(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    // 2026-01-01 00:00:00 UTC.
    const NEW_YEAR: Timestamp = Timestamp::from_unix_seconds(1_767_225_600);

    #[test]
    fn details_are_checked_and_every_one_may_be_left_out() {
        let gift = EGift::from_fields(&fields(&[
            (RECIPIENT_NAME, " Noa "),
            (RECIPIENT_EMAIL, "noa@example.com"),
            (MESSAGE, ""),
            (SEND_ON, "2026-01-03"),
        ]))
        .unwrap();
        assert_eq!(gift.recipient_name.as_deref(), Some("Noa"));
        assert_eq!(gift.message, None, "an empty message is none");
        assert_eq!(
            gift.due_at(NEW_YEAR).unix_seconds(),
            NEW_YEAR.unix_seconds() + 2 * 86_400
        );
        assert_eq!(EGift::from_fields(&fields(&[])).unwrap(), EGift::default());
        assert_eq!(EGift::default().due_at(NEW_YEAR), NEW_YEAR, "undated: now");

        for bad in [
            (RECIPIENT_EMAIL, "noa"),
            (SEND_ON, "03/01/2026"),
            (SEND_ON, "2026-02-30"),
            ("engraving", "x"),
        ] {
            assert!(EGift::from_fields(&fields(&[bad])).is_err(), "{bad:?}");
        }
        let long = "x".repeat(MAX_MESSAGE_CHARS + 1);
        assert!(EGift::from_fields(&fields(&[(MESSAGE, &long)])).is_err());

        let dated = |day| EGift::from_fields(&fields(&[(SEND_ON, day)])).unwrap();
        assert!(dated("2027-01-01").check_date(NEW_YEAR).is_ok());
        assert!(dated("2027-01-03").check_date(NEW_YEAR).is_err());
        assert_eq!(
            dated("2025-06-01").due_at(NEW_YEAR),
            NEW_YEAR,
            "a date past goes now"
        );
    }

    #[test]
    fn a_card_code_is_the_same_each_time_and_differs_per_unit_order_and_store() {
        let links = OrderLinks::new(&[7; 32]);
        let one = OrderNumber::parse("7KQ4-M2XD-9PRT").unwrap();
        let two = OrderNumber::parse("7KQ4-M2XD-9PRU").unwrap();
        let code = links.gift_card_code(&one, 0, 0);
        assert_eq!(code, links.gift_card_code(&one, 0, 0));
        assert_ne!(code, links.gift_card_code(&one, 0, 1));
        assert_ne!(code, links.gift_card_code(&one, 1, 0));
        assert_ne!(code, links.gift_card_code(&two, 0, 0));
        assert_ne!(code, OrderLinks::new(&[8; 32]).gift_card_code(&one, 0, 0));
        assert_eq!(
            GiftCardCode::parse(&code.display()).unwrap(),
            code,
            "a well-formed code"
        );
    }
}
