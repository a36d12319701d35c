//! The contract of `ZipLookup`, written once and run against the embedded data and
//! the fake; then what the embedded data alone answers. Rates are in millionths, worked
//! out by hand from `data/us-sales-tax.csv` (4 % is 40,000).

use store_adapters::fakes::InMemoryZipLookup;
use store_adapters::zip::EmbeddedZipLookup;
use store_domain::location::{Location, TaxConfigError, TaxSettings, ZipError, ZipLookup};

/// Builds an implementation with these settings.
type Make = fn(&TaxSettings) -> Result<Box<dyn ZipLookup>, TaxConfigError>;

fn settings(overrides: &[(&str, &str)], other_countries: Option<&str>) -> TaxSettings {
    TaxSettings {
        zip_overrides: overrides
            .iter()
            .map(|(zip, rate)| ((*zip).to_owned(), (*rate).to_owned()))
            .collect(),
        other_countries: other_countries.map(str::to_owned),
    }
}

fn plain(make: Make) -> Box<dyn ZipLookup> {
    make(&TaxSettings::default()).unwrap()
}

fn us(zip: &str, millionths: u32, city: &str, state: &str) -> Location {
    Location {
        zip: zip.into(),
        country: "US".into(),
        tax_rate: store_domain::bag::TaxRate::from_millionths(millionths),
        city: Some(city.into()),
        state: Some(state.into()),
    }
}

mod cases {
    use super::*;

    pub async fn a_known_zip_has_its_city_state_and_state_rate(make: Make) {
        let lookup = plain(make);
        assert_eq!(
            lookup.locate("US", "10001").await.unwrap(),
            us("10001", 40_000, "New York", "NY")
        );
    }

    pub async fn a_zip_plus_four_is_located_by_its_first_five(make: Make) {
        let lookup = plain(make);
        assert_eq!(
            lookup.locate("US", "10001-2062").await.unwrap(),
            us("10001", 40_000, "New York", "NY")
        );
    }

    pub async fn an_unknown_us_zip_is_unknown(make: Make) {
        let lookup = plain(make);
        for zip in [
            "00000",
            "00000-1234",
            "99999",
            "1000",
            "100011",
            "ABCDE",
            "",
        ] {
            assert_eq!(
                lookup.locate("US", zip).await,
                Err(ZipError::Unknown),
                "{zip:?}"
            );
        }
    }

    pub async fn an_override_wins(make: Make) {
        let lookup = make(&settings(&[("10001", "8.875"), ("00000", "5")], None)).unwrap();
        assert_eq!(
            lookup.locate("US", "10001-2062").await.unwrap(),
            us("10001", 88_750, "New York", "NY")
        );
        assert_eq!(
            lookup
                .locate("US", "19901")
                .await
                .unwrap()
                .tax_rate
                .millionths(),
            0,
            "only the ZIPs named are overridden"
        );
        let named_only = lookup.locate("US", "00000").await.unwrap();
        assert_eq!(named_only.tax_rate.millionths(), 50_000);
        assert_eq!((named_only.city, named_only.state), (None, None));
    }

    pub async fn another_country_takes_the_configured_rate(make: Make) {
        let untaxed = plain(make);
        assert_eq!(
            untaxed.locate("GB", "sw1a 1aa").await.unwrap(),
            Location {
                zip: "SW1A 1AA".into(),
                country: "GB".into(),
                tax_rate: store_domain::bag::TaxRate::ZERO,
                city: None,
                state: None,
            }
        );
        let taxed = make(&settings(&[("10001", "8.875")], Some("17"))).unwrap();
        let israel = taxed.locate("IL", "10001").await.unwrap();
        assert_eq!(israel.tax_rate.millionths(), 170_000, "not New York's");
        assert_eq!((israel.city, israel.state), (None, None));
        assert_eq!(
            taxed
                .locate("DE", "10115")
                .await
                .unwrap()
                .tax_rate
                .millionths(),
            170_000
        );
    }

