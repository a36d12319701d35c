import { useAtomValue } from 'jotai'
import { deferred } from '@/lib/deferred'
import { helpChatOpenAtom } from '@/lib/panels'

// The panel's code (its form, checks and messages) loads when it first opens.
const HelpChatPanel = deferred(() => import('./HelpChatPanel').then((module) => module.HelpChatPanel))

/** The help-chat panel (spec 2.6, 2.8) while it is open; the layout keeps it in place. */
export function HelpChat() {
  return useAtomValue(helpChatOpenAtom) ? <HelpChatPanel /> : null
}
