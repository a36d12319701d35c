import { useAtomValue } from 'jotai'
import { useCallback } from 'react'
import { languageAtom, type Language } from './preferences'

/**
 * The interface in English or Hebrew. Each feature keeps its own catalogue beside its
 * code (`messages.ts`), so features translate independently and a missing key is a
 * type error, not a blank on screen.
 */
export type Messages<Key extends string> = Record<Language, Record<Key, string>>

/** Declares a feature's catalogue; both languages must define every key. */
export function defineMessages<Key extends string>(messages: Messages<Key>): Messages<Key> {
  return messages
}

export type Vars = Record<string, string | number>

/** Replaces `{name}` placeholders; an unknown placeholder stays visible so it gets noticed. */
export function format(template: string, vars?: Vars): string {
  if (!vars) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

/** The translate function for `messages` in the shopper's language. */
export function useT<Key extends string>(messages: Messages<Key>) {
  const language = useAtomValue(languageAtom)
  return useCallback((key: Key, vars?: Vars) => format(messages[language][key], vars), [messages, language])
}

/** The `lang` and `dir` attributes for the interface language. */
export function useInterfaceLanguage(): { lang: 'en' | 'he'; dir: 'ltr' | 'rtl' } {
  return useAtomValue(languageAtom) === 'heb' ? { lang: 'he', dir: 'rtl' } : { lang: 'en', dir: 'ltr' }
}
