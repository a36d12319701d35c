import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import formStyles from '@/components/Form.module.css'
import { messages } from '../messages'
import styles from './Checkout.module.css'
import { Section } from './Section'

/**
 * `/sign-in`, checkout's first step for a guest: go on as a guest, or sign in (Login
 * comes back here, and from here a customer goes on to checkout and Review). Guest
 * checkout leads, first and the primary button: most shoppers have no account, and an
 * account wall loses them (Baymard).
 */
export function SignInPage() {
  const t = useT(messages)
  useDocumentTitle(t('signIn'))
  return (
    <div className="page">
      <h1>{t('signIn')}</h1>
      <p>{t('signInIntro')}</p>
      <div className={styles.choices}>
        <Section id="guest" title={t('guestTitle')}>
          <p className={styles.intro}>{t('guestIntro')}</p>
          <Link to="/checkout" className={formStyles.primary}>
            {t('continueAsGuest')}
          </Link>
        </Section>
        <Section id="sign-in" title={t('haveAccount')}>
          <Link to="/login" className={formStyles.secondary}>
            {t('signInLink')}
          </Link>
        </Section>
      </div>
    </div>
  )
}

export { SignInPage as Component }
