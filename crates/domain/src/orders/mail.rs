//! What the shopper is mailed about an order: its confirmation, and each status the
//! store owner moves it to. Plain text, with the signed link to the order's page,
//! written in the language the order was placed in. The confirmation repeats the
//! order line for line, each with its choices, and every figure that makes the total.

use super::model::{Delivery, Order, OrderLine, OrderStatus};
use crate::language::Language;
use crate::money::Money;
use crate::ports::Mail;
use chrono::{Datelike, NaiveDate};
use std::fmt::Write;

/// The store's name and the order page's address (with its signed token).
pub struct MailContext<'a> {
    pub store_name: &'a str,
    pub order_url: &'a str,
}

/// Every word the order mails use, in one language.
struct Words {
    thanks: &'static str,
    at: &'static str,
    subtotal: &'static str,
    gift_options: &'static str,
    personalization: &'static str,
    shipping: &'static str,
    tax: &'static str,
    discount: &'static str,
    total: &'static str,
    by_gift_card: &'static str,
    by_card: &'static str,
    gift_wrapped: &'static str,
    to: &'static str,
    arriving: &'static str,
    pickup_ready: &'static str,
    by_email: &'static str,
    see_order: &'static str,
    see_order_and_invoice: &'static str,
    recipient: &'static str,
    sends_on: &'static str,
    message: &'static str,
}

const ENGLISH: Words = Words {
    thanks: "Thank you for your order",
    at: "at",
    subtotal: "Subtotal",
    gift_options: "Gift options",
    personalization: "Personalization",
    shipping: "Shipping",
    tax: "Tax",
    discount: "Discount",
    total: "Total",
    by_gift_card: "Paid by gift card",
    by_card: "Paid by card ending",
    gift_wrapped: "Gift wrapped",
    to: "to",
    arriving: "arriving by",
    pickup_ready: "Store pickup, ready",
    by_email: "Delivered by e-mail",
    see_order: "See your order",
    see_order_and_invoice: "See your order and its invoice",
    recipient: "To",
    sends_on: "Sends on",
    message: "Message",
};

const HEBREW: Words = Words {
    thanks: "תודה על ההזמנה",
    at: "ב־",
    subtotal: "סכום ביניים",
    gift_options: "עטיפת מתנה",
    personalization: "התאמה אישית",
    shipping: "משלוח",
    tax: "מס",
    discount: "הנחה",
    total: "סה״כ",
    by_gift_card: "שולם בכרטיס מתנה",
    by_card: "שולם בכרטיס שמסתיים ב־",
    gift_wrapped: "עטוף למתנה",
    to: "אל",
    arriving: "יגיע עד",
    pickup_ready: "איסוף מהחנות, מוכן",
    by_email: "נשלח בדואר אלקטרוני",
    see_order: "לצפייה בהזמנה",
    see_order_and_invoice: "לצפייה בהזמנה ובחשבונית",
    recipient: "אל",
    sends_on: "נשלח ב־",
    message: "הודעה",
};

fn words(language: Language) -> &'static Words {
    match language {
        Language::English => &ENGLISH,
        Language::Hebrew => &HEBREW,
    }
}

/// "Monday, November 30, 2026" or "יום שני, 30 בנובמבר 2026".
pub fn long_date(date: NaiveDate, language: Language) -> String {
    const DAYS: [&str; 7] = ["שני", "שלישי", "רביעי", "חמישי", "שישי", "שבת", "ראשון"];
    const MONTHS: [&str; 12] = [
        "ינואר",
        "פברואר",
        "מרץ",
        "אפריל",
        "מאי",
        "יוני",
        "יולי",
        "אוגוסט",
        "ספטמבר",
        "אוקטובר",
        "נובמבר",
        "דצמבר",
    ];
    match language {
        Language::English => date.format("%A, %B %-d, %Y").to_string(),
        Language::Hebrew => {
            let day = DAYS[date.weekday().num_days_from_monday() as usize];
            let month = MONTHS[date.month0() as usize];
            let weekday = if day == "שבת" {
                day.to_owned()
            } else {
                format!("יום {day}")
            };
            format!("{weekday}, {} ב{month} {}", date.day(), date.year())
        }
    }
}

fn delivery_line(order: &Order) -> String {
    let (w, language) = (words(order.language), order.language);
    match &order.delivery {
        Delivery::Ship {
            method_name,
            heb_method_name,
            address,
            arrives_on,
            ..
        } => format!(
            "{} {} {}, {} {} {}, {} {}",
            language.pick(method_name, heb_method_name.as_deref()),
            w.to,
            address.name,
            address.line1,
            address.city,
            address.postal_code,
            w.arriving,
            long_date(*arrives_on, language)
        ),
        Delivery::Pickup { ready_on, .. } => {
            format!("{} {}", w.pickup_ready, long_date(*ready_on, language))
        }
        Delivery::Digital { .. } => w.by_email.to_owned(),
    }
}

