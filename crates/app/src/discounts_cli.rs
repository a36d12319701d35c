//! `store discounts`: the owner lists the discount codes and creates new ones.
//!
//! Amounts are read as decimal text straight to cents ("5", "5.5", "5.00") and
//! percentages to basis points ("15", "12.5", "0.01"): no float ever holds one. Times
//! are UTC, `2026-12-01T00:00:00Z` or a bare date for its midnight.

use clap::{ArgGroup, Args, Subcommand};
use store_adapters::clock::{parse_utc_text, utc_text};
use store_domain::checkout::discounts::{
    Discount, DiscountCode, DiscountSetupError, DiscountValue, MalformedDiscountCode,
};
use store_domain::checkout::storage::{CreateDiscountError, DiscountListed, Discounts};
use store_domain::clock::Timestamp;
use store_domain::money::Money;
use store_domain::ports::StorageError;

#[derive(Debug, Subcommand)]
pub enum DiscountsCommand {
    /// Every discount code, newest first, with its uses.
    List,
    /// Create a discount code: a percentage or a fixed amount off eligible items.
    Create(CreateArgs),
}

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("value").required(true).args(["percent", "amount"])))]
pub struct CreateArgs {
    /// The code shoppers type: 3 to 32 letters, digits, dashes or underscores (kept in upper case).
    #[arg(value_name = "CODE")]
    code: String,
    /// Percent off, up to two decimals: 15, 12.5, 100.
    #[arg(long, value_name = "PERCENT", value_parser = parse_percent)]
    percent: Option<u32>,
    /// Dollars off, up to two decimals: 5, 5.00.
    #[arg(long, value_name = "DOLLARS", value_parser = parse_money)]
    amount: Option<Money>,
    /// Eligible items needed before the code applies, in dollars.
    #[arg(long, value_name = "DOLLARS", value_parser = parse_money)]
    min_subtotal: Option<Money>,
    /// When the code starts to apply (UTC): 2026-12-01T00:00:00Z or 2026-12-01.
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    starts: Option<Timestamp>,
    /// When it stops applying (UTC), after the start.
    #[arg(long, value_name = "TIME", value_parser = parse_time)]
    ends: Option<Timestamp>,
    /// Orders it may be used in, in all.
    #[arg(long, value_name = "N")]
    limit: Option<u32>,
    /// Each shopper (by e-mail) may use it once.
    #[arg(long)]
    once_per_shopper: bool,
    /// A product (and its variations) the code does not apply to; repeat for more.
    #[arg(long = "exclude", value_name = "PRODUCT_ID",
          value_parser = clap::value_parser!(i64).range(1..))]
    exclude: Vec<i64>,
}

