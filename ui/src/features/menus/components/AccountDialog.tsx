import { useAtomValue } from 'jotai'
import { useT } from '@/lib/i18n'
import { customerAtom } from '@/lib/session'
import { messages } from '../messages'
import { messages as panelMessages } from '../panelMessages'
import { HeaderPanelDialog, type PanelProps } from './HeaderPanelDialog'
import { ProfileLinks } from './ProfileLinks'

/** Spec 2.6: the account menu's panel, headed with a signed-in customer's first name. */
export function AccountDialog({ id, within, onClose }: PanelProps) {
  const t = useT(panelMessages)
  const tMenu = useT(messages)
  const firstName = useAtomValue(customerAtom)?.first_name
  return (
    <HeaderPanelDialog
      id={id}
      within={within}
      title={firstName ? t('helloName', { name: firstName }) : tMenu('account')}
      onClose={onClose}
    >
      <ProfileLinks onNavigate={onClose} />
    </HeaderPanelDialog>
  )
}