/// A line's choices, as the order's pages show them: "Color: Red · Gift wrapped ·
/// Initials: NOA"; an e-gift card's recipient, date and message.
fn line_details(line: &OrderLine, language: Language) -> Vec<String> {
    let w = words(language);
    let mut parts: Vec<String> = line
        .options
        .iter()
        .map(|o| {
            format!(
                "{}: {}",
                language.pick(&o.name, o.heb_name.as_deref()),
                language.pick(&o.value, o.heb_value.as_deref())
            )
        })
        .collect();
    if line.gift_options {
        parts.push(w.gift_wrapped.to_owned());
    }
    if line.gift_card {
        let field = |key| line.personalization.get(key).filter(|v| !v.is_empty());
        let name = field(super::e_gift::RECIPIENT_NAME);
        let email = field(super::e_gift::RECIPIENT_EMAIL);
        let to = match (name, email) {
            (Some(name), Some(email)) => Some(format!("{name} <{email}>")),
            (one, other) => one.or(other).cloned(),
        };
        if let Some(to) = to {
            parts.push(format!("{}: {to}", w.recipient));
        }
        if let Some(day) = field(super::e_gift::SEND_ON)
            .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        {
            parts.push(format!("{} {}", w.sends_on, long_date(day, language)));
        }
        if let Some(message) = field(super::e_gift::MESSAGE) {
            parts.push(format!("{}: {message}", w.message));
        }
        return parts;
    }
    for (key, value) in line.personalization.iter().filter(|(_, v)| !v.is_empty()) {
        let label = line.labels.iter().find(|l| &l.key == key);
        let name = label.map_or(key.as_str(), |l| {
            language.pick(&l.label, l.heb_label.as_deref())
        });
        parts.push(format!("{name}: {value}"));
    }
    parts
}

pub fn confirmation(order: &Order, ctx: &MailContext<'_>) -> Mail {
    let (w, language) = (words(order.language), order.language);
    let mut body = format!(
        "{} {} {} {}.\n\n",
        w.thanks, order.number, w.at, ctx.store_name
    );
    for line in &order.lines {
        let title = language.pick(&line.title, line.heb_title.as_deref());
        let _ = writeln!(
            body,
            "{} x {title}  {}",
            line.quantity, line.figures.merchandise
        );
        let details = line_details(line, language);
        if !details.is_empty() {
            let _ = writeln!(body, "    {}", details.join(" · "));
        }
    }
    // Every figure the total is made of, so the listed ones add up to it.
    let f = &order.figures;
    let figure = |body: &mut String, label: &str, amount: Money| {
        let _ = writeln!(body, "{label} {amount}");
    };
    body.push('\n');
    figure(&mut body, w.subtotal, f.subtotal);
    if f.gift_options.cents() > 0 {
        figure(&mut body, w.gift_options, f.gift_options);
    }
    if f.personalization_fees.cents() > 0 {
        figure(&mut body, w.personalization, f.personalization_fees);
    }
    figure(&mut body, w.shipping, f.shipping);
    figure(&mut body, w.tax, f.tax);
    if f.discount.cents() > 0 {
        let _ = writeln!(body, "{} -{}", w.discount, f.discount);
    }
    figure(&mut body, w.total, f.total);
    if f.gift_card_total.cents() > 0 {
        figure(&mut body, w.by_gift_card, f.gift_card_total);
    }
    if let Some(card) = &order.card {
        let _ = writeln!(body, "{} {} {}", w.by_card, card.last4, f.amount_due);
    }
    let _ = write!(
        body,
        "\n{}\n\n{}: {}\n",
        delivery_line(order),
        w.see_order_and_invoice,
        ctx.order_url
    );
    Mail {
        to: order.email.clone(),
        subject: subject(order, ctx, None),
        body,
    }
}

/// "Your Olive Lane order 7KQ4-M2XD-9PRT", and what happened to it.
fn subject(order: &Order, ctx: &MailContext<'_>, news: Option<&str>) -> String {
    let mut subject = match order.language {
        Language::English => format!("Your {} order {}", ctx.store_name, order.number),
        Language::Hebrew => format!("ההזמנה שלך ב־{} {}", ctx.store_name, order.number),
    };
    if let Some(news) = news {
        subject.push(' ');
        subject.push_str(news);
    }
    subject
}

/// What each status tells the shopper.
fn status_sentence(status: OrderStatus, language: Language) -> &'static str {
    match (language, status) {
        (Language::English, OrderStatus::Placed | OrderStatus::Paid) => "has been received",
        (Language::English, OrderStatus::Packed) => "is packed and will leave soon",
        (Language::English, OrderStatus::Shipped) => "is on its way",
        (Language::English, OrderStatus::Delivered) => "has been delivered",
        (Language::English, OrderStatus::Cancelled) => {
            "was cancelled; everything you paid is being refunded"
        }
        (Language::English, OrderStatus::Declined) => "could not be placed",
        (Language::Hebrew, OrderStatus::Placed | OrderStatus::Paid) => "התקבלה",
        (Language::Hebrew, OrderStatus::Packed) => "נארזה ותצא בקרוב",
        (Language::Hebrew, OrderStatus::Shipped) => "בדרך אליך",
        (Language::Hebrew, OrderStatus::Delivered) => "נמסרה",
        (Language::Hebrew, OrderStatus::Cancelled) => "בוטלה; כל מה ששילמת מוחזר",
        (Language::Hebrew, OrderStatus::Declined) => "לא בוצעה",
    }
}

pub fn status_change(order: &Order, ctx: &MailContext<'_>) -> Mail {
    let (w, language) = (words(order.language), order.language);
    let news = status_sentence(order.status, language);
    let opening = match language {
        Language::English => format!("Your order {} {news}.", order.number),
        Language::Hebrew => format!("ההזמנה שלך {} {news}.", order.number),
    };
    Mail {
        to: order.email.clone(),
        subject: subject(order, ctx, Some(news)),
        body: format!(
            "{opening}\n\n{}\n\n{}: {}\n",
            delivery_line(order),
            w.see_order,
            ctx.order_url
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_out_in_either_language() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
        assert_eq!(
            long_date(day, Language::English),
            "Monday, November 30, 2026"
        );
        assert_eq!(long_date(day, Language::Hebrew), "יום שני, 30 בנובמבר 2026");
        let saturday = NaiveDate::from_ymd_opt(2026, 12, 5).unwrap();
        assert_eq!(long_date(saturday, Language::Hebrew), "שבת, 5 בדצמבר 2026");
    }
}
