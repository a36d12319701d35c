import { useAtom, useAtomValue, useStore } from 'jotai'
import { useId, useState, type SubmitEvent } from 'react'
import { SubmitButton, TextField } from '@/components/FormField'
import {
  addGiftCard,
  checkoutQuoteAtom,
  discountAtom,
  giftCardsAtom,
  MAX_GIFT_CARDS,
  removeGiftCard,
  sameGiftCard,
  type CheckoutQuote,
} from '@/lib/checkout'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { refusalOf } from '@/lib/api/problem'
import { checkGiftCard, fieldProblemText, quoteCheckout } from '../api'
import { messages } from '../messages'
import { keyOf, quoteBody, useQuoteInputs } from '../quote'
import { useAction } from '@/lib/useAction'
import styles from './Checkout.module.css'

/**
 * The gift cards and the discount code behind one "Have a gift card or discount code?"
 * button (Baymard: open code fields send shoppers without a code away to hunt for one).
 * Open from the start when a code is applied, and by itself when one is refused.
 */
export function Savings({
  quote,
  giftCardProblems,
  discountProblem,
}: {
  quote: CheckoutQuote | null
  giftCardProblems: Record<number, string>
  discountProblem?: string
}) {
  const t = useT(messages)
  const codes = useAtomValue(giftCardsAtom)
  const discount = useAtomValue(discountAtom)
  const panelId = useId()
  const refused = Object.keys(giftCardProblems).length > 0 || discountProblem !== undefined
  const [open, setOpen] = useState(codes.length > 0 || discount.code !== undefined || refused)
  // A refusal the shopper must see opens the part (adjusted while rendering: no frame hides it).
  const [wasRefused, setWasRefused] = useState(refused)
  if (refused !== wasRefused) {
    setWasRefused(refused)
    if (refused) setOpen(true)
  }
  return (
    <section className={styles.section}>
      <h2>
        <button
          type="button"
          className={styles.disclosure}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpen(!open)
          }}
        >
          {t('haveCode')}
          <span aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
      </h2>
      <div id={panelId} hidden={!open} className={styles.savings}>
        <h3>{t('giftCards')}</h3>
        <GiftCards quote={quote} problems={giftCardProblems} />
        <h3>{t('discountTitle')}</h3>
        <DiscountCode quote={quote} problem={discountProblem} />
      </div>
    </section>
  )
}

/**
 * Spec 4.5's gift cards: a code is checked by the server first (`POST /api/gift_card`;
 * its 400 message is shown at the field), then applied after those already added; a
 * card already applied is ignored. Each shows what the quote applied and what remains
 * on it, and what the quote said against it, if anything.
 */
