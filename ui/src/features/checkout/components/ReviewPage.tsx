import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useMemo, useState, useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { AddressLine, AddressLines } from '@/components/order/AddressLines'
import { DigitalRecipients } from '@/components/order/OrderParts'
import { bagSummaryAtom } from '@/lib/bag'
import {
  chosenAddress,
  chosenCredit,
  checkoutAtom,
  defaultAddress,
  discountAtom,
  giftCardsAtom,
  hasNeededInfo,
  type CheckoutState,
} from '@/lib/checkout'
import { countryName, useCountries } from '@/lib/countries'
import { formatCalendarDate } from '@/lib/dates'
import { useT } from '@/lib/i18n'
import { shippingOptionsAtom, type ShippingOptions } from '@/lib/location'
import { refusalOf, sentence } from '@/lib/api/problem'
import { languageAtom, type Language } from '@/lib/preferences'
import { customerAtom, type Customer } from '@/lib/session'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import formStyles from '@/components/Form.module.css'
import { messages } from '../messages'
import { fieldProblemText } from '../api'
import { usePlaceOrder, type PlaceOutcome } from '../placeOrder'
import { quoteProblems } from '../problems'
import { useCheckoutQuote } from '../quote'
import { arrivalText, pickupText } from '../shippingMessages'
import styles from './Checkout.module.css'
import { DeliveryChoice, DigitalDelivery } from './Delivery'
import { AddressFields, PickupFields } from './Details'
import { OrderSummary } from './OrderSummary'
import { PaymentFields, useCardName } from './Payment'
import { MissingNote, missingSteps, PlaceNote, usePlaceProblems } from './Place'
import { DiscountCode, GiftCards } from './Savings'
import { Section } from './Section'
import { ZipForm } from './ZipForm'
import { useLocationFollowsOrder } from '../useLocationFollowsOrder'

/**
 * `/review`: everything chosen at checkout, each with a way to change it, and the
 * lines and figures of the checkout quote. A guest changes a choice on Checkout (which
 * lets a guest coming from Review in); a signed-in customer, whom Checkout sends here,
 * changes it in place. "Place order" sends it (`usePlaceOrder`): a declined card is
 * told at the card's field, a changed price is priced again, and a retry keeps its key.
 * It waits, saying why, while the quote is not yet made where the order goes (the
 * server would refuse it). A customer's Review comes ready to place: the delivery they
 * used last (else the cheapest) is chosen, and the saved address shown; whatever is
 * still missing is named beside the button, each with a way to it.
 */
