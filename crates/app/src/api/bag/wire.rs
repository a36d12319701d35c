//! The bag's wire types, in spec 3's field names. A line sent in carries only what the
//! shopper chose (item, quantity, options); whatever else a client sends with it
//! (price, max, title) is not read. A line sent back carries the catalogue's figures.

use crate::api::catalog::wire::{ProductMeta, VariationOption, cents, options};
use crate::api::text::Text;
use poem_openapi::{Enum, Object, Union};
use std::collections::BTreeMap;
use store_domain::bag::{
    BagError, BagLine, Change, ItemRef, LineKey, LineType, ListName, Lists, PricedLine, Quote,
    Totals, Withdrawn,
};
use store_domain::catalog::shown_fake_price;
use store_domain::school::Pick;

/// A line's `type` (spec 3).
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "LineType")]
pub enum LineTypeDto {
    #[oai(rename = "product")]
    Product,
    #[oai(rename = "variation")]
    Variation,
    #[oai(rename = "giftCard")]
    GiftCard,
    #[oai(rename = "bundle")]
    Bundle,
}

impl From<LineTypeDto> for LineType {
    fn from(t: LineTypeDto) -> Self {
        match t {
            LineTypeDto::Product => LineType::Product,
            LineTypeDto::Variation => LineType::Variation,
            LineTypeDto::GiftCard => LineType::GiftCard,
            LineTypeDto::Bundle => LineType::Bundle,
        }
    }
}

impl From<LineType> for LineTypeDto {
    fn from(t: LineType) -> Self {
        match t {
            LineType::Product => LineTypeDto::Product,
            LineType::Variation => LineTypeDto::Variation,
            LineType::GiftCard => LineTypeDto::GiftCard,
            LineType::Bundle => LineTypeDto::Bundle,
        }
    }
}

/// Which line: spec 4.1's identity.
#[derive(Object, Clone, Debug)]
pub struct LineKeyDto {
    /// The product's, variation's or bundle's id.
    #[oai(validator(minimum(value = "1")))]
    pub id: i64,
    #[oai(rename = "type")]
    pub line_type: LineTypeDto,
    /// Empty for an unpersonalised line; the client's random id for a personalised one.
    #[oai(default, validator(max_length = 64, pattern = "^[A-Za-z0-9_-]*$"))]
    pub item_key: Text,
}

impl From<LineKeyDto> for LineKey {
    fn from(k: LineKeyDto) -> Self {
        LineKey {
            id: k.id,
            line_type: k.line_type.into(),
            item_key: k.item_key.into(),
        }
    }
}

/// A line as a shopper's client sends it.
#[derive(Object, Clone, Debug)]
pub struct LineInput {
    #[oai(flatten)]
    pub key: LineKeyDto,
    /// 0 asks for one (spec 4.1); above the item's `max` is lowered to it.
    #[oai(validator(minimum(value = "0"), maximum(value = "9999")))]
    pub quantity: i64,
    /// Whether the item's gift options (wrapping) are chosen.
    #[oai(default)]
    pub gift_options: bool,
    /// Personalization field key to the text entered; all blank removes it.
    #[oai(default)]
    pub personalization: BTreeMap<String, Text>,
}

impl LineInput {
    fn parse(self, list: ListName, index: usize) -> Result<BagLine, BagError> {
        BagLine::parse(
            list,
            index,
            self.key.into(),
            self.quantity,
            self.gift_options,
            self.personalization
                .into_iter()
                .map(|(k, v)| (k, v.to_string()))
                .collect(),
        )
    }
}

pub fn parse_list(list: ListName, lines: Vec<LineInput>) -> Result<Vec<BagLine>, BagError> {
    store_domain::bag::check_length(list, lines.len())?;
    lines
        .into_iter()
        .enumerate()
        .map(|(index, line)| line.parse(list, index))
        .collect()
}

/// `POST /api/max`'s body (spec 7).
#[derive(Object)]
pub struct MaxRequest {
    #[oai(validator(max_items = 100))]
    pub products: Vec<LineInput>,
}

impl MaxRequest {
    pub fn lines(self) -> Result<Vec<BagLine>, BagError> {
        parse_list(ListName::Products, self.products)
    }
}

#[derive(Object)]
pub struct MaxAnswer {
    pub products: Vec<Line>,
}

