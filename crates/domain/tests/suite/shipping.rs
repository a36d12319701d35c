//! Shipping rules (spec 3 "Shipping options", 4.7, 9 "Shipping messages") on a small
//! store in New York. Every expected date, day count and moment below was worked out by
//! hand from a 2026 calendar: the holidays it meets are Veterans Day (Wed 11 Nov),
//! Thanksgiving (Thu 26 Nov), Christmas (Fri 25 Dec), New Year (Fri 1 Jan 2027),
//! Independence Day (Sat 4 Jul, observed Fri 3 Jul) and Juneteenth (Fri 19 Jun).
//! New York is on EDT (-04:00) from 8 Mar to 1 Nov 2026, on EST (-05:00) otherwise;
//! moments are written with the offset in force, so a row reads as wall-clock time.

use chrono::{DateTime, NaiveDate, NaiveTime};
use store_domain::clock::Timestamp;
use store_domain::money::Money;
use store_domain::shipping::{
    ConfigError, FreeOverOption, MAX_TRANSIT_DAYS, Method, MethodOption, PickupMessage,
    PickupOption, PickupStore, ShippingChoice, ShippingConfig, ShippingError, ShippingMessage,
    Zone, ZoneRate, method_message, options, pickup_message, shipping_price,
};

const STANDARD: u32 = 7;
const EXPEDITED: u32 = 3;
const OVERNIGHT: u32 = 12;

fn at(text: &str) -> Timestamp {
    let moment = DateTime::parse_from_rfc3339(text).expect("an RFC 3339 moment");
    Timestamp::from_unix_seconds(moment.timestamp())
}

fn day(text: &str) -> NaiveDate {
    text.parse().expect("a YYYY-MM-DD date")
}

fn time(hour: u32, minute: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(hour, minute, 0).expect("a time of day")
}

fn usd(cents: i64) -> Money {
    Money::from_cents(cents)
}

fn method(id: u32, name: &str, transit_days: u32, free_eligible: bool) -> Method {
    Method {
        id,
        name: name.into(),
        heb_name: format!("{name} (he)"),
        transit_days,
        free_eligible,
    }
}

fn rate(method_id: u32, cents: i64, transit_days: Option<u32>) -> ZoneRate {
    ZoneRate {
        method_id,
        price: usd(cents),
        transit_days,
    }
}

/// Mon–Sat 10:00–20:00, Sunday closed, ready two hours after an order, closed on
/// federal holidays.
fn pickup_store() -> PickupStore {
    let open = Some((time(10, 0), time(20, 0)));
    PickupStore {
        opening: [open, open, open, open, open, open, None],
        ready_hours: 2,
        closed_on_holidays: true,
        location: store_domain::location::LocationQuery {
            country: "US".into(),
            zip: "10001".into(),
        },
    }
}

/// Standard (5 business days, free over $75) and Expedited (2, also free over $75) and
/// Overnight (1, never free); the international zone has no Expedited, a slower
/// Standard and a 4-day Overnight. Ids are listed out of order on purpose.
fn fixture() -> ShippingConfig {
    ShippingConfig {
        time_zone: chrono_tz::America::New_York,
        free_shipping_over: Some(usd(7_500)),
        fulfillment_cutoff: time(14, 0),
        methods: vec![
            method(STANDARD, "Standard", 5, true),
            method(EXPEDITED, "Expedited", 2, true),
            method(OVERNIGHT, "Overnight", 1, false),
        ],
        zones: vec![
            Zone {
                name: "United States".into(),
                countries: vec!["US".into()],
                rates: vec![
                    rate(STANDARD, 599, None),
                    rate(EXPEDITED, 1_299, None),
                    rate(OVERNIGHT, 2_499, None),
                ],
            },
            Zone {
                name: "International".into(),
                countries: vec![],
                rates: vec![
                    rate(STANDARD, 1_999, Some(10)),
                    rate(OVERNIGHT, 3_999, Some(4)),
                ],
            },
        ],
        pickup: Some(pickup_store()),
    }
}

fn without_catch_all() -> ShippingConfig {
    let mut config = fixture();
    config.zones.retain(|z| !z.countries.is_empty());
    config
}

#[test]
fn the_fixture_is_valid() {
    assert_eq!(fixture().validate(), Ok(()));
}

// ---------------------------------------------------------------------------------
// Ship day, arrival and day counts.

struct DatesCase {
    name: &'static str,
    now: &'static str,
    country: &'static str,
    /// (method id, arrival, calendar days from today), in the order `methods` lists
    /// them: by arrival, then price.
    methods: &'static [(u32, &'static str, u32)],
    fulfillment_expires: &'static str,
}