    pub async fn delaware_has_no_sales_tax(make: Make) {
        assert_eq!(
            plain(make).locate("US", "19901").await.unwrap(),
            us("19901", 0, "Dover", "DE")
        );
    }

    pub async fn a_territory_is_located_by_its_own_zips(make: Make) {
        let lookup = make(&settings(&[], Some("17"))).unwrap();
        let pr = lookup.locate("PR", "00601").await.unwrap();
        assert_eq!(pr.country, "PR");
        assert_eq!(pr.tax_rate.millionths(), 105_000, "PR's IVU, not 17 %");
        assert_eq!(pr.state.as_deref(), Some("PR"));
        assert_eq!(
            lookup
                .locate("US", "00601")
                .await
                .unwrap()
                .tax_rate
                .millionths(),
            105_000
        );
        assert_eq!(lookup.locate("PR", "10001").await, Err(ZipError::Unknown));
    }

    pub async fn bad_settings_are_refused(make: Make) {
        for bad in [
            settings(&[("10001", "8,875")], None),
            settings(&[("1001", "5")], None),
            settings(&[("10001", "5"), ("10001", "6")], None),
            settings(&[], Some("88.75")),
            settings(&[], Some("")),
        ] {
            assert!(make(&bad).is_err(), "{bad:?} was taken");
        }
    }
}

macro_rules! suite {
    ($name:ident, $make:expr) => {
        mod $name {
            use super::*;
            suite!(@cases $make;
                a_known_zip_has_its_city_state_and_state_rate,
                a_zip_plus_four_is_located_by_its_first_five,
                an_unknown_us_zip_is_unknown,
                an_override_wins,
                another_country_takes_the_configured_rate,
                delaware_has_no_sales_tax,
                a_territory_is_located_by_its_own_zips,
                bad_settings_are_refused,
            );
        }
    };
    (@cases $make:expr; $($case:ident),* $(,)?) => {
        $(
            #[tokio::test]
            async fn $case() {
                cases::$case($make).await;
            }
        )*
    };
}

fn in_memory(settings: &TaxSettings) -> Result<Box<dyn ZipLookup>, TaxConfigError> {
    Ok(Box::new(InMemoryZipLookup::new(settings)?))
}

fn embedded(settings: &TaxSettings) -> Result<Box<dyn ZipLookup>, TaxConfigError> {
    Ok(Box::new(EmbeddedZipLookup::new(settings)?))
}

suite!(fake, in_memory);
suite!(embedded_data, embedded);

/// What only the embedded data knows.
mod embedded_only {
    use super::*;

    #[tokio::test]
    async fn places_and_rates_from_the_data() {
        let lookup = plain(embedded);
        for (zip, expected) in [
            // California's 6 % plus its statewide 1.25 %.
            ("90210", us("90210", 72_500, "Beverly Hills", "CA")),
            ("60601-1234", us("60601", 62_500, "Chicago", "IL")),
            // Hawaii's general excise tax.
            ("96801", us("96801", 40_000, "Honolulu", "HI")),
            ("97201", us("97201", 0, "Portland", "OR")),
            ("55401", us("55401", 68_750, "Minneapolis", "MN")),
            ("63101", us("63101", 42_250, "Saint Louis", "MO")),
            ("20001", us("20001", 65_000, "Washington", "DC")),
            ("00601", us("00601", 105_000, "Adjuntas", "PR")),
            ("96910", us("96910", 0, "Hagatna", "GU")),
            // Military mail: no state's sales tax.
            ("09001", us("09001", 0, "Apo", "AE")),
        ] {
            assert_eq!(lookup.locate("US", zip).await.unwrap(), expected, "{zip}");
        }
    }

    #[tokio::test]
    async fn the_fakes_zips_are_as_the_data_has_them() {
        let real = plain(embedded);
        let fake = plain(in_memory);
        for (zip, _, _) in store_adapters::fakes::KNOWN_ZIPS {
            assert_eq!(
                fake.locate("US", zip).await,
                real.locate("US", zip).await,
                "{zip}"
            );
        }
    }
}