/// Which list a line is in.
#[derive(Enum, Clone, Copy, Debug)]
#[oai(rename = "BagList", rename_all = "snake_case")]
pub enum ListDto {
    Products,
    Later,
}

impl From<ListDto> for ListName {
    fn from(l: ListDto) -> Self {
        match l {
            ListDto::Products => ListName::Products,
            ListDto::Later => ListName::Later,
        }
    }
}

impl From<ListName> for ListDto {
    fn from(l: ListName) -> Self {
        match l {
            ListName::Products => ListDto::Products,
            ListName::Later => ListDto::Later,
        }
    }
}

#[derive(Object)]
pub struct AddChange {
    pub line: LineInput,
}

/// The catalogue item a school list's pick takes instead of the listed one.
#[derive(Object)]
pub struct ItemRefDto {
    #[oai(rename = "type")]
    pub line_type: LineTypeDto,
    #[oai(validator(minimum(value = "1")))]
    pub id: i64,
}

/// One ticked item of a school list.
#[derive(Object)]
pub struct PickInput {
    /// The item's `position` in the list.
    #[oai(validator(minimum(value = "0"), maximum(value = "1000")))]
    pub position: u32,
    #[oai(validator(minimum(value = "1"), maximum(value = "9999")))]
    pub quantity: i64,
    /// One of the item's `substitutes`, bought instead of it.
    pub substitute: Option<ItemRefDto>,
}

/// A school list's ticked items, all put in the bag at once (issue 30). A pick the list
/// does not allow is refused (400, naming `picks[i]`); an item the catalogue cannot
/// sell now is left out, and `added` in the answer says what each pick brought.
#[derive(Object)]
pub struct AddListChange {
    pub grade_id: i64,
    pub list_id: i64,
    #[oai(validator(min_items = 1, max_items = 100))]
    pub picks: Vec<PickInput>,
}

#[derive(Object)]
pub struct ReplaceChange {
    /// The bag line to rewrite, as it is now.
    pub key: LineKeyDto,
    /// What it becomes: a new quantity, gift options or personalization.
    pub line: LineInput,
}

/// Moves a bag line to the later list. (Each action has its own object: the document
/// names a union's member by its object.)
#[derive(Object)]
pub struct MoveToLaterChange {
    pub key: LineKeyDto,
}

/// Moves a later line back to the bag.
#[derive(Object)]
pub struct MoveToBagChange {
    pub key: LineKeyDto,
}

#[derive(Object)]
pub struct RemoveChange {
    pub list: ListDto,
    pub key: LineKeyDto,
}

/// One edit of the bag or the later list, applied before the rules and the pricing.
#[derive(Union)]
#[oai(discriminator_name = "action")]
pub enum ChangeInput {
    /// Put a line in the bag; a line with the same identity adds to its quantity.
    #[oai(mapping = "add")]
    Add(AddChange),
    /// Rewrite a bag line (quantity, gift options, personalization).
    #[oai(mapping = "replace")]
    Replace(ReplaceChange),
    #[oai(mapping = "move_to_later")]
    MoveToLater(MoveToLaterChange),
    #[oai(mapping = "move_to_bag")]
    MoveToBag(MoveToBagChange),
    #[oai(mapping = "remove")]
    Remove(RemoveChange),
    #[oai(mapping = "add_list")]
    AddList(AddListChange),
}

/// A line taken out of its list because the catalogue no longer sells it as it was.
#[derive(Object)]
pub struct WithdrawnLine {
    pub list: ListDto,
    pub id: i64,
    #[oai(rename = "type")]
    pub line_type: LineTypeDto,
    pub item_key: String,
    /// Why, in English: for the shopper's support request and the logs.
    pub reason: String,
}

impl From<Withdrawn> for WithdrawnLine {
    fn from(w: Withdrawn) -> Self {
        WithdrawnLine {
            list: w.list.into(),
            id: w.line.key.id,
            line_type: w.line.key.line_type.into(),
            item_key: w.line.key.item_key,
            reason: w.reason,
        }
    }
}

/// The bag and later list as the client holds them (unavailable lines included), and
/// optionally one edit to make.
#[derive(Object)]
pub struct QuoteRequest {
    /// The bag: spec 3's `products` with `unavailableCart`.
    #[oai(validator(max_items = 100))]
    pub products: Vec<LineInput>,
    /// Saved for later, with `unavailableLater`.
    #[oai(validator(max_items = 100))]
    pub later: Vec<LineInput>,
    pub change: Option<ChangeInput>,
}

