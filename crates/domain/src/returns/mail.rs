//! What a shopper is mailed about a return, in the language the order was placed in:
//! that it was asked for (what comes back, what to do next, what to expect back), that
//! it was refunded (how much, and where it went), or that it was turned down (why).
//! A gift's recipient is mailed at the address they gave, with no prices of the
//! buyer's but their own credit.

use super::model::{Return, ReturnMethod};
use crate::language::Language;
use crate::money::Money;
use crate::orders::model::Order;
use crate::ports::Mail;
use std::fmt::Write;

/// What the return mails link to and say about the store.
pub struct ReturnMailContext<'a> {
    pub store_name: &'a str,
    /// The return's page, signed like the order's; none for a gift's recipient, who
    /// may not open the order.
    pub return_url: Option<&'a str>,
    /// The printable prepaid label.
    pub label_url: &'a str,
    /// Where a parcel is dropped off.
    pub drop_off: &'a str,
    /// The store credit's code, once issued.
    pub credit_code: Option<&'a str>,
}

fn to(ret: &Return, order: &Order) -> Result<crate::input::Email, String> {
    if ret.gift {
        crate::input::Email::parse(&ret.credit_email).map_err(|e| e.reason.to_owned())
    } else {
        Ok(order.email.clone())
    }
}

/// One line per returned order line: "2 × Kettle".
fn items(ret: &Return, order: &Order) -> String {
    let mut text = String::new();
    for line in &ret.lines {
        if let Some(bought) = order.lines.get(line.position) {
            let title = order
                .language
                .pick(&bought.title, bought.heb_title.as_deref());
            let _ = writeln!(text, "  {} × {title}", line.quantity);
        }
    }
    text
}

/// Where the money goes, a line each.
fn money_lines(ret: &Return, language: Language) -> String {
    let f = &ret.refund;
    let mut text = String::new();
    let mut line = |english: &str, hebrew: &str, amount: Money| {
        if amount.cents() > 0 {
            let label = match language {
                Language::English => english,
                Language::Hebrew => hebrew,
            };
            let _ = writeln!(text, "  {label}: {amount}");
        }
    };
    line("Shipping refunded", "החזר דמי משלוח", f.shipping);
    line(
        "Return label",
        "תווית החזרה",
        Money::from_cents(-f.label_fee.cents()),
    );
    line("To your card", "לכרטיס שלך", f.to_card);
    line(
        "As store credit (a gift card)",
        "כזיכוי בחנות (כרטיס מתנה)",
        f.to_store_credit,
    );
    text
}

/// "See your return: URL", or nothing for a gift's recipient.
fn see_return(ctx: &ReturnMailContext<'_>, language: Language) -> String {
    match (ctx.return_url, language) {
        (Some(url), Language::English) => format!("\nSee your return: {url}\n"),
        (Some(url), Language::Hebrew) => format!("\nלצפייה בהחזרה: {url}\n"),
        (None, _) => String::new(),
    }
}

pub fn requested(order: &Order, ret: &Return, ctx: &ReturnMailContext<'_>) -> Result<Mail, String> {
    let language = order.language;
    let next = match (ret.return_method, language) {
        (ReturnMethod::Label, Language::English) => format!(
            "Print your prepaid label, stick it on the parcel and post it:\n{}",
            ctx.label_url
        ),
        (ReturnMethod::Label, Language::Hebrew) => format!(
            "הדפיסו את תווית המשלוח המשולמת, הדביקו אותה על החבילה ושלחו אותה:\n{}",
            ctx.label_url
        ),
        (ReturnMethod::DropOff, Language::English) => format!(
            "Bring the items to our store with your return number:\n{}",
            ctx.drop_off
        ),
        (ReturnMethod::DropOff, Language::Hebrew) => format!(
            "הביאו את הפריטים לחנות שלנו עם מספר ההחזרה:\n{}",
            ctx.drop_off
        ),
    };
    // A gift's recipient sees no prices: only that credit follows.
    let back = match (ret.gift, language) {
        (true, Language::English) => {
            "Once it reaches us, your store credit is mailed to you as a gift card.\n".to_owned()
        }
        (true, Language::Hebrew) => {
            "כשהחבילה תגיע אלינו, הזיכוי יישלח אליך ככרטיס מתנה.\n".to_owned()
        }
        (false, Language::English) => format!(
            "Once it reaches us you get back {}:\n{}",
            ret.refund.total,
            money_lines(ret, language)
        ),
        (false, Language::Hebrew) => format!(
            "כשהחבילה תגיע אלינו יוחזרו לך {}:\n{}",
            ret.refund.total,
            money_lines(ret, language)
        ),
    };
    let (subject, opening) = match language {
        Language::English => (
            format!("{}: your return {}", ctx.store_name, ret.number),
            format!("We have your return {}.\n\nComing back:\n", ret.number),
        ),
        Language::Hebrew => (
            format!("{}: ההחזרה שלך {}", ctx.store_name, ret.number),
            format!("קיבלנו את בקשת ההחזרה {}.\n\nפריטים להחזרה:\n", ret.number),
        ),
    };
    Ok(Mail {
        to: to(ret, order)?,
        subject,
        body: format!(
            "{opening}{}\n{next}\n\n{back}{}",
            items(ret, order),
            see_return(ctx, language)
        ),
    })
}

