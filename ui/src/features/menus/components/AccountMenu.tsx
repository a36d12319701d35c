import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import { HeaderPanel } from './HeaderPanel'
import { ProfileLinks } from './ProfileLinks'

/** Spec 2.6: the account menu, headed with the first name or "Account" (no sign-in yet). */
export function AccountMenu() {
  const t = useT(messages)
  return (
    <HeaderPanel
      name="account"
      title={t('account')}
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
          <span>{t('account')}</span>
        </>
      }
    >
      {(close) => <ProfileLinks onNavigate={close} />}
    </HeaderPanel>
  )
}