export function ReviewPage() {
  const t = useT(messages)
  useDocumentTitle(t('review'))
  const language = useAtomValue(languageAtom)
  const customer = useAtomValue(customerAtom)
  const stored = useAtomValue(checkoutAtom)
  const summary = useAtomValue(bagSummaryAtom)
  const options = useAtomValue(shippingOptionsAtom)
  const giftCards = useAtomValue(giftCardsAtom)
  const discount = useAtomValue(discountAtom)
  const countries = useCountries()
  const cardName = useCardName()
  const view = useCheckoutQuote()
  const { place, busy, outcome } = usePlaceOrder(view)
  const placeId = useId()

  const quote = view.quote ?? view.last
  const digitalOnly = quote?.bag.digital_only ?? summary?.digital_only ?? false
  const where = useLocationFollowsOrder(digitalOnly)
  const whereProblems = usePlaceProblems(where, digitalOnly)
  const covered = view.quote?.amount_due === 0
  const refused = quoteProblems(view.error, language)
  const state = usePreselectedDelivery(stored, digitalOnly)
  const missing = missingSteps(customer, state, digitalOnly, covered)
  // Spec 2.1's needed info, and (whatever the delivery) a card for what the gift cards leave.
  const ready =
    hasNeededInfo(customer, state, digitalOnly, view.quote) && (covered || chosenCredit(customer, state) !== null)
  const type = state.shippingType
  const method = type?.type === 'ship' ? options?.methods.find((m) => m.id === type.id) : undefined
  const address = customer && customer.addresses.length > 0 ? chosenAddress(customer, state) : undefined
  const typed = state.shippingInfo && 'address' in state.shippingInfo ? state.shippingInfo.address : undefined
  const shown = address ?? typed
  const credit = chosenCredit(customer, state)
  // A decline (or a refused card) is told at the card until another card is chosen.
  const cardProblem = cardProblemOf(outcome, credit?.token, language)
  const placeProblem = cardProblem === undefined ? placeProblemOf(outcome, language, t) : undefined
  useFocusCard(cardProblem)

  let delivery: ReactNode = t('nothingChosen')
  const digital = state.digitalInfo
  if (digitalOnly)
    delivery = digital?.email ? (
      <>
        <DigitalRecipients
          lines={(quote?.bag.products ?? []).map((line) => ({ line, labels: line.meta.personalization }))}
          // The confirmation goes to the account's e-mail; a guest's is the one given here.
          email={customer?.email ?? digital.email}
        />
        {digital.postal_code && (
          <span>
            {t('billingAt', {
              place: `${digital.postal_code.trim()}, ${countryName(countries, digital.country, language)}`,
            })}
          </span>
        )}
      </>
    ) : (
      t('nothingChosen')
    )
  else if (type?.type === 'pickup')
    delivery = (
      <>
        <strong>{t('pickup')}</strong>
        {options?.pickup && <span>{pickupText(options.pickup.message, language)}</span>}
      </>
    )
  else if (method)
    delivery = (
      <>
        <strong>{language === 'heb' ? method.heb_name : method.name}</strong>
        <span>{arrivalText(method.message, language)}</span>
        <span>{t('estimatedArrival', { date: formatCalendarDate(method.estimated_arrival, 'long', language) })}</span>
      </>
    )

  return (
    <div className="page">
      <h1>{t('review')}</h1>
      <p>{t('reviewIntro')}</p>
      <div className={styles.layout}>
        <div className={styles.steps}>
          {!customer && (
            <Part id="contact" title={t('contactSummary')} guestLink="contact">
              <p className={styles.facts}>
                {state.email ? <AddressLine>{state.email}</AddressLine> : t('nothingChosen')}
              </p>
            </Part>
          )}
          <Part
            id="delivery"
            title={digitalOnly ? t('digitalDelivery') : t('deliverySummary')}
            guestLink="delivery"
            missing={missing.includes('delivery')}
            editor={
              <>
                <ZipForm problem={refused.zip} />
                {digitalOnly ? (
                  <DigitalDelivery problems={whereProblems} />
                ) : (
                  <DeliveryChoice quote={quote} problem={refused.delivery} />
                )}
              </>
            }
          >
            <div className={styles.facts}>{delivery}</div>
          </Part>
          {/* Shown before a method is chosen too: a customer sees their saved address at once. */}
          {!digitalOnly && type?.type !== 'pickup' && (
            <Part
              id="address"
              title={t('addressSummary')}
              guestLink="address"
              missing={missing.includes('address')}
              editor={<AddressFields problems={whereProblems} />}
            >
              {shown ? (
                <address className={styles.facts}>
                  <AddressLines address={shown} countries={countries} />
                </address>
              ) : (
                <p className={styles.facts}>{t('nothingChosen')}</p>
              )}
            </Part>
          )}
          {!digitalOnly && type?.type === 'pickup' && (
            <Part
              id="pickup"
              title={t('pickupSummary')}
              guestLink="pickup"
              missing={missing.includes('pickup')}
              editor={<PickupFields problems={{}} />}
            >
              {state.pickupInfo ? (
                <p className={styles.facts}>
                  <AddressLine>
                    <strong>{state.pickupInfo.name}</strong>
                  </AddressLine>
                  <AddressLine>{state.pickupInfo.email}</AddressLine>
                  <AddressLine ltr>{state.pickupInfo.phone}</AddressLine>
                </p>
              ) : (
                <p className={styles.facts}>{t('nothingChosen')}</p>
              )}
            </Part>
          )}
          <Part
            id="payment"
            title={t('paymentSummary')}
            guestLink="payment"
            missing={missing.includes('payment')}
            open={cardProblem !== undefined}
            editor={
              <>
                {cardProblem === undefined && (
                  <>
                    <GiftCards quote={quote} problems={refused.giftCards} />
                    <DiscountCode quote={quote} problem={refused.discount} />
                  </>
                )}
                <PaymentFields problems={{ card: cardProblem }} covered={covered} />
              </>
            }
          >
            <div className={styles.facts}>
              {covered ? (
                <span>{t('paidByGiftCards')}</span>
              ) : (
                <span>{credit ? cardName(credit) : t('nothingChosen')}</span>
              )}
              {quote?.gift_cards.map((card) => (
                <span key={card.code}>{t('giftCardApplied', { last4: card.last_four })}</span>
              ))}
              {giftCards.length > 0 && !quote && <span>{t('giftCards')}</span>}
              {discount.code && <span>{t('discountApplied', { code: discount.code })}</span>}
            </div>
          </Part>
        </div>
        <OrderSummary view={view} failed={refused.other}>
          {!ready && <MissingNote steps={missing} guest={!customer} digitalOnly={digitalOnly} />}
          {placeProblem && (
            <p role="alert" className={styles.problem}>
              {placeProblem}
            </p>
          )}
          <PlaceNote id={placeId} status={where} />
          <button
            type="button"
            className={`${formStyles.primary} ${styles.placeButton}`}
            disabled={!ready || busy || !view.quote || where !== 'here'}
            aria-describedby={where !== 'here' ? placeId : undefined}
            aria-busy={busy}
            onClick={() => {
              void place()
            }}
          >
            {busy && <span className={formStyles.spinner} aria-hidden="true" />}
            {busy ? t('placingOrder') : t('placeOrder')}
          </button>
          {!customer && <Link to="/checkout">{t('backToCheckout')}</Link>}
        </OrderSummary>
      </div>
    </div>
  )
}