const DATES: &[DatesCase] = &[
    DatesCase {
        name: "Tuesday one second before the cut-off leaves the same day",
        now: "2026-11-24T13:59:59-05:00",
        country: "US",
        // Leaves Tue 24; Thu 26 is Thanksgiving.
        methods: &[
            (OVERNIGHT, "2026-11-25", 1),
            (EXPEDITED, "2026-11-27", 3),
            (STANDARD, "2026-12-02", 8),
        ],
        fulfillment_expires: "2026-11-24T14:00:00-05:00",
    },
    DatesCase {
        name: "Tuesday at the cut-off leaves the next business day",
        now: "2026-11-24T14:00:00-05:00",
        country: "US",
        // Leaves Wed 25: Fri 27 / Mon 30 / Thu 3 Dec.
        methods: &[
            (OVERNIGHT, "2026-11-27", 3),
            (EXPEDITED, "2026-11-30", 6),
            (STANDARD, "2026-12-03", 9),
        ],
        fulfillment_expires: "2026-11-25T00:00:00-05:00",
    },
    DatesCase {
        name: "the day before Thanksgiving after the cut-off leaves Friday",
        now: "2026-11-25T15:00:00-05:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-11-30", 5),
            (EXPEDITED, "2026-12-01", 6),
            (STANDARD, "2026-12-04", 9),
        ],
        // The ship day stays Friday at midnight, but every day count drops by one.
        fulfillment_expires: "2026-11-26T00:00:00-05:00",
    },
    DatesCase {
        name: "an order on Thanksgiving leaves Friday",
        now: "2026-11-26T09:00:00-05:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-11-30", 4),
            (EXPEDITED, "2026-12-01", 5),
            (STANDARD, "2026-12-04", 8),
        ],
        fulfillment_expires: "2026-11-27T00:00:00-05:00",
    },
    DatesCase {
        name: "Friday after the cut-off leaves Monday",
        now: "2026-11-13T14:30:00-05:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-11-17", 4),
            (EXPEDITED, "2026-11-18", 5),
            (STANDARD, "2026-11-23", 10),
        ],
        fulfillment_expires: "2026-11-14T00:00:00-05:00",
    },
    DatesCase {
        name: "a Saturday order leaves Monday",
        now: "2026-11-14T11:00:00-05:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-11-17", 3),
            (EXPEDITED, "2026-11-18", 4),
            (STANDARD, "2026-11-23", 9),
        ],
        fulfillment_expires: "2026-11-15T00:00:00-05:00",
    },
    DatesCase {
        name: "Sunday 23:59 still counts from Sunday",
        now: "2026-11-15T23:59:00-05:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-11-17", 2),
            (EXPEDITED, "2026-11-18", 3),
            (STANDARD, "2026-11-23", 8),
        ],
        fulfillment_expires: "2026-11-16T00:00:00-05:00",
    },
    DatesCase {
        name: "Monday 00:01 leaves the same day",
        now: "2026-11-16T00:01:00-05:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-11-17", 1),
            (EXPEDITED, "2026-11-18", 2),
            (STANDARD, "2026-11-23", 7),
        ],
        fulfillment_expires: "2026-11-16T14:00:00-05:00",
    },
    DatesCase {
        name: "Monday 22:00 local is already Tuesday in UTC, and Monday counts",
        now: "2026-11-16T22:00:00-05:00",
        country: "US",
        // Leaves Tue 17; from Monday, Overnight's Wed 18 is two days away (one from UTC's
        // Tuesday).
        methods: &[
            (OVERNIGHT, "2026-11-18", 2),
            (EXPEDITED, "2026-11-19", 3),
            (STANDARD, "2026-11-24", 8),
        ],
        fulfillment_expires: "2026-11-17T00:00:00-05:00",
    },
    DatesCase {
        name: "Christmas Eve before the cut-off: Christmas and New Year's Day are skipped",
        now: "2026-12-24T10:00:00-05:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-12-28", 4),
            (EXPEDITED, "2026-12-29", 5),
            (STANDARD, "2027-01-04", 11),
        ],
        fulfillment_expires: "2026-12-24T14:00:00-05:00",
    },
    DatesCase {
        name: "Thursday 2 July after the cut-off: Independence Day is observed Friday 3 July",
        now: "2026-07-02T15:00:00-04:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-07-07", 5),
            (EXPEDITED, "2026-07-08", 6),
            (STANDARD, "2026-07-13", 11),
        ],
        fulfillment_expires: "2026-07-03T00:00:00-04:00",
    },
    DatesCase {
        name: "the day before Juneteenth (Friday 19 June) before the cut-off",
        now: "2026-06-18T10:00:00-04:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-06-22", 4),
            (EXPEDITED, "2026-06-23", 5),
            (STANDARD, "2026-06-26", 8),
        ],
        fulfillment_expires: "2026-06-18T14:00:00-04:00",
    },
    DatesCase {
        name: "the day before Veterans Day (Wednesday 11 November) at noon",
        now: "2026-11-10T12:00:00-05:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-11-12", 2),
            (EXPEDITED, "2026-11-13", 3),
            (STANDARD, "2026-11-18", 8),
        ],
        fulfillment_expires: "2026-11-10T14:00:00-05:00",
    },
    DatesCase {
        name: "the first Monday of summer time: the cut-off is 14:00 EDT, not EST",
        now: "2026-03-09T13:59:59-04:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-03-10", 1),
            (EXPEDITED, "2026-03-11", 2),
            (STANDARD, "2026-03-16", 7),
        ],
        fulfillment_expires: "2026-03-09T14:00:00-04:00",
    },
    DatesCase {
        name: "the night clocks go forward: Monday starts 21.5 hours after 01:30 EST",
        now: "2026-03-08T01:30:00-05:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-03-10", 2),
            (EXPEDITED, "2026-03-11", 3),
            (STANDARD, "2026-03-16", 8),
        ],
        fulfillment_expires: "2026-03-09T00:00:00-04:00",
    },
    DatesCase {
        name: "the night clocks go back: Monday starts 24.5 hours after 00:30 EDT",
        now: "2026-11-01T00:30:00-04:00",
        country: "US",
        methods: &[
            (OVERNIGHT, "2026-11-03", 2),
            (EXPEDITED, "2026-11-04", 3),
            (STANDARD, "2026-11-09", 8),
        ],
        fulfillment_expires: "2026-11-02T00:00:00-05:00",
    },
    DatesCase {
        name: "international before the cut-off: zone transit days replace the method's",
        now: "2026-11-24T13:59:59-05:00",
        country: "GB",
        // Leaves Tue 24. Overnight in 4: Wed 25, Fri 27, Mon 30, Tue 1 Dec. Standard in
        // 10: ... Tue 1, Wed 2, Thu 3, Fri 4, Mon 7, Tue 8, Wed 9 Dec.
        methods: &[(OVERNIGHT, "2026-12-01", 7), (STANDARD, "2026-12-09", 15)],
        fulfillment_expires: "2026-11-24T14:00:00-05:00",
    },
    DatesCase {
        name: "a country code in lower case finds its zone",
        now: "2026-11-24T13:59:59-05:00",
        country: "us",
        methods: &[
            (OVERNIGHT, "2026-11-25", 1),
            (EXPEDITED, "2026-11-27", 3),
            (STANDARD, "2026-12-02", 8),
        ],
        fulfillment_expires: "2026-11-24T14:00:00-05:00",
    },
];

