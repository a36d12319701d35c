//! Returns (issue 28): what may come back from an order, what it gives back to the
//! cent and where the money goes, and the return's life from request to refund.

pub mod mail;
pub mod model;
pub mod policy;
pub mod refund;
pub mod service;
pub mod storage;
