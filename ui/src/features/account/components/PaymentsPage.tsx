import { useAtomValue, useSetAtom, useStore } from 'jotai'
import { useState } from 'react'
import { forgetPayment } from '@/lib/checkout'
import { useT } from '@/lib/i18n'
import { customerAtom } from '@/lib/session'
import { removePayment, setDefaultPayment, type Payment } from '../api'
import { messages } from '../messages'
import { BRANDS } from '../brands'
import { useSavedItems } from '../useSavedItems'
import formStyles from '@/components/Form.module.css'
import styles from './Account.module.css'
import { AccountScreen } from './AccountScreen'
import { CardForm } from './CardForm'
import { Notice } from './Notice'
import { SavedItem } from './SavedItem'

const twoDigits = (n: number) => String(n % 100).padStart(2, '0')

/**
 * `/account/payments`: the saved cards (spec 3: a token and the last four digits), to
 * add, remove (after asking) and make the default. Each answer updates the stored customer.
 */
export function PaymentsPage() {
  const t = useT(messages)
  const customer = useAtomValue(customerAtom)
  const setCustomer = useSetAtom(customerAtom)
  const store = useStore()
  const [adding, setAdding] = useState(false)
  const { notice, setNotice, addButton, done, attempt } = useSavedItems(() => {
    setAdding(false)
  })

  const setPayments = (payments: Payment[]) => {
    setCustomer((current) => current && { ...current, payments })
  }

  async function makeDefault(payment: Payment) {
    await attempt(async () => {
      setPayments((await setDefaultPayment(payment.id)).payments)
      setNotice({ type: 'status', text: t('defaultCardSaved') })
    })
  }

  async function remove(payment: Payment) {
    await attempt(async () => {
      await removePayment(payment.id)
      // Spec 4.2: it is no longer the card chosen at checkout either.
      forgetPayment(store, payment.id)
      setCustomer((current) => current && { ...current, payments: current.payments.filter((p) => p.id !== payment.id) })
      done({ type: 'status', text: t('cardRemoved') })
    })
  }

  // The guard let only a customer in; null here means they are signing out this moment.
  if (!customer) return null
  return (
    <AccountScreen title={t('payments')}>
      <Notice notice={notice} />
      {customer.payments.length === 0 && !adding && <p>{t('noCards')}</p>}
      {customer.payments.length > 0 && (
        <ul className={styles.items}>
          {customer.payments.map((payment) => {
            const brand = t(BRANDS[payment.brand] ?? 'brand_other')
            return (
              <SavedItem
                key={payment.id}
                name={`${brand} ${t('endingIn')} ${payment.last4}`}
                isDefault={payment.default}
                confirm={t('confirmRemoveCard')}
                onMakeDefault={() => makeDefault(payment)}
                onRemove={() => remove(payment)}
              >
                <p className={styles.card}>
                  <strong>{brand}</strong> <span aria-hidden="true">•••• </span>
                  <span className="visually-hidden">{t('endingIn')} </span>
                  <bdi>{payment.last4}</bdi>
                </p>
                <p>{t('expires', { date: `${twoDigits(payment.exp_month)}/${twoDigits(payment.exp_year)}` })}</p>
              </SavedItem>
            )
          })}
        </ul>
      )}
      {adding ? (
        <CardForm
          onSaved={(payments) => {
            setPayments(payments)
            done({ type: 'status', text: t('cardSaved') })
          }}
          onCancel={() => {
            done(undefined)
          }}
        />
      ) : (
        <button
          ref={addButton}
          type="button"
          className={formStyles.primary}
          onClick={() => {
            setNotice(undefined)
            setAdding(true)
          }}
        >
          {t('addCard')}
        </button>
      )}
    </AccountScreen>
  )
}

export { PaymentsPage as Component }
