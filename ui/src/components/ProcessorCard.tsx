import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { cardHolder } from '@/lib/cards'
import { useInterfaceLanguage, useT } from '@/lib/i18n'
import { storeInfoAtom } from '@/lib/storeInfo'
import { loadStripe, type Stripe, type StripeCardElement } from '@/lib/stripe'
import { useLoad } from '@/lib/useLoad'
import { messages } from './messages'
import styles from './ProcessorCard.module.css'

// A card typed into the processor's library (Stripe.js) rather than the store's own
// fields, for checkout's new card and the account's saved cards alike: the number,
// expiry and code stay in the library's frame, and only the PaymentMethod it makes
// (its id is the card's token) comes back.

/** Where the processor's library is and the key it takes (`GET /api/store`'s `payments`). */
export interface ProcessorSettings {
  libraryUrl: string
  publishableKey: string
}

/** What may be kept of a card the library took: the PaymentMethod's id, brand and last four digits. */
export interface CardMethod {
  id: string
  brand: string
  last4: string
}

/**
 * The store's processor when its library takes the cards; undefined for the sandbox, or
 * while the store's information is unknown (the store's own fields are shown then).
 */
export function useProcessorSettings(): ProcessorSettings | undefined {
  const payments = useAtomValue(storeInfoAtom)?.payments
  // The server sends the library's address and key with `stripe`.
  if (payments?.processor !== 'stripe' || !payments.library_url || !payments.publishable_key) return undefined
  return { libraryUrl: payments.library_url, publishableKey: payments.publishable_key }
}

/**
 * Loads the library and mounts its card element in the container `ProcessorCardGroup`
 * draws. `createMethod` has the library make the card's PaymentMethod; `tell` says a
 * problem at the card and focuses it, as a refusal of the library does.
 */
export function useProcessorCard({ libraryUrl, publishableKey }: ProcessorSettings) {
  const t = useT(messages)
  const { lang } = useInterfaceLanguage()
  const library = useLoad(libraryUrl, () => loadStripe(libraryUrl))
  const StripeLibrary = library.state === 'done' ? library.data : undefined
  // The group's nodes, set by the callback refs it is given: state, not ref objects, as
  // the group reads this hook's answer while rendering (and the element mounts once its
  // container is there).
  const [container, setContainer] = useState<HTMLDivElement | null>(null)
  const [group, setGroup] = useState<HTMLFieldSetElement | null>(null)
  const card = useRef<{ stripe: Stripe; element: StripeCardElement }>(null)
  const [problem, setProblem] = useState<string>()

  // Made in the interface's language; a change of language makes it again (what was
  // typed in it goes).
  useEffect(() => {
    if (!StripeLibrary || !container) return
    const stripe = StripeLibrary(publishableKey)
    const element = stripe.elements({ locale: lang }).create('card')
    element.mount(container)
    card.current = { stripe, element }
    return () => {
      card.current = null
      element.destroy()
    }
  }, [StripeLibrary, container, publishableKey, lang])

  const focus = useCallback(() => group?.focus(), [group])
  const tell = useCallback(
    (text: string) => {
      setProblem(text)
      focus()
    },
    [focus],
  )

  /** The card's PaymentMethod; undefined when the library would not make one (told at the card). */
  async function createMethod(): Promise<CardMethod | undefined> {
    const ready = card.current
    if (!ready) return undefined
    setProblem(undefined)
    // The method is stamped with this browser's holder: copied elsewhere, it pays or
    // saves nothing. The library answers a card it will not take with an `error`; it
    // throws only when it fails itself.
    const stamp = await cardHolder().catch(() => undefined)
    const made = stamp
      ? await ready.stripe
          .createPaymentMethod({ type: 'card', card: ready.element, metadata: { holder: stamp.holder } })
          .catch(() => undefined)
      : undefined
    const method = made?.paymentMethod
    if (method?.card) return { id: method.id, brand: method.card.brand, last4: method.card.last4 }
    tell(made?.error?.message ?? t('cardNotChecked'))
    return undefined
  }

  return {
    library,
    ready: StripeLibrary !== undefined,
    problem,
    focus,
    tell,
    createMethod,
    groupRef: setGroup,
    containerRef: setContainer,
  }
}

export type ProcessorCard = ReturnType<typeof useProcessorCard>

/**
 * The card element in a group named `card`, labelled and focusable (a problem focuses
 * it), with the library's loading and a retry when it cannot be loaded. `problem`: what
 * the form says about the card, unless the card's own problem is newer.
 */
export function ProcessorCardGroup({ card, problem }: { card: ProcessorCard; problem?: string }) {
  const t = useT(messages)
  const problemId = useId()
  const { library, ready, groupRef, containerRef } = card
  const told = card.problem ?? problem
  return (
    <fieldset
      ref={groupRef}
      name="card"
      tabIndex={-1}
      className={styles.group}
      aria-describedby={told ? problemId : undefined}
    >
      <legend>{t('cardDetails')}</legend>
      {library.state === 'loading' && <p className={styles.muted}>{t('loadingCardForm')}</p>}
      {library.state === 'failed' && (
        <div className={styles.failed}>
          <p role="alert" className={styles.problem}>
            {t('cardFormFailed')}
          </p>
          <button type="button" className={styles.retry} onClick={library.reload}>
            {t('tryAgain')}
          </button>
        </div>
      )}
      {/* The library's own: React renders nothing inside. Card numbers read left to right. */}
      <div ref={containerRef} className={styles.element} dir="ltr" hidden={!ready} />
      {told && (
        <p id={problemId} className={styles.problem}>
          {told}
        </p>
      )}
    </fieldset>
  )
}
