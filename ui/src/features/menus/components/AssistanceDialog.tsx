import { useAtomValue, useSetAtom } from 'jotai'
import { useT } from '@/lib/i18n'
import { helpChatOpenAtom } from '@/lib/panels'
import { customerAtom } from '@/lib/session'
import { storeInfoAtom } from '@/lib/storeInfo'
import { messages } from '../panelMessages'
import { HeaderPanelDialog, type PanelProps } from './HeaderPanelDialog'
import styles from './Menus.module.css'

/** Spec 2.6: a greeting by first name (or "Hi there"), a way into the help chat and the help e-mail address. */
export function AssistanceDialog({ id, within, onClose }: PanelProps) {
  const t = useT(messages)
  const firstName = useAtomValue(customerAtom)?.first_name
  const store = useAtomValue(storeInfoAtom)
  const openChat = useSetAtom(helpChatOpenAtom)
  return (
    <HeaderPanelDialog
      id={id}
      within={within}
      title={firstName ? t('hiName', { name: firstName }) : t('hiThere')}
      onClose={onClose}
    >
      <ul className={styles.entries}>
        <li>
          <button
            type="button"
            className={styles.entry}
            aria-haspopup="dialog"
            onClick={() => {
              onClose()
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
    </HeaderPanelDialog>
  )
}
