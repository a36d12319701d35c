import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react'
import { focusFirstProblem, SubmitButton } from '@/components/FormField'
import { chosenCredit, checkoutAtom, type CreditInfo } from '@/lib/checkout'
import { CardFields } from '@/components/CardFields'
import { useProcessorSettings } from '@/components/ProcessorCard'
import { CARD_FIELDS, createCardToken, readCard, type CardField } from '@/lib/cards'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { customerAtom } from '@/lib/session'
import { refusalOf } from '@/lib/api/problem'
import { fieldProblemText } from '../api'
import { messages, type CheckoutKey } from '../messages'
import { useAction } from '@/lib/useAction'
import type { Problems } from '../problems'
import { useOfferTypedCard } from '../typedCard'
import styles from './Checkout.module.css'
import { ProcessorCardEntry } from './ProcessorCard'

const BRANDS: Record<string, CheckoutKey> = {
  visa: 'brand_visa',
  mastercard: 'brand_mastercard',
  amex: 'brand_amex',
  discover: 'brand_discover',
}

/** "Visa ending in 4242", in the interface's language. */
export function useCardName() {
  const t = useT(messages)
  return (card: { brand: string; last4: string }) =>
    t('cardChosen', { brand: t(BRANDS[card.brand] ?? 'brand_other'), last4: card.last4 })
}

/**
 * What the card entry holds, for the page's "Please enter a card": nothing typed, a card
 * typed (Continue takes it, so nothing is missing), or a card refused at its fields.
 */
export type TypedCardState = 'empty' | 'typed' | 'refused'

/**
 * Spec 3's credit info: a customer's saved cards (the default, or the first, chosen
 * until they pick another) or a new card; a guest's card. `covered`: the gift cards
 * pay it all, so no card is needed. `onTyped` hears what a guest's card entry holds.
 */
export function PaymentFields({
  problems,
  covered,
  onTyped,
}: {
  problems: Problems
  covered: boolean
  onTyped?: (state: TypedCardState) => void
}) {
  const t = useT(messages)
  const customer = useAtomValue(customerAtom)
  const state = useAtomValue(checkoutAtom)
  const legendId = useId()
  const problemId = useId()
  if (covered) return <p className={styles.note}>{t('coveredByGiftCards')}</p>

  const saved = customer?.payments ?? []
  if (saved.length === 0) return <CardEntry problem={problems.card} onTyped={onTyped} />

  const chosen = chosenCredit(customer, state)
  return (
    <fieldset className={styles.fieldset} aria-describedby={problems.card ? problemId : undefined}>
      <legend id={legendId}>{t('savedCards')}</legend>
      <SavedCardChoices chosen={chosen} />
      {problems.card && (
        <p id={problemId} className={styles.problem}>
          {problems.card}
        </p>
      )}
    </fieldset>
  )
}

/**
 * A customer's saved cards and "a new card". Choosing a new card opens its entry; the
 * card chosen before stays the one that pays until the new one is entered.
 */
function SavedCardChoices({ chosen }: { chosen: CreditInfo | null }) {
  const t = useT(messages)
  const customer = useAtomValue(customerAtom)
  const setState = useSetAtom(checkoutAtom)
  const cardName = useCardName()
  const [adding, setAdding] = useState(chosen !== null && chosen.paymentId === undefined)
  return (
    <>
      {customer?.payments.map((payment) => (
        <label key={payment.id} className={styles.choice}>
          <input
            type="radio"
            name="payment"
            value={payment.id}
            checked={!adding && chosen?.paymentId === payment.id}
            onChange={() => {
              setAdding(false)
              setState((current) => ({
                ...current,
                creditInfo: { token: payment.token, last4: payment.last4, brand: payment.brand, paymentId: payment.id },
              }))
            }}
          />
          <strong className={styles.choiceText}>{cardName(payment)}</strong>
          <span />
        </label>
      ))}
      <label className={styles.choice}>
        <input
          type="radio"
          name="payment"
          value="new"
          checked={adding}
          onChange={() => {
            setAdding(true)
          }}
        />
        <strong className={styles.choiceText}>{t('newCard')}</strong>
        <span />
      </label>
      {adding && <CardEntry />}
    </>
  )
}

/**
 * A card for this order: the one entered (with a way to change it), or its entry, the
 * store's own fields or, with a real processor (`GET /api/store`'s `payments`), its
 * library's card element.
 */