#[test]
fn ship_days_arrivals_and_fulfillment_expiry() {
    let config = fixture();
    for case in DATES {
        let answer = options(&config, case.country, at(case.now))
            .unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let got: Vec<(u32, NaiveDate, u32)> = answer
            .methods
            .iter()
            .map(|m| (m.id, m.estimated_arrival, m.days))
            .collect();
        let want: Vec<(u32, NaiveDate, u32)> = case
            .methods
            .iter()
            .map(|&(id, arrival, days)| (id, day(arrival), days))
            .collect();
        assert_eq!(got, want, "{}", case.name);
        assert_eq!(
            answer.fulfillment_expires,
            at(case.fulfillment_expires),
            "{}",
            case.name
        );
    }
}

#[test]
fn expiry_is_exact_to_the_second() {
    // Cross-checked with `date -u -d ... +%s`.
    let config = fixture();
    let before = options(&config, "US", at("2026-11-24T13:59:59-05:00")).expect("options");
    assert_eq!(before.fulfillment_expires.unix_seconds(), 1_795_546_800);
    let after = options(&config, "US", at("2026-11-24T14:00:00-05:00")).expect("options");
    assert_eq!(after.fulfillment_expires.unix_seconds(), 1_795_582_800);
    let fall_back = options(&config, "US", at("2026-11-01T00:30:00-04:00")).expect("options");
    assert_eq!(
        fall_back.fulfillment_expires.unix_seconds() - 1_793_507_400,
        24 * 3_600 + 30 * 60
    );
}

// ---------------------------------------------------------------------------------
// Fastest, cheapest, free over, and the other fields of the answer.

