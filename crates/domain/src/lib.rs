//! The store's core: entities, business rules and the ports (traits) through which it
//! reaches the outside world. Nothing here performs I/O or names a database, web
//! framework or async runtime; adapters implement the ports, the app wires them.

pub mod accounts;
pub mod availability;
pub mod bag;
pub mod browse;
pub mod campaigns;
pub mod catalog;
pub mod checkout;
pub mod client_errors;
pub mod clock;
pub mod facets;
pub mod input;
pub mod jobs;
pub mod language;
pub mod location;
pub mod messages;
pub mod money;
pub mod newsletter;
pub mod orders;
pub mod payments;
pub mod ports;
pub mod reference;
pub mod retention;
pub mod returns;
pub mod school;
pub mod search;
pub mod shipping;
pub mod subscriptions;
pub mod token;
