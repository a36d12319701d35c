import type { Schema } from '@/lib/api/client'
import { ProductCard } from './ProductCard'
import styles from './ProductGrid.module.css'

interface ProductGridProps {
  items: Schema<'ProductSummary'>[]
  headingLevel?: 2 | 3
}

export function ProductGrid({ items, headingLevel }: ProductGridProps) {
  return (
    <ul className={styles.grid}>
      {items.map((item) => (
        // Products and bundles are numbered separately, so the id alone is not unique.
        <li key={`${item.kind}-${item.id}`}>
          <ProductCard item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  )
}
