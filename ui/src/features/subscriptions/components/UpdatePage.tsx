import { useAtomValue } from 'jotai'
import { useId, useRef, useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { idParam } from '@/lib/api/errors'
import { useProblemText } from '@/lib/api/problem'
import { useT } from '@/lib/i18n'
import { readableOrderNumber } from '@/lib/orders'
import { customerAtom } from '@/lib/session'
import { useAction } from '@/lib/useAction'
import { useLoad } from '@/lib/useLoad'
import { INTERVALS, type Interval } from '@/lib/subscriptions'
import { changeSubscription, getPlanGroups, getSubscription, type Subscription, type SubscriptionDetail } from '../api'
import { messages, type SubscriptionsKey } from '../messages'
import {
  CancelControl,
  ChoiceForm,
  PauseForm,
  PlanForm,
  QuantityForm,
  type Editor,
  type GroupPlans,
} from './ChangeForms'
import {
  AccountFrame,
  addressLine,
  Busy,
  DeclinedWarning,
  ItemList,
  LoadProblem,
  Notice,
  ScheduleLine,
  StatusBadge,
  useCardName,
  useIntervalName,
  useMediumDate,
  useSubscriptionName,
  type NoticeState,
} from './Parts'
import { Deliveries, History } from './Records'
import styles from './Subscriptions.module.css'

/**
 * `/account/subscriptions-update/:subscription_id`: one subscription, to change its
 * quantities, how often it comes, its address and card; to skip the next delivery,
 * pause, resume or cancel it; with its deliveries and history below. Each change shows
 * the subscription as the server answers it.
 */
export function UpdatePage() {
  const t = useT(messages)
  const param = useParams().subscription_id
  // An id that cannot name a subscription is answered like another customer's (404).
  const loaded = useLoad(`subscription:${param ?? ''}`, async (signal) => getSubscription(idParam(param), signal))
  return (
    <AccountFrame title={t('updateTitle')}>
      {loaded.state === 'loading' && <Busy />}
      {loaded.state === 'failed' && (
        <LoadProblem error={loaded.error} reload={loaded.reload} failed="loadFailed" notFound="notFound" />
      )}
      {loaded.state === 'done' && <Manage initial={loaded.data} />}
    </AccountFrame>
  )
}

function Manage({ initial }: { initial: SubscriptionDetail }) {
  const t = useT(messages)
  const problemText = useProblemText()
  const [detail, setDetail] = useState(initial)
  const [notice, setNotice] = useState<NoticeState>()
  const noticeRef = useRef<HTMLDivElement>(null)
  const { busy, run } = useAction()
  const { subscription } = detail
  const open = subscription.status === 'active' || subscription.status === 'paused'
  const group = useGroupPlans(subscription.plan_id)

  /** Asks the server, and shows what it answered: the subscription as it now is, or why not. */
  const ask = (call: () => Promise<SubscriptionDetail>, said?: (answer: Subscription) => string, moveFocus = false) =>
    run(async () => {
      setNotice(undefined)
      try {
        const answer = await call()
        setDetail(answer)
        if (said) setNotice({ type: 'status', text: said(answer.subscription) })
        if (moveFocus) requestAnimationFrame(() => noticeRef.current?.focus())
      } catch (error) {
        setNotice({ type: 'alert', text: problemText(error) })
      }
    })

  const editor: Editor = {
    busy,
    locked: subscription.charging,
    send: (change, said = () => t('saved'), moveFocus = false) =>
      ask(() => changeSubscription(subscription.id, change), said, moveFocus),
  }

  return (
    <div className={styles.stack}>
      <Summary
        subscription={subscription}
        checkAgain={() => {
          void ask(() => getSubscription(subscription.id))
        }}
      />
      <Notice notice={notice} ref={noticeRef} />
      <Section title={t('items')}>
        {open ? (
          <ul className={styles.lines} aria-label={t('items')}>
            {subscription.lines.map((line, index) => (
              <QuantityForm
                key={`${line.line_type}:${line.item_id}:${line.item_key}`}
                line={line}
                index={index}
                editor={editor}
              />
            ))}
          </ul>
        ) : (
          <ItemList lines={subscription.lines} label={t('items')} />
        )}
      </Section>
      {open ? (
        <>
          <Section title={t('details')}>
            <Settings subscription={subscription} group={group} editor={editor} />
          </Section>
          <Section title={t('actions')}>
            <Actions subscription={subscription} editor={editor} />
          </Section>
        </>
      ) : (
        <p className={styles.flush}>{t('ended')}</p>
      )}
      <Section title={t('deliveries')}>
        <Deliveries deliveries={detail.deliveries} />
      </Section>
      <Section title={t('history')}>
        <History
          history={detail.history}
          lines={subscription.lines}
          plans={group.state === 'done' ? group.plans : undefined}
        />
      </Section>
      <p className={styles.flush}>
        <Link to="/account/subscriptions">{t('backToList')}</Link>
      </p>
    </div>
  )
}

/**
 * The plans of the group a subscription bought on `planId` belongs to, from
 * `GET /api/subscription-plans` (the group whose plans include it); none for a
 * recurring order, which asks for nothing.
 */
function useGroupPlans(planId: number | undefined): GroupPlans {
  const loaded = useLoad(planId === undefined ? 'no-plan' : 'plan-groups', async (signal) =>
    planId === undefined ? { groups: [] } : getPlanGroups(signal),
  )
  if (loaded.state === 'loading') return loaded
  if (loaded.state === 'failed') return { state: 'failed', reload: loaded.reload }
  const group = loaded.data.groups.find((entry) => entry.plans.some((plan) => plan.id === planId))
  return { state: 'done', plans: group?.plans ?? [] }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/** What it is and where it stands; while a delivery is being charged, that changes wait. */
function Summary({ subscription, checkAgain }: { subscription: Subscription; checkAgain: () => void }) {
  const t = useT(messages)
  const intervalName = useIntervalName()
  const name = useSubscriptionName()(subscription)
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.cardHead}>
        <h2 id={headingId}>{name}</h2>
        <StatusBadge status={subscription.status} />
      </div>
      <p className={styles.flush}>
        <strong>{intervalName(subscription.interval, true)}</strong>
      </p>
      <ScheduleLine subscription={subscription} />
      {subscription.repeats_order && (
        <p className={styles.flush}>
          <Link to={`/account/orders/${subscription.repeats_order}`}>
            {t('viewOrder', { number: readableOrderNumber(subscription.repeats_order) })}
          </Link>
        </p>
      )}
      {/* The card's select is on this page, below. */}
      <DeclinedWarning subscription={subscription} change={t('changeCardBelow')} />
      {subscription.charging && (
        <div className={styles.charging}>
          <p className={styles.flush}>{t('charging')}</p>
          <button type="button" className={formStyles.secondary} onClick={checkAgain}>
            {t('checkAgain')}
          </button>
        </div>
      )}
    </section>
  )
}

