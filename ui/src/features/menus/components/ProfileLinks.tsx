import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import { GUEST_PROFILE_LINKS } from '../profileLinks'
import styles from './Menus.module.css'

/** The account entries, shared by the account menu and the mobile department menu. */
export function ProfileLinks({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT(messages)
  return (
    <ul className={styles.entries}>
      {GUEST_PROFILE_LINKS.map((link) => (
        <li key={link.path}>
          <Link to={link.path} className={styles.entry} onClick={onNavigate}>
            {t(link.key)}
          </Link>
        </li>
      ))}
    </ul>
  )
}