#[test]
fn fastest_cheapest_and_free_over_for_the_united_states() {
    let answer = options(&fixture(), "US", at("2026-11-24T13:59:59-05:00")).expect("options");
    let overnight = MethodOption {
        id: OVERNIGHT,
        name: "Overnight".into(),
        heb_name: "Overnight (he)".into(),
        days: 1,
        estimated_arrival: day("2026-11-25"),
        price: usd(2_499),
        message: ShippingMessage::Tomorrow,
    };
    let standard = MethodOption {
        id: STANDARD,
        name: "Standard".into(),
        heb_name: "Standard (he)".into(),
        days: 8,
        estimated_arrival: day("2026-12-02"),
        price: usd(599),
        message: ShippingMessage::On(day("2026-12-02")),
    };
    assert_eq!(answer.fastest, Some(overnight));
    assert_eq!(answer.cheapest, Some(standard));
    assert_eq!(
        answer.free_over,
        Some(FreeOverOption {
            id: STANDARD,
            name: "Standard".into(),
            heb_name: "Standard (he)".into(),
            days: 8,
            estimated_arrival: day("2026-12-02"),
            free_shipping_above: usd(7_500),
            message: ShippingMessage::On(day("2026-12-02")),
        })
    );
    assert_eq!(answer.over_price, Some(usd(7_500)));
    assert_eq!(answer.shipping_ids_not_excluded_from_free_shipping, "3,7");
    // The full list words its estimates without dates.
    let messages: Vec<ShippingMessage> = answer.methods.iter().map(|m| m.message).collect();
    assert_eq!(
        messages,
        [
            ShippingMessage::Tomorrow,
            ShippingMessage::DayShipping(3),
            ShippingMessage::DayShipping(8),
        ]
    );
    let prices: Vec<Money> = answer.methods.iter().map(|m| m.price).collect();
    assert_eq!(prices, [usd(2_499), usd(1_299), usd(599)]);
}

#[test]
fn international_offers_only_its_zone_methods() {
    let answer = options(&fixture(), "GB", at("2026-11-24T13:59:59-05:00")).expect("options");
    assert_eq!(
        answer.fastest.map(|m| (m.id, m.price)),
        Some((OVERNIGHT, usd(3_999)))
    );
    assert_eq!(
        answer.cheapest.map(|m| (m.id, m.price)),
        Some((STANDARD, usd(1_999)))
    );
    assert_eq!(answer.free_over.map(|f| f.id), Some(STANDARD));
    assert_eq!(answer.shipping_ids_not_excluded_from_free_shipping, "7");
}

#[test]
fn without_a_threshold_nothing_is_free_over() {
    let mut config = fixture();
    config.free_shipping_over = None;
    let answer = options(&config, "US", at("2026-11-24T12:00:00-05:00")).expect("options");
    assert_eq!(answer.over_price, None);
    assert_eq!(answer.free_over, None);
    assert_eq!(answer.shipping_ids_not_excluded_from_free_shipping, "3,7");
}

#[test]
fn a_zone_without_free_eligible_methods_has_no_free_over() {
    let mut config = fixture();
    for m in &mut config.methods {
        m.free_eligible = false;
    }
    let answer = options(&config, "US", at("2026-11-24T12:00:00-05:00")).expect("options");
    assert_eq!(answer.over_price, Some(usd(7_500)));
    assert_eq!(answer.free_over, None);
    assert_eq!(answer.shipping_ids_not_excluded_from_free_shipping, "");
}

struct TieCase {
    name: &'static str,
    /// (id, price in cents, transit days)
    rates: &'static [(u32, i64, u32)],
    fastest: u32,
    cheapest: u32,
    free_over: u32,
}

const TIES: &[TieCase] = &[
    TieCase {
        name: "same arrival: the cheaper is fastest",
        rates: &[(1, 1_500, 2), (2, 1_000, 2), (3, 500, 6)],
        fastest: 2,
        cheapest: 3,
        free_over: 3,
    },
    TieCase {
        name: "same arrival and price: the lower id is fastest",
        rates: &[(5, 1_000, 2), (2, 1_000, 2), (9, 800, 3)],
        fastest: 2,
        cheapest: 9,
        free_over: 9,
    },
    TieCase {
        name: "same price: the earlier arrival is cheapest",
        rates: &[(4, 800, 5), (9, 800, 3), (1, 2_000, 1)],
        fastest: 1,
        cheapest: 9,
        free_over: 9,
    },
    TieCase {
        name: "same price and arrival: the lower id is cheapest",
        rates: &[(8, 800, 3), (6, 800, 3), (1, 2_000, 1)],
        fastest: 1,
        cheapest: 6,
        free_over: 6,
    },
    TieCase {
        // From Tuesday 24 Nov, past Thanksgiving: transit 2 lands Fri 27, 3 Mon 30,
        // 4 Tue 1 Dec.
        name: "different transit, the holiday counted once",
        rates: &[(1, 900, 3), (2, 900, 2), (3, 900, 4)],
        fastest: 2,
        cheapest: 2,
        free_over: 2,
    },
];

#[test]
fn ties_between_methods() {
    for case in TIES {
        let mut config = fixture();
        config.methods = case
            .rates
            .iter()
            .map(|&(id, _, transit)| method(id, "M", transit, true))
            .collect();
        config.zones = vec![Zone {
            name: "All".into(),
            countries: vec![],
            rates: case
                .rates
                .iter()
                .map(|&(id, cents, _)| rate(id, cents, None))
                .collect(),
        }];
        assert_eq!(config.validate(), Ok(()), "{}", case.name);
        let answer = options(&config, "FR", at("2026-11-24T12:00:00-05:00")).expect("options");
        assert_eq!(
            answer.fastest.map(|m| m.id),
            Some(case.fastest),
            "{}",
            case.name
        );
        assert_eq!(
            answer.cheapest.map(|m| m.id),
            Some(case.cheapest),
            "{}",
            case.name
        );
        assert_eq!(
            answer.free_over.map(|f| f.id),
            Some(case.free_over),
            "{}",
            case.name
        );
    }
}