#[derive(Debug, thiserror::Error)]
pub enum DiscountsCliError {
    #[error("{0}")]
    Code(#[from] MalformedDiscountCode),
    #[error("{0}")]
    Setup(#[from] DiscountSetupError),
    #[error("discount {code}: {source}")]
    Create {
        code: String,
        source: CreateDiscountError,
    },
    #[error(transparent)]
    Storage(#[from] StorageError),
}

impl CreateArgs {
    /// The discount these arguments describe, if the rules allow it.
    pub fn discount(&self) -> Result<Discount, DiscountsCliError> {
        let value = match (self.percent, self.amount) {
            (Some(basis_points), _) => DiscountValue::Percent { basis_points },
            // clap requires exactly one of the two.
            (None, amount) => DiscountValue::Fixed(amount.unwrap_or(Money::ZERO)),
        };
        let discount = Discount {
            code: DiscountCode::parse(&self.code)?,
            value,
            min_subtotal: self.min_subtotal.unwrap_or(Money::ZERO),
            starts_at: self.starts,
            ends_at: self.ends,
            usage_limit: self.limit,
            once_per_shopper: self.once_per_shopper,
            excluded_products: self.exclude.clone(),
        };
        discount.validate()?;
        Ok(discount)
    }
}

/// Runs `command` against `discounts` at `now`; what to print.
pub async fn run(
    discounts: &dyn Discounts,
    command: &DiscountsCommand,
    now: Timestamp,
) -> Result<String, DiscountsCliError> {
    match command {
        DiscountsCommand::List => Ok(table(&discounts.discounts().await?)),
        DiscountsCommand::Create(args) => {
            let discount = args.discount()?;
            discounts
                .create_discount(&discount, now)
                .await
                .map_err(|source| DiscountsCliError::Create {
                    code: discount.code.as_str().to_owned(),
                    source,
                })?;
            Ok(format!(
                "created {}: {} off\n",
                discount.code.as_str(),
                value_text(discount.value)
            ))
        }
    }
}

/// Decimal text with at most two decimals, in hundredths: "12.5" is 1,250. No sign,
/// no exponent, no separators; `None` for anything else or past `i64`.
fn hundredths(text: &str) -> Option<i64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 2 {
        return None;
    }
    if text.ends_with('.') {
        return None;
    }
    let fraction = format!("{fraction:0<2}");
    whole
        .parse::<i64>()
        .ok()?
        .checked_mul(100)?
        .checked_add(fraction.parse::<i64>().ok()?)
}

/// Dollars as typed ("5", "5.00", "$5.5") to cents, exactly.
pub fn parse_money(text: &str) -> Result<Money, String> {
    let trimmed = text.trim();
    let bare = trimmed.strip_prefix('$').unwrap_or(trimmed);
    hundredths(bare).map(Money::from_cents).ok_or_else(|| {
        format!("{text:?} is not an amount in dollars with at most two decimals, like 5.00")
    })
}

/// A percentage as typed ("15", "12.5", "0.01%") to basis points, exactly.
pub fn parse_percent(text: &str) -> Result<u32, String> {
    let trimmed = text.trim();
    let bare = trimmed.strip_suffix('%').unwrap_or(trimmed);
    hundredths(bare)
        .and_then(|bp| u32::try_from(bp).ok())
        .ok_or_else(|| {
            format!("{text:?} is not a percentage with at most two decimals, like 15 or 12.5")
        })
}

/// A UTC time, `2026-12-01T00:00:00Z` (or with a space for the `T`, or no `Z`) or a
/// bare date `2026-12-01` for its midnight.
pub fn parse_time(text: &str) -> Result<Timestamp, String> {
    let trimmed = text.trim();
    let normal = if trimmed.len() == 10 {
        format!("{trimmed} 00:00:00")
    } else {
        let bare = trimmed.strip_suffix('Z').unwrap_or(trimmed);
        match bare.as_bytes().get(10) {
            Some(b'T' | b' ') => format!("{} {}", &bare[..10], &bare[11..]),
            _ => bare.to_owned(),
        }
    };
    parse_utc_text(&normal).ok_or_else(|| {
        format!("{text:?} is not a UTC time like 2026-12-01T00:00:00Z or a date like 2026-12-01")
    })
}

/// 1,500 basis points is "15%", 1,250 "12.5%"; a fixed amount is dollars.
fn value_text(value: DiscountValue) -> String {
    match value {
        DiscountValue::Percent { basis_points } => {
            let whole = basis_points / 100;
            match basis_points % 100 {
                0 => format!("{whole}%"),
                f if f % 10 == 0 => format!("{whole}.{}%", f / 10),
                f => format!("{whole}.{f:02}%"),
            }
        }
        DiscountValue::Fixed(amount) => amount.to_string(),
    }
}

fn time_text(at: Option<Timestamp>) -> String {
    at.map_or_else(|| "-".to_owned(), utc_text)
}

/// The owner's list: one row per discount, columns as wide as their longest cell.
fn table(listed: &[DiscountListed]) -> String {
    if listed.is_empty() {
        return "No discount codes yet.\n".into();
    }
    let header = [
        "code", "value", "minimum", "starts", "ends", "uses", "once", "excluded",
    ]
    .map(str::to_owned);
    let rows: Vec<[String; 8]> = listed
        .iter()
        .map(|l| {
            let d = &l.discount;
            let limit = d.usage_limit.map_or_else(|| "-".into(), |n| n.to_string());
            let excluded = if d.excluded_products.is_empty() {
                "-".to_owned()
            } else {
                d.excluded_products
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            };
            [
                d.code.as_str().to_owned(),
                value_text(d.value),
                if d.min_subtotal > Money::ZERO {
                    d.min_subtotal.to_string()
                } else {
                    "-".into()
                },
                time_text(d.starts_at),
                time_text(d.ends_at),
                format!("{}/{limit}", l.times_used),
                if d.once_per_shopper { "yes" } else { "no" }.into(),
                excluded,
            ]
        })
        .collect();
    let mut widths = header.clone().map(|h| h.len());
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(cell, width)| format!("{cell:<width$}"))
            .collect();
        out += cells.join("  ").trim_end();
        out += "\n";
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use store_adapters::fakes::InMemoryCheckout;

    #[derive(Parser)]
    struct Cli {
        #[command(subcommand)]
        command: DiscountsCommand,
    }

    fn parse(args: &[&str]) -> Result<DiscountsCommand, clap::Error> {
        Cli::try_parse_from(std::iter::once("discounts").chain(args.iter().copied()))
            .map(|cli| cli.command)
    }

    fn create(args: &[&str]) -> Result<Discount, String> {
        let mut all = vec!["create"];
        all.extend_from_slice(args);
        match parse(&all).map_err(|e| e.to_string())? {
            DiscountsCommand::Create(args) => args.discount().map_err(|e| e.to_string()),
            DiscountsCommand::List => Err("not a create".into()),
        }
    }

    #[test]
    fn money_is_read_to_the_cent_without_floats() {
        let ok = |text| parse_money(text).map(Money::cents);
        assert_eq!(ok("5"), Ok(500));
        assert_eq!(ok("5.00"), Ok(500));
        assert_eq!(ok("5.5"), Ok(550));
        assert_eq!(ok("$0.07"), Ok(7));
        assert_eq!(ok(" 40.10 "), Ok(4_010));
        // 0.1 + 0.2 is not 0.3 in a float; it is here.
        assert_eq!(ok("0.29"), Ok(29));
        assert_eq!(ok("92233720368547758.07"), Ok(i64::MAX));
        for bad in [
            "",
            ".5",
            "5.",
            "5.001",
            "-5",
            "+5",
            "5,00",
            "1,000",
            "1e3",
            "five",
            "$",
            "92233720368547758.08",
        ] {
            assert!(parse_money(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn percents_are_read_to_the_basis_point() {
        assert_eq!(parse_percent("15"), Ok(1_500));
        assert_eq!(parse_percent("12.5"), Ok(1_250));
        assert_eq!(parse_percent("12.25%"), Ok(1_225));
        assert_eq!(parse_percent("0.01"), Ok(1));
        assert_eq!(parse_percent("100"), Ok(10_000));
        for bad in ["12.345", "-5", "ten", "", "99999999999"] {
            assert!(parse_percent(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn times_are_utc() {
        let midnight = Timestamp::from_unix_seconds(1_796_083_200);
        assert_eq!(utc_text(midnight), "2026-12-01 00:00:00");
        for text in [
            "2026-12-01T00:00:00Z",
            "2026-12-01T00:00:00",
            "2026-12-01 00:00:00",
            "2026-12-01",
        ] {
            assert_eq!(parse_time(text), Ok(midnight), "{text}");
        }
        for bad in [
            "2026-02-30",
            "2026-12-01T25:00:00Z",
            "tomorrow",
            "12/01/2026",
        ] {
            assert!(parse_time(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn create_reads_every_option_and_keeps_to_the_rules() {
        let d = create(&[
            "spring-sale",
            "--percent",
            "12.5",
            "--min-subtotal",
            "50.00",
            "--starts",
            "2026-12-01T00:00:00Z",
            "--ends",
            "2026-12-31",
            "--limit",
            "100",
            "--once-per-shopper",
            "--exclude",
            "1001",
            "--exclude",
            "1002",
        ])
        .unwrap();
        assert_eq!(d.code.as_str(), "SPRING-SALE");
        assert_eq!(
            d.value,
            DiscountValue::Percent {
                basis_points: 1_250
            }
        );
        assert_eq!(d.min_subtotal, Money::from_cents(5_000));
        assert_eq!(
            d.starts_at.map(utc_text).as_deref(),
            Some("2026-12-01 00:00:00")
        );
        assert_eq!(
            d.ends_at.map(utc_text).as_deref(),
            Some("2026-12-31 00:00:00")
        );
        assert_eq!(d.usage_limit, Some(100));
        assert!(d.once_per_shopper);
        assert_eq!(d.excluded_products, vec![1001, 1002]);

        let fixed = create(&["SAVE5", "--amount", "5"]).unwrap();
        assert_eq!(fixed.value, DiscountValue::Fixed(Money::from_cents(500)));
        assert_eq!((fixed.min_subtotal, fixed.usage_limit), (Money::ZERO, None));

        for (args, says) in [
            (&["X", "--percent", "5"][..], "discount code is 3 to 32"),
            (&["TEN OFF", "--percent", "5"], "discount code is 3 to 32"),
            (&["NONE"], "required"),
            (
                &["BOTH", "--percent", "5", "--amount", "5"],
                "cannot be used with",
            ),
            (&["ZERO", "--percent", "0"], "0.01 % to 100 %"),
            (&["MORE", "--percent", "100.01"], "0.01 % to 100 %"),
            (&["FREE", "--amount", "0.00"], "at least one cent"),
            (&["PART", "--amount", "5.001"], "at most two decimals"),
            (
                &[
                    "BACK",
                    "--amount",
                    "5",
                    "--starts",
                    "2026-12-02",
                    "--ends",
                    "2026-12-01",
                ],
                "ends before it starts",
            ),
            (&["NEVER", "--amount", "5", "--limit", "0"], "at least 1"),
            (&["NOID", "--amount", "5", "--exclude", "0"], "--exclude"),
        ] {
            let refused = create(args).expect_err(&format!("{args:?}"));
            assert!(refused.contains(says), "{args:?}: {refused}");
        }
    }

    #[test]
    fn values_read_as_the_owner_typed_them() {
        let percent = |basis_points| value_text(DiscountValue::Percent { basis_points });
        assert_eq!(percent(1_500), "15%");
        assert_eq!(percent(1_250), "12.5%");
        assert_eq!(percent(1_225), "12.25%");
        assert_eq!(percent(1), "0.01%");
        assert_eq!(percent(10_000), "100%");
        assert_eq!(
            value_text(DiscountValue::Fixed(Money::from_cents(500))),
            "$5.00"
        );
    }

    #[tokio::test]
    async fn create_then_list() {
        let store = InMemoryCheckout::default();
        let now = Timestamp::from_unix_seconds(1_767_225_600);
        assert_eq!(
            run(&store, &DiscountsCommand::List, now).await.unwrap(),
            "No discount codes yet.\n"
        );
        let welcome = parse(&["create", "welcome10", "--percent", "10"]).unwrap();
        assert_eq!(
            run(&store, &welcome, now).await.unwrap(),
            "created WELCOME10: 10% off\n"
        );
        let again = run(&store, &welcome, now).await.unwrap_err().to_string();
        assert_eq!(
            again,
            "discount WELCOME10: a discount with this code exists already"
        );
        let save = parse(&[
            "create",
            "SAVE5",
            "--amount",
            "5",
            "--min-subtotal",
            "40",
            "--limit",
            "3",
            "--once-per-shopper",
            "--exclude",
            "7",
            "--exclude",
            "1001",
            "--ends",
            "2027-01-01",
        ])
        .unwrap();
        run(&store, &save, Timestamp::from_unix_seconds(1_767_225_660))
            .await
            .unwrap();
        let list = run(&store, &DiscountsCommand::List, now).await.unwrap();
        let lines: Vec<&str> = list.lines().collect();
        assert_eq!(lines.len(), 3, "{list}");
        assert!(
            lines[0].starts_with("code       value  minimum  starts"),
            "{list}"
        );
        assert!(
            lines[1].starts_with("SAVE5      $5.00  $40.00   -"),
            "{list}"
        );
        assert!(lines[1].contains("2027-01-01 00:00:00"), "{list}");
        assert!(lines[1].ends_with("0/3   yes   7,1001"), "{list}");
        assert!(
            lines[2].starts_with("WELCOME10  10%    -        -"),
            "{list}"
        );
        assert!(lines[2].ends_with("0/-   no    -"), "{list}");
    }
}
