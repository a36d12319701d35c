import { LanguageSwitch } from '@/features/chrome/components/LanguageSwitch'
import { ProfileLinks } from '@/features/menus/components/ProfileLinks'
import styles from './Header.module.css'

/** The phone's department menu also holds the profile links and the language. */
export function MenuExtras() {
  return (
    <>
      <ProfileLinks />
      <div className={styles.menuLanguage}>
        <LanguageSwitch />
      </div>
    </>
  )
}
