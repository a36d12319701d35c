import { renderHook } from '@testing-library/react'
import { Provider, createStore } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { defineMessages, format, useInterfaceLanguage, useT } from './i18n'
import { languageAtom } from './preferences'

const messages = defineMessages({
  eng: { greeting: 'Hello {name}', bag: 'Bag' },
  heb: { greeting: 'שלום {name}', bag: 'סל' },
})

function wrapperFor(language: 'heb' | 'eng') {
  const store = createStore()
  store.set(languageAtom, language)
  return ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>
}

afterEach(() => {
  localStorage.clear()
})

describe('i18n', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format('Hi {name}, {n} items', { name: 'Dana', n: 3 })).toBe('Hi Dana, 3 items')
    expect(format('Hi {who}', { name: 'Dana' })).toBe('Hi {who}')
  })

  it('translates in the chosen language', () => {
    const hebrew = renderHook(() => useT(messages), { wrapper: wrapperFor('heb') }).result.current
    const english = renderHook(() => useT(messages), { wrapper: wrapperFor('eng') }).result.current
    expect(hebrew('greeting', { name: 'דנה' })).toBe('שלום דנה')
    expect(english('bag')).toBe('Bag')
  })

  it('gives right-to-left attributes for Hebrew', () => {
    expect(renderHook(() => useInterfaceLanguage(), { wrapper: wrapperFor('heb') }).result.current).toEqual({
      lang: 'he',
      dir: 'rtl',
    })
    expect(renderHook(() => useInterfaceLanguage(), { wrapper: wrapperFor('eng') }).result.current).toEqual({
      lang: 'en',
      dir: 'ltr',
    })
  })
})
