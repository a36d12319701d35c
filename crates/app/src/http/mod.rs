//! The HTTP edge: the server loop and the middleware every request passes through.

pub mod body_limit;
pub mod observe;
pub mod request_id;
pub mod request_log;
pub mod request_timeout;
pub mod security_headers;
pub mod server;
