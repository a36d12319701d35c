import { atom, type Atom } from 'jotai'

/**
 * What `source`'s promise resolves to, and `fallback` until it has: a fetched value read
 * without suspending the screen. jotai's `unwrap`, cut down to the app's fetched-once
 * atoms, whose promise never changes and never rejects (they answer their failure as a
 * state of their own), and kept out of the first screen's code with the rest of
 * jotai/utils.
 */
export function settled<Value, Fallback>(source: Atom<Promise<Value>>, fallback: Fallback): Atom<Value | Fallback> {
  const answer = atom<{ value: Value } | null>(null)
  return atom<Value | Fallback, [Value], undefined>(
    (get, { setSelf }) => {
      const resolved = get(answer)
      if (resolved) return resolved.value
      void get(source).then(setSelf)
      return fallback
    },
    (_get, set, value: Value) => {
      set(answer, { value })
    },
  )
}
