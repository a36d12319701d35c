import { useAtomValue } from 'jotai'
import { Link } from 'react-router'
import type { Schema } from '@/lib/api/client'
import { hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { AddToBagButton, ChooseOptionsLink, FavoriteButton } from './BagButtons'
import { messages } from './messages'
import { Price } from './Price'
import styles from './ProductCard.module.css'

interface ProductCardProps {
  item: Schema<'ProductCard'>
  /** The card title's heading level, one below the section it sits in. */
  headingLevel?: 2 | 3
  /** An extra line under the price, e.g. a quantity in a bundle. */
  note?: string
  /** Load the picture at once: the card is in the first screen and may be its largest paint. */
  eager?: boolean
  /** Show the Save to Favorites toggle (the favorites page has its own Remove button). */
  favoriteButton?: boolean
}

export function ProductCard({ item, headingLevel = 3, note, eager = false, favoriteButton = true }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  // Spec 4.9: the Hebrew title where the shopper chose Hebrew and the product has one.
  const title = localize(language, hebrewApplies(language, item), item.title, item.heb_title)
  return (
    <article className={styles.card}>
      {/* The linked title names the product, so the picture is decorative here;
          the title's link stretches over the whole card, picture included. */}
      {item.image ? (
        <img
          className={styles.image}
          src={item.image}
          alt=""
          width={320}
          height={320}
          loading={eager ? 'eager' : 'lazy'}
        />
      ) : (
        <div className={styles.image} />
      )}
      <Heading className={styles.title} {...title.attributes}>
        <Link to={item.path} className={styles.link}>
          {title.text}
        </Link>
      </Heading>
      {item.vendor_name && <p className={styles.vendor}>{item.vendor_name}</p>}
      <Price price={item.price} fakePrice={item.fake_price} />
      {!item.in_stock && <p className={styles.note}>{t('outOfStock')}</p>}
      {note && <p className={styles.note}>{note}</p>}
      {/* Above the card's stretched link, so they take their own clicks. */}
      <div className={styles.actions}>
        {item.type === 'variation' ? (
          <ChooseOptionsLink to={item.path} title={title} />
        ) : (
          <AddToBagButton
            compact
            title={title}
            disabled={!item.in_stock}
            line={() => ({
              id: item.id,
              type: item.type,
              item_key: '',
              quantity: 1,
              gift_options: false,
              personalization: {},
            })}
          />
        )}
        {favoriteButton && <FavoriteButton compact title={title} favorite={{ id: item.id, kind: item.kind }} />}
      </div>
    </article>
  )
}
