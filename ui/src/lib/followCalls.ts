import type { createStore } from 'jotai'
import { api } from './api/client'
import { unwrap } from './api/errors'
import { followingAtom, toggled, type FollowKind } from './following'
import { defineMessages } from './i18n'
import { languageAtom } from './preferences'
import { serial } from './serial'
import { showToast } from './toast'

// The calls that keep a customer's following (following.ts) on the server.

type Store = ReturnType<typeof createStore>

const messages = defineMessages({
  eng: { failed: 'We couldn’t update whom you follow. Please try again.' },
  heb: { failed: 'לא הצלחנו לעדכן את רשימת המעקב. נסו שוב.' },
})

const followCalls = serial()

/** `GET /api/customer/following`: after sign-in and at start-up while signed in (spec 4.3). */
export async function loadFollowing(store: Store): Promise<void> {
  store.set(followingAtom, await unwrap(api.GET('/customer/following')))
}

/**
 * Spec 4.4's toggle, as the button already shows it: `POST` (follow) or `PATCH`
 * (unfollow) `/api/customer/following` answers the lists, which are stored. A failed
 * call undoes the toggle and says so.
 */
export function sendFollow(store: Store, kind: FollowKind, id: number, follow: boolean): Promise<void> {
  return followCalls.enqueue(async () => {
    try {
      const body = { following: { type: kind, id } }
      const answer = await unwrap(
        follow ? api.POST('/customer/following', { body }) : api.PATCH('/customer/following', { body }),
      )
      // A later toggle already shows; its own answer will bring it.
      if (followCalls.size() === 1) store.set(followingAtom, answer)
    } catch {
      store.set(followingAtom, (current) => toggled(current, kind, id, !follow))
      showToast(store, 'error', messages[store.get(languageAtom)].failed)
    }
  })
}