#[test]
fn a_country_nobody_ships_to_has_no_options() {
    let cases: &[(ShippingConfig, &str)] = &[
        (without_catch_all(), "GB"),
        (fixture(), "USA"),
        (fixture(), ""),
        (fixture(), "U1"),
    ];
    for (config, country) in cases {
        assert_eq!(
            options(config, country, at("2026-11-24T12:00:00-05:00")),
            Err(ShippingError::NoZone {
                country: (*country).into()
            }),
            "{country:?}"
        );
    }
}

#[test]
fn a_moment_outside_the_calendar_is_refused() {
    let far = Timestamp::from_unix_seconds(i64::MAX);
    assert_eq!(
        options(&fixture(), "US", far),
        Err(ShippingError::OutOfRange(i64::MAX))
    );
    // 10000-01-02T00:00:00Z: 1 January 10000 in New York.
    let year_10000 = 253_402_300_800 + 86_400;
    assert_eq!(
        options(&fixture(), "US", Timestamp::from_unix_seconds(year_10000)),
        Err(ShippingError::OutOfRange(year_10000))
    );
    // 1969-12-31T23:00:00-05:00.
    assert_eq!(
        options(&fixture(), "US", Timestamp::from_unix_seconds(14_400)),
        Err(ShippingError::OutOfRange(14_400))
    );
}

// ---------------------------------------------------------------------------------
// Pickup.

struct PickupCase {
    name: &'static str,
    now: &'static str,
    days: u32,
    hours: u32,
    date: &'static str,
    message: PickupMessage,
    store_expires: &'static str,
}

fn within(hours: u32) -> PickupMessage {
    PickupMessage::Within { hours }
}

fn pickup_cases() -> Vec<PickupCase> {
    vec![
        PickupCase {
            name: "Tuesday noon: ready at 14:00",
            now: "2026-11-24T12:00:00-05:00",
            days: 0,
            hours: 2,
            date: "2026-11-24",
            message: within(3),
            // After 18:00 an order would be ready at closing.
            store_expires: "2026-11-24T18:00:00-05:00",
        },
        PickupCase {
            name: "Tuesday 17:59:59: ready one second before closing",
            now: "2026-11-24T17:59:59-05:00",
            days: 0,
            hours: 2,
            date: "2026-11-24",
            message: within(3),
            store_expires: "2026-11-24T18:00:00-05:00",
        },
        PickupCase {
            name: "Tuesday 18:00: ready at closing is too late, so Wednesday 12:00",
            now: "2026-11-24T18:00:00-05:00",
            days: 1,
            hours: 18,
            date: "2026-11-25",
            message: PickupMessage::On(day("2026-11-25")),
            store_expires: "2026-11-25T00:00:00-05:00",
        },
        PickupCase {
            name: "Tuesday 08:00, before opening: ready at 12:00",
            now: "2026-11-24T08:00:00-05:00",
            days: 0,
            hours: 4,
            date: "2026-11-24",
            message: within(5),
            store_expires: "2026-11-24T18:00:00-05:00",
        },
        PickupCase {
            name: "Monday 23:59: ready Tuesday 12:00",
            now: "2026-11-23T23:59:00-05:00",
            days: 1,
            hours: 12,
            date: "2026-11-24",
            message: PickupMessage::On(day("2026-11-24")),
            store_expires: "2026-11-24T00:00:00-05:00",
        },
        PickupCase {
            name: "Tuesday 00:01: ready today at 12:00, 11 h 59 min away",
            now: "2026-11-24T00:01:00-05:00",
            days: 0,
            hours: 11,
            date: "2026-11-24",
            message: within(12),
            store_expires: "2026-11-24T18:00:00-05:00",
        },
        PickupCase {
            name: "Saturday 19:00: Sunday is closed, so Monday 12:00",
            now: "2026-11-28T19:00:00-05:00",
            days: 2,
            hours: 41,
            date: "2026-11-30",
            message: PickupMessage::On(day("2026-11-30")),
            store_expires: "2026-11-29T00:00:00-05:00",
        },
        PickupCase {
            name: "Sunday 11:00: closed all day, so Monday 12:00",
            now: "2026-11-29T11:00:00-05:00",
            days: 1,
            hours: 25,
            date: "2026-11-30",
            message: PickupMessage::On(day("2026-11-30")),
            store_expires: "2026-11-30T00:00:00-05:00",
        },
        PickupCase {
            name: "Wednesday 19:00 before Thanksgiving: ready Friday 12:00",
            now: "2026-11-25T19:00:00-05:00",
            days: 2,
            hours: 41,
            date: "2026-11-27",
            message: PickupMessage::On(day("2026-11-27")),
            store_expires: "2026-11-26T00:00:00-05:00",
        },
        PickupCase {
            name: "Thanksgiving 11:00: closed, so Friday 12:00",
            now: "2026-11-26T11:00:00-05:00",
            days: 1,
            hours: 25,
            date: "2026-11-27",
            message: PickupMessage::On(day("2026-11-27")),
            store_expires: "2026-11-27T00:00:00-05:00",
        },
        PickupCase {
            name: "Friday 3 July (Independence Day observed) 11:00: ready Saturday 12:00",
            now: "2026-07-03T11:00:00-04:00",
            days: 1,
            hours: 25,
            date: "2026-07-04",
            message: PickupMessage::On(day("2026-07-04")),
            store_expires: "2026-07-04T00:00:00-04:00",
        },
        PickupCase {
            name: "Saturday 7 March 19:00 EST: Monday 12:00 EDT is 40 hours away, not 41",
            now: "2026-03-07T19:00:00-05:00",
            days: 2,
            hours: 40,
            date: "2026-03-09",
            message: PickupMessage::On(day("2026-03-09")),
            store_expires: "2026-03-08T00:00:00-05:00",
        },
    ]
}

