import { useAtomValue } from 'jotai'
import { useRef, useState, type ComponentType } from 'react'
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { AddToBagButton, FavoriteButton, StickyBuyBar } from '@/components/BagButtons'
import { Breadcrumbs } from '@/components/Breadcrumbs'
import { LanguageToggle } from '@/components/LanguageToggle'
import { Price } from '@/components/Price'
import { ProductGrid } from '@/components/ProductGrid'
import { QuantitySelector } from '@/components/QuantitySelector'
import { RecentlyViewed } from '@/components/RecentlyViewed'
import type { Schema } from '@/lib/api/client'
import { itemKeyFor, type LineInput } from '@/lib/bag'
import { idParam } from '@/lib/api/errors'
import { contentAttributes, hasHebrew, hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useRecordRecentlyViewed } from '@/lib/recentlyViewed'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getProduct } from '../api'
import { messages, type CatalogKey } from '../messages'
import { picturesOf } from '../pictures'
import styles from './Detail.module.css'
import { DetailHeading } from './DetailHeading'
import { FollowButton } from './FollowButton'
import { Gallery } from './Gallery'
import { PurchaseOptions, type PurchaseChoices } from './PurchaseOptions'
import { StockStatus } from './StockStatus'
import { VariationPicker } from './VariationPicker'

type Product = Schema<'Product'>

export function loader({ params, request }: LoaderFunctionArgs) {
  return getProduct(idParam(params.id), request.signal)
}

/** `Offer`: the plans that deliver the product, which the route hands in (the subscriptions feature's). */
type Offer = ComponentType<{ productId: number }>

export function ProductPage({ Offer }: { Offer?: Offer }) {
  const product = useLoaderData<typeof loader>()
  useDocumentTitle(product.title)
  useRecordRecentlyViewed(product.id)
  // Keyed by id: moving to a related product starts again from its first variation.
  return (
    <>
      <ProductDetail key={product.id} product={product} Offer={Offer} />
      <div className="page">
        <RecentlyViewed excludeId={product.id} />
      </div>
    </>
  )
}

/** The quantity limit: the stock, lowered to the product's per-order maximum when it has one. */
function quantityLimit(offer: { max: number; max_quantity?: number | null }): number {
  return offer.max_quantity != null ? Math.min(offer.max, offer.max_quantity) : offer.max
}

function ProductDetail({ product, Offer }: { product: Product; Offer?: Offer }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const hebrew = hebrewApplies(language, product)
  // Spec 3: the first variation is selected by default.
  const [variationId, setVariationId] = useState(product.variation_infos[0]?.id)
  const [quantity, setQuantity] = useState(1)
  const [choices, setChoices] = useState<PurchaseChoices>({ giftWrap: false, personalization: {} })
  const variation = product.variation_infos.find((v) => v.id === variationId)
  // Price, stock and SKU come from the chosen variation when there is one.
  const offer = variation ?? product
  const limit = quantityLimit(offer)
  const buy = useRef<HTMLDivElement>(null)

  // A variation's own picture goes first; the product's other pictures stay available.
  const pictures = picturesOf(product)
  const variationPicture = variation?.picture
  const shownPictures = variationPicture
    ? [variationPicture, ...pictures.filter((p) => p.url !== variationPicture.url)]
    : pictures

  const shortDesc = localize(language, hebrew, product.short_desc, product.heb_short_desc)
  const description = localize(language, hebrew, product.description, product.heb_description)

  // Spec 3: what the bag holds, made when Add to Bag is pressed.
  function line(): LineInput {
    const personalization = Object.fromEntries(
      Object.entries(choices.personalization).filter(([, value]) => value.trim() !== ''),
    )
    return {
      id: variation?.id ?? product.id,
      type: variation ? 'variation' : product.type === 'giftCard' ? 'giftCard' : 'product',
      item_key: itemKeyFor(personalization),
      quantity,
      gift_options: product.meta.gift_options ? choices.giftWrap : false,
      personalization,
    }
  }

  const title = localize(language, hebrew, product.title, product.heb_title)

  return (
    <div className="page">
      <Breadcrumbs trail={product.breadcrumbs.filter((c) => c.value !== product.path)} current={title.text} />
      <article className={styles.detail}>
        <Gallery key={variationPicture?.url} pictures={shownPictures} title={product.title} />
        <div className={styles.summary}>
          <DetailHeading title={title} hebTitle={product.heb_title} />
          {hasHebrew(product) && <LanguageToggle />}
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
          {/* Keyed by variation: another variation's limit starts the selector afresh. */}
          <QuantitySelector key={variation?.id} value={quantity} max={limit} onChange={setQuantity} />
          <PurchaseOptions meta={product.meta} hebrew={hebrew} choices={choices} onChange={setChoices} />
          {/* Said before Add to Bag, so nobody buys a final-sale item expecting to send it back. */}
          {!product.returnable && <p className={styles.finalSale}>{t('finalSale')}</p>}
          <div ref={buy} className={styles.buy}>
            <AddToBagButton line={line} disabled={limit < 1} />
            <FavoriteButton favorite={{ id: product.id, kind: 'product' }} />
          </div>
          {Offer && <Offer productId={product.id} />}
          <StickyBuyBar watch={buy}>
            <Price price={offer.price} fakePrice={offer.fake_price} />
            <AddToBagButton line={line} disabled={limit < 1} title={title} />
          </StickyBuyBar>
          <p className={styles.lead} {...shortDesc.attributes}>
            {shortDesc.text}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('brand')}</dt>
              <dd>
                {/* Spec 4.9 translates titles, descriptions and creators; the brand keeps its name. */}
                <Link to={product.vendor.path} {...contentAttributes(language, false)}>
                  {product.vendor.name}
                </Link>
                <FollowButton
                  kind="vendor"
                  id={product.vendor.id}
                  name={{ text: product.vendor.name, attributes: contentAttributes(language, false) }}
                />
              </dd>
            </div>
            {creatorsByRole(product.creators).map(([role, creators]) => (
              <div key={role}>
                <dt>{t(roleKey(role, creators.length))}</dt>
                <dd>
                  {creators.map((creator, i) => {
                    const name = localize(language, hebrew, creator.name, creator.heb_name)
                    return (
                      <span key={creator.id}>
                        {i > 0 && ', '}
                        <Link to={creator.path} {...name.attributes}>
                          {name.text}
                        </Link>
                        <FollowButton kind="creator" id={creator.id} name={name} />
                      </span>
                    )
                  })}
                </dd>
              </div>
            ))}
            <div>
              <dt>{t('sku')}</dt>
              <dd>{offer.sku}</dd>
            </div>
          </dl>
        </div>
      </article>

      <section aria-labelledby="product-description" className={styles.section}>
        <h2 id="product-description">{t('description')}</h2>
        <p className={styles.text} {...description.attributes}>
          {description.text}
        </p>
      </section>

      {product.related.length > 0 && (
        <section aria-labelledby="product-related" className={styles.section}>
          <h2 id="product-related">{t('related')}</h2>
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

const ROLES: Record<string, [CatalogKey, CatalogKey]> = {
  author: ['author', 'authors'],
  illustrator: ['illustrator', 'illustrators'],
  artist: ['artist', 'artists'],
  maker: ['maker', 'makers'],
}

/** The translated name of a role, plural for more than one; a role without a name is a "Creator". */
function roleKey(role: string, count: number): CatalogKey {
  const [one, many] = ROLES[role] ?? ['creator', 'creators']
  return count > 1 ? many : one
}

export { ProductPage as Component }
