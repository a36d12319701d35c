import type { createStore } from 'jotai'
import type { BagLists, QuoteAnswer } from './bag'
import { defineMessages, format } from './i18n'
import { languageAtom, type Language } from './preferences'
import { showToast } from './toast'

// Lines a quote or a merge took out because the catalogue no longer sells them as they
// were (or, at a merge, past the bag's last line): the shopper is told which, since
// they did not ask for it.

const messages = defineMessages({
  eng: {
    withdrawnOne: '“{title}” is no longer available as you chose it, so it was removed.',
    withdrawnMany: '{n} items are no longer available as you chose them, so they were removed.',
  },
  heb: {
    withdrawnOne: '„{title}” כבר לא זמין כפי שבחרתם, ולכן הוסר.',
    withdrawnMany: '{n} פריטים כבר לא זמינים כפי שבחרתם, ולכן הוסרו.',
  },
})

/** A removal the shopper did not ask for stays in sight longer than the usual toast. */
const WITHDRAWN_TOAST_MS = 10_000

/**
 * The titles, as the shopper last saw them in `before`, of the lines `answer` withdrew.
 */
export function withdrawnTitles(before: BagLists, answer: QuoteAnswer, language: Language): string[] {
  const held = [...before.products, ...before.unavailableCart, ...before.later, ...before.unavailableLater]
  return answer.withdrawn.map((gone) => {
    const line = held.find((l) => l.id === gone.id && l.type === gone.type && l.item_key === gone.item_key)
    return line ? (language === 'heb' && line.heb_title) || line.title : ''
  })
}

/** Tells the shopper, in a toast, which of the lines held in `before` the answer withdrew. */
export function noticeWithdrawn(store: ReturnType<typeof createStore>, before: BagLists, answer: QuoteAnswer): void {
  const language = store.get(languageAtom)
  const titles = withdrawnTitles(before, answer, language)
  if (titles.length === 0) return
  const [title] = titles
  const say = messages[language]
  const notice =
    titles.length === 1 && title ? format(say.withdrawnOne, { title }) : format(say.withdrawnMany, { n: titles.length })
  showToast(store, 'error', notice, WITHDRAWN_TOAST_MS)
}
