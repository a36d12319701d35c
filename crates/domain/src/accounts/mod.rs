//! Customer accounts (spec 3 "Customer", 4.3, 6): registration confirmed by a mailed
//! code, sign-in behind a server-side session, sign-out, the profile, and a password
//! reset by a mailed link.
//!
//! - `customer`: a customer and what a shopper types to become or be one.
//! - `session`: the use cases over the `Accounts`, `Passwords` and `Mailer` ports.
//! - `bag`: the signed-in customer's bag and later list, stored on the server.
//! - `picks`: favorites and the creators and vendors followed.
//! - `addresses`: saved addresses.
//!
//! Nothing here says whether an address has an account: registration and the
//! password reset answer the same for every valid address and tell the owner by mail.

mod addresses;
mod bag;
mod customer;
mod picks;
mod session;

pub use addresses::{
    Address, AddressError, AddressFields, MAX_ADDRESSES, RawAddress, add_address, checkout_default,
    remove_address, update_address,
};
pub use bag::{BagEdit, BagEditError, EDIT_ATTEMPTS, edit_bag, stored_bag};
pub use picks::{
    Following, MAX_PICKS_PER_REQUEST, Pick, PickError, PickKind, add_favorites, favorites, follow,
    following, remove_favorites, unfollow,
};

pub use customer::{
    Customer, MAX_CUSTOMER_NAME, MAX_PASSWORD, MIN_PASSWORD, NewCustomer, Password, Profile,
};
pub use session::{
    AccountError, Links, Policy, confirm_registration, current_customer, forgot_password, log_in,
    log_out, register, reset_password, update_profile,
};
