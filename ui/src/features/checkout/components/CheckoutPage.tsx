import { useAtomValue } from 'jotai'
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { bagSummaryAtom } from '@/lib/bag'
import { checkoutAtom, chosenCredit } from '@/lib/checkout'
import { useT } from '@/lib/i18n'
import { zipLookUpAtom } from '@/lib/location'
import { languageAtom } from '@/lib/preferences'
import { customerAtom } from '@/lib/session'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import formStyles from '@/components/Form.module.css'
import { focusFirstProblem, useFieldChecks } from '@/components/FormField'
import { messages } from '../messages'
import { checkoutProblems, quoteProblems } from '../problems'
import { useCheckoutQuote } from '../quote'
import { TypedCardSlot, type TakeTypedCard } from '../typedCard'
import { useLocationFollowsOrder } from '../useLocationFollowsOrder'
import styles from './Checkout.module.css'
import { DeliveryChoice, DigitalDelivery, useNoDeliveryOptions } from './Delivery'
import { AddressFields, ContactFields, PickupFields } from './Details'
import { OrderSummary } from './OrderSummary'
import { PlaceNote, usePlaceProblems } from './Place'
import { PaymentFields, type TypedCardState } from './Payment'
import { Savings } from './Savings'
import { Section } from './Section'
import { PricedFor } from './ZipForm'

/**
 * `/checkout`: the guest's e-mail, the delivery (a shipping method or pickup, or the
 * billing postal code of a digital-only order), the shipping address (whose ZIP prices
 * the order and brings the delivery options) or pickup info, gift cards and a discount
 * code behind one button, and the card; beside them every figure of the checkout quote.
 * A field's problem is shown once the shopper leaves it typed in, or presses Continue,
 * and goes when it is put right. Continue checks what Review needs and goes on; it waits
 * (disabled, saying why) while the quote is not yet made where the order goes.
 */