export function GiftCards({ quote, problems }: { quote: CheckoutQuote | null; problems: Record<number, string> }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const [codes, setCodes] = useAtom(giftCardsAtom)
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const { busy, run } = useAction()

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const typed = code.trim()
    setNotice(undefined)
    const refuse = (text: string) => {
      setProblem(text)
      form.querySelector<HTMLInputElement>('input[name="gift_card"]')?.focus()
    }
    if (typed === '') {
      refuse(t('required'))
      return
    }
    if (codes.some((held) => sameGiftCard(held, typed))) {
      setProblem(undefined)
      setCode('')
      setNotice(t('giftCardAlready'))
      return
    }
    if (codes.length >= MAX_GIFT_CARDS) {
      refuse(t('giftCardLimit', { n: MAX_GIFT_CARDS }))
      return
    }
    void run(async () => {
      try {
        const card = await checkGiftCard(typed)
        setProblem(undefined)
        setCode('')
        setCodes((held) => addGiftCard(held, card.code))
      } catch (error) {
        refuse(fieldProblemText(error, language))
      }
    })
  }

  return (
    <div className={styles.fieldset}>
      {codes.length > 0 && (
        <ul className={styles.applied} aria-label={t('giftCards')}>
          {codes.map((held, index) => {
            const applied = quote?.gift_cards.find((card) => sameGiftCard(card.code, held))
            const last4 = applied?.last_four ?? held.replace(/[\s-]/g, '').slice(-4)
            return (
              <li key={held}>
                <span className={styles.appliedText}>
                  <strong>{t('giftCardApplied', { last4 })}</strong>
                  {applied && (
                    <span className={styles.muted}>
                      {t('giftCardFigures', {
                        applied: formatPrice(applied.amount_applied),
                        remaining: formatPrice(applied.value_remaining),
                      })}
                    </span>
                  )}
                  {problems[index] && <span className={styles.problem}>{problems[index]}</span>}
                </span>
                <button
                  type="button"
                  className={styles.small}
                  aria-label={t('removeGiftCardNamed', { last4 })}
                  onClick={() => {
                    setCodes((current) => removeGiftCard(current, held))
                  }}
                >
                  {t('removeGiftCard')}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <form noValidate aria-label={t('giftCards')} className={styles.inline} onSubmit={onSubmit}>
        <TextField
          label={t('giftCardCode')}
          name="gift_card"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          value={code}
          problem={problem ?? problems[-1]}
          onChange={(event) => {
            setCode(event.target.value)
          }}
        />
        <SubmitButton busy={busy} label={t('apply')} busyLabel={t('applying')} />
      </form>
      <div role="status">{notice && <p className={styles.muted}>{notice}</p>}</div>
    </div>
  )
}

/**
 * Spec 3's discount: a code is tried in a quote before it is kept, so a code that does
 * not apply is refused at its field with the server's reason and never blocks checkout.
 */
export function DiscountCode({ quote, problem: quoteProblem }: { quote: CheckoutQuote | null; problem?: string }) {
  const t = useT(messages)
  const store = useStore()
  const language = useAtomValue(languageAtom)
  const [discount, setDiscount] = useAtom(discountAtom)
  const inputs = useQuoteInputs()
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string>()
  const { busy, run } = useAction()

  if (discount.code) {
    const amount = quote?.discount?.amount
    return (
      <ul className={styles.applied} aria-label={t('discount')}>
        <li>
          <span className={styles.appliedText}>
            <strong>{t('discountApplied', { code: discount.code })}</strong>
            {amount !== undefined && (
              <span className={styles.muted} dir="ltr">
                −{formatPrice(amount)}
              </span>
            )}
            {quoteProblem && <span className={styles.problem}>{quoteProblem}</span>}
          </span>
          <button
            type="button"
            className={styles.small}
            aria-label={t('removeDiscountNamed', { code: discount.code })}
            onClick={() => {
              setDiscount({})
            }}
          >
            {t('removeDiscount')}
          </button>
        </li>
      </ul>
    )
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const typed = code.trim().toUpperCase()
    const refuse = (text: string) => {
      setProblem(text)
      form.querySelector<HTMLInputElement>('input[name="discount_code"]')?.focus()
    }
    if (typed === '') {
      refuse(t('required'))
      return
    }
    void run(async () => {
      const body = quoteBody({ ...inputs, discountCode: typed })
      try {
        const answer = await quoteCheckout(body)
        store.set(checkoutQuoteAtom, { key: keyOf(body), answer })
        setProblem(undefined)
        setCode('')
        setDiscount({ code: typed })
      } catch (error) {
        const refusal = refusalOf(error)
        // Another part of the order refused: the code itself may be fine, so it is kept.
        if (refusal && refusal.field !== 'discount_code') {
          setCode('')
          setDiscount({ code: typed })
          return
        }
        refuse(fieldProblemText(error, language))
      }
    })
  }

  return (
    <form noValidate aria-label={t('discount')} className={styles.inline} onSubmit={onSubmit}>
      <TextField
        label={t('discount')}
        name="discount_code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
        value={code}
        problem={problem ?? quoteProblem}
        onChange={(event) => {
          setCode(event.target.value)
        }}
      />
      <SubmitButton busy={busy} label={t('apply')} busyLabel={t('applying')} />
    </form>
  )
}
