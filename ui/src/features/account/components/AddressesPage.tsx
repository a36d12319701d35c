import { useAtomValue, useSetAtom, useStore } from 'jotai'
import { useState } from 'react'
import { forgetAddress } from '@/lib/checkout'
import { useT } from '@/lib/i18n'
import { customerAtom } from '@/lib/session'
import { inputOf, removeAddress, updateAddress, type Address } from '../api'
import { useCountries } from '../countries'
import { messages } from '../messages'
import { useSavedItems } from '../useSavedItems'
import formStyles from '@/components/Form.module.css'
import { AddressLines } from '@/components/order/AddressLines'
import styles from './Account.module.css'
import { AccountScreen } from './AccountScreen'
import { AddressForm } from './AddressForm'
import { Notice } from './Notice'
import { SavedItem } from './SavedItem'

/**
 * `/account/addresses`: the saved addresses (spec 3), to add, edit, remove (after
 * asking) and make the default. Each answer updates the stored customer.
 */
export function AddressesPage() {
  const t = useT(messages)
  const customer = useAtomValue(customerAtom)
  const setCustomer = useSetAtom(customerAtom)
  const store = useStore()
  const countries = useCountries()
  // The address being edited, 'new' while adding one, or null.
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const { notice, setNotice, addButton, done, attempt } = useSavedItems(() => {
    setEditing(null)
  })

  const setAddresses = (addresses: Address[]) => {
    setCustomer((current) => current && { ...current, addresses })
  }

  async function makeDefault(address: Address) {
    await attempt(async () => {
      const { addresses } = await updateAddress(address.id, { ...inputOf(address), default: true })
      setAddresses(addresses)
      setNotice({ type: 'status', text: t('defaultAddressSaved') })
    })
  }

  async function remove(address: Address) {
    await attempt(async () => {
      await removeAddress(address.id)
      // Spec 4.2: it is no longer the shipping info chosen at checkout either.
      forgetAddress(store, address.id)
      setCustomer(
        (current) => current && { ...current, addresses: current.addresses.filter((a) => a.id !== address.id) },
      )
      done({ type: 'status', text: t('addressRemoved') })
    })
  }

  // The guard let only a customer in; null here means they are signing out this moment.
  if (!customer) return null
  const form = (address?: Address) => (
    <AddressForm
      address={address}
      countries={countries}
      onSaved={(addresses) => {
        setAddresses(addresses)
        done({ type: 'status', text: t('addressSaved') })
      }}
      onCancel={() => {
        done(undefined)
      }}
    />
  )
  return (
    <AccountScreen title={t('addresses')}>
      <Notice notice={notice} />
      {customer.addresses.length === 0 && editing !== 'new' && <p>{t('noAddresses')}</p>}
      {customer.addresses.length > 0 && (
        <ul className={styles.items}>
          {customer.addresses.map((address) =>
            editing === address.id ? (
              <li key={address.id}>{form(address)}</li>
            ) : (
              <SavedItem
                key={address.id}
                name={`${address.name}, ${address.line1}`}
                isDefault={address.default}
                confirm={t('confirmRemoveAddress')}
                onEdit={() => {
                  setNotice(undefined)
                  setEditing(address.id)
                }}
                onMakeDefault={() => makeDefault(address)}
                onRemove={() => remove(address)}
              >
                <address className={styles.address}>
                  <AddressLines address={address} countries={countries} />
                </address>
              </SavedItem>
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        form()
      ) : (
        <button
          ref={addButton}
          type="button"
          className={formStyles.primary}
          onClick={() => {
            setNotice(undefined)
            setEditing('new')
          }}
        >
          {t('addAddress')}
        </button>
      )}
    </AccountScreen>
  )
}

export { AddressesPage as Component }
