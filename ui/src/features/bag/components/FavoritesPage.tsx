import { useAtom, useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Named } from '@/components/BagButtons'
import { Loading } from '@/components/Loading'
import { ProductCard } from '@/components/ProductCard'
import type { Schema } from '@/lib/api/client'
import { favoritesAtom, getFavoriteCards, toggleFavorite } from '@/lib/favorites'
import { hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import gridStyles from '@/components/ProductGrid.module.css'
import { messages } from '../messages'
import styles from './Bag.module.css'

type Card = Schema<'ProductCard'>

/** Spec 3: a guest's favorite products and bundles, kept on this device. */
export function FavoritesPage() {
  const t = useT(messages)
  useDocumentTitle(t('favorites'))
  const [favorites, setFavorites] = useAtom(favoritesAtom)
  // A string key, so the same favorites in a new array do not fetch again.
  const key = favorites.map((f) => `${f.kind}:${f.id}`).join(',')
  const [loaded, setLoaded] = useState<{ key: string; cards: Card[] } | { key: string; failed: true }>()

  useEffect(() => {
    if (key === '') return
    const controller = new AbortController()
    const wanted = key.split(',').map((entry) => {
      const [kind, id] = entry.split(':')
      return { kind: kind === 'bundle' ? ('bundle' as const) : ('product' as const), id: Number(id) }
    })
    getFavoriteCards(wanted, controller.signal).then(
      (cards) => {
        setLoaded({ key, cards })
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ key, failed: true })
      },
    )
    return () => {
      controller.abort()
    }
  }, [key])

  // A removed favorite leaves at once; the cards fetched before stay for the others.
  const saved = (card: Card) => favorites.some((f) => f.id === card.id && f.kind === card.kind)
  let body
  if (key === '') {
    body = (
      <div className={styles.empty}>
        <p>{t('noFavorites')}</p>
        <Link to="/">{t('continueShopping')}</Link>
      </div>
    )
  } else if (!loaded) {
    body = <Loading />
  } else if ('failed' in loaded) {
    body = (
      <p role="alert" className={styles.notice}>
        {t('favoritesFailed')}
      </p>
    )
  } else {
    const cards = loaded.cards.filter(saved)
    body =
      cards.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('noFavorites')}</p>
          <Link to="/">{t('continueShopping')}</Link>
        </div>
      ) : (
        <ul className={gridStyles.grid}>
          {cards.map((card) => (
            <li key={`${card.kind}:${card.id}`} className={styles.favorite}>
              <ProductCard item={card} headingLevel={2} favoriteButton={false} />
              <RemoveFavorite
                card={card}
                onRemove={() => {
                  setFavorites((list) => toggleFavorite(list, { id: card.id, kind: card.kind }))
                }}
              />
            </li>
          ))}
        </ul>
      )
  }

  return (
    <div className="page">
      <h1>{t('favorites')}</h1>
      {body}
    </div>
  )
}

function RemoveFavorite({ card, onRemove }: { card: Card; onRemove: () => void }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const title = localize(language, hebrewApplies(language, card), card.title, card.heb_title)
  return (
    <button type="button" className={styles.action} onClick={onRemove}>
      {t('removeFavorite')}
      <Named title={title} />
    </button>
  )
}

export { FavoritesPage as Component }
