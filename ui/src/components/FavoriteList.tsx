import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { Schema } from '@/lib/api/client'
import { favoritesAtom, getFavoriteCards, useFavorite, type Favorite } from '@/lib/favorites'
import { hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { Named } from './BagButtons'
import styles from './FavoriteList.module.css'
import { Loading } from './Loading'
import { messages } from './messages'
import { ProductCard } from './ProductCard'
import gridStyles from './ProductGrid.module.css'

type Card = Schema<'ProductCard'>

/**
 * The saved favorites as product cards, each with a button to remove it: a guest's on
 * `/favorites`, a customer's in the account (`useFavorite` keeps each where it lives).
 */
export function FavoriteList() {
  const t = useT(messages)
  const favorites = useAtomValue(favoritesAtom)
  // A string key, so the same favorites in a new array do not fetch again.
  const key = favorites.map((f) => `${f.kind}:${f.id}`).join(',')
  const [loaded, setLoaded] = useState<{ key: string; cards: Card[] } | { key: string; failed: true }>()

  useEffect(() => {
    if (key === '') return
    const controller = new AbortController()
    const wanted = key.split(',').map((entry): Favorite => {
      const [kind, id] = entry.split(':')
      return { kind: kind === 'bundle' ? 'bundle' : 'product', id: Number(id) }
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

  const empty = (
    <div className={styles.empty}>
      <p>{t('noFavorites')}</p>
      <Link to="/">{t('continueShopping')}</Link>
    </div>
  )
  if (key === '') return empty
  if (!loaded) return <Loading />
  if ('failed' in loaded) {
    return (
      <p role="alert" className={styles.notice}>
        {t('favoritesFailed')}
      </p>
    )
  }
  // A removed favorite leaves at once; the cards fetched before stay for the others.
  const cards = loaded.cards.filter((card) => favorites.some((f) => f.id === card.id && f.kind === card.kind))
  if (cards.length === 0) return empty
  return (
    <ul className={gridStyles.grid}>
      {cards.map((card) => (
        <li key={`${card.kind}:${card.id}`} className={styles.favorite}>
          <ProductCard item={card} headingLevel={2} favoriteButton={false} />
          <RemoveFavorite card={card} />
        </li>
      ))}
    </ul>
  )
}

function RemoveFavorite({ card }: { card: Card }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const [, toggle] = useFavorite({ id: card.id, kind: card.kind })
  const title = localize(language, hebrewApplies(language, card), card.title, card.heb_title)
  return (
    <button type="button" className={styles.remove} onClick={toggle}>
      {t('removeFavorite')}
      <Named title={title} />
    </button>
  )
}
