import { useAtomValue, useSetAtom } from 'jotai'
import { useId, useRef, useState, type ComponentType, type ReactNode, type Ref, type SubmitEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import formStyles from '@/components/Form.module.css'
import { FormAlert, SelectField, SubmitButton } from '@/components/FormField'
import { ApiError, idParam } from '@/lib/api/errors'
import { useProblemText } from '@/lib/api/problem'
import { defaultAddress, defaultPayment } from '@/lib/checkout'
import { useCountries, type Countries } from '@/lib/countries'
import { formatPrice } from '@/lib/format'
import { hebrewApplies, localize } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { customerAtom, type Customer } from '@/lib/session'
import { useAction } from '@/lib/useAction'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { useLoad } from '@/lib/useLoad'
import { getPlanGroup, MAX_QUANTITY, quotePlan, subscribe, type Plan, type PlanGroup, type PlanProduct } from '../api'
import { messages } from '../messages'
import { addressLine, Busy, LoadProblem, useCardName, useMediumDate, usePlanWords } from './Parts'
import styles from './Subscriptions.module.css'

type Address = Customer['addresses'][number]
type Payment = Customer['payments'][number]

/**
 * The account's forms for a new address and a new card (features/account), handed in
 * by the route: a feature does not import another. Each answers every saved one.
 */
export interface AccountForms {
  AddressForm: ComponentType<{ countries: Countries; onSaved: (addresses: Address[]) => void; onCancel: () => void }>
  CardForm: ComponentType<{ onSaved: (payments: Payment[]) => void; onCancel: () => void }>
}

/**
 * `/subscription/:type_id/:group_id`: a group of plans to buy (signed-in customers only,
 * the route's guard). What it is and what each delivery brings, its plans to choose
 * from, how many, where to and which card (a new address or card added in place); the
 * first delivery priced as it would be charged, today, whenever a choice changes; and
 * Subscribe, which lands on the subscription's confirmation.
 */
export function SubscribePage({ forms }: { forms: AccountForms }) {
  const t = useT(messages)
  const { type_id: typeParam, group_id: groupParam } = useParams()
  // Ids that cannot name a group are answered like an unknown group (404).
  const loaded = useLoad(`plan-group:${typeParam ?? ''}:${groupParam ?? ''}`, async (signal) =>
    getPlanGroup(idParam(typeParam), idParam(groupParam), signal),
  )
  return (
    <div className={`page ${styles.single}`}>
      {loaded.state === 'done' ? (
        <Subscribe group={loaded.data} forms={forms} />
      ) : (
        // One element from loading to failed, so the heading stays put rather than being remade.
        <Untitled busy={loaded.state === 'loading'}>
          {loaded.state === 'failed' &&
            (loaded.error instanceof ApiError && loaded.error.status === 404 ? (
              <div role="alert">
                <p>{t('groupNotFound')}</p>
                <Link to="/">{t('backHome')}</Link>
              </div>
            ) : (
              <LoadProblem error={loaded.error} reload={loaded.reload} failed="loadFailed" />
            ))}
        </Untitled>
      )}
    </div>
  )
}

/** The page before its group is known: its page name, and loading or why not. */
function Untitled({ busy = false, children }: { busy?: boolean; children?: ReactNode }) {
  const t = useT(messages)
  useDocumentTitle(t('subscribeTitle'))
  return (
    <>
      <h1 className={styles.title}>{t('subscribeTitle')}</h1>
      {busy && <Busy />}
      {children}
    </>
  )
}

/** The group's words in the interface's language: its Hebrew ones in Hebrew, where it has them. */
function useGroupWords(group: PlanGroup) {
  const language = useAtomValue(languageAtom)
  const hebrew = language === 'heb'
  return {
    name: localize(language, hebrew, group.name, group.heb_name),
    type: localize(language, hebrew, group.type_name, group.heb_type_name),
    description: localize(language, hebrew, group.description, group.heb_description),
  }
}

function Subscribe({ group, forms }: { group: PlanGroup; forms: AccountForms }) {
  const t = useT(messages)
  const words = useGroupWords(group)
  useDocumentTitle(words.name.text)
  const customer = useAtomValue(customerAtom)
  const setCustomer = useSetAtom(customerAtom)
  const navigate = useNavigate()
  const problemText = useProblemText()
  const { busy, run } = useAction()
  const [alert, setAlert] = useState<string>()
  const [planId, setPlanId] = useState(group.plans[0]?.id)
  const [quantity, setQuantity] = useState(1)
  const [chosenAddress, setAddressId] = useState<number>()
  const [chosenPayment, setPaymentId] = useState<number>()
  const sectionIds = { plans: useId(), where: useId(), quote: useId() }
  // The guard let only a customer in; null here means they are signing out this moment.
  if (!customer) return null
  const plan = group.plans.find((entry) => entry.id === planId)
  // The one chosen while it is saved; else the default (or the first) saved one.
  const addressId = customer.addresses.some((entry) => entry.id === chosenAddress)
    ? chosenAddress
    : defaultAddress(customer)?.id
  const paymentId = customer.payments.some((entry) => entry.id === chosenPayment)
    ? chosenPayment
    : defaultPayment(customer)?.id

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!plan) return
    if (addressId === undefined || paymentId === undefined) {
      setAlert(t('chooseFirst'))
      return
    }
    void run(async () => {
      setAlert(undefined)
      try {
        const body = { plan_id: plan.id, quantity, address_id: addressId, payment_id: paymentId }
        const answer = await subscribe(body)
        await navigate(`/subscription-confirmation/${answer.subscription.id}`)
      } catch (error) {
        setAlert(problemText(error))
      }
    })
  }

  return (
    <>
      <div className={styles.intro}>
        <p className={styles.context} {...words.type.attributes}>
          {words.type.text}
        </p>
        <h1 className={styles.title} {...words.name.attributes}>
          {words.name.text}
        </h1>
        {words.description.text && (
          <p className={styles.flush} {...words.description.attributes}>
            {words.description.text}
          </p>
        )}
      </div>
      {group.product && plan && <Product product={group.product} plan={plan} />}
      <section aria-labelledby={sectionIds.plans} className={styles.section}>
        <h2 id={sectionIds.plans}>{t('choosePlan')}</h2>
        <div role="radiogroup" aria-labelledby={sectionIds.plans} className={styles.plans}>
          {group.plans.map((entry) => (
            <PlanChoice key={entry.id} plan={entry} checked={entry.id === planId} onChoose={setPlanId} />
          ))}
        </div>
        <SelectField
          label={t('quantityPerDelivery')}
          name="quantity"
          value={quantity}
          onChange={(event) => {
            setQuantity(Number(event.target.value))
          }}
        >
          {Array.from({ length: MAX_QUANTITY }, (_, index) => index + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </section>
      <section aria-labelledby={sectionIds.where} className={styles.section}>
        <h2 id={sectionIds.where}>{t('deliveryAndPayment')}</h2>
        <AddressChoice
          customer={customer}
          chosen={addressId}
          onChoose={setAddressId}
          onSaved={(addresses) => {
            const added = addresses.find((entry) => !customer.addresses.some((known) => known.id === entry.id))
            setCustomer((current) => current && { ...current, addresses })
            if (added) setAddressId(added.id)
          }}
          Form={forms.AddressForm}
        />
        <CardChoice
          customer={customer}
          chosen={paymentId}
          onChoose={setPaymentId}
          onSaved={(payments) => {
            const added = payments.find((entry) => !customer.payments.some((known) => known.id === entry.id))
            setCustomer((current) => current && { ...current, payments })
            if (added) setPaymentId(added.id)
          }}
          Form={forms.CardForm}
        />
      </section>
      <section aria-labelledby={sectionIds.quote} className={styles.section}>
        <h2 id={sectionIds.quote}>{t('firstDeliveryTitle')}</h2>
        {/* A new quote is read out as it comes. */}
        <div aria-live="polite" className={styles.quote}>
          {plan && addressId !== undefined ? (
            <Quote planId={plan.id} quantity={quantity} addressId={addressId} />
          ) : (
            <p className={styles.flush}>{t('chooseAddressForPrice')}</p>
          )}
        </div>
      </section>
      <form noValidate className={styles.subscribe} onSubmit={onSubmit}>
        <FormAlert message={alert} />
        <SubmitButton busy={busy} label={t('subscribe')} busyLabel={t('subscribing')} />
        <p className={`${styles.muted} ${styles.flush}`}>{t('anyTime')}</p>
      </form>
    </>
  )
}

/** What each delivery brings: its picture, its title linking to its page, and its price bought once. */
function Product({ product, plan }: { product: PlanProduct; plan: Plan }) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const title = localize(language, hebrewApplies(language, product), product.title, product.heb_title)
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>{t('eachDeliveryBrings')}</h2>
      <div className={styles.product}>
        {product.image ? (
          <img className={styles.productImage} src={product.image} alt="" width={96} height={96} />
        ) : (
          <span className={styles.productImage} />
        )}
        <div className={styles.lineText}>
          <Link to={product.path} {...title.attributes}>
            {title.text}
          </Link>
          <span>
            <bdi>{t('boughtOnce', { price: formatPrice(plan.price_once) })}</bdi>
          </span>
          {!product.in_stock && <span className={styles.problem}>{t('outOfStock')}</span>}
        </div>
      </div>
    </section>
  )
}

