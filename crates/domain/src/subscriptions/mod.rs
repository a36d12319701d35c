//! Subscriptions and recurring orders (issue 29): deliveries charged to a saved card
//! on a schedule, each period exactly once, through the same order path as checkout.

pub mod mail;
pub mod manage;
pub mod model;
pub mod plans;
pub mod price_notice;
pub mod schedule;
pub mod scheduler;
pub mod storage;
