import { useAtomValue } from 'jotai'
import { useRef, useState } from 'react'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { AddToBagButton, FavoriteButton, StickyBuyBar } from '@/components/BagButtons'
import { Breadcrumbs } from '@/components/Breadcrumbs'
import { LanguageToggle } from '@/components/LanguageToggle'
import { Price } from '@/components/Price'
import { ProductCard } from '@/components/ProductCard'
import { QuantitySelector } from '@/components/QuantitySelector'
import { idParam } from '@/lib/api/errors'
import type { LineInput } from '@/lib/bag'
import { hasHebrew, hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getBundle } from '../api'
import { messages } from '../messages'
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
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const hebrew = hebrewApplies(language, bundle)
  useDocumentTitle(bundle.title)
  const shortDesc = localize(language, hebrew, bundle.short_desc, bundle.heb_short_desc)
  const description = localize(language, hebrew, bundle.description, bundle.heb_description)
  const title = localize(language, hebrew, bundle.title, bundle.heb_title)
  const [quantity, setQuantity] = useState(1)
  const buy = useRef<HTMLDivElement>(null)
  const line = (): LineInput => ({
    id: bundle.id,
    type: 'bundle',
    item_key: '',
    quantity,
    gift_options: false,
    personalization: {},
  })

  return (
    <div className="page">
      <Breadcrumbs trail={[]} current={title.text} />
      <article className={styles.detail}>
        <Gallery key={bundle.id} pictures={picturesOf(bundle)} title={bundle.title} />
        <div className={styles.summary}>
          <DetailHeading title={title} hebTitle={bundle.heb_title} />
          {hasHebrew(bundle) && <LanguageToggle />}
          <div className={styles.offer}>
            <Price price={bundle.price} fakePrice={bundle.fake_price} />
            <StockStatus max={bundle.max} />
          </div>
          {bundle.max > 0 && <QuantitySelector value={quantity} max={bundle.max} onChange={setQuantity} />}
          <div ref={buy} className={styles.buy}>
            <AddToBagButton disabled={bundle.max < 1} line={line} />
            <FavoriteButton favorite={{ id: bundle.id, kind: 'bundle' }} />
          </div>
          <StickyBuyBar watch={buy}>
            <Price price={bundle.price} fakePrice={bundle.fake_price} />
            <AddToBagButton disabled={bundle.max < 1} line={line} title={title} />
          </StickyBuyBar>
          <p className={styles.lead} {...shortDesc.attributes}>
            {shortDesc.text}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('sku')}</dt>
              <dd>{bundle.sku}</dd>
            </div>
          </dl>
        </div>
      </article>

      <section aria-labelledby="bundle-items" className={styles.section}>
        <h2 id="bundle-items">{t('inThisBundle')}</h2>
        <ul className={gridStyles.grid}>
          {bundle.items.map(({ product, quantity }) => (
            <li key={product.id}>
              <ProductCard item={product} note={t('bundleQuantity', { n: quantity })} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="bundle-description" className={styles.section}>
        <h2 id="bundle-description">{t('description')}</h2>
        <p className={styles.text} {...description.attributes}>
          {description.text}
        </p>
      </section>
    </div>
  )
}

export { BundlePage as Component }
