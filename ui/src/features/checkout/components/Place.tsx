import { Link } from 'react-router'
import { chosenCredit, hasShippingInfo, isCompleteDigital, isCompletePickup, type CheckoutState } from '@/lib/checkout'
import { useT } from '@/lib/i18n'
import type { Customer } from '@/lib/session'
import { messages, type CheckoutKey } from '../messages'
import type { Problems } from '../problems'
import type { PlaceStatus } from '../useLocationFollowsOrder'
import styles from './Checkout.module.css'

/** Why the order cannot go on yet: its quote is not made where it goes. Nothing once it is. */
export function PlaceNote({ id, status }: { id: string; status: PlaceStatus }) {
  const t = useT(messages)
  if (status === 'here') return null
  return (
    <p id={id} className={status === 'unknown' ? styles.problem : styles.muted}>
      {t(status === 'unknown' ? 'placeUnknown' : 'placeMoving')}
    </p>
  )
}

/** A place the lookup refused, told at the field it was typed in: the address's postal code, or the billing one. */
export function usePlaceProblems(status: PlaceStatus, digitalOnly: boolean): Problems {
  const t = useT(messages)
  if (status !== 'unknown') return {}
  return { [digitalOnly ? 'digital_postal_code' : 'ship_postal_code']: t('addressZipProblem') }
}

/** A part of Review where something the order needs is given; its id is the part's, and Checkout's anchor. */
export type Step = 'delivery' | 'address' | 'pickup' | 'payment'

/**
 * What the order still needs, by the part where it is given: spec 2.1's needed info
 * (as `hasNeededInfo` has it: the digital info; else a delivery, and the pickup's
 * contact or a complete address) and, whatever the delivery, a card for what the gift
 * cards leave (`covered`: they pay it all).
 */
export function missingSteps(
  customer: Customer | null,
  state: CheckoutState,
  digitalOnly: boolean,
  covered: boolean,
): Step[] {
  const missing: Step[] = []
  const type = state.shippingType
  if (digitalOnly) {
    if (!isCompleteDigital(state.digitalInfo)) missing.push('delivery')
  } else if (type === null) {
    missing.push('delivery')
  } else if (type.type === 'pickup') {
    if (!isCompletePickup(state.pickupInfo)) missing.push('pickup')
  } else if (!hasShippingInfo(customer, state)) {
    missing.push('address')
  }
  if (!covered && chosenCredit(customer, state) === null) missing.push('payment')
  return missing
}

const ASK: Record<Step, CheckoutKey> = {
  delivery: 'missingDelivery',
  address: 'missingAddress',
  pickup: 'missingPickup',
  payment: 'missingCard',
}

/**
 * Where focus goes in a part: the field that needs it (the delivery's choice, the
 * digital order's billing code, the card's number past the gift card and discount fields), else its first.
 */
const FIELD: Record<Step, string> = {
  delivery: 'input[name="delivery"], input[name="digital_postal_code"]',
  address: 'input, select',
  pickup: 'input',
  payment: 'input[name="card"], input[name="payment"]',
}

/**
 * What is missing before "Place order" can be pressed, each a way to it: a guest's
 * links to it on Checkout; a customer's buttons take focus to its field in the part
 * open on Review.
 */
export function MissingNote({
  steps,
  guest,
  digitalOnly,
}: {
  steps: readonly Step[]
  guest: boolean
  digitalOnly: boolean
}) {
  const t = useT(messages)
  const ask = (step: Step) => t(step === 'delivery' && digitalOnly ? 'missingDigital' : ASK[step])
  return (
    <div className={styles.missing}>
      <p className={styles.problem}>{t('needMore')}</p>
      {steps.length > 0 && (
        <ul>
          {steps.map((step) => (
            <li key={step}>
              {guest ? (
                <Link to={`/checkout#${step}`}>{ask(step)}</Link>
              ) : (
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => {
                    focusStep(step)
                  }}
                >
                  {ask(step)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function focusStep(step: Step) {
  const part = document.getElementById(step)
  const field =
    part?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    part?.querySelector<HTMLElement>(FIELD[step]) ??
    part?.querySelector<HTMLElement>('input, select, textarea, button')
  field?.focus()
}
