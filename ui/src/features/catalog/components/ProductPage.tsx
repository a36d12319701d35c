import { useState } from 'react'
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { Breadcrumbs } from '@/components/Breadcrumbs'
import { Price } from '@/components/Price'
import { ProductGrid } from '@/components/ProductGrid'
import type { Schema } from '@/lib/api/client'
import { idParam } from '@/lib/api/errors'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getProduct } from '../api'
import { picturesOf } from '../pictures'
import styles from './Detail.module.css'
import { DetailHeading } from './DetailHeading'
import { Gallery } from './Gallery'
import { StockStatus } from './StockStatus'
import { VariationPicker } from './VariationPicker'

type Product = Schema<'Product'>

export function loader({ params, request }: LoaderFunctionArgs) {
  return getProduct(idParam(params.id), request.signal)
}

export function ProductPage() {
  const product = useLoaderData<typeof loader>()
  useDocumentTitle(product.title)
  // Keyed by id: moving to a related product starts again from its first variation.
  return <ProductDetail key={product.id} product={product} />
}

function ProductDetail({ product }: { product: Product }) {
  // Spec 3: the first variation is selected by default.
  const [variationId, setVariationId] = useState(product.variation_infos[0]?.id)
  const variation = product.variation_infos.find((v) => v.id === variationId)
  // Price, stock and SKU come from the chosen variation when there is one.
  const offer = variation ?? product

  // A variation's own picture goes first; the product's other pictures stay available.
  const pictures = picturesOf(product)
  const variationPicture = variation?.picture
  const shownPictures = variationPicture
    ? [variationPicture, ...pictures.filter((p) => p.url !== variationPicture.url)]
    : pictures

  return (
    <div className="page">
      <Breadcrumbs trail={product.breadcrumbs.filter((c) => c.value !== product.path)} current={product.title} />
      <article className={styles.detail}>
        <Gallery key={variationPicture?.url} pictures={shownPictures} title={product.title} />
        <div className={styles.summary}>
          <DetailHeading title={product.title} hebTitle={product.heb_title} />
          {/* Announced when a variation changes the price or stock. */}
          <div className={styles.offer} aria-live="polite">
            <Price price={offer.price} fakePrice={offer.fake_price} />
            <StockStatus max={offer.max} />
          </div>
          {product.variation_infos.length > 0 && (
            <VariationPicker
              variations={product.variation_infos}
              selectedId={variation?.id}
              onSelect={setVariationId}
            />
          )}
          <p className={styles.lead}>{product.short_desc}</p>
          <dl className={styles.facts}>
            <div>
              <dt>Brand</dt>
              <dd>
                <Link to={product.vendor.path}>{product.vendor.name}</Link>
              </dd>
            </div>
            {creatorsByRole(product.creators).map(([role, creators]) => (
              <div key={role}>
                <dt>{roleName(role, creators.length)}</dt>
                <dd>
                  {creators.map((creator, i) => (
                    <span key={creator.id}>
                      {i > 0 && ', '}
                      <Link to={creator.path}>{creator.name}</Link>
                    </span>
                  ))}
                </dd>
              </div>
            ))}
            <div>
              <dt>SKU</dt>
              <dd>{offer.sku}</dd>
            </div>
          </dl>
        </div>
      </article>

      <section aria-labelledby="product-description" className={styles.section}>
        <h2 id="product-description">Description</h2>
        <p className={styles.text}>{product.description}</p>
      </section>

      {product.related.length > 0 && (
        <section aria-labelledby="product-related" className={styles.section}>
          <h2 id="product-related">Related items</h2>
          <ProductGrid items={product.related} />
        </section>
      )}
    </div>
  )
}

type Creator = Product['creators'][number]

/** Creators grouped by role, in the order the roles first appear. */
function creatorsByRole(creators: Creator[]): [string, Creator[]][] {
  const groups = new Map<string, Creator[]>()
  for (const creator of creators) {
    groups.set(creator.role, [...(groups.get(creator.role) ?? []), creator])
  }
  return [...groups]
}

/** "author" -> "Author", or "Authors" for more than one. */
function roleName(role: string, count: number): string {
  const name = role.charAt(0).toUpperCase() + role.slice(1)
  return count > 1 ? `${name}s` : name
}

export { ProductPage as Component }
