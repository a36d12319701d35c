//! A customer, and the registration, sign-in and profile input that names one.

use crate::input::{Email, InputError, refuse, text};

/// The longest name kept, in characters.
pub const MAX_CUSTOMER_NAME: usize = 100;
/// OWASP's and NIST's bounds: at least 8 characters, and long passphrases welcome.
pub const MIN_PASSWORD: usize = 8;
pub const MAX_PASSWORD: usize = 128;

/// Spec 3's customer, as far as the session knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Customer {
    pub id: i64,
    pub email: Email,
    pub name: String,
}

impl Customer {
    /// Spec 3: the text of the name before the first space, or the whole name.
    pub fn first_name(&self) -> &str {
        self.name.split(' ').next().unwrap_or_default()
    }
}

/// A customer name: one line of 1 to `MAX_CUSTOMER_NAME` characters.
fn customer_name(raw: &str) -> Result<String, InputError> {
    text("name", raw, 1, MAX_CUSTOMER_NAME)
}

/// A password as typed. Kept whole (spaces count: a passphrase is a password), never
/// printed: its `Debug` hides it, so it cannot reach a log by accident.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(hidden)")
    }
}

impl Password {
    /// A new password: `MIN_PASSWORD..=MAX_PASSWORD` characters, not only spaces.
    pub fn new_password(raw: &str) -> Result<Self, InputError> {
        let length = raw.chars().count();
        if raw.trim().is_empty() {
            return Err(refuse("password", "is required"));
        }
        if length < MIN_PASSWORD {
            return Err(refuse(
                "password",
                format!("needs at least {MIN_PASSWORD} characters"),
            ));
        }
        Password::given(raw)
    }

    /// A password given to sign in: only its length is bounded, so that a password
    /// set under older rules still works.
    pub fn given(raw: &str) -> Result<Self, InputError> {
        if raw.is_empty() {
            return Err(refuse("password", "is required"));
        }
        if raw.chars().count() > MAX_PASSWORD {
            return Err(refuse(
                "password",
                format!("must be at most {MAX_PASSWORD} characters"),
            ));
        }
        Ok(Password(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// A registration as typed, checked.
#[derive(Debug, Clone)]
pub struct NewCustomer {
    pub email: Email,
    pub name: String,
    pub password: Password,
}

impl NewCustomer {
    pub fn parse(email: &str, name: &str, password: &str) -> Result<Self, InputError> {
        Ok(NewCustomer {
            email: Email::parse(email)?,
            name: customer_name(name)?,
            password: Password::new_password(password)?,
        })
    }
}

/// A profile change (spec 7 `POST /api/customer`): the name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub name: String,
}

impl Profile {
    pub fn parse(name: &str) -> Result<Self, InputError> {
        Ok(Profile {
            name: customer_name(name)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn customer(name: &str) -> Customer {
        Customer {
            id: 1,
            email: Email::parse("dana@example.com").unwrap(),
            name: name.into(),
        }
    }

    #[test]
    fn the_first_name_is_the_name_up_to_the_first_space() {
        assert_eq!(customer("Dana Levi").first_name(), "Dana");
        assert_eq!(customer("Dana").first_name(), "Dana");
        assert_eq!(customer("דנה לוי כהן").first_name(), "דנה");
    }

    #[test]
    fn passwords_are_bounded_and_never_printed() {
        assert!(Password::new_password("short").is_err());
        assert!(Password::new_password("        ").is_err());
        assert!(Password::new_password(&"x".repeat(MAX_PASSWORD + 1)).is_err());
        let p = Password::new_password("correct horse").unwrap();
        assert_eq!(p.expose(), "correct horse");
        assert!(!format!("{p:?}").contains("horse"));
        // Signing in checks only the bounds: an old short password still works.
        assert!(Password::given("short").is_ok());
        assert!(Password::given("").is_err());
    }

    #[test]
    fn a_registration_names_the_field_it_refuses() {
        let err = NewCustomer::parse("dana@example.com", " ", "correct horse").unwrap_err();
        assert_eq!(err.field, "name");
        let err = NewCustomer::parse("dana", "Dana", "correct horse").unwrap_err();
        assert_eq!(err.field, "email");
        let ok = NewCustomer::parse(" Dana@Example.com ", " Dana Levi ", "correct horse").unwrap();
        assert_eq!(
            (ok.email.as_str(), ok.name.as_str()),
            ("dana@example.com", "Dana Levi")
        );
    }
}
