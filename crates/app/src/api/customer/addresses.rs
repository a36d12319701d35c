//! Saved addresses (spec 7 `/api/customer/address`).

use super::{CustomerApiError, signed_in};
use crate::api::ApiTags;
use crate::api::accounts::session_cookie::Session;
use crate::api::error::ApiError;
use crate::api::text::Text;
use crate::state::AppState;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use store_domain::accounts::{self, Address, AddressFields, RawAddress};

pub struct AddressesApi {
    pub state: AppState,
}

/// An address as the customer enters it.
#[derive(Object)]
pub struct AddressInput {
    /// Who receives the parcel.
    pub name: Text,
    pub line1: Text,
    #[oai(default)]
    pub line2: Text,
    pub city: Text,
    /// State, province or region, where the country has them.
    #[oai(default)]
    pub region: Text,
    /// A US ZIP code is five digits or ZIP+4.
    pub postal_code: Text,
    /// A two-letter code from `GET /api/countries`.
    pub country: Text,
    pub phone: Text,
    /// Checkout starts with the default address (or the first).
    #[oai(default)]
    pub default: bool,
}

/// Spec 3's address.
#[derive(Object)]
pub struct AddressDto {
    pub id: i64,
    pub name: String,
    pub line1: String,
    pub line2: String,
    pub city: String,
    pub region: String,
    pub postal_code: String,
    pub country: String,
    pub phone: String,
    pub default: bool,
}

impl From<Address> for AddressDto {
    fn from(a: Address) -> Self {
        let f = a.fields;
        AddressDto {
            id: a.id,
            name: f.name,
            line1: f.line1,
            line2: f.line2,
            city: f.city,
            region: f.region,
            postal_code: f.postal_code,
            country: f.country,
            phone: f.phone,
            default: f.default,
        }
    }
}

/// Every address of the account, and the one added.
#[derive(Object)]
pub struct AddressAdded {
    pub addresses: Vec<AddressDto>,
    pub address: AddressDto,
}

#[derive(Object)]
pub struct AddressList {
    pub addresses: Vec<AddressDto>,
}

#[derive(Object)]
pub struct AddressRemoved {
    pub address: AddressDto,
}

/// An address as typed, checked (the account's and a guest's at checkout alike).
pub(crate) fn address_fields(
    state: &AppState,
    input: &AddressInput,
) -> Result<AddressFields, ApiError> {
    let raw = RawAddress {
        name: &input.name,
        line1: &input.line1,
        line2: &input.line2,
        city: &input.city,
        region: &input.region,
        postal_code: &input.postal_code,
        country: &input.country,
        phone: &input.phone,
        default: input.default,
    };
    let countries = state.checkout.countries.countries();
    Ok(AddressFields::parse(&raw, &countries)?)
}

impl AddressesApi {
    fn fields(&self, input: &AddressInput) -> Result<AddressFields, CustomerApiError> {
        Ok(address_fields(&self.state, input)?)
    }

    async fn all(&self, customer: i64) -> Result<Vec<AddressDto>, CustomerApiError> {
        let list = self
            .state
            .customer
            .addresses
            .addresses(customer)
            .await
            .map_err(ApiError::from)?;
        Ok(list.into_iter().map(AddressDto::from).collect())
    }
}

#[OpenApi(tag = "ApiTags::Customer")]
impl AddressesApi {
    /// Saves a new address (at most 20; 409 beyond). Marking it the default clears the
    /// old default.
    #[oai(path = "/customer/address", method = "post")]
    async fn add(
        &self,
        #[oai(name = "session")] session: Session,
        body: Json<AddressInput>,
    ) -> Result<Json<AddressAdded>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let fields = self.fields(&body)?;
        let address =
            accounts::add_address(self.state.customer.addresses.as_ref(), customer.id, &fields)
                .await?;
        Ok(Json(AddressAdded {
            addresses: self.all(customer.id).await?,
            address: address.into(),
        }))
    }

    /// Rewrites a saved address.
    #[oai(path = "/customer/address/:id", method = "post")]
    async fn update(
        &self,
        #[oai(name = "session")] session: Session,
        id: Path<i64>,
        body: Json<AddressInput>,
    ) -> Result<Json<AddressList>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let fields = self.fields(&body)?;
        accounts::update_address(
            self.state.customer.addresses.as_ref(),
            customer.id,
            id.0,
            &fields,
        )
        .await?;
        Ok(Json(AddressList {
            addresses: self.all(customer.id).await?,
        }))
    }

    /// Removes a saved address and answers it.
    #[oai(path = "/customer/address/:id", method = "delete")]
    async fn remove(
        &self,
        #[oai(name = "session")] session: Session,
        id: Path<i64>,
    ) -> Result<Json<AddressRemoved>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let address =
            accounts::remove_address(self.state.customer.addresses.as_ref(), customer.id, id.0)
                .await?;
        Ok(Json(AddressRemoved {
            address: address.into(),
        }))
    }
}
