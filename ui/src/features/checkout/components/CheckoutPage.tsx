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
import { messages } from '../messages'
import { checkoutProblems, quoteProblems, type Problems } from '../problems'
import { useCheckoutQuote } from '../quote'
import { TypedCardSlot, type TakeTypedCard } from '../typedCard'
import { focusFirstProblem } from '@/components/FormField'
import styles from './Checkout.module.css'
import { DeliveryChoice, DigitalDelivery } from './Delivery'
import { AddressFields, ContactFields, PickupFields } from './Details'
import { OrderSummary } from './OrderSummary'
import { PlaceNote, usePlaceProblems } from './Place'
import { PaymentFields } from './Payment'
import { DiscountCode, GiftCards } from './Savings'
import { Section } from './Section'
import { ZipForm } from './ZipForm'
import { useLocationFollowsOrder } from '../useLocationFollowsOrder'

/**
 * `/checkout`: the guest's e-mail, the delivery (a shipping method or pickup, or the
 * e-mail and billing postal code of a digital-only order) with the ZIP that prices it,
 * the shipping address or pickup info, gift cards, a discount code and the card; beside
 * them every figure of the checkout quote. Continue checks what Review needs and goes on;
 * it waits (disabled, saying why) while the quote is not yet made where the order goes.
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
  const [problems, setProblems] = useState<Problems>({})
  const [blocked, setBlocked] = useState(false)
  const steps = useRef<HTMLDivElement>(null)
  const placeId = useId()

  const quote = view.quote ?? view.last
  const digitalOnly = quote?.bag.digital_only ?? summary?.digital_only ?? false
  const place = useLocationFollowsOrder(digitalOnly)
  // A place the lookup refused is told at its field, whatever Continue last found.
  const placeProblems = usePlaceProblems(place, digitalOnly)
  const fields = { ...problems, ...placeProblems }
  const covered = view.quote?.amount_due === 0
  const refused = quoteProblems(view.error, language)
  const shipping = !digitalOnly && state.shippingType?.type === 'ship'
  const pickup = !digitalOnly && state.shippingType?.type === 'pickup'

  // What Continue checks is read after the quote under way (if any) has answered: a card
  // may or may not be needed, by the gift cards' figures.
  const facts = { customer, state, digitalOnly, covered, location, error: view.error }
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
    // A refused card is told at its own field (number, expiry or code).
    if (taken === 'refused') delete found.card
    setProblems(found)
    const stopped = focusFirstProblem(steps.current, found) || taken === 'refused' || now.error !== undefined
    setBlocked(stopped)
    if (!stopped) void navigate('/review')
  }

  return (
    <div className="page">
      <h1>{t('checkout')}</h1>
      <div className={styles.layout}>
        <div ref={steps} className={styles.steps}>
          {!customer && (
            <Section id="contact" title={t('contact')}>
              <ContactFields problems={{ email: problems.email ?? refused.email }} />
            </Section>
          )}
          <Section id="delivery" title={digitalOnly ? t('digitalDelivery') : t('delivery')}>
            <ZipForm problem={refused.zip} />
            {digitalOnly ? (
              <DigitalDelivery problems={{ ...fields, digital_email: fields.digital_email ?? refused.email }} />
            ) : (
              <DeliveryChoice quote={quote} problem={problems.delivery ?? refused.delivery} />
            )}
          </Section>
          {shipping && (
            <Section id="address" title={t('shippingAddress')}>
              <AddressFields problems={fields} />
            </Section>
          )}
          {pickup && (
            <Section id="pickup" title={t('pickupInfo')}>
              <PickupFields problems={problems} />
            </Section>
          )}
          <Section id="gift-cards" title={t('giftCards')}>
            <GiftCards quote={quote} problems={refused.giftCards} />
          </Section>
          <Section id="discount" title={t('discountTitle')}>
            <DiscountCode quote={quote} problem={refused.discount} />
          </Section>
          <Section id="payment" title={t('payment')}>
            <TypedCardSlot value={typedCard}>
              <PaymentFields problems={problems} covered={covered} />
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