export function CheckoutPage() {
  const t = useT(messages)
  useDocumentTitle(t('checkout'))
  const language = useAtomValue(languageAtom)
  const customer = useAtomValue(customerAtom)
  const state = useAtomValue(checkoutAtom)
  const summary = useAtomValue(bagSummaryAtom)
  const location = useAtomValue(zipLookUpAtom)
  const navigate = useNavigate()
  const view = useCheckoutQuote()
  const [pressed, setPressed] = useState(false)
  const [cardEntry, setCardEntry] = useState<TypedCardState>('empty')
  const steps = useRef<HTMLDivElement>(null)
  const placeId = useId()

  const quote = view.quote ?? view.last
  const digitalOnly = quote?.bag.digital_only ?? summary?.digital_only ?? false
  const place = useLocationFollowsOrder(digitalOnly)
  const covered = view.quote?.amount_due === 0
  const refused = quoteProblems(view.error, language)
  const type = digitalOnly ? null : state.shippingType

  // With nothing to choose where the order is priced, the address is asked at once: its
  // ZIP brings the options. It then stays, so it never vanishes while being located.
  const noOptions = useNoDeliveryOptions()
  const [addressFirst, setAddressFirst] = useState(false)
  if (noOptions && !digitalOnly && !addressFirst) setAddressFirst(true)
  const shipping = !digitalOnly && (type?.type === 'ship' || (type === null && addressFirst))

  // What checkout still needs, as the page stands now (never as at the last Continue).
  const facts = { customer, state, digitalOnly, covered, location, error: view.error }
  const problems = checkoutProblems(facts, t)
  // A card typed is taken by Continue; one refused is told at its own fields.
  if (cardEntry !== 'empty') delete problems.card
  const checks = useFieldChecks(problems)
  // A place the lookup refused is told at its field, whatever Continue last found.
  const placeProblems = usePlaceProblems(place, digitalOnly)
  const fields = {
    // A quote refusing the ZIP is told where the ZIP is typed.
    [digitalOnly ? 'digital_postal_code' : 'ship_postal_code']: refused.zip,
    ...checks.shown,
    ...placeProblems,
  }
  const blocked = pressed && (Object.keys(problems).length > 0 || cardEntry === 'refused' || view.error !== undefined)

  // What Continue checks is read after the quote under way (if any) has answered: a card
  // may or may not be needed, by the gift cards' figures.
  const latest = useRef(facts)
  useLayoutEffect(() => {
    latest.current = facts
  })
  const waiters = useRef<(() => void)[]>([])
  useEffect(() => {
    if (view.loading) return
    const waiting = waiters.current
    waiters.current = []
    for (const resume of waiting) resume()
  }, [view.loading])
  const [checking, setChecking] = useState(false)

  // The card entry shown puts here how to take the card typed in it: Continue takes it
  // itself, without a separate "Use this card" step (issue 27).
  const typedCard = useRef<TakeTypedCard>(null)

  async function onContinue() {
    if (checking) return
    setChecking(true)
    if (view.loading) await new Promise<void>((resume) => waiters.current.push(resume))
    let now = latest.current
    const take = typedCard.current
    const taken = take && !now.covered && chosenCredit(now.customer, now.state) === null ? await take() : 'empty'
    setChecking(false)
    // The entry has kept the card, but this render's facts do not have it yet.
    if (typeof taken === 'object') now = { ...now, state: { ...now.state, creditInfo: taken } }
    const found = checkoutProblems(now, t)
    // A refused card is told at its own field (number, expiry or code); the entry says
    // so too, but after this render.
    if (taken === 'refused') {
      delete found.card
      setCardEntry('refused')
    }
    setPressed(true)
    checks.showAll(Object.keys(found))
    const stopped = focusFirstProblem(steps.current, found) || taken === 'refused' || now.error !== undefined
    if (!stopped) void navigate('/review')
  }

  return (
    <div className="page">
      <h1>{t('checkout')}</h1>
      <div className={styles.layout}>
        {/* Leaving a field checks it (useFieldChecks). */}
        <div ref={steps} className={styles.steps} onBlur={checks.onBlur}>
          {!customer && (
            <Section id="contact" title={t('contact')}>
              <ContactFields digitalOnly={digitalOnly} problems={{ email: fields.email ?? refused.email }} />
            </Section>
          )}
          <Section id="delivery" title={digitalOnly ? t('digitalDelivery') : t('delivery')}>
            <PricedFor />
            {digitalOnly ? (
              <DigitalDelivery problems={fields} />
            ) : (
              <DeliveryChoice quote={quote} problem={fields.delivery ?? refused.delivery} />
            )}
          </Section>
          {shipping && (
            <Section id="address" title={t('shippingAddress')}>
              <AddressFields problems={fields} />
            </Section>
          )}
          {type?.type === 'pickup' && (
            <Section id="pickup" title={t('pickupInfo')}>
              <PickupFields problems={fields} />
            </Section>
          )}
          <Savings quote={quote} giftCardProblems={refused.giftCards} discountProblem={refused.discount} />
          <Section id="payment" title={t('payment')}>
            <TypedCardSlot value={typedCard}>
              <PaymentFields problems={fields} covered={covered} onTyped={setCardEntry} />
            </TypedCardSlot>
          </Section>
        </div>
        <OrderSummary view={view} failed={refused.other}>
          <button
            type="button"
            className={formStyles.primary}
            aria-disabled={checking || undefined}
            disabled={place !== 'here'}
            aria-describedby={place !== 'here' ? placeId : undefined}
            onClick={() => void onContinue()}
          >
            {checking && <span className={formStyles.spinner} aria-hidden="true" />}
            {checking ? t('updating') : t('continueToReview')}
          </button>
          <PlaceNote id={placeId} status={place} />
          {blocked && (
            <p role="alert" className={styles.problem}>
              {t('fixProblems')}
            </p>
          )}
        </OrderSummary>
      </div>
    </div>
  )
}

export { CheckoutPage as Component }
