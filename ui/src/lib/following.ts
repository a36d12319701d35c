import type { Schema } from './api/client'
import { persistedAtom } from './persist'

// Spec 3 "Following", as the follow buttons show it. The toggle is useFollow.ts; the
// calls (followCalls.ts) load with the first toggle, or with the customer sync.

/** Spec 3 "Following": the ids of the creators and vendors a customer follows. */
export type Following = Schema<'FollowingDto'>
export type FollowKind = Schema<'FollowKind'>

export const NOT_FOLLOWING: Following = { creators: [], vendors: [] }

const isIdList = (value: unknown) => Array.isArray(value) && value.every((id) => Number.isSafeInteger(id))

function isFollowing(value: unknown): value is Following {
  return (
    typeof value === 'object' &&
    value !== null &&
    'creators' in value &&
    'vendors' in value &&
    isIdList(value.creators) &&
    isIdList(value.vendors)
  )
}

/** Spec 3 keeps following with the other persisted stores; filled only while signed in. */
export const followingAtom = persistedAtom<Following>('following', NOT_FOLLOWING, isFollowing)

export const listOf = (following: Following, kind: FollowKind) =>
  kind === 'creator' ? following.creators : following.vendors

/** Spec 4.4: follows `id` when it is not followed yet, else unfollows it. */
export function toggled(following: Following, kind: FollowKind, id: number, follow: boolean): Following {
  const list = listOf(following, kind).filter((other) => other !== id)
  const next = follow ? [id, ...list] : list
  return kind === 'creator' ? { ...following, creators: next } : { ...following, vendors: next }
}