/**
 * How often it comes (for one bought on a plan, the plan, which sets how often and the
 * price), where to, and the card that pays: the current ones chosen.
 */
function Settings({ subscription, group, editor }: { subscription: Subscription; group: GroupPlans; editor: Editor }) {
  const t = useT(messages)
  const intervalName = useIntervalName()
  const cardName = useCardName()
  const customer = useAtomValue(customerAtom)
  // The guard let only a customer in; null here means they are signing out this moment.
  if (!customer) return null
  return (
    <>
      {subscription.plan_id === undefined ? (
        <ChoiceForm
          name="interval"
          label={t('interval')}
          current={subscription.interval}
          choices={INTERVALS.map((interval) => ({ value: interval, label: intervalName(interval, true) }))}
          missing={t('chooseOne')}
          request={(value) => ({ action: 'interval', interval: value as Interval })}
          editor={editor}
        />
      ) : (
        <PlanForm current={subscription.plan_id} group={group} editor={editor} />
      )}
      <ChoiceForm
        name="address"
        label={t('address')}
        current={String(subscription.address_id)}
        choices={customer.addresses.map((address) => ({
          value: String(address.id),
          label: addressLine(address),
        }))}
        missing={t('addressGone')}
        request={(value) => ({ action: 'address', address_id: Number(value) })}
        editor={editor}
      />
      <ChoiceForm
        name="card"
        label={t('card')}
        current={String(subscription.payment_id)}
        choices={customer.payments.map((payment) => ({
          value: String(payment.id),
          label: cardName(payment),
        }))}
        missing={t('cardGone')}
        request={(value) => ({ action: 'card', payment_id: Number(value) })}
        editor={editor}
      />
      <p className={styles.links}>
        <Link to="/account/addresses">{t('editAddresses')}</Link>
        <Link to="/account/payments">{t('editCards')}</Link>
      </p>
    </>
  )
}

/** Skip the next delivery and pause (while active), resume (while paused), and cancel. */
function Actions({ subscription, editor }: { subscription: Subscription; editor: Editor }) {
  const t = useT(messages)
  const date = useMediumDate()
  const next = (answer: Subscription, dated: SubscriptionsKey, undated: SubscriptionsKey) =>
    answer.next_delivery ? t(dated, { date: date(answer.next_delivery) }) : t(undated)
  return (
    <>
      {subscription.status === 'active' && (
        <>
          <p className={styles.flush}>
            <button
              type="button"
              className={formStyles.secondary}
              disabled={editor.locked}
              aria-disabled={editor.busy || undefined}
              onClick={() => {
                void editor.send({ action: 'skip' }, (answer) => next(answer, 'skippedSaid', 'skippedNoneSaid'))
              }}
            >
              {t('skip')}
            </button>
          </p>
          <PauseForm editor={editor} />
        </>
      )}
      {subscription.status === 'paused' && (
        <p className={styles.flush}>
          <button
            type="button"
            className={formStyles.primary}
            disabled={editor.locked}
            aria-disabled={editor.busy || undefined}
            onClick={() => {
              void editor.send({ action: 'resume' }, (answer) => next(answer, 'resumedSaid', 'resumedNoneSaid'), true)
            }}
          >
            {t('resume')}
          </button>
        </p>
      )}
      <CancelControl editor={editor} />
    </>
  )
}

export { UpdatePage as Component }
