import { useAtomValue } from 'jotai'
import { useT } from '@/lib/i18n'
import { customerAtom } from '@/lib/session'
import { messages } from '../messages'
import { HeaderPanel } from './HeaderPanel'
import styles from './Menus.module.css'
import { ProfileLinks } from './ProfileLinks'

/** Spec 2.6: the account menu; its button and heading name a signed-in customer by first name, a guest gets "Account". */
export function AccountMenu() {
  const t = useT(messages)
  const firstName = useAtomValue(customerAtom)?.first_name
  return (
    <HeaderPanel
      name="account"
      title={firstName ? t('helloName', { name: firstName }) : t('account')}
      button={
        <>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="22"
            height="22"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21a8 8 0 0 1 16 0" />
          </svg>
          <span className={styles.name}>{firstName ?? t('account')}</span>
        </>
      }
    >
      {(close) => <ProfileLinks onNavigate={close} />}
    </HeaderPanel>
  )
}