impl QuoteRequest {
    /// The lists, and the change still to resolve (`super::resolve_change`).
    pub fn parse(self) -> Result<(Lists, Option<ChangeInput>), BagError> {
        let lists = Lists {
            products: parse_list(ListName::Products, self.products)?,
            later: parse_list(ListName::Later, self.later)?,
        };
        Ok((lists, self.change))
    }
}

/// How a change is read: a line edit on its own, or a school list's picks, which
/// need the list (`super::resolve_change`).
pub enum ParsedChange {
    Ready(Change),
    List {
        grade_id: i64,
        list_id: i64,
        picks: Vec<Pick>,
    },
}

impl ChangeInput {
    pub fn parse(self) -> Result<ParsedChange, BagError> {
        Ok(ParsedChange::Ready(match self {
            ChangeInput::AddList(c) => {
                return Ok(ParsedChange::List {
                    grade_id: c.grade_id,
                    list_id: c.list_id,
                    picks: c
                        .picks
                        .into_iter()
                        .map(|p| Pick {
                            position: p.position as usize,
                            quantity: p.quantity,
                            substitute: p.substitute.map(|s| ItemRef::of(s.line_type.into(), s.id)),
                        })
                        .collect(),
                });
            }
            ChangeInput::Add(c) => Change::Add(line_of_change(c.line)?),
            ChangeInput::Replace(c) => Change::Replace {
                key: c.key.into(),
                line: line_of_change(c.line)?,
            },
            ChangeInput::MoveToLater(c) => Change::MoveToLater(c.key.into()),
            ChangeInput::MoveToBag(c) => Change::MoveToBag(c.key.into()),
            ChangeInput::Remove(c) => Change::Remove {
                list: c.list.into(),
                key: c.key.into(),
            },
        }))
    }
}

/// What one line of a school list's add brought to the bag.
#[derive(Object)]
pub struct AddedLine {
    pub id: i64,
    #[oai(rename = "type")]
    pub line_type: LineTypeDto,
    pub asked: i64,
    /// Fewer than `asked` when stock or the per-order limit capped it; 0 when the
    /// item cannot be bought now.
    pub added: i64,
}

/// A change's line is named `change.line` in a refusal.
fn line_of_change(line: LineInput) -> Result<BagLine, BagError> {
    line.parse(ListName::Products, 0).map_err(|err| BagError {
        message: err.message.replacen("products[0]", "change.line", 1),
        ..err
    })
}

/// A line as the catalogue prices it now (spec 3's bag line and the fields a line built
/// from a product carries). Amounts are cents.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct Line {
    pub id: i64,
    #[oai(rename = "type")]
    pub line_type: LineTypeDto,
    pub item_key: String,
    pub quantity: i64,
    /// The most this line may hold now: the stock, capped by `max_quantity`.
    pub max: i64,
    /// Unit price.
    pub price: i64,
    /// The struck-through unit price; present only when higher than `price`.
    pub fake_price: Option<i64>,
    pub tax_code: String,
    /// `digital`, `service` or `others`.
    pub item_type: String,
    pub gift_options: bool,
    pub personalization: BTreeMap<String, String>,
    /// The gift options and personalization fields the item offers, with their prices.
    pub meta: ProductMeta,
    pub product_id: i64,
    pub title: String,
    pub heb_title: Option<String>,
    pub vendor: Option<String>,
    pub path: String,
    pub image: Option<String>,
    pub max_quantity: Option<i64>,
    pub sku: String,
    pub exclude_free_shipping: bool,
    /// A variation's choices ("Size": "Large").
    pub options: Vec<VariationOption>,
}

impl Line {
    fn new(line: BagLine, offer: store_domain::bag::Offer) -> Self {
        Line {
            max: offer.max(),
            id: line.key.id,
            line_type: line.key.line_type.into(),
            item_key: line.key.item_key,
            quantity: line.quantity,
            fake_price: shown_fake_price(offer.price, offer.fake_price).map(cents),
            price: cents(offer.price),
            tax_code: offer.tax_code,
            item_type: offer.item_type,
            gift_options: line.gift_options,
            personalization: line.personalization,
            meta: ProductMeta::new(offer.gift_options_price, offer.personalization),
            product_id: offer.product_id,
            title: offer.title,
            heb_title: offer.heb_title,
            vendor: offer.vendor_name,
            path: offer.path,
            image: offer.image,
            max_quantity: offer.max_quantity,
            sku: offer.sku,
            exclude_free_shipping: offer.exclude_free_shipping,
            options: options(offer.options),
        }
    }

