import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { useT } from '@/lib/i18n'
import { addAddress, inputOf, updateAddress, type Address, type AddressFields } from '../api'
import type { Countries } from '../countries'
import { messages, type AccountKey } from '../messages'
import { useProblemText } from '@/lib/api/problem'
import { fieldProblem } from '../problems'
import { useAction } from '@/lib/useAction'
import { CountryField } from '@/components/CountryField'
import formStyles from '@/components/Form.module.css'
import styles from './Account.module.css'
import { CheckboxField, focusFirstProblem, FormAlert, SubmitButton, TextField } from '@/components/FormField'

type TextName = Exclude<keyof AddressFields, 'default'>

// The text fields in the form's order, with their labels and what the browser may fill in.
const TEXT_FIELDS: { name: Exclude<TextName, 'country' | 'phone'>; label: AccountKey; autoComplete: string }[] = [
  { name: 'name', label: 'name', autoComplete: 'name' },
  { name: 'line1', label: 'line1', autoComplete: 'address-line1' },
  { name: 'line2', label: 'line2', autoComplete: 'address-line2' },
  { name: 'city', label: 'city', autoComplete: 'address-level2' },
  { name: 'region', label: 'region', autoComplete: 'address-level1' },
  { name: 'postal_code', label: 'postalCode', autoComplete: 'postal-code' },
]
const FIELD_NAMES: readonly TextName[] = [...TEXT_FIELDS.map((f) => f.name), 'country', 'phone']
const REQUIRED: readonly TextName[] = ['name', 'line1', 'city', 'postal_code', 'country', 'phone']

/** Spec 9's default country. */
const DEFAULT_COUNTRY = 'US'

const EMPTY: AddressFields = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postal_code: '',
  country: DEFAULT_COUNTRY,
  phone: '',
  default: false,
}

interface AddressFormProps {
  /** The address to edit; none to add one. */
  address?: Address
  countries: Countries
  /** The server's answer: every address of the account. */
  onSaved: (addresses: Address[]) => void
  onCancel: () => void
}

/**
 * Adds or edits an address. Required fields are checked here; the server checks the
 * rest, and a problem it names a field for is shown at that field.
 */
export function AddressForm({ address, countries, onSaved, onCancel }: AddressFormProps) {
  const t = useT(messages)
  const problemText = useProblemText()
  const [fields, setFields] = useState<AddressFields>(() => (address ? inputOf(address) : EMPTY))
  const [problems, setProblems] = useState<Partial<Record<TextName, string>>>({})
  const [alert, setAlert] = useState<string>()
  const { busy, run } = useAction()
  const form = useRef<HTMLFormElement>(null)
  const headingId = useId()

  // The form replaces a button: focus goes to its first field.
  useEffect(() => {
    form.current?.querySelector('input')?.focus()
  }, [])

  const change = (name: keyof AddressFields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }))
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    // Spec 5: text inputs trim their value.
    const sent = Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
    ) as AddressFields
    setFields(sent)
    setAlert(undefined)
    const missing = Object.fromEntries(
      FIELD_NAMES.filter((name) => REQUIRED.includes(name) && sent[name] === '').map((name) => [name, t('required')]),
    )
    setProblems(missing)
    if (focusFirstProblem(form.current, missing)) return
    void run(async () => {
      try {
        onSaved(address ? (await updateAddress(address.id, sent)).addresses : (await addAddress(sent)).addresses)
      } catch (error) {
        const found = fieldProblem(error, FIELD_NAMES)
        if (found) {
          const problem = { [found.field]: t(`problem_${found.field}`, { reason: found.reason }) }
          setProblems(problem)
          focusFirstProblem(form.current, problem)
        } else {
          setAlert(problemText(error))
        }
      }
    })
  }

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId}>{t(address ? 'editAddress' : 'newAddress')}</h2>
      <FormAlert message={alert} />
      <form ref={form} noValidate className={formStyles.form} onSubmit={onSubmit}>
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={t(field.label)}
            name={field.name}
            autoComplete={field.autoComplete}
            required={REQUIRED.includes(field.name)}
            // Typed in either script: each reads its own way (a postal code is always left to right).
            dir={field.name === 'postal_code' ? 'ltr' : 'auto'}
            value={fields[field.name]}
            problem={problems[field.name]}
            onChange={change(field.name)}
          />
        ))}
        <CountryField
          countries={countries}
          label={t('country')}
          name="country"
          value={fields.country}
          problem={problems.country ?? (countries && 'failed' in countries ? t('countriesFailed') : undefined)}
          onChange={change('country')}
        />
        <TextField
          label={t('phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          dir="auto"
          value={fields.phone}
          problem={problems.phone}
          onChange={change('phone')}
        />
        <CheckboxField
          label={t('defaultAddress')}
          name="default"
          checked={fields.default}
          onChange={(event) => {
            setFields((current) => ({ ...current, default: event.target.checked }))
          }}
        />
        <div className={styles.actions}>
          <SubmitButton busy={busy} label={t('saveAddress')} busyLabel={t('saving')} />
          <button type="button" className={formStyles.secondary} onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </section>
  )
}
