import { useAtomValue } from 'jotai'
import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { customerAtom } from '@/lib/session'
import { useSignOut } from '@/lib/useSession'
import { messages } from '../messages'
import { profileLinks } from '../profileLinks'
import styles from './Menus.module.css'

/**
 * The account entries, shared by the account menu and the mobile department menu.
 * `onNavigate` closes the menu; Sign Out closes it too, and the layout shows the
 * spinner until the shopper is Home.
 */
export function ProfileLinks({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT(messages)
  const signedIn = useAtomValue(customerAtom) !== null
  const signOut = useSignOut()
  return (
    <ul className={styles.entries}>
      {profileLinks(signedIn).map((link) => (
        <li key={link.key}>
          <Link to={link.path} className={styles.entry} onClick={onNavigate}>
            {t(link.key)}
          </Link>
        </li>
      ))}
      {signedIn && (
        <li>
          <button
            type="button"
            className={styles.entry}
            onClick={() => {
              onNavigate?.()
              void signOut()
            }}
          >
            {t('signOut')}
          </button>
        </li>
      )}
    </ul>
  )
}