/** One plan as a radio: how often, the price per delivery, the saving, and how many deliveries. */
function PlanChoice({ plan, checked, onChoose }: { plan: Plan; checked: boolean; onChoose: (id: number) => void }) {
  const words = usePlanWords()(plan)
  return (
    <label className={styles.plan}>
      <input
        type="radio"
        name="plan"
        value={plan.id}
        checked={checked}
        onChange={() => {
          onChoose(plan.id)
        }}
      />
      {/* The parts are apart on screen; read out, commas part them. */}
      <span className={styles.planText}>
        <strong>{words.interval}</strong>
        <Pause />
        <span>
          <bdi>{words.price}</bdi>
        </span>
        {words.saving && (
          <>
            <Pause />
            <span className={styles.saving}>{words.saving}</span>
          </>
        )}
        <Pause />
        <span className={styles.muted}>{words.deliveries}</span>
      </span>
    </label>
  )
}

/** A comma read out between two parts set apart on screen (the space outside it, so it is not trimmed away). */
const Pause = () => (
  <>
    <span className="visually-hidden">,</span>{' '}
  </>
)

interface ChoiceProps<Saved> {
  customer: Customer
  chosen: number | undefined
  onChoose: (id: number) => void
  /** Every saved one, as the server answered a new one's saving. */
  onSaved: (saved: Saved[]) => void
}

