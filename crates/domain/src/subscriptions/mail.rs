//! What a customer is mailed about a subscription, in the language they subscribed
//! in: a reminder before each charge, a delivery passed for want of stock, a declined
//! card (and the pause after the last retry, with the link to change the card), a line
//! no longer sold, a subscription that needs them, a plan's price rise ahead of time,
//! and the end of a fixed plan. A
//! delivery that is charged is mailed as its order (the order's confirmation).

use super::model::{Event, Subscription};
use super::price_notice::charged_from;
use crate::language::Language;
use crate::money::Money;
use crate::orders::mail::long_date;
use crate::ports::Mail;
use chrono::NaiveDate;

/// What the mails link to and say beside the subscription.
pub struct SubscriptionMailContext<'a> {
    pub store_name: &'a str,
    /// The subscription's page in the account, where it is changed.
    pub manage_url: &'a str,
    /// What each delivery brings, one title a line, in the customer's language.
    pub items: &'a [String],
    /// The next delivery's date, if one is coming.
    pub next_delivery: Option<NaiveDate>,
}

/// The news a `SubscriptionMail` job's subject names after the subscription's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum News {
    /// It began (a repeated order, or a plan bought).
    Started,
    /// The customer changed it: skipped, paused, resumed, cancelled or changed.
    Updated(Event),
    Reminder,
    OutOfStock,
    /// The card declined; another try follows (the `n`th decline).
    Declined(u32),
    /// The card declined every try: the subscription paused.
    CardPaused,
    /// A line is no longer sold and left the subscription.
    Dropped,
    /// The saved address or card is gone, or the method no longer ships there.
    Attention,
    Finished,
    /// The plan's price per delivery (before tax and shipping) rises to this.
    PriceNotice(Money),
}

impl News {
    /// Reads the part of a job's subject after the id: `reminder:3`, `declined:2:1`.
    pub fn parse(raw: &str) -> Option<News> {
        let mut parts = raw.split(':');
        let news = match parts.next()? {
            "started" => News::Started,
            "updated" => News::Updated(Event::parse(parts.next()?)?),
            "reminder" => News::Reminder,
            "out_of_stock" => News::OutOfStock,
            "declined" => {
                let _period = parts.next()?;
                News::Declined(parts.next()?.parse().ok()?)
            }
            "card_paused" => News::CardPaused,
            "dropped" => News::Dropped,
            "attention" => News::Attention,
            "finished" => News::Finished,
            "price_notice" => {
                let _period = parts.next()?;
                News::PriceNotice(Money::from_cents(parts.next()?.parse().ok()?))
            }
            _ => return None,
        };
        Some(news)
    }
}

fn pick<'t>(language: Language, english: &'t str, hebrew: &'t str) -> &'t str {
    match language {
        Language::English => english,
        Language::Hebrew => hebrew,
    }
}

