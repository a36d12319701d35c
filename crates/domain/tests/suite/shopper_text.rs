//! Property: whatever a shopper sends, text the domain accepts never carries a
//! character that could drive the owner's terminal or reorder a report line.

use proptest::prelude::*;
use store_domain::campaigns::CampaignVisit;
use store_domain::client_errors::ClientError;
use store_domain::input::{Email, is_unsafe_in_text};
use store_domain::messages::Inquiry;

#[test]
fn shopper_text_cannot_carry_terminal_or_direction_controls() {
    let refused = Inquiry::chat("a@b.co", None, "Hi \u{1b}[2J there").unwrap_err();
    assert_eq!(refused.field, "message");
    assert!(refused.reason.contains("U+001B"), "{}", refused.reason);
    assert_eq!(
        Inquiry::contact("Dana\u{202e}gnp.exe", "d@x.org", "s", "m", None)
            .unwrap_err()
            .field,
        "name"
    );
    assert_eq!(
        Inquiry::contact("D", "d@x.org", "line\nbreak", "m", None)
            .unwrap_err()
            .field,
        "subject",
        "one-line fields take no line break"
    );
    assert_eq!(
        CampaignVisit::parse(Some("a\u{9b}b"), None, None, None, None)
            .unwrap_err()
            .field,
        "utm_source"
    );
    assert_eq!(
        ClientError::parse("m", "/x\u{2066}", None, None)
            .unwrap_err()
            .field,
        "url"
    );
    assert!(Email::parse("a\u{202e}@b.co").is_err());
    // Line breaks and tabs belong in messages; Windows line ends become \n.
    let body = Inquiry::chat("a@b.co", None, "one\r\ntwo\rthree\n\tfour")
        .unwrap()
        .body;
    assert_eq!(body, "one\ntwo\nthree\n\tfour");
    // Hebrew with its direction marks is ordinary text.
    assert!(Inquiry::chat("a@b.co", Some("דנה\u{200f}"), "שלום\u{200e} 3").is_ok());
}

/// Mostly ordinary text, with the dangerous characters and line ends mixed in often.
fn shopper_text() -> impl Strategy<Value = String> {
    let dangerous = prop::sample::select(vec![
        '\u{0}', '\u{7}', '\u{8}', '\t', '\n', '\r', '\u{1b}', '\u{7f}', '\u{85}', '\u{9b}',
        '\u{9f}', '\u{200e}', '\u{200f}', '\u{2028}', '\u{2029}', '\u{202a}', '\u{202e}',
        '\u{2066}', '\u{2069}',
    ]);
    let any_char = prop_oneof![
        3 => prop::char::range('a', 'z'),
        1 => prop::char::range('\u{5d0}', '\u{5ea}'),
        1 => dangerous,
        1 => any::<char>(),
    ];
    prop::collection::vec(any_char, 1..40).prop_map(|cs| cs.into_iter().collect())
}

fn single_line_safe(text: &str) -> bool {
    !text.chars().any(is_unsafe_in_text)
}

fn multiline_safe(text: &str) -> bool {
    !text
        .chars()
        .any(|c| is_unsafe_in_text(c) && c != '\n' && c != '\t')
}

proptest! {
    #[test]
    fn accepted_messages_are_safe(
        name in shopper_text(),
        subject in shopper_text(),
        body in shopper_text(),
        order in shopper_text(),
    ) {
        if let Ok(m) = Inquiry::contact(&name, "a@b.co", &subject, &body, Some(&order)) {
            for one_line in [&m.name, &m.subject, &m.order_number].into_iter().flatten() {
                prop_assert!(single_line_safe(one_line), "{one_line:?}");
            }
            prop_assert!(multiline_safe(&m.body), "{:?}", m.body);
            prop_assert!(!m.body.contains('\r'));
        }
        if let Ok(m) = Inquiry::chat("a@b.co", Some(&name), &body) {
            prop_assert!(m.name.iter().all(|n| single_line_safe(n)));
            prop_assert!(multiline_safe(&m.body), "{:?}", m.body);
        }
    }

    #[test]
    fn accepted_campaigns_and_error_reports_are_safe(
        a in shopper_text(),
        b in shopper_text(),
        c in shopper_text(),
    ) {
        if let Ok(Some(v)) = CampaignVisit::parse(Some(&a), Some(&b), Some(&c), None, None) {
            for value in [&v.source, &v.medium, &v.campaign].into_iter().flatten() {
                prop_assert!(single_line_safe(value), "{value:?}");
            }
        }
        if let Ok(e) = ClientError::parse(&a, &b, None, Some(&c)) {
            prop_assert!(single_line_safe(&e.url), "{:?}", e.url);
            prop_assert!(multiline_safe(&e.message), "{:?}", e.message);
            prop_assert!(e.detail.iter().all(|d| multiline_safe(d)));
        }
    }

    /// The rule refuses only what it must: text of safe characters is accepted.
    #[test]
    fn safe_text_is_accepted(text in "[a-zA-Z0-9 .,!?א-ת\u{200e}\u{200f}-]{1,40}") {
        prop_assume!(!text.trim().is_empty());
        prop_assert!(Inquiry::contact(&text, "a@b.co", &text, &text, Some(&text)).is_ok());
    }
}
