import { Fragment, useId, type ReactElement, type ReactNode } from 'react'
import formStyles from '@/components/Form.module.css'
import { Price } from '@/components/Price'
import { clampQuantity } from '@/components/QuantitySelector'
import { useT } from '@/lib/i18n'
import type { ListItem } from '../api'
import { messages } from '../messages'
import { boughtOf, canBuy, quantityOf, type Choice } from '../picks'
import { useOptionsText, useProductTitle } from './Parts'
import styles from './School.module.css'

interface SupplyRowProps {
  item: ListItem
  choice: Choice
  onChange: (choice: Choice) => void
}

/**
 * One item of the list: a checkbox named by its title, what it is and costs, whether it
 * is optional or out of stock, the substitutes offered when it is, and how many.
 */
export function SupplyRow({ item, choice, onChange }: SupplyRowProps) {
  const t = useT(messages)
  const titleOf = useProductTitle()
  const optionsOf = useOptionsText()
  const detailsId = useId()
  const { product } = item
  const title = titleOf(product)
  const options = optionsOf(product)
  const buyable = canBuy(item, choice)
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        {product.image ? (
          <img className={styles.thumb} src={product.image} alt="" width={56} height={56} />
        ) : (
          <span className={styles.thumb} />
        )}
        <div className={styles.itemText}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={choice.ticked && buyable}
              disabled={!buyable}
              aria-describedby={detailsId}
              onChange={(event) => {
                onChange({ ...choice, ticked: event.target.checked })
              }}
            />
            <span className={styles.itemTitle} {...title.attributes}>
              {title.text}
            </span>
          </label>
          {/* Read out with the checkbox: the variation, whether it is optional, the price, the stock. */}
          <div id={detailsId} className={styles.details}>
            {joined([
              options && <span key="options">{options}</span>,
              item.optional && (
                <span key="optional" className={styles.tag}>
                  {t('optional')}
                </span>
              ),
              <Price key="price" price={product.price} fakePrice={product.fake_price} />,
              product.max === 0 && (
                <span key="stock" className={styles.problem}>
                  {t('outOfStock')}
                </span>
              ),
            ])}
          </div>
        </div>
      </div>
      {product.max === 0 && item.offered.length > 0 && (
        <Substitutes item={item} title={title.text} choice={choice} onChange={onChange} />
      )}
      {buyable && <Quantity item={item} title={title.text} choice={choice} onChange={onChange} />}
    </li>
  )
}

/**
 * Parts set apart on screen, with a comma read out between them (the space outside it,
 * so it is not trimmed away).
 */
function joined(parts: (ReactElement | false | '')[]): ReactNode[] {
  return parts
    .filter((part): part is ReactElement => part !== false && part !== '')
    .flatMap((part, index) =>
      index === 0
        ? [part]
        : [
            <Fragment key={`pause-${String(part.key)}`}>
              <span className="visually-hidden">,</span>{' '}
            </Fragment>,
            part,
          ],
    )
}

/** The substitutes offered for an item out of stock; the one chosen is bought instead. */
function Substitutes({ item, title, choice, onChange }: SupplyRowProps & { title: string }) {
  const t = useT(messages)
  const titleOf = useProductTitle()
  const optionsOf = useOptionsText()
  return (
    <div role="radiogroup" aria-label={t('substituteFor', { title })} className={styles.substitutes}>
      <p className={`${styles.flush} ${styles.caption}`}>{t('chooseSubstitute')}</p>
      {item.offered.map((index) => {
        const substitute = item.substitutes[index]
        if (!substitute) return null
        const name = titleOf(substitute)
        const options = optionsOf(substitute)
        return (
          <label key={index} className={styles.choice}>
            <input
              type="radio"
              name={`substitute-${item.position}`}
              checked={choice.substitute === index}
              onChange={() => {
                // Choosing what to buy is choosing to buy it, as many as there are of it.
                const quantity = clampQuantity(Number(choice.quantity), substitute.max)
                onChange({ ...choice, substitute: index, ticked: true, quantity: String(quantity) })
              }}
            />
            <span className={styles.choiceText}>
              <span {...name.attributes}>{name.text}</span>
              {options && <span className={styles.muted}>{options}</span>}
              <Price price={substitute.price} fakePrice={substitute.fake_price} />
            </span>
          </label>
        )
      })}
    </div>
  )
}

/** How many: 1 up to what one order may hold of what the row buys. */
function Quantity({ item, title, choice, onChange }: SupplyRowProps & { title: string }) {
  const t = useT(messages)
  const id = useId()
  const { max } = boughtOf(item, choice)
  return (
    <div className={styles.quantity}>
      <label htmlFor={id}>{t('quantity')}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={choice.quantity}
        // The visible "Quantity" sits in the row; read out alone it says which item.
        aria-label={t('quantityOf', { title })}
        className={`${formStyles.input} ${styles.quantityInput}`}
        onChange={(event) => {
          onChange({ ...choice, quantity: event.target.value })
        }}
        onBlur={() => {
          onChange({ ...choice, quantity: String(quantityOf(item, choice)) })
        }}
      />
      {item.quantity > max && (
        <span className={styles.muted}>{max === 1 ? t('onlyOneLeft') : t('onlyLeft', { n: max })}</span>
      )}
    </div>
  )
}
