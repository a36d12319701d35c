import { createStore } from 'jotai'
import { afterEach, describe, expect, it } from 'vitest'
import { STORAGE_KEY, persistedAtom } from './persist'

const isNumber = (v: unknown): v is number => typeof v === 'number'

/** The one storage entry, parsed. */
function stored(): unknown {
  return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null')
}

afterEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('persistedAtom', () => {
  it('keeps every store under one storage key', () => {
    const a = persistedAtom('a', 0, isNumber)
    const b = persistedAtom('b', 0, isNumber)
    const store = createStore()
    store.set(a, 1)
    store.set(b, 2)
    expect(Object.keys(localStorage)).toEqual([STORAGE_KEY])
    expect(stored()).toEqual({ a: 1, b: 2 })
  })

  it('reads what an earlier visit stored, and ignores values of the wrong shape', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ good: 7, bad: 'seven' }))
    const store = createStore()
    expect(store.get(persistedAtom('good', 0, isNumber))).toBe(7)
    expect(store.get(persistedAtom('bad', 0, isNumber))).toBe(0)
  })

  it('survives unreadable storage', () => {
    localStorage.setItem(STORAGE_KEY, '{not json')
    const store = createStore()
    const atom = persistedAtom('n', 3, isNumber)
    expect(store.get(atom)).toBe(3)
    store.set(atom, 4)
    expect(stored()).toEqual({ n: 4 })
  })

  it('follows changes made in another tab', () => {
    const atom = persistedAtom('shared', 0, isNumber)
    const store = createStore()
    const seen: number[] = []
    const unsubscribe = store.sub(atom, () => seen.push(store.get(atom)))
    const otherTab = JSON.stringify({ shared: 42 })
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: otherTab }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'someone-else', newValue: '{"shared": 1}' }))
    unsubscribe()
    expect(seen).toEqual([42])
  })

  it('keeps a session entry in this tab’s session storage only', () => {
    const kept = persistedAtom('secret', 0, isNumber, 'session')
    const store = createStore()
    store.set(kept, 9)
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull()
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null')).toEqual({ secret: 9 })
    expect(createStore().get(kept)).toBe(9)
  })

  it('is read by each store on its first use, not once when the atom is made', () => {
    const atom = persistedAtom('late', 0, isNumber)
    expect(createStore().get(atom)).toBe(0)
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ late: 5 }))
    const store = createStore()
    expect(store.get(atom)).toBe(5)
    store.set(atom, (n) => n + 1)
    expect(store.get(atom)).toBe(6)
    expect(stored()).toEqual({ late: 6 })
  })
})