#[test]
fn pickup_readiness_and_store_expiry() {
    let config = fixture();
    for case in pickup_cases() {
        let answer =
            options(&config, "US", at(case.now)).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let want = PickupOption {
            days: case.days,
            hours: case.hours,
            date: day(case.date),
            message: case.message,
        };
        assert_eq!(answer.pickup, Some(want), "{}", case.name);
        assert_eq!(
            answer.store_expires,
            at(case.store_expires),
            "{}",
            case.name
        );
    }
}

#[test]
fn a_store_open_on_holidays_readies_thanksgiving_orders_the_same_day() {
    let mut config = fixture();
    if let Some(store) = &mut config.pickup {
        store.closed_on_holidays = false;
    }
    let answer = options(&config, "US", at("2026-11-26T11:00:00-05:00")).expect("options");
    assert_eq!(
        answer.pickup.map(|p| (p.days, p.hours, p.date)),
        Some((0, 2, day("2026-11-26")))
    );
    assert_eq!(answer.store_expires, at("2026-11-26T18:00:00-05:00"));
}

#[test]
fn without_a_pickup_store_there_is_no_pickup_and_the_store_answer_lasts_the_day() {
    let mut config = fixture();
    config.pickup = None;
    let answer = options(&config, "US", at("2026-11-24T12:00:00-05:00")).expect("options");
    assert_eq!(answer.pickup, None);
    assert_eq!(answer.store_expires, at("2026-11-25T00:00:00-05:00"));
}

// ---------------------------------------------------------------------------------
// Messages (spec 9).

#[test]
fn method_messages() {
    let arrival = day("2026-12-02");
    let cases: &[(u32, bool, ShippingMessage)] = &[
        (0, false, ShippingMessage::Today),
        (0, true, ShippingMessage::Today),
        (1, false, ShippingMessage::Tomorrow),
        (1, true, ShippingMessage::Tomorrow),
        (2, false, ShippingMessage::DayShipping(2)),
        (2, true, ShippingMessage::On(arrival)),
        (3, false, ShippingMessage::DayShipping(3)),
        (3, true, ShippingMessage::On(arrival)),
    ];
    for &(days, with_date, want) in cases {
        assert_eq!(
            method_message(days, arrival, with_date),
            want,
            "days {days}, with date {with_date}"
        );
    }
}

#[test]
fn pickup_messages() {
    let date = day("2026-11-25");
    let cases: &[(u32, u32, PickupMessage)] = &[
        (0, 0, within(1)),
        (0, 2, within(3)),
        (0, 11, within(12)),
        (1, 18, PickupMessage::On(date)),
        (2, 41, PickupMessage::On(date)),
    ];
    for &(days, hours, want) in cases {
        let option = PickupOption {
            days,
            hours,
            date,
            // Deliberately wrong: `pickup_message` decides from days and hours.
            message: within(99),
        };
        assert_eq!(pickup_message(&option), want, "days {days}, hours {hours}");
    }
}

// ---------------------------------------------------------------------------------
// The price of a choice.

struct PriceCase {
    name: &'static str,
    config: fn() -> ShippingConfig,
    country: &'static str,
    choice: ShippingChoice,
    free_basis: i64,
    digital_only: bool,
    want: Result<Money, ShippingError>,
}

fn no_threshold() -> ShippingConfig {
    let mut config = fixture();
    config.free_shipping_over = None;
    config
}

fn no_pickup() -> ShippingConfig {
    let mut config = fixture();
    config.pickup = None;
    config
}

