//! The concrete adapters the handlers reach, chosen once at start-up.

use std::sync::Arc;
use store_domain::ports::{Catalog, Countries, CurrencyRates};

#[derive(Clone)]
pub struct AppState {
    pub catalog: Arc<dyn Catalog>,
    pub countries: Arc<dyn Countries>,
    pub rates: Arc<dyn CurrencyRates>,
}
