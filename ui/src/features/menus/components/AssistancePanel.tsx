import { deferred } from '@/lib/deferred'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import { HeaderPanel } from './HeaderPanel'

const AssistanceDialog = deferred(() => import('./AssistanceDialog').then((module) => module.AssistanceDialog))

/** Spec 2.6: the assistance button and its panel (a greeting, the help chat and the help e-mail address). */
export function AssistancePanel() {
  const t = useT(messages)
  return (
    <HeaderPanel
      name="assistance"
      panel={AssistanceDialog}
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
    />
  )
}