pub fn refunded(order: &Order, ret: &Return, ctx: &ReturnMailContext<'_>) -> Result<Mail, String> {
    let language = order.language;
    let credit = match (ctx.credit_code, language) {
        (Some(code), Language::English) => {
            format!("\nYour store credit's gift card code: {code}\n")
        }
        (Some(code), Language::Hebrew) => format!("\nקוד כרטיס המתנה של הזיכוי: {code}\n"),
        (None, _) => String::new(),
    };
    let (subject, body) = match language {
        Language::English => (
            format!("{}: your return {} is refunded", ctx.store_name, ret.number),
            format!(
                "Your return {} has reached us and {} is on its way back:\n{}{credit}\n\
                 A card refund shows on your statement within 5 to 10 business days.\n{}",
                ret.number,
                ret.refund.total,
                money_lines(ret, language),
                see_return(ctx, language)
            ),
        ),
        Language::Hebrew => (
            format!("{}: ההחזרה {} זוכתה", ctx.store_name, ret.number),
            format!(
                "ההחזרה {} הגיעה אלינו ו־{} בדרך חזרה אליך:\n{}{credit}\n\
                 זיכוי לכרטיס מופיע בפירוט החיובים תוך 5 עד 10 ימי עסקים.\n{}",
                ret.number,
                ret.refund.total,
                money_lines(ret, language),
                see_return(ctx, language)
            ),
        ),
    };
    Ok(Mail {
        to: to(ret, order)?,
        subject,
        body,
    })
}

pub fn rejected(order: &Order, ret: &Return, ctx: &ReturnMailContext<'_>) -> Result<Mail, String> {
    let why = ret.rejection.as_deref().unwrap_or_default();
    let (subject, body) = match order.language {
        Language::English => (
            format!(
                "{}: your return {} was not accepted",
                ctx.store_name, ret.number
            ),
            format!(
                "We could not accept your return {}:\n\n{why}\n\n\
                 Nothing was refunded. Reply to this mail if you think this is a mistake.\n{}",
                ret.number,
                see_return(ctx, order.language)
            ),
        ),
        Language::Hebrew => (
            format!("{}: ההחזרה {} לא התקבלה", ctx.store_name, ret.number),
            format!(
                "לא יכולנו לקבל את ההחזרה {}:\n\n{why}\n\n\
                 לא בוצע זיכוי. אם לדעתך זו טעות, השיבו להודעה הזאת.\n{}",
                ret.number,
                see_return(ctx, order.language)
            ),
        ),
    };
    Ok(Mail {
        to: to(ret, order)?,
        subject,
        body,
    })
}

/// The buyer's news that a gift from their order came back: not who returned it, nor
/// what it gave back.
pub fn gift_returned(order: &Order, ctx: &ReturnMailContext<'_>) -> Mail {
    let (subject, body) = match order.language {
        Language::English => (
            format!(
                "{}: a gift from your order {} was returned",
                ctx.store_name, order.number
            ),
            format!(
                "A gift from your order {} was returned for store credit, as gift returns are. \
                 Nothing changes for you.\n",
                order.number
            ),
        ),
        Language::Hebrew => (
            format!(
                "{}: מתנה מההזמנה שלך {} הוחזרה",
                ctx.store_name, order.number
            ),
            format!(
                "מתנה מההזמנה שלך {} הוחזרה תמורת זיכוי בחנות, כמו כל החזרת מתנה. \
                 אצלך לא משתנה דבר.\n",
                order.number
            ),
        ),
    };
    Mail {
        to: order.email.clone(),
        subject,
        body,
    }
}
