import { atom } from 'jotai'
import { unwrap } from 'jotai/utils'
import { api, type Schema } from './api/client'
import { unwrap as unwrapAnswer } from './api/errors'

const fetchedStoreInfoAtom = atom(async (_get, { signal }): Promise<Schema<'StoreInfo'> | null> => {
  try {
    return await unwrapAnswer(api.GET('/store', { signal }))
  } catch (error) {
    // The banners, footer and assistance panel leave out what they cannot know.
    console.error('Could not load the store information', error)
    return null
  }
})

/**
 * `GET /api/store`: the help address and the free-shipping threshold (cents; absent
 * means every order ships free). Fetched once per visit; null while loading or unavailable.
 */
export const storeInfoAtom = unwrap(fetchedStoreInfoAtom, () => null)