/**
 * Adding a saved address or card in place: the form opens (and takes the focus); once
 * it closes, the focus goes back to the select (a new one saved and chosen) or to the
 * button that opened it (cancelled).
 */
function useAddInPlace() {
  const [adding, setAdding] = useState(false)
  const selectRef = useRef<HTMLSelectElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const close = (saved: boolean) => {
    setAdding(false)
    requestAnimationFrame(() => {
      const target = saved ? (selectRef.current ?? buttonRef.current) : buttonRef.current
      target?.focus()
    })
  }
  const open = () => {
    setAdding(true)
  }
  return { adding, open, close, selectRef, buttonRef }
}

/** The button that opens the form for a new one. */
function AddButton({ label, onClick, ref }: { label: string; onClick: () => void; ref: Ref<HTMLButtonElement> }) {
  return (
    <p className={styles.flush}>
      <button ref={ref} type="button" className={formStyles.secondary} onClick={onClick}>
        {label}
      </button>
    </p>
  )
}

/** The delivery address: a saved one, or a new one added in place with the account's form. */
function AddressChoice({
  customer,
  chosen,
  onChoose,
  onSaved,
  Form,
}: ChoiceProps<Address> & { Form: AccountForms['AddressForm'] }) {
  const t = useT(messages)
  const { adding, open, close, selectRef, buttonRef } = useAddInPlace()
  return (
    <div className={styles.choice}>
      {customer.addresses.length > 0 ? (
        <SelectField
          ref={selectRef}
          label={t('address')}
          name="address_id"
          value={chosen ?? ''}
          onChange={(event) => {
            onChoose(Number(event.target.value))
          }}
        >
          {customer.addresses.map((address) => (
            <option key={address.id} value={address.id}>
              {addressLine(address)}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className={styles.flush}>{t('noAddress')}</p>
      )}
      {adding ? (
        <NewAddress
          Form={Form}
          onSaved={(addresses) => {
            onSaved(addresses)
            close(true)
          }}
          onCancel={() => {
            close(false)
          }}
        />
      ) : (
        <AddButton ref={buttonRef} label={t('addNewAddress')} onClick={open} />
      )}
    </div>
  )
}

/** The account's address form, with the countries it offers (asked for once it opens). */
function NewAddress({
  Form,
  onSaved,
  onCancel,
}: {
  Form: AccountForms['AddressForm']
  onSaved: (addresses: Address[]) => void
  onCancel: () => void
}) {
  const countries = useCountries()
  return <Form countries={countries} onSaved={onSaved} onCancel={onCancel} />
}

/** The card charged: a saved one, or a new one added in place with the account's form. */
function CardChoice({
  customer,
  chosen,
  onChoose,
  onSaved,
  Form,
}: ChoiceProps<Payment> & { Form: AccountForms['CardForm'] }) {
  const t = useT(messages)
  const cardName = useCardName()
  const { adding, open, close, selectRef, buttonRef } = useAddInPlace()
  return (
    <div className={styles.choice}>
      {customer.payments.length > 0 ? (
        <SelectField
          ref={selectRef}
          label={t('card')}
          name="payment_id"
          value={chosen ?? ''}
          onChange={(event) => {
            onChoose(Number(event.target.value))
          }}
        >
          {customer.payments.map((payment) => (
            <option key={payment.id} value={payment.id}>
              {cardName(payment)}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className={styles.flush}>{t('noCard')}</p>
      )}
      {adding ? (
        <Form
          onSaved={(payments) => {
            onSaved(payments)
            close(true)
          }}
          onCancel={() => {
            close(false)
          }}
        />
      ) : (
        <AddButton ref={buttonRef} label={t('addNewCard')} onClick={open} />
      )}
    </div>
  )
}

/**
 * The first delivery priced by the server for the choices made: asked again whenever
 * one changes (the answer for earlier choices is dropped and its request aborted).
 */
function Quote({ planId, quantity, addressId }: { planId: number; quantity: number; addressId: number }) {
  const t = useT(messages)
  const date = useMediumDate()
  const problemText = useProblemText()
  const quote = useLoad(`plan-quote:${planId}:${quantity}:${addressId}`, (signal) =>
    quotePlan({ plan_id: planId, quantity, address_id: addressId }, signal),
  )
  if (quote.state === 'loading') return <p className={`${styles.muted} ${styles.flush}`}>{t('pricing')}</p>
  if (quote.state === 'failed') {
    return (
      <div role="alert" className={styles.row}>
        <p className={styles.problem}>{problemText(quote.error)}</p>
        <button type="button" className={formStyles.secondary} onClick={quote.reload}>
          {t('tryAgain')}
        </button>
      </div>
    )
  }
  const { first_charge_on, subtotal, shipping, tax, total, saved_per_delivery } = quote.data
  const price = (cents: number) => <bdi>{formatPrice(cents)}</bdi>
  return (
    <>
      <p className={styles.flush}>{t('firstCharge', { date: date(first_charge_on) })}</p>
      <dl className={styles.totals}>
        <div>
          <dt>{t('subtotal')}</dt>
          <dd>{price(subtotal)}</dd>
        </div>
        <div>
          <dt>{t('shipping')}</dt>
          <dd>{shipping === 0 ? t('free') : price(shipping)}</dd>
        </div>
        <div>
          <dt>{t('tax')}</dt>
          <dd>{price(tax)}</dd>
        </div>
        <div className={styles.total}>
          <dt>{t('total')}</dt>
          <dd>{price(total)}</dd>
        </div>
      </dl>
      {saved_per_delivery > 0 && (
        <p className={styles.saving}>
          <bdi>{t('youSave', { amount: formatPrice(saved_per_delivery) })}</bdi>
        </p>
      )}
    </>
  )
}
