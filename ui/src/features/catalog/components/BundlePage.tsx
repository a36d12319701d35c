import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { Breadcrumbs } from '@/components/Breadcrumbs'
import { Price } from '@/components/Price'
import { ProductCard } from '@/components/ProductCard'
import { idParam } from '@/lib/api/errors'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getBundle } from '../api'
import { picturesOf } from '../pictures'
import gridStyles from '@/components/ProductGrid.module.css'
import styles from './Detail.module.css'
import { DetailHeading } from './DetailHeading'
import { Gallery } from './Gallery'
import { StockStatus } from './StockStatus'

export function loader({ params, request }: LoaderFunctionArgs) {
  return getBundle(idParam(params.id), request.signal)
}

export function BundlePage() {
  const bundle = useLoaderData<typeof loader>()
  useDocumentTitle(bundle.title)

  return (
    <div className="page">
      <Breadcrumbs trail={[]} current={bundle.title} />
      <article className={styles.detail}>
        <Gallery key={bundle.id} pictures={picturesOf(bundle)} title={bundle.title} />
        <div className={styles.summary}>
          <DetailHeading title={bundle.title} hebTitle={bundle.heb_title} />
          <div className={styles.offer}>
            <Price price={bundle.price} fakePrice={bundle.fake_price} />
            <StockStatus max={bundle.max} />
          </div>
          <p className={styles.lead}>{bundle.short_desc}</p>
          <dl className={styles.facts}>
            <div>
              <dt>SKU</dt>
              <dd>{bundle.sku}</dd>
            </div>
          </dl>
        </div>
      </article>

      <section aria-labelledby="bundle-items" className={styles.section}>
        <h2 id="bundle-items">In this bundle</h2>
        <ul className={gridStyles.grid}>
          {bundle.items.map(({ product, quantity }) => (
            <li key={product.id}>
              <ProductCard item={product} note={`Quantity: ${quantity}`} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="bundle-description" className={styles.section}>
        <h2 id="bundle-description">Description</h2>
        <p className={styles.text}>{bundle.description}</p>
      </section>
    </div>
  )
}

export { BundlePage as Component }