fn price_cases() -> Vec<PriceCase> {
    let case = |name, country, choice, free_basis, want| PriceCase {
        name,
        config: fixture,
        country,
        choice,
        free_basis,
        digital_only: false,
        want,
    };
    let method = ShippingChoice::Method;
    vec![
        case(
            "Standard over the threshold is free",
            "US",
            method(STANDARD),
            10_000,
            Ok(usd(0)),
        ),
        case(
            "Standard exactly at the threshold is free",
            "US",
            method(STANDARD),
            7_500,
            Ok(usd(0)),
        ),
        case(
            "Standard one cent under pays",
            "US",
            method(STANDARD),
            7_499,
            Ok(usd(599)),
        ),
        case(
            "Expedited is eligible too",
            "US",
            method(EXPEDITED),
            7_500,
            Ok(usd(0)),
        ),
        case(
            "Expedited under the threshold pays",
            "US",
            method(EXPEDITED),
            0,
            Ok(usd(1_299)),
        ),
        case(
            "Overnight is never free",
            "US",
            method(OVERNIGHT),
            100_000,
            Ok(usd(2_499)),
        ),
        case(
            "the international price applies",
            "GB",
            method(STANDARD),
            7_499,
            Ok(usd(1_999)),
        ),
        case(
            "free internationally over the threshold",
            "GB",
            method(STANDARD),
            7_500,
            Ok(usd(0)),
        ),
        case(
            "international Overnight",
            "DE",
            method(OVERNIGHT),
            0,
            Ok(usd(3_999)),
        ),
        case(
            "pickup is free",
            "US",
            ShippingChoice::Pickup,
            0,
            Ok(usd(0)),
        ),
        case(
            "a method the zone does not offer",
            "GB",
            method(EXPEDITED),
            0,
            Err(ShippingError::UnknownMethod {
                id: EXPEDITED,
                country: "GB".into(),
            }),
        ),
        case(
            "a method that does not exist",
            "US",
            method(99),
            0,
            Err(ShippingError::UnknownMethod {
                id: 99,
                country: "US".into(),
            }),
        ),
        case(
            "a country that is not a code",
            "USA",
            method(STANDARD),
            0,
            Err(ShippingError::NoZone {
                country: "USA".into(),
            }),
        ),
        PriceCase {
            digital_only: true,
            ..case(
                "a digital-only bag ships nothing",
                "US",
                method(OVERNIGHT),
                0,
                Ok(usd(0)),
            )
        },
        PriceCase {
            digital_only: true,
            ..case(
                "a digital-only bag needs no zone",
                "USA",
                method(99),
                0,
                Ok(usd(0)),
            )
        },
        PriceCase {
            config: no_threshold,
            ..case(
                "no threshold: a free-eligible method always ships free (spec 2.4)",
                "US",
                method(STANDARD),
                0,
                Ok(usd(0)),
            )
        },
        PriceCase {
            config: no_threshold,
            ..case(
                "no threshold: a method that does not count for free shipping costs its price",
                "US",
                method(OVERNIGHT),
                1_000_000,
                Ok(usd(2_499)),
            )
        },
        PriceCase {
            config: no_pickup,
            ..case(
                "pickup without a store",
                "US",
                ShippingChoice::Pickup,
                0,
                Err(ShippingError::NoPickup),
            )
        },
        PriceCase {
            config: without_catch_all,
            ..case(
                "a country without a zone",
                "GB",
                method(STANDARD),
                0,
                Err(ShippingError::NoZone {
                    country: "GB".into(),
                }),
            )
        },
    ]
}

#[test]
fn shipping_prices() {
    for case in price_cases() {
        let got = shipping_price(
            &(case.config)(),
            case.country,
            &case.choice,
            usd(case.free_basis),
            case.digital_only,
        );
        assert_eq!(got, case.want, "{}", case.name);
    }
}

// ---------------------------------------------------------------------------------
// Configuration.

fn broken(change: impl FnOnce(&mut ShippingConfig)) -> ShippingConfig {
    let mut config = fixture();
    change(&mut config);
    config
}

fn store(change: impl FnOnce(&mut PickupStore)) -> impl FnOnce(&mut ShippingConfig) {
    move |config: &mut ShippingConfig| {
        if let Some(store) = &mut config.pickup {
            change(store);
        }
    }
}

