import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Named } from '@/components/BagButtons'
import { PersonalizationFields } from '@/components/PersonalizationFields'
import { Price } from '@/components/Price'
import { QuantitySelector } from '@/components/QuantitySelector'
import { itemKeyFor, type BagLine } from '@/lib/bag'
import { formatPrice } from '@/lib/format'
import { hebrewApplies, localize, optionWords, type Localized } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useBag } from '@/lib/useBag'
import { messages } from '../messages'
import group from '@/components/OptionGroup.module.css'
import styles from './Bag.module.css'

/** Spec 9: how long the bag waits after the last edit of a line's options before sending it. */
export const GIFT_DEBOUNCE_MS = 100
export const PERSONALIZATION_DEBOUNCE_MS = 300

/** Which stored list a line is shown from. */
export type LineList = 'products' | 'later' | 'unavailableCart' | 'unavailableLater'

interface Choices {
  gift: boolean
  personalization: Record<string, string>
}

/** A button's visible words and, for screen readers, which product it acts on. */
function Action({ children, title, onClick }: { children: ReactNode; title: Localized; onClick: () => void }) {
  return (
    <button type="button" className={styles.action} onClick={onClick}>
      {children}
      <Named title={title} />
    </button>
  )
}

export function BagLineItem({ line, list }: { line: BagLine; list: LineList }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const bag = useBag()
  const title = localize(language, hebrewApplies(language, line), line.title, line.heb_title)
  const inBag = list === 'products' || list === 'unavailableCart'

  return (
    <li className={styles.line}>
      {line.image ? (
        <img className={styles.image} src={line.image} alt="" width={96} height={96} loading="lazy" />
      ) : (
        <div className={styles.image} />
      )}
      <div className={styles.body}>
        <h3 className={styles.title} {...title.attributes}>
          <Link to={line.path}>{title.text}</Link>
        </h3>
        {line.vendor && (
          <p className={styles.muted}>
            <bdi>{line.vendor}</bdi>
          </p>
        )}
        {line.options.length > 0 && (
          <ul className={styles.options}>
            {line.options.map((option) => {
              const words = optionWords(language, option)
              return (
                <li key={option.name}>
                  <bdi>{words.name}</bdi>: <bdi>{words.value}</bdi>
                </li>
              )
            })}
          </ul>
        )}
        <p className={styles.muted}>
          {t('sku')}: <bdi>{line.sku}</bdi>
        </p>
        <Price price={line.price} fakePrice={line.fake_price} />
        {list === 'products' ? (
          <LineEditor line={line} />
        ) : (
          <p className={styles.muted}>{t('quantityIs', { n: line.quantity })}</p>
        )}
        <div className={styles.actions}>
          {list === 'later' && (
            <Action title={title} onClick={() => void bag.moveToBag(line)}>
              {t('moveToBag')}
            </Action>
          )}
          {inBag && (
            <Action title={title} onClick={() => void bag.moveToLater(line)}>
              {t('saveForLater')}
            </Action>
          )}
          <Action title={title} onClick={() => void bag.remove(inBag ? 'products' : 'later', line)}>
            {t('remove')}
          </Action>
        </div>
      </div>
      {list === 'products' && (
        <p className={styles.lineTotal}>
          <span className="visually-hidden">{t('itemTotal')} </span>
          <span dir="ltr">{formatPrice(line.line_subtotal)}</span>
        </p>
      )}
    </li>
  )
}

/**
 * A bag line's quantity, gift option and personalization. The quantity is sent at
 * once; the options wait until the shopper pauses (spec 9), and what was typed stays
 * on screen until the server's answer replaces it.
 */
function LineEditor({ line }: { line: BagLine }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const bag = useBag()
  const [draft, setDraft] = useState<Choices | null>(null)
  // The line as last rendered: a timer firing later edits the line as it is then.
  const latest = useRef(line)
  const timer = useRef<number | undefined>(undefined)
  const pending = useRef<Choices | null>(null)
  const edits = useRef(0)
  const wantedQuantity = useRef<number | undefined>(undefined)

  useEffect(() => {
    latest.current = line
  }, [line])

  const send = useCallback(
    (choices: Choices, quantity?: number) => {
      window.clearTimeout(timer.current)
      timer.current = undefined
      pending.current = null
      const now = latest.current
      const edit = edits.current
      // A quantity chosen just before still waits in the queue: keep it.
      const wanted = quantity ?? wantedQuantity.current ?? now.quantity
      wantedQuantity.current = wanted
      void bag
        .replace(now, {
          id: now.id,
          type: now.type,
          item_key: itemKeyFor(choices.personalization, now.item_key),
          quantity: wanted,
          gift_options: choices.gift,
          personalization: choices.personalization,
        })
        .then((ok) => {
          if (wantedQuantity.current === wanted) wantedQuantity.current = undefined
          // On failure the shopper's edit stays on screen, to try again.
          if (ok && edits.current === edit) setDraft(null)
        })
    },
    [bag],
  )

  // Leaving the page mid-pause still sends the last edit.
  useEffect(
    () => () => {
      if (pending.current) send(pending.current)
    },
    [send],
  )

  const current: Choices = draft ?? { gift: line.gift_options, personalization: line.personalization }

  function edit(next: Choices, delay: number) {
    edits.current += 1
    setDraft(next)
    pending.current = next
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => {
      send(next)
    }, delay)
  }

  const gift = line.meta.gift_options
  return (
    <>
      <QuantitySelector
        value={line.quantity}
        max={line.max}
        label={t('quantity')}
        onChange={(quantity) => {
          if (quantity !== line.quantity || pending.current) send(current, quantity)
        }}
      />
      {gift && (
        <label className={group.check}>
          <input
            type="checkbox"
            checked={current.gift}
            onChange={(event) => {
              edit({ ...current, gift: event.target.checked }, GIFT_DEBOUNCE_MS)
            }}
          />
          {t('giftWrap', { price: formatPrice(gift.price) })}
        </label>
      )}
      <PersonalizationFields
        fields={line.meta.personalization}
        values={current.personalization}
        hebrew={language === 'heb'}
        onChange={(personalization) => {
          edit({ ...current, personalization }, PERSONALIZATION_DEBOUNCE_MS)
        }}
      />
    </>
  )
}
