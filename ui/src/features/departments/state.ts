import { atom } from 'jotai'
import { unwrap } from 'jotai/utils'
import type { Schema } from '@/lib/api/client'
import { getDepartments } from './api'

export type DepartmentsState =
  { status: 'loading' } | { status: 'ready'; departments: Schema<'Category'>[] } | { status: 'unavailable' }

const LOADING: DepartmentsState = { status: 'loading' }

// Fetched once per visit. A failure is kept as "unavailable" rather than thrown,
// so a broken menu never takes the page down with it.
const fetchedDepartmentsAtom = atom(async (_get, { signal }): Promise<DepartmentsState> => {
  try {
    return { status: 'ready', departments: await getDepartments(signal) }
  } catch (error) {
    console.error('Could not load the departments', error)
    return { status: 'unavailable' }
  }
})

/**
 * The department tree, shared by every menu that lists departments (the header
 * now, the slide-in department menu later). Reads "loading" instead of suspending,
 * so the header renders before the tree arrives.
 */
export const departmentsAtom = unwrap(fetchedDepartmentsAtom, () => LOADING)
