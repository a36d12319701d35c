import { atom } from 'jotai'
import { unwrap } from 'jotai/utils'
import { api, inlinedAnswer, type Schema } from './api/client'
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
 * The info the page came with: the notices above the header are there on the app's
 * first render, rather than a frame later, pushing the screen down (a layout shift).
 */
const inlinedStoreInfo = (inlinedAnswer('/api/store') ?? null) as Schema<'StoreInfo'> | null

/**
 * `GET /api/store`: the help address and the free-shipping threshold (cents; absent
 * means every order ships free). Fetched once per visit; until then what the page came
 * with, else null (loading or unavailable).
 */
export const storeInfoAtom = unwrap(fetchedStoreInfoAtom, (previous) => previous ?? inlinedStoreInfo)
