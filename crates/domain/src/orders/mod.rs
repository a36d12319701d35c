//! Orders (issue 14): placing one from the checkout quote, charged once and never
//! oversold whatever is retried or killed; the record kept of it; and its life after.

pub mod e_gift;
pub mod links;
pub mod mail;
pub mod manage;
pub mod model;
pub mod number;
pub mod place;
pub mod reconcile;
pub mod storage;
