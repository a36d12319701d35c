import { useAtomValue } from 'jotai'
import { useId, useState, type SubmitEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { FormAlert, SelectField, SubmitButton } from '@/components/FormField'
import { useProblemText } from '@/lib/api/problem'
import { defaultAddress, defaultPayment } from '@/lib/checkout'
import { useT } from '@/lib/i18n'
import type { Order } from '@/lib/orders'
import { customerAtom } from '@/lib/session'
import { INTERVALS, repeatOrder, type Interval } from '@/lib/subscriptions'
import { useAction } from '@/lib/useAction'
import { messages } from '../messages'
import { addressLine, useCardName, useIntervalName } from './Parts'
import styles from './Subscriptions.module.css'

/** The server repeats only an order that was shipped and not cancelled. */
export const repeatable = (order: Order) => order.delivery.type === 'ship' && order.status !== 'cancelled'

/**
 * "Repeat this order", for a signed-in customer's shipped order (the account's order
 * page and the thank-you page show it; a guest, or an order picked up, delivered by
 * e-mail or cancelled, gets nothing): how often (every 4 weeks unless chosen), to which
 * saved address and paid by which saved card (the defaults unless chosen); the
 * recurring order's confirmation follows. Without a saved address or card, where to
 * add them. `className`: the frame of the page's sections.
 */
export function RepeatOrder({ order, className }: { order: Order; className?: string }) {
  const t = useT(messages)
  const intervalName = useIntervalName()
  const cardName = useCardName()
  const customer = useAtomValue(customerAtom)
  const navigate = useNavigate()
  const problemText = useProblemText()
  const headingId = useId()
  const { busy, run } = useAction()
  const [alert, setAlert] = useState<string>()
  const [every, setEvery] = useState<Interval>('4w')
  // Ids chosen; until one is (or when it is no longer saved), the default's.
  const [chosenAddress, setAddressId] = useState<string>()
  const [chosenPayment, setPaymentId] = useState<string>()
  if (!customer || !repeatable(order)) return null
  const ready = customer.addresses.length > 0 && customer.payments.length > 0
  const addressId = customer.addresses.some((address) => String(address.id) === chosenAddress)
    ? chosenAddress
    : String(defaultAddress(customer)?.id ?? '')
  const paymentId = customer.payments.some((payment) => String(payment.id) === chosenPayment)
    ? chosenPayment
    : String(defaultPayment(customer)?.id ?? '')

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    void run(async () => {
      setAlert(undefined)
      try {
        const body = { interval: every, address_id: Number(addressId), payment_id: Number(paymentId) }
        const answer = await repeatOrder(order.number, body)
        await navigate(`/recurring-confirmation/${answer.subscription.id}`)
      } catch (error) {
        setAlert(problemText(error))
      }
    })
  }

  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId}>{t('repeatTitle')}</h2>
      {ready ? (
        <form noValidate className={formStyles.form} onSubmit={onSubmit}>
          <p className={`${styles.muted} ${styles.flush}`}>{t('repeatIntro')}</p>
          <FormAlert message={alert} />
          <SelectField
            label={t('interval')}
            name="interval"
            value={every}
            onChange={(event) => {
              setEvery(INTERVALS.find((interval) => interval === event.target.value) ?? '4w')
            }}
          >
            {INTERVALS.map((interval) => (
              <option key={interval} value={interval}>
                {intervalName(interval, true)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('repeatAddress')}
            name="address_id"
            value={addressId}
            onChange={(event) => {
              setAddressId(event.target.value)
            }}
          >
            {customer.addresses.map((address) => (
              <option key={address.id} value={address.id}>
                {addressLine(address)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('repeatCard')}
            name="payment_id"
            value={paymentId}
            onChange={(event) => {
              setPaymentId(event.target.value)
            }}
          >
            {customer.payments.map((payment) => (
              <option key={payment.id} value={payment.id}>
                {cardName(payment)}
              </option>
            ))}
          </SelectField>
          <SubmitButton busy={busy} label={t('repeatButton')} busyLabel={t('repeating')} />
        </form>
      ) : (
        <>
          <p className={styles.muted}>{t('repeatNeeds')}</p>
          <p className={styles.links}>
            {customer.addresses.length === 0 && <Link to="/account/addresses">{t('addAddress')}</Link>}
            {customer.payments.length === 0 && <Link to="/account/payments">{t('addCard')}</Link>}
          </p>
        </>
      )}
    </section>
  )
}
