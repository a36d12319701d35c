//! `store products change`: the owner changes a product's price, stock or titles, or
//! hides it (off sale and out of sight, with any bundle holding it) and shows it again.
//! The rules a change keeps are the domain's (`ProductChange::validate`).

use clap::{Args, Subcommand};
use store_domain::catalog::ProductChange;
use store_domain::money::Money;
use store_domain::ports::{CatalogError, CatalogWriter};

#[derive(Debug, Subcommand)]
pub enum ProductsCommand {
    /// Change one product; what is not given keeps its value.
    Change(ChangeArgs),
}

#[derive(Debug, Args)]
pub struct ChangeArgs {
    /// The product's id, as in its page's address (/products/SLUG/ID).
    #[arg(value_name = "ID")]
    id: i64,
    /// The price in cents: 1250 is $12.50.
    // Negative numbers reach the domain's rules, which say what is wrong with them.
    #[arg(long, value_name = "CENTS", allow_negative_numbers = true)]
    price: Option<i64>,
    /// Units in stock.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    stock: Option<i64>,
    /// The English title.
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
    /// The Hebrew title.
    #[arg(long, value_name = "TEXT", conflicts_with = "clear_hebrew_title")]
    hebrew_title: Option<String>,
    /// Remove the Hebrew title: the Hebrew storefront shows the English one.
    #[arg(long)]
    clear_hebrew_title: bool,
    /// Take the product off sale and out of sight.
    #[arg(long, conflicts_with = "show")]
    hide: bool,
    /// Put a hidden product back on sale and in sight.
    #[arg(long)]
    show: bool,
}

impl ChangeArgs {
    /// The change these arguments ask for, not yet checked against the rules.
    pub fn change(&self) -> ProductChange {
        let heb_title = if self.clear_hebrew_title {
            Some(None)
        } else {
            self.hebrew_title.clone().map(Some)
        };
        let hidden = match (self.hide, self.show) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        };
        ProductChange {
            price: self.price.map(Money::from_cents),
            stock: self.stock,
            title: self.title.clone(),
            heb_title,
            hidden,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ProductsCliError {
    #[error("there is no product {0}; nothing changed")]
    Unknown(i64),
    #[error("product {id} not changed: {why}")]
    Refused { id: i64, why: String },
    #[error(transparent)]
    Catalog(CatalogError),
}

/// Runs `command` against `writer`; what to print.
pub async fn run(
    writer: &dyn CatalogWriter,
    command: &ProductsCommand,
) -> Result<String, ProductsCliError> {
    match command {
        ProductsCommand::Change(args) => {
            let change = args.change();
            match writer.change_product(args.id, &change).await {
                Ok(true) => Ok(format!(
                    "changed product {}: {}\n",
                    args.id,
                    described(&change)
                )),
                Ok(false) => Err(ProductsCliError::Unknown(args.id)),
                Err(CatalogError::Rejected(why)) => {
                    Err(ProductsCliError::Refused { id: args.id, why })
                }
                Err(other) => Err(ProductsCliError::Catalog(other)),
            }
        }
    }
}

/// What `change` set, in the order of the command's options.
fn described(change: &ProductChange) -> String {
    let mut parts = Vec::new();
    if let Some(price) = change.price {
        parts.push(format!("price {price}"));
    }
    if let Some(stock) = change.stock {
        parts.push(format!("stock {stock}"));
    }
    if let Some(title) = &change.title {
        parts.push(format!("title \"{title}\""));
    }
    match &change.heb_title {
        Some(Some(title)) => parts.push(format!("Hebrew title \"{title}\"")),
        Some(None) => parts.push("Hebrew title cleared".into()),
        None => {}
    }
    match change.hidden {
        Some(true) => parts.push("hidden (off sale and out of sight)".into()),
        Some(false) => parts.push("shown (on sale again)".into()),
        None => {}
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use store_adapters::fakes::{InMemoryCatalog, fixture};
    use store_domain::ports::Catalog;

    #[derive(Parser)]
    struct Cli {
        #[command(subcommand)]
        command: ProductsCommand,
    }

    fn parse(args: &[&str]) -> Result<ProductsCommand, String> {
        Cli::try_parse_from(["products", "change"].iter().chain(args))
            .map(|cli| cli.command)
            .map_err(|e| e.to_string())
    }

    async fn catalog() -> InMemoryCatalog {
        let catalog = InMemoryCatalog::new();
        catalog.import(&fixture()).await.unwrap();
        catalog
    }

    async fn change(catalog: &InMemoryCatalog, args: &[&str]) -> Result<String, String> {
        run(catalog, &parse(args)?).await.map_err(|e| e.to_string())
    }

    #[tokio::test]
    async fn prints_what_it_changed() {
        let catalog = catalog().await;
        let done = change(
            &catalog,
            &[
                "12",
                "--price",
                "1250",
                "--stock",
                "0",
                "--title",
                "Kettle",
                "--hebrew-title",
                "קומקום",
            ],
        )
        .await;
        assert_eq!(
            done.unwrap(),
            "changed product 12: price $12.50, stock 0, title \"Kettle\", Hebrew title \"קומקום\"\n"
        );
        let kettle = catalog.product(12).await.unwrap().unwrap();
        assert_eq!((kettle.price.cents(), kettle.stock), (1250, 0));

        let done = change(&catalog, &["12", "--clear-hebrew-title", "--hide"]).await;
        assert_eq!(
            done.unwrap(),
            "changed product 12: Hebrew title cleared, hidden (off sale and out of sight)\n"
        );
        assert!(catalog.product(12).await.unwrap().is_none());
        let done = change(&catalog, &["12", "--show"]).await;
        assert_eq!(done.unwrap(), "changed product 12: shown (on sale again)\n");
        assert_eq!(catalog.product(12).await.unwrap().unwrap().heb_title, None);
    }

    #[tokio::test]
    async fn refuses_unknown_products_and_bad_values() {
        let catalog = catalog().await;
        for (args, says) in [
            (&["999", "--stock", "3"][..], "there is no product 999"),
            (
                &["12"],
                "product 12 not changed: the change changes nothing",
            ),
            (&["12", "--price", "-1"], "the price cannot be negative"),
            (&["12", "--stock", "-2"], "the stock cannot be negative"),
            (&["12", "--title", " "], "the title cannot be empty"),
            (&["12", "--hide", "--show"], "cannot be used with"),
            (
                &["12", "--hebrew-title", "x", "--clear-hebrew-title"],
                "cannot be used with",
            ),
            (&["twelve", "--hide"], "invalid value"),
        ] {
            let refused = change(&catalog, args)
                .await
                .expect_err(&format!("{args:?}"));
            assert!(refused.contains(says), "{args:?}: {refused}");
        }
        let kettle = catalog.product(12).await.unwrap().unwrap();
        assert_eq!((kettle.price.cents(), kettle.stock), (3000, 7));
    }
}
