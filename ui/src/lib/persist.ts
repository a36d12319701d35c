import { atom, type SetStateAction, type WritableAtom } from 'jotai'
import type { SyncStorage } from 'jotai/vanilla/utils/atomWithStorage'

/**
 * Spec 3, "Persistence": the client's stores live under ONE localStorage key and
 * follow other tabs through the `storage` event. Each store is a named entry of
 * that one JSON object; `persistedAtom` gives a jotai atom over one entry.
 */
export const STORAGE_KEY = 'olive-lane'

type Entries = Record<string, unknown>

function parse(raw: string | null): Entries {
  if (!raw) return {}
  try {
    const value: unknown = JSON.parse(raw)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Entries) : {}
  } catch {
    // Another version or a hand edit left something unreadable: start clean.
    return {}
  }
}

function readAll(): Entries {
  try {
    return parse(localStorage.getItem(STORAGE_KEY))
  } catch {
    // Storage blocked (privacy settings): state lives in memory for this visit.
    return {}
  }
}

function writeAll(entries: Entries) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(entries))
  } catch {
    // Full or blocked storage must not break the page; the in-memory value still holds.
  }
}

/** A guard that says whether a stored value is still of the shape the app expects. */
export type Guard<T> = (value: unknown) => value is T

function entryStorage<T>(isValid: Guard<T>): SyncStorage<T> {
  const pick = (entries: Entries, name: string, initial: T): T => {
    const value = entries[name]
    return isValid(value) ? value : initial
  }
  return {
    getItem: (name, initial) => pick(readAll(), name, initial),
    setItem: (name, value) => {
      writeAll({ ...readAll(), [name]: value })
    },
    removeItem: (name) => {
      writeAll(Object.fromEntries(Object.entries(readAll()).filter(([key]) => key !== name)))
    },
    subscribe: (name, callback, initial) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === STORAGE_KEY) callback(pick(parse(event.newValue), name, initial))
        // localStorage.clear() in another tab reports a null key.
        if (event.key === null) callback(initial)
      }
      window.addEventListener('storage', onStorage)
      return () => {
        window.removeEventListener('storage', onStorage)
      }
    },
  }
}

const UNREAD = Symbol('unread')

/**
 * A jotai atom kept in the shared storage entry `name`. Each store reads the storage
 * on its first use of the atom (not once when the module loads: a store created later,
 * a test's or another mount's, sees what is stored then), and follows other tabs while
 * the atom is in use.
 */
export function persistedAtom<T>(
  name: string,
  initial: T,
  isValid: Guard<T>,
): WritableAtom<T, [SetStateAction<T>], void> {
  const storage = entryStorage(isValid)
  const held = atom<T | typeof UNREAD>(UNREAD)
  held.onMount = (set) => {
    set(storage.getItem(name, initial))
    return storage.subscribe?.(name, set, initial)
  }
  const read = (value: T | typeof UNREAD): T => (value === UNREAD ? storage.getItem(name, initial) : value)
  return atom(
    (get) => read(get(held)),
    (get, set, update: SetStateAction<T>) => {
      const next = typeof update === 'function' ? (update as (previous: T) => T)(read(get(held))) : update
      set(held, next)
      storage.setItem(name, next)
    },
  )
}
