import type { Schema } from '@/lib/api/client'
import { ProductCard } from './ProductCard'
import styles from './ProductGrid.module.css'

interface ProductGridProps {
  items: Schema<'ProductCard'>[]
  headingLevel?: 2 | 3
  /** How many cards, from the first, load their pictures at once (the first screen of a list). */
  eagerCount?: number
}

export function ProductGrid({ items, headingLevel, eagerCount = 0 }: ProductGridProps) {
  return (
    <ul className={styles.grid}>
      {items.map((item, index) => (
        // Products and bundles are numbered separately, so the id alone is not unique.
        <li key={`${item.kind}-${item.id}`}>
          <ProductCard item={item} headingLevel={headingLevel} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  )
}
