import { useAtomValue, useStore, type createStore } from 'jotai'
import { useCallback } from 'react'
import { api, type Schema } from './api/client'
import { unwrap } from './api/errors'
import { defineMessages, useT } from './i18n'
import { persistedAtom } from './persist'
import { serial } from './serial'
import { useToast } from './toast'

type Store = ReturnType<typeof createStore>

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

const messages = defineMessages({
  eng: { failed: 'We couldn’t update whom you follow. Please try again.' },
  heb: { failed: 'לא הצלחנו לעדכן את רשימת המעקב. נסו שוב.' },
})

const followCalls = serial()

/** `GET /api/customer/following`: after sign-in and at start-up while signed in (spec 4.3). */
export async function loadFollowing(store: Store): Promise<void> {
  store.set(followingAtom, await unwrap(api.GET('/customer/following')))
}

const listOf = (following: Following, kind: FollowKind) => (kind === 'creator' ? following.creators : following.vendors)

/** Spec 4.4: follows `id` when it is not followed yet, else unfollows it. */
function toggled(following: Following, kind: FollowKind, id: number, follow: boolean): Following {
  const list = listOf(following, kind).filter((other) => other !== id)
  const next = follow ? [id, ...list] : list
  return kind === 'creator' ? { ...following, creators: next } : { ...following, vendors: next }
}

/**
 * Whether the customer follows this creator or vendor, and the toggle (spec 4.4): the
 * button follows at once, then `POST` (follow) or `PATCH` (unfollow)
 * `/api/customer/following` answers the lists, which are stored. A failed call undoes
 * the toggle and says so.
 */
export function useFollow(kind: FollowKind, id: number): [boolean, () => void] {
  const store = useStore()
  const followed = listOf(useAtomValue(followingAtom), kind).includes(id)
  const toast = useToast()
  const t = useT(messages)
  const toggle = useCallback(() => {
    const follow = !listOf(store.get(followingAtom), kind).includes(id)
    store.set(followingAtom, (current) => toggled(current, kind, id, follow))
    void followCalls.enqueue(async () => {
      try {
        const body = { following: { type: kind, id } }
        const answer = await unwrap(
          follow ? api.POST('/customer/following', { body }) : api.PATCH('/customer/following', { body }),
        )
        // A later toggle already shows; its own answer will bring it.
        if (followCalls.size() === 1) store.set(followingAtom, answer)
      } catch {
        store.set(followingAtom, (current) => toggled(current, kind, id, !follow))
        toast.show('error', t('failed'))
      }
    })
  }, [kind, id, store, toast, t])
  return [followed, toggle]
}
