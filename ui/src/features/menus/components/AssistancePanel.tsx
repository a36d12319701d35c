import { useAtomValue, useSetAtom } from 'jotai'
import { useT } from '@/lib/i18n'
import { helpChatOpenAtom } from '@/lib/panels'
import { customerAtom } from '@/lib/session'
import { storeInfoAtom } from '@/lib/storeInfo'
import { messages } from '../messages'
import { HeaderPanel } from './HeaderPanel'
import styles from './Menus.module.css'

/** Spec 2.6: a greeting by first name (or "Hi there"), a way into the help chat and the help e-mail address. */
export function AssistancePanel() {
  const t = useT(messages)
  const firstName = useAtomValue(customerAtom)?.first_name
  const store = useAtomValue(storeInfoAtom)
  const openChat = useSetAtom(helpChatOpenAtom)
  return (
    <HeaderPanel
      name="assistance"
      title={firstName ? t('hiName', { name: firstName }) : t('hiThere')}
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
            <circle cx="12" cy="12" r="9" />
            <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.01" />
          </svg>
          <span>{t('help')}</span>
        </>
      }
    >
      {(close) => (
        <ul className={styles.entries}>
          <li>
            <button
              type="button"
              className={styles.entry}
              aria-haspopup="dialog"
              onClick={() => {
                close()
                openChat(true)
              }}
            >
              {t('chat')}
            </button>
          </li>
          {store && (
            <li>
              <a href={`mailto:${store.help_email}`} className={styles.entry}>
                {t('email', { email: store.help_email })}
              </a>
            </li>
          )}
        </ul>
      )}
    </HeaderPanel>
  )
}
