import { atom, type SetStateAction, type WritableAtom } from 'jotai'
import type { SyncStorage } from 'jotai/vanilla/utils/atomWithStorage'

/**
 * Spec 3, "Persistence": the client's stores live under ONE localStorage key and
 * follow other tabs through the `storage` event. Each store is a named entry of
 * that one JSON object; `persistedAtom` gives a jotai atom over one entry. What must
 * not outlive the tab (a card token, gift-card codes) is kept the same way under the
 * same key in sessionStorage instead.
 */
export const STORAGE_KEY = 'olive-lane'

/** Where an entry is kept: `local`, shared by every tab and visit; `session`, this tab's alone, gone when it closes. */
export type Area = 'local' | 'session'

export type Entries = Record<string, unknown>

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

// Read when used, not when the module loads: touching blocked storage throws.
const storageOf = (area: Area) => (area === 'local' ? localStorage : sessionStorage)

function readAll(area: Area): Entries {
  try {
    return parse(storageOf(area).getItem(STORAGE_KEY))
  } catch {
    // Storage blocked (privacy settings): state lives in memory for this visit.
    return {}
  }
}

function writeAll(area: Area, entries: Entries) {
  try {
    storageOf(area).setItem(STORAGE_KEY, JSON.stringify(entries))
  } catch {
    // Full or blocked storage must not break the page; the in-memory value still holds.
  }
}

/** Rewrites the stored entries of `area` by `change` (written only when it changes something). */
export function rewriteStored(area: Area, change: (entries: Entries) => Entries): void {
  const entries = readAll(area)
  const changed = change(entries)
  if (JSON.stringify(changed) !== JSON.stringify(entries)) writeAll(area, changed)
}

/** A guard that says whether a stored value is still of the shape the app expects. */
export type Guard<T> = (value: unknown) => value is T

function entryStorage<T>(isValid: Guard<T>, area: Area): SyncStorage<T> {
  const pick = (entries: Entries, name: string, initial: T): T => {
    const value = entries[name]
    return isValid(value) ? value : initial
  }
  const storage: SyncStorage<T> = {
    getItem: (name, initial) => pick(readAll(area), name, initial),
    setItem: (name, value) => {
      writeAll(area, { ...readAll(area), [name]: value })
    },
    removeItem: (name) => {
      writeAll(area, Object.fromEntries(Object.entries(readAll(area)).filter(([key]) => key !== name)))
    },
  }
  // A tab's session entries are its own: no other tab changes them.
  if (area === 'session') return storage
  return {
    ...storage,
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
 * A jotai atom kept in the shared storage entry `name` of `area`. Each store reads the
 * storage on its first use of the atom (not once when the module loads: a store created
 * later, a test's or another mount's, sees what is stored then), and follows other tabs
 * while the atom is in use.
 */
export function persistedAtom<T>(
  name: string,
  initial: T,
  isValid: Guard<T>,
  area: Area = 'local',
): WritableAtom<T, [SetStateAction<T>], void> {
  const storage = entryStorage(isValid, area)
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
