//! The app over fakes, shared by the API test files.

// Each test file compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use std::sync::Arc;
use store_adapters::fakes::{InMemoryInbound, RecordingMailer};
use store_adapters::reference::{ConfiguredRates, EmbeddedCountries};
use store_app::state::{AppState, StoreFacts};
use store_domain::ports::Catalog;

pub struct Fakes {
    pub inbound: Arc<InMemoryInbound>,
    pub mailer: Arc<RecordingMailer>,
}

pub fn facts() -> StoreFacts {
    StoreFacts {
        name: "Olive Lane".into(),
        heb_name: "שדרת הזית".into(),
        help_email: "help@olivelane.example".into(),
        newsletter_confirm_url: "https://shop.example/newsletter/confirm".into(),
        free_shipping_over: Some(5000),
    }
}

pub fn state_with(catalog: Arc<dyn Catalog>) -> (AppState, Fakes) {
    let inbound = Arc::new(InMemoryInbound::new());
    let mailer = Arc::new(RecordingMailer::default());
    let state = AppState {
        catalog,
        countries: Arc::new(EmbeddedCountries::load()),
        rates: Arc::new(ConfiguredRates::new(&[("EUR".into(), 0.5), ("ILS".into(), 3.5)]).unwrap()),
        mailing_list: inbound.clone(),
        inbox: inbound.clone(),
        campaigns: inbound.clone(),
        error_reports: inbound.clone(),
        mailer: mailer.clone(),
        store: Arc::new(facts()),
    };
    (state, Fakes { inbound, mailer })
}
