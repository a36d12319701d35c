import { useSetAtom } from 'jotai'
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { SubmitButton } from '@/components/FormField'
import { cardHolder } from '@/lib/cards'
import { checkoutAtom } from '@/lib/checkout'
import { useInterfaceLanguage, useT } from '@/lib/i18n'
import { loadStripe, type Stripe, type StripeCardElement } from '@/lib/stripe'
import { useAction } from '@/lib/useAction'
import { useLoad } from '@/lib/useLoad'
import { messages } from '../messages'
import styles from './Checkout.module.css'

interface Props {
  /** Where the library is (`GET /api/store`'s `payments.library_url`). */
  libraryUrl: string
  publishableKey: string
  /** What Checkout or Review says about the card (missing, declined). */
  problem?: string
}

/**
 * A card for this order through the processor's library: its card element, mounted in a
 * labelled group, takes the number, expiry and code, and "Use this card" has the library
 * make a PaymentMethod. Only its id (the token), brand and last four digits are kept, as
 * with the sandbox's token (spec 7). The group is named `card` and focusable, so Checkout
 * and Review, which focus the card's field on a problem, find it.
 */
export function ProcessorCardEntry({ libraryUrl, publishableKey, problem }: Props) {
  const t = useT(messages)
  const { lang } = useInterfaceLanguage()
  const setState = useSetAtom(checkoutAtom)
  const library = useLoad(libraryUrl, () => loadStripe(libraryUrl))
  const StripeLibrary = library.state === 'done' ? library.data : undefined
  const container = useRef<HTMLDivElement>(null)
  const group = useRef<HTMLFieldSetElement>(null)
  const card = useRef<{ stripe: Stripe; element: StripeCardElement }>(null)
  const [failure, setFailure] = useState<string>()
  const { busy, run } = useAction()
  const noteId = useId()
  const problemId = useId()

  // Made in the interface's language; a change of language makes it again (what was
  // typed in it goes).
  useEffect(() => {
    if (!StripeLibrary || !container.current) return
    const stripe = StripeLibrary(publishableKey)
    const element = stripe.elements({ locale: lang }).create('card')
    element.mount(container.current)
    card.current = { stripe, element }
    return () => {
      card.current = null
      element.destroy()
    }
  }, [StripeLibrary, publishableKey, lang])

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const ready = card.current
    if (!ready) return
    setFailure(undefined)
    void run(async () => {
      // The method is stamped with this browser's holder: copied elsewhere, it pays
      // nothing. The library answers a card it will not take with an `error`; it
      // throws only when it fails itself.
      const stamp = await cardHolder().catch(() => undefined)
      const made = stamp
        ? await ready.stripe
            .createPaymentMethod({ type: 'card', card: ready.element, metadata: { holder: stamp.holder } })
            .catch(() => undefined)
        : undefined
      const method = made?.paymentMethod
      if (method?.card) {
        const { brand, last4 } = method.card
        setState((current) => ({ ...current, creditInfo: { token: method.id, last4, brand } }))
        return
      }
      setFailure(made?.error?.message ?? t('cardNotChecked'))
      group.current?.focus()
    })
  }

  const told = failure ?? problem
  return (
    <form
      noValidate
      aria-label={t('newCard')}
      aria-describedby={noteId}
      className={styles.fieldset}
      onSubmit={onSubmit}
    >
      <p id={noteId} className={styles.muted}>
        {t('processorNote')}
      </p>
      <fieldset
        ref={group}
        name="card"
        tabIndex={-1}
        className={styles.fieldset}
        aria-describedby={told ? problemId : undefined}
      >
        <legend>{t('cardDetails')}</legend>
        {library.state === 'loading' && <p className={styles.muted}>{t('loadingCardForm')}</p>}
        {library.state === 'failed' && (
          <div className={styles.actions}>
            <p role="alert" className={styles.problem}>
              {t('cardFormFailed')}
            </p>
            <button type="button" className={styles.small} onClick={library.reload}>
              {t('tryAgain')}
            </button>
          </div>
        )}
        {/* The library's own: React renders nothing inside. Card numbers read left to right. */}
        <div ref={container} className={styles.processorCard} dir="ltr" hidden={!StripeLibrary} />
        {told && (
          <p id={problemId} className={styles.problem}>
            {told}
          </p>
        )}
      </fieldset>
      {StripeLibrary && (
        <div className={styles.actions}>
          <SubmitButton busy={busy} label={t('useCard')} busyLabel={t('checkingCard')} />
        </div>
      )}
    </form>
  )
}
