//! Favorites (spec 7 `POST`/`PATCH /api/customer/favorites`) and following (spec 4.4,
//! `POST`/`PATCH`/`GET /api/customer/following`).

use super::{CustomerApiError, signed_in};
use crate::api::ApiTags;
use crate::api::accounts::session_cookie::Session;
use crate::state::AppState;
use poem_openapi::payload::Json;
use poem_openapi::{Enum, Object, OpenApi};
use store_domain::accounts::{self, Following, Pick, PickKind};

pub struct PicksApi {
    pub state: AppState,
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum FavoriteKind {
    Product,
    Bundle,
}

/// A favorite: a product or a bundle, by id.
#[derive(Object, Clone, Debug)]
pub struct Favorite {
    #[oai(validator(minimum(value = "1")))]
    pub id: i64,
    pub kind: FavoriteKind,
}

impl From<Favorite> for Pick {
    fn from(f: Favorite) -> Self {
        Pick {
            kind: match f.kind {
                FavoriteKind::Product => PickKind::Product,
                FavoriteKind::Bundle => PickKind::Bundle,
            },
            id: f.id,
        }
    }
}

/// A favorite as stored: only favorites' kinds reach here.
pub fn favorite(p: Pick) -> Favorite {
    Favorite {
        id: p.id,
        kind: if p.kind == PickKind::Bundle {
            FavoriteKind::Bundle
        } else {
            FavoriteKind::Product
        },
    }
}

/// Spec 7's `{ids}`: the favorites to add or remove.
#[derive(Object)]
pub struct FavoriteIds {
    #[oai(validator(max_items = 200))]
    pub ids: Vec<Favorite>,
}

/// The whole favorites list, newest first.
#[derive(Object)]
pub struct Favorites {
    pub favorites: Vec<Favorite>,
}

#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum FollowKind {
    Creator,
    Vendor,
}

/// Spec 3's following object: whom to follow.
#[derive(Object)]
pub struct FollowTarget {
    #[oai(rename = "type")]
    pub kind: FollowKind,
    #[oai(validator(minimum(value = "1")))]
    pub id: i64,
}

#[derive(Object)]
pub struct FollowRequest {
    pub following: FollowTarget,
}

impl From<&FollowTarget> for Pick {
    fn from(t: &FollowTarget) -> Self {
        Pick {
            kind: match t.kind {
                FollowKind::Creator => PickKind::Creator,
                FollowKind::Vendor => PickKind::Vendor,
            },
            id: t.id,
        }
    }
}

/// Spec 3 "Following": the ids followed, newest first.
#[derive(Object)]
pub struct FollowingDto {
    pub creators: Vec<i64>,
    pub vendors: Vec<i64>,
}

impl From<Following> for FollowingDto {
    fn from(f: Following) -> Self {
        FollowingDto {
            creators: f.creators,
            vendors: f.vendors,
        }
    }
}

fn picks_of(ids: Vec<Favorite>) -> Vec<Pick> {
    ids.into_iter().map(Pick::from).collect()
}

fn favorites(list: Vec<Pick>) -> Json<Favorites> {
    Json(Favorites {
        favorites: list.into_iter().map(favorite).collect(),
    })
}

#[OpenApi(tag = "ApiTags::Customer")]
impl PicksApi {
    /// Adds favorites and answers the whole list (spec 7); what is already a favorite
    /// stays as it was, so sending again after a failure is safe.
    #[oai(path = "/customer/favorites", method = "post")]
    async fn add_favorites(
        &self,
        #[oai(name = "session")] session: Session,
        body: Json<FavoriteIds>,
    ) -> Result<Json<Favorites>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let s = &self.state;
        let list = accounts::add_favorites(
            s.customer.picks.as_ref(),
            customer.id,
            &picks_of(body.0.ids),
            s.clock.now(),
        )
        .await?;
        Ok(favorites(list))
    }

    /// Removes favorites and answers the whole list; removing one that is not there
    /// changes nothing.
    #[oai(path = "/customer/favorites", method = "patch")]
    async fn remove_favorites(
        &self,
        #[oai(name = "session")] session: Session,
        body: Json<FavoriteIds>,
    ) -> Result<Json<Favorites>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let list = accounts::remove_favorites(
            self.state.customer.picks.as_ref(),
            customer.id,
            &picks_of(body.0.ids),
        )
        .await?;
        Ok(favorites(list))
    }

    /// The creators and vendors followed.
    #[oai(path = "/customer/following", method = "get")]
    async fn following(
        &self,
        #[oai(name = "session")] session: Session,
    ) -> Result<Json<FollowingDto>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let following = accounts::following(self.state.customer.picks.as_ref(), customer.id)
            .await
            .map_err(crate::api::error::ApiError::from)?;
        Ok(Json(following.into()))
    }

    /// Follows a creator or vendor (404 for one the catalogue does not have).
    #[oai(path = "/customer/following", method = "post")]
    async fn follow(
        &self,
        #[oai(name = "session")] session: Session,
        body: Json<FollowRequest>,
    ) -> Result<Json<FollowingDto>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let s = &self.state;
        let following = accounts::follow(
            s.customer.picks.as_ref(),
            s.catalogue.catalog.as_ref(),
            customer.id,
            (&body.0.following).into(),
            s.clock.now(),
        )
        .await?;
        Ok(Json(following.into()))
    }

    /// Unfollows (spec 7: the same body as following).
    #[oai(path = "/customer/following", method = "patch")]
    async fn unfollow(
        &self,
        #[oai(name = "session")] session: Session,
        body: Json<FollowRequest>,
    ) -> Result<Json<FollowingDto>, CustomerApiError> {
        let customer = signed_in(&self.state, session.token()).await?;
        let following = accounts::unfollow(
            self.state.customer.picks.as_ref(),
            customer.id,
            (&body.0.following).into(),
        )
        .await?;
        Ok(Json(following.into()))
    }
}
