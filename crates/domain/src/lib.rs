//! The store's core: entities, business rules and the ports (traits) through which it
//! reaches the outside world. Nothing here performs I/O or names a database, web
//! framework or async runtime; adapters implement the ports, the app wires them.

pub mod browse;
pub mod catalog;
pub mod facets;
pub mod inbound;
pub mod money;
pub mod newsletter;
pub mod ports;
pub mod reference;
pub mod search;