/**
 * One choice of the order and its "Change": a link to Checkout for a guest; for a
 * customer (whom Checkout sends back here) the choice's editor in place, open from the
 * start when something is still missing.
 */
function Part({
  id,
  title,
  guestLink,
  missing = false,
  open: forced = false,
  editor,
  children,
}: {
  id: string
  title: string
  guestLink: string
  missing?: boolean
  /** Opens the editor in place, a guest's too (a declined card is replaced here). */
  open?: boolean
  editor?: ReactNode
  children: ReactNode
}) {
  const t = useT(messages)
  const customer = useAtomValue(customerAtom)
  const [editing, setEditing] = useState(missing)
  const editorId = useId()
  if (!customer) {
    return (
      <Section
        id={id}
        title={title}
        action={
          <Link to={`/checkout#${guestLink}`} className={styles.small}>
            {t('change')} <span className="visually-hidden">{title}</span>
          </Link>
        }
      >
        {children}
        {forced && editor !== undefined && <div className={styles.fieldset}>{editor}</div>}
      </Section>
    )
  }
  const open = editor !== undefined && (editing || missing || forced)
  return (
    <Section
      id={id}
      title={title}
      action={
        editor !== undefined &&
        !missing && (
          <button
            type="button"
            className={styles.small}
            aria-expanded={open}
            aria-controls={editorId}
            onClick={() => {
              setEditing((current) => !current)
            }}
          >
            {open ? t('done') : t('change')} <span className="visually-hidden">{title}</span>
          </button>
        )
      }
    >
      {children}
      <div id={editorId} hidden={!open} className={styles.fieldset}>
        {open && editor}
      </div>
    </Section>
  )
}