/// The mail for `news` about `subscription`.
pub fn news_mail(
    subscription: &Subscription,
    news: News,
    ctx: &SubscriptionMailContext<'_>,
) -> Mail {
    let language = subscription.language;
    let next = ctx
        .next_delivery
        .map(|d| long_date(d, language))
        .unwrap_or_default();
    // The first day a price rise is charged, from the notice it was mailed with.
    let from = subscription
        .notice
        .map(|n| long_date(charged_from(n.mailed_on), language))
        .unwrap_or_default();
    let (subject, opening) = match (news, language) {
        (News::Started, Language::English) => (
            "Your subscription has begun".to_owned(),
            format!("Thank you! Your subscription has begun{}.", on_first(&next, language)),
        ),
        (News::Started, Language::Hebrew) => (
            "המנוי שלך התחיל".to_owned(),
            format!("תודה! המנוי שלך התחיל{}.", on_first(&next, language)),
        ),
        (News::Updated(event), _) => updated(event, &next, language),
        (News::Reminder, Language::English) => (
            "Your next delivery is coming up".to_owned(),
            format!("Your next delivery will be charged on {next} to your saved card. To skip it or make a change, visit your subscription before then."),
        ),
        (News::Reminder, Language::Hebrew) => (
            "המשלוח הבא שלך בדרך".to_owned(),
            format!("המשלוח הבא שלך יחויב ב־{next} בכרטיס השמור. כדי לדלג עליו או לשנות משהו, אפשר להיכנס למנוי לפני כן."),
        ),
        (News::OutOfStock, Language::English) => (
            "We skipped this delivery: out of stock".to_owned(),
            format!("This delivery's items were out of stock, so we skipped it and charged nothing. Your subscription goes on as usual{}.", on_next(&next, language)),
        ),
        (News::OutOfStock, Language::Hebrew) => (
            "דילגנו על המשלוח הזה: אזל מהמלאי".to_owned(),
            format!("הפריטים של המשלוח הזה אזלו מהמלאי, ולכן דילגנו עליו ולא חייבנו דבר. המנוי ממשיך כרגיל{}.", on_next(&next, language)),
        ),
        (News::Declined(n), Language::English) => (
            "Your card was declined".to_owned(),
            format!("Your card was declined for this delivery (try {n} of 4). We will try again in a few days; to use another card, change it on your subscription's page."),
        ),
        (News::Declined(n), Language::Hebrew) => (
            "הכרטיס שלך נדחה".to_owned(),
            format!("הכרטיס שלך נדחה עבור המשלוח הזה (ניסיון {n} מתוך 4). ננסה שוב בעוד כמה ימים; כדי לשלם בכרטיס אחר, אפשר להחליף אותו בדף המנוי."),
        ),
        (News::CardPaused, Language::English) => (
            "Your subscription is paused: please update your card".to_owned(),
            "Your card was declined four times, so we paused your subscription and charged nothing. Change the card on your subscription's page and resume it to get your deliveries again.".to_owned(),
        ),
        (News::CardPaused, Language::Hebrew) => (
            "המנוי שלך הושהה: נא לעדכן את הכרטיס".to_owned(),
            "הכרטיס שלך נדחה ארבע פעמים, ולכן השהינו את המנוי ולא חייבנו דבר. אפשר להחליף את הכרטיס בדף המנוי ולחדש אותו כדי לקבל שוב את המשלוחים.".to_owned(),
        ),
        (News::Dropped, Language::English) => (
            "An item left your subscription".to_owned(),
            "An item of your subscription is no longer sold, so it was taken out; the rest comes as usual.".to_owned(),
        ),
        (News::Dropped, Language::Hebrew) => (
            "פריט הוצא מהמנוי שלך".to_owned(),
            "אחד הפריטים במנוי שלך כבר לא נמכר, ולכן הוצאנו אותו; שאר הפריטים יגיעו כרגיל.".to_owned(),
        ),
        (News::Attention, Language::English) => (
            "Your subscription needs your attention".to_owned(),
            "We could not prepare your delivery: the saved address or card it uses is no longer in your account, or we no longer ship there that way. We paused the subscription and charged nothing; update it and resume it on its page.".to_owned(),
        ),
        (News::Attention, Language::Hebrew) => (
            "המנוי שלך זקוק לתשומת לבך".to_owned(),
            "לא הצלחנו להכין את המשלוח: הכתובת או הכרטיס השמורים שהוא משתמש בהם כבר לא בחשבון שלך, או שאיננו שולחים לשם בדרך הזו. השהינו את המנוי ולא חייבנו דבר; אפשר לעדכן ולחדש אותו בדף המנוי.".to_owned(),
        ),
        (News::Finished, Language::English) => (
            "Your subscription is complete".to_owned(),
            "That was the last delivery of your plan. Thank you for subscribing!".to_owned(),
        ),
        (News::PriceNotice(price), Language::English) => (
            "A price change for your subscription".to_owned(),
            format!("The price of your plan is going up. From {from}, each delivery will cost {price} before tax and shipping. Until then, you pay the price you agreed to. If you would rather not go on, you can skip, pause or cancel it on its page before then."),
        ),
        (News::PriceNotice(price), Language::Hebrew) => (
            "שינוי מחיר במנוי שלך".to_owned(),
            format!("המחיר של התוכנית שלך עולה. החל מ־{from}, כל משלוח יעלה {price} לפני מס ומשלוח. עד אז תשלמו את המחיר שהסכמתם עליו. אם לא תרצו להמשיך, אפשר לדלג, להשהות או לבטל בדף המנוי לפני כן."),
        ),
        (News::Finished, Language::Hebrew) => (
            "המנוי שלך הסתיים".to_owned(),
            "זה היה המשלוח האחרון בתוכנית שלך. תודה שהיית מנוי!".to_owned(),
        ),
    };
    let mut body = format!(
        "{}\n\n{opening}\n\n{}\n",
        pick(language, "Hello,", "שלום,"),
        pick(language, "Each delivery brings:", "כל משלוח כולל:"),
    );
    for item in ctx.items {
        body.push_str(&format!("  {item}\n"));
    }
    body.push_str(&format!(
        "\n{} {}\n\n{}\n",
        pick(language, "Your subscription:", "המנוי שלך:"),
        ctx.manage_url,
        ctx.store_name
    ));
    Mail {
        to: subscription.email.clone(),
        subject: format!("{} – {}", ctx.store_name, subject),
        body,
    }
}