export function CardEntry({ problem, onTyped }: { problem?: string; onTyped?: (state: TypedCardState) => void }) {
  const t = useT(messages)
  const processor = useProcessorSettings()
  const [state, setState] = useAtom(checkoutAtom)
  const cardName = useCardName()
  const credit: CreditInfo | null = state.creditInfo?.paymentId === undefined ? state.creditInfo : null

  if (credit) {
    return (
      <div className={styles.actions}>
        <p className={styles.intro}>
          <strong>{cardName(credit)}</strong>
        </p>
        <button
          type="button"
          className={styles.small}
          onClick={() => {
            setState((current) => ({ ...current, creditInfo: null }))
          }}
        >
          {t('changeCard')}
        </button>
      </div>
    )
  }
  if (processor) return <ProcessorCardEntry processor={processor} problem={problem} />
  return <StoreCardEntry problem={problem} onTyped={onTyped} />
}

/**
 * The store's own card fields: `POST /api/card/createToken` turns the card into a token,
 * and only the token, brand and last four digits are kept (spec 7). The number and the
 * code are read from the inputs when sending and kept nowhere; the code is emptied after
 * a failure. "Use this card", or the page's Continue, takes it.
 */
function StoreCardEntry({ problem, onTyped }: { problem?: string; onTyped?: (state: TypedCardState) => void }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const setState = useSetAtom(checkoutAtom)
  const [problems, setProblems] = useState<Partial<Record<CardField, string>>>({})
  const [alert, setAlert] = useState<string>()
  const [typed, setTyped] = useState(false)
  const held: TypedCardState = Object.keys(problems).length > 0 || alert ? 'refused' : typed ? 'typed' : 'empty'
  useEffect(() => {
    onTyped?.(held)
  }, [held, onTyped])
  // Gone (the card taken, or another chosen), it holds nothing.
  useEffect(
    () => () => {
      onTyped?.('empty')
    },
    [onTyped],
  )
  const { busy, run } = useAction()
  const noteId = useId()
  const formRef = useRef<HTMLFormElement>(null)

  async function take(form: HTMLFormElement): Promise<CreditInfo | 'refused'> {
    const card = readCard(form)
    setAlert(undefined)
    const missing = Object.fromEntries(CARD_FIELDS.filter((f) => card[f] === '').map((f) => [f, t('required')]))
    setProblems(missing)
    if (focusFirstProblem(form, missing)) return 'refused'
    let taken: CreditInfo | 'refused' = 'refused'
    await run(async () => {
      try {
        const { token, last4, brand } = await createCardToken(card)
        form.reset()
        const credit = { token, last4, brand }
        setState((current) => ({ ...current, creditInfo: credit }))
        taken = credit
      } catch (error) {
        const code = form.elements.namedItem('cvc')
        if (code instanceof HTMLInputElement) code.value = ''
        const field = CARD_FIELDS.find((f) => f === refusalOf(error)?.field)
        if (field) {
          const found = { [field]: fieldProblemText(error, language) }
          setProblems(found)
          focusFirstProblem(form, found)
        } else {
          setAlert(fieldProblemText(error, language))
        }
      }
    })
    return taken
  }

  useOfferTypedCard(async () => {
    const form = formRef.current
    if (!form || Object.values(readCard(form)).every((value) => value === '')) return 'empty'
    return take(form)
  })

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    void take(event.currentTarget)
  }

  // A field's problem was about the card as sent: it goes as the shopper changes that field.
  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const changed = (event.target as Partial<HTMLInputElement>).name
    setTyped(Object.values(readCard(event.currentTarget)).some((value) => value !== ''))
    setProblems((now) => Object.fromEntries(Object.entries(now).filter(([name]) => name !== changed)))
    setAlert(undefined)
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t('newCard')}
      aria-describedby={noteId}
      className={styles.fieldset}
      onSubmit={onSubmit}
      onChange={onChange}
    >
      <p id={noteId} className={styles.muted}>
        {t('cardNote')}
      </p>
      {alert && (
        <p role="alert" className={styles.problem}>
          {alert}
        </p>
      )}
      <CardFields
        labels={{ cardNumber: t('cardNumber'), expiry: t('expiry'), cvc: t('cvc') }}
        problems={{ ...problems, card: problems.card ?? problem }}
        pairClassName={styles.pair}
      />
      <div className={styles.actions}>
        <SubmitButton busy={busy} label={t('useCard')} busyLabel={t('checkingCard')} />
      </div>
    </form>
  )
}