/**
 * A customer's delivery, chosen for them while none is: the one of their last order
 * while it is still offered here, else the cheapest method. (A choice the options stop
 * offering is dropped by the choice itself, and chosen again here.) The state is stored
 * after this render; this render already shows it, so Review never opens the choice
 * as missing only to have it chosen a moment later.
 */
function usePreselectedDelivery(state: CheckoutState, digitalOnly: boolean): CheckoutState {
  const customer = useAtomValue(customerAtom)
  const options = useAtomValue(shippingOptionsAtom)
  const setState = useSetAtom(checkoutAtom)
  const chosen = useMemo(
    () =>
      customer && !digitalOnly && state.shippingType === null && options
        ? withPreferredDelivery(customer, options, state)
        : undefined,
    [customer, digitalOnly, state, options],
  )
  useEffect(() => {
    if (!chosen) return
    const { shippingType, pickupInfo } = chosen
    setState((current) => (current.shippingType === null ? { ...current, shippingType, pickupInfo } : current))
  }, [chosen, setState])
  return chosen ?? state
}

function withPreferredDelivery(
  customer: Customer,
  options: ShippingOptions,
  state: CheckoutState,
): CheckoutState | undefined {
  const last = customer.last_delivery
  if (last?.type === 'pickup' && options.pickup) {
    // Pickup starts from what the account knows: the name, e-mail and the default address's phone.
    const contact = { name: customer.name, email: customer.email, phone: defaultAddress(customer)?.phone ?? '' }
    return { ...state, shippingType: { type: 'pickup', delivery: false }, pickupInfo: state.pickupInfo ?? contact }
  }
  const lastMethod = last?.type === 'ship' ? options.methods.find((m) => m.id === last.id) : undefined
  const method = lastMethod ?? options.cheapest ?? cheapestOf(options.methods)
  return method && { ...state, shippingType: { type: 'ship', id: method.id, delivery: true } }
}

const cheapestOf = <T extends { price: number }>(methods: readonly T[]): T | undefined =>
  methods.reduce<T | undefined>((best, m) => (best === undefined || m.price < best.price ? m : best), undefined)

/** What to say at the card about the last attempt: a decline, or a 400 naming the payment, while that card is still the one chosen. */
function cardProblemOf(outcome: PlaceOutcome | undefined, token: string | undefined, language: Language) {
  if (outcome?.kind === 'declined') {
    if (token !== undefined && outcome.token !== token) return undefined
    return language === 'heb' ? messages.heb.orderDeclined : sentence(outcome.error.message)
  }
  if (outcome?.kind === 'refused' && refusalOf(outcome.error)?.field.startsWith('payment')) {
    return fieldProblemText(outcome.error, language)
  }
  return undefined
}

/** What to say beside "Place order" about the last attempt. */
function placeProblemOf(
  outcome: PlaceOutcome | undefined,
  language: Language,
  t: (key: 'orderChanged' | 'orderRetry') => string,
): string | undefined {
  if (!outcome || outcome.kind === 'declined') return undefined
  if (outcome.kind === 'retry') return t('orderRetry')
  if (outcome.kind === 'changed') {
    return language === 'heb' ? t('orderChanged') : `${sentence(outcome.error.message)} ${t('orderChanged')}`
  }
  return fieldProblemText(outcome.error, language)
}

/**
 * A problem at the card moves focus there: the new card's number (with a real processor,
 * the group holding its card element), or the saved card chosen.
 */
function useFocusCard(problem: string | undefined) {
  useEffect(() => {
    if (problem === undefined) return
    const payment = document.getElementById('payment')
    const field =
      payment?.querySelector<HTMLElement>('[name="card"]') ??
      payment?.querySelector<HTMLElement>('input[name="payment"]:checked')
    field?.focus()
  }, [problem])
}

export { ReviewPage as Component }