fn on_first(next: &str, language: Language) -> String {
    match (next.is_empty(), language) {
        (true, _) => String::new(),
        (false, Language::English) => format!(", with the first delivery on {next}"),
        (false, Language::Hebrew) => format!(", והמשלוח הראשון ב־{next}"),
    }
}

/// The subject and opening of a change the customer made.
fn updated(event: Event, next: &str, language: Language) -> (String, String) {
    let (en, he): ((&str, &str), (&str, &str)) = match event {
        Event::Skipped => (
            (
                "You skipped a delivery",
                "You skipped a delivery; nothing is charged for it.",
            ),
            ("דילגת על משלוח", "דילגת על משלוח; לא נחייב עליו דבר."),
        ),
        Event::Paused => (
            (
                "Your subscription is paused",
                "Your subscription is paused: nothing is delivered or charged until it resumes.",
            ),
            (
                "המנוי שלך מושהה",
                "המנוי שלך מושהה: לא יישלח ולא יחויב דבר עד שיחודש.",
            ),
        ),
        Event::Resumed => (
            (
                "Your subscription is active again",
                "Your subscription is active again.",
            ),
            ("המנוי שלך פעיל שוב", "המנוי שלך פעיל שוב."),
        ),
        Event::Cancelled => (
            (
                "Your subscription is cancelled",
                "Your subscription is cancelled: nothing more will be charged. A delivery already charged still comes.",
            ),
            (
                "המנוי שלך בוטל",
                "המנוי שלך בוטל: לא נחייב דבר נוסף. משלוח שכבר חויב יגיע כרגיל.",
            ),
        ),
        _ => (
            (
                "Your subscription was changed",
                "Your subscription was changed as you asked.",
            ),
            ("המנוי שלך עודכן", "המנוי שלך עודכן כפי שביקשת."),
        ),
    };
    let (subject, opening) = match language {
        Language::English => en,
        Language::Hebrew => he,
    };
    let next_line = match (event == Event::Cancelled || next.is_empty(), language) {
        (true, _) => String::new(),
        (false, Language::English) => format!(" The next delivery is on {next}."),
        (false, Language::Hebrew) => format!(" המשלוח הבא ב־{next}."),
    };
    (subject.to_owned(), format!("{opening}{next_line}"))
}

fn on_next(next: &str, language: Language) -> String {
    match (next.is_empty(), language) {
        (true, _) => String::new(),
        (false, Language::English) => format!(", with the next delivery on {next}"),
        (false, Language::Hebrew) => format!(", והמשלוח הבא ב־{next}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jobs_news_reads_back() {
        assert_eq!(News::parse("reminder:3"), Some(News::Reminder));
        assert_eq!(
            News::parse("updated:skipped"),
            Some(News::Updated(Event::Skipped))
        );
        assert_eq!(News::parse("started:RRRRAAAA2226"), Some(News::Started));
        assert_eq!(News::parse("declined:4:2"), Some(News::Declined(2)));
        assert_eq!(News::parse("card_paused:4"), Some(News::CardPaused));
        assert_eq!(News::parse("declined:4"), None);
        assert_eq!(
            News::parse("price_notice:3:1700"),
            Some(News::PriceNotice(Money::from_cents(1700)))
        );
        assert_eq!(News::parse("nonsense"), None);
    }
}