    pub fn available(pairs: Vec<(BagLine, store_domain::bag::Offer)>) -> Vec<Line> {
        pairs.into_iter().map(|(l, o)| Line::new(l, o)).collect()
    }
}

/// A bag line with what it costs.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PricedLineDto {
    #[oai(flatten)]
    pub line: Line,
    /// `price` × `quantity`.
    pub line_subtotal: i64,
    pub line_gift_options: i64,
    pub line_personalization_fee: i64,
    /// The line's share of the discount code (checkout), taken off before its tax.
    pub line_discount: i64,
    /// Tax on the line's costs less its discount share, rounded to the cent.
    pub line_tax: i64,
}

fn priced(lines: Vec<PricedLine>) -> Vec<PricedLineDto> {
    lines
        .into_iter()
        .map(|p| PricedLineDto {
            line_subtotal: cents(p.figures.merchandise),
            line_gift_options: cents(p.figures.gift_options),
            line_personalization_fee: cents(p.figures.personalization_fee),
            line_discount: cents(p.figures.discount),
            line_tax: cents(p.figures.tax),
            line: Line::new(p.line, p.offer),
        })
        .collect()
}

/// Spec 9's figures, in cents.
#[derive(Object)]
pub struct TotalsDto {
    /// The sum of the bag's quantities.
    pub count: i64,
    pub subtotal: i64,
    pub tax: i64,
    pub shipping: i64,
    pub gift_options: i64,
    pub personalization_fees: i64,
    pub discount: i64,
    /// subtotal + personalization fees + tax + shipping + gift options − discount, never below 0.
    pub total: i64,
}

impl From<Totals> for TotalsDto {
    fn from(t: Totals) -> Self {
        TotalsDto {
            count: t.count,
            subtotal: cents(t.subtotal),
            tax: cents(t.tax),
            shipping: cents(t.shipping),
            gift_options: cents(t.gift_options),
            personalization_fees: cents(t.personalization_fees),
            discount: cents(t.discount),
            total: cents(t.total),
        }
    }
}

/// Both lists after the edit and the rules, priced, with the bag's totals.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct QuoteAnswer {
    /// Lines sent in that the catalogue no longer sells as they were (the item is gone,
    /// or no longer has the type or options chosen), taken out of their list.
    pub withdrawn: Vec<WithdrawnLine>,
    pub products: Vec<PricedLineDto>,
    pub later: Vec<PricedLineDto>,
    /// Bag lines whose item has none left (spec 3's `unavailableCart`).
    pub unavailable_cart: Vec<PricedLineDto>,
    pub unavailable_later: Vec<PricedLineDto>,
    pub totals: TotalsDto,
    /// Every line is digital, a gift card or a service: nothing to ship.
    pub digital_only: bool,
    /// The merchandise total that ships free; absent when every order ships free.
    pub free_shipping_over: Option<i64>,
    /// How much more would ship free; absent when every order ships free.
    pub free_shipping_remaining: Option<i64>,
    /// For an `add_list` change only: each line asked for, and what it brought.
    pub added: Option<Vec<AddedLine>>,
}

impl QuoteAnswer {
    pub fn new(q: Quote, free_shipping_over: Option<i64>) -> Self {
        QuoteAnswer {
            withdrawn: q.withdrawn.into_iter().map(WithdrawnLine::from).collect(),
            products: priced(q.products),
            later: priced(q.later),
            unavailable_cart: priced(q.unavailable_cart),
            unavailable_later: priced(q.unavailable_later),
            totals: q.totals.into(),
            digital_only: q.digital_only,
            free_shipping_over,
            free_shipping_remaining: q.free_shipping_remaining.map(cents),
            added: (!q.added.is_empty()).then(|| {
                q.added
                    .into_iter()
                    .map(|a| AddedLine {
                        id: a.key.id,
                        line_type: a.key.line_type.into(),
                        asked: a.asked,
                        added: a.added,
                    })
                    .collect()
            }),
        }
    }
}