#[test]
fn nonsense_configurations_are_refused() {
    let us = || "United States".to_string();
    let cases: Vec<(&str, ShippingConfig, ConfigError)> = vec![
        (
            "no methods",
            broken(|c| c.methods.clear()),
            ConfigError::NoMethods,
        ),
        (
            "a method id twice",
            broken(|c| c.methods.push(method(STANDARD, "Again", 3, false))),
            ConfigError::DuplicateMethod(STANDARD),
        ),
        (
            "a blank method name",
            broken(|c| c.methods[1].name = "  ".into()),
            ConfigError::UnnamedMethod(EXPEDITED),
        ),
        (
            "a method's transit too long",
            broken(|c| c.methods[0].transit_days = MAX_TRANSIT_DAYS + 1),
            ConfigError::TransitTooLong {
                id: STANDARD,
                days: MAX_TRANSIT_DAYS + 1,
            },
        ),
        (
            "a zone's transit too long",
            broken(|c| c.zones[1].rates[0].transit_days = Some(100)),
            ConfigError::TransitTooLong {
                id: STANDARD,
                days: 100,
            },
        ),
        (
            "no zones",
            broken(|c| c.zones.clear()),
            ConfigError::NoZones,
        ),
        (
            "a blank zone name",
            broken(|c| c.zones[0].name = String::new()),
            ConfigError::UnnamedZone,
        ),
        (
            "a zone pricing an unknown method",
            broken(|c| c.zones[0].rates.push(rate(99, 100, None))),
            ConfigError::UnknownMethodInZone {
                zone: us(),
                method: 99,
            },
        ),
        (
            "a zone pricing a method twice",
            broken(|c| c.zones[0].rates.push(rate(OVERNIGHT, 100, None))),
            ConfigError::DuplicateRate {
                zone: us(),
                method: OVERNIGHT,
            },
        ),
        (
            "a negative price",
            broken(|c| c.zones[0].rates[1].price = usd(-1)),
            ConfigError::NegativePrice {
                zone: us(),
                method: EXPEDITED,
            },
        ),
        (
            "a zone pricing nothing",
            broken(|c| c.zones[0].rates.clear()),
            ConfigError::EmptyZone(us()),
        ),
        (
            "a lower-case country code",
            broken(|c| c.zones[0].countries.push("ca".into())),
            ConfigError::BadCountry {
                zone: us(),
                code: "ca".into(),
            },
        ),
        (
            "a three-letter country code",
            broken(|c| c.zones[0].countries = vec!["USA".into()]),
            ConfigError::BadCountry {
                zone: us(),
                code: "USA".into(),
            },
        ),
        (
            "a country in two zones",
            broken(|c| c.zones[1].countries = vec!["GB".into(), "US".into()]),
            ConfigError::CountryInTwoZones {
                country: "US".into(),
                first: us(),
                second: "International".into(),
            },
        ),
        (
            "two catch-all zones",
            broken(|c| {
                let mut again = c.zones[1].clone();
                again.name = "Rest".into();
                c.zones.push(again);
            }),
            ConfigError::TwoCatchAllZones {
                first: "International".into(),
                second: "Rest".into(),
            },
        ),
        (
            "a negative threshold",
            broken(|c| c.free_shipping_over = Some(usd(-100))),
            ConfigError::NegativeThreshold,
        ),
        (
            "pickup closing before opening",
            broken(store(|s| s.opening[0] = Some((time(20, 0), time(10, 0))))),
            ConfigError::PickupClosesBeforeOpening(chrono::Weekday::Mon),
        ),
        (
            "pickup closing as it opens",
            broken(store(|s| s.opening[5] = Some((time(10, 0), time(10, 0))))),
            ConfigError::PickupClosesBeforeOpening(chrono::Weekday::Sat),
        ),
        (
            "a pickup store never open",
            broken(store(|s| s.opening = [None; 7])),
            ConfigError::PickupNeverOpen,
        ),
        (
            "ready at closing for an order placed at opening",
            broken(store(|s| s.ready_hours = 10)),
            ConfigError::PickupNotReadyBeforeClosing(chrono::Weekday::Mon),
        ),
        (
            "ready hours past midnight",
            broken(store(|s| s.ready_hours = 30)),
            ConfigError::PickupNotReadyBeforeClosing(chrono::Weekday::Mon),
        ),
    ];
    for (name, config, want) in cases {
        assert_eq!(config.validate(), Err(want), "{name}");
    }
}

#[test]
fn edge_configurations_that_make_sense_are_accepted() {
    let cases: Vec<(&str, ShippingConfig)> = vec![
        (
            "ready nine hours after a 10:00 opening",
            broken(store(|s| s.ready_hours = 9)),
        ),
        ("ready at once", broken(store(|s| s.ready_hours = 0))),
        (
            "open only on Sunday",
            broken(store(|s| {
                s.opening = [None; 7];
                s.opening[6] = Some((time(12, 0), time(16, 0)));
            })),
        ),
        ("no pickup store", broken(|c| c.pickup = None)),
        (
            "a zero threshold",
            broken(|c| c.free_shipping_over = Some(usd(0))),
        ),
        ("no catch-all zone", without_catch_all()),
        (
            "transit at the limit",
            broken(|c| c.methods[0].transit_days = MAX_TRANSIT_DAYS),
        ),
        (
            "an empty Hebrew name",
            broken(|c| c.methods[0].heb_name.clear()),
        ),
    ];
    for (name, config) in cases {
        assert_eq!(config.validate(), Ok(()), "{name}");
    }
}
