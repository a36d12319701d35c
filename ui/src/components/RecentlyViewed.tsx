import { useAtomValue } from 'jotai'
import { useEffect, useId, useState } from 'react'
import type { Schema } from '@/lib/api/client'
import { defineMessages, useT } from '@/lib/i18n'
import { getRecentlyViewed, recentlyViewedAtom } from '@/lib/recentlyViewed'
import { ProductGrid } from './ProductGrid'
import styles from './RecentlyViewed.module.css'

/** At most this many cards are shown, however long the stored list is. */
export const RECENTLY_VIEWED_SHOWN = 12

const messages = defineMessages({
  eng: { heading: 'Recently viewed' },
  heb: { heading: 'נצפו לאחרונה' },
})

interface RecentlyViewedProps {
  /** The product on screen, which is not repeated in its own "recently viewed". */
  excludeId?: number
}

/**
 * The shopper's recently viewed products (spec 4.8), newest first. Shows nothing
 * until the cards arrive, and nothing at all when there are none to show.
 */
export function RecentlyViewed({ excludeId }: RecentlyViewedProps) {
  const t = useT(messages)
  const heading = useId()
  const list = useAtomValue(recentlyViewedAtom)
  const ids = list
    .map((entry) => entry.id)
    .filter((id) => id !== excludeId)
    .slice(0, RECENTLY_VIEWED_SHOWN)
  // A string key, so a new array with the same ids does not fetch again.
  const key = ids.join(',')
  const [cards, setCards] = useState<{ key: string; items: Schema<'ProductCard'>[] }>()

  useEffect(() => {
    if (key === '') return
    const controller = new AbortController()
    getRecentlyViewed(key.split(',').map(Number), controller.signal).then(
      (items) => {
        setCards({ key, items })
      },
      () => {
        // A side section: when the products cannot be fetched the page simply goes without it.
      },
    )
    return () => {
      controller.abort()
    }
  }, [key])

  // Cards of an older list are kept on screen until the new ones arrive.
  const items = key === '' ? [] : (cards?.items ?? [])
  if (items.length === 0) return null
  return (
    <section aria-labelledby={heading} className={styles.section}>
      <h2 id={heading}>{t('heading')}</h2>
      <ProductGrid items={items} />
    </section>
  )
}
