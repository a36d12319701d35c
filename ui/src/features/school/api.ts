import { api, type Schema } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

// School supply lists (docs/api.md "Schools", issue 30): the schools near a postal code,
// a grade's lists, and one list's items priced now. Each resolves to its answer or
// rejects with an ApiError carrying the server's message. Putting a list in the bag is
// the bag's own change (`useBag().addList`).

export type SchoolsNear = Schema<'SchoolsNear'>
export type School = Schema<'SchoolDto'>
export type Grade = Schema<'GradeDto'>
export type GradeLists = Schema<'GradeLists'>
export type ListSummary = Schema<'ListSummaryDto'>
export type ListAnswer = Schema<'ListAnswer'>
export type ListItem = Schema<'ListItemDto'>
export type ListProduct = Schema<'ListProductDto'>
export type PickInput = Schema<'PickInput'>

/** `GET /api/schools`: nearest `zip` first (or by name when the code cannot be placed); 400 for a bad code. */
export const findSchools = (country: string, zip: string, signal?: AbortSignal) =>
  unwrap(api.GET('/schools', { params: { query: { country, zip } }, signal }))

/** `GET /api/schools/grades/{grade_id}`: the grade, its school and its lists; 404 for an unknown grade. */
export const getGrade = (gradeId: number, signal?: AbortSignal) =>
  unwrap(api.GET('/schools/grades/{grade_id}', { params: { path: { grade_id: gradeId } }, signal }))

/** `GET /api/schools/grades/{grade_id}/lists/{list_id}`: one list with its items; 404 unless the grade's. */
export const getList = (gradeId: number, listId: number, signal?: AbortSignal) =>
  unwrap(
    api.GET('/schools/grades/{grade_id}/lists/{list_id}', {
      params: { path: { grade_id: gradeId, list_id: listId } },
      signal,
    }),
  )

/** Where the schools near a postal code are listed. */
export const schoolsPath = (country: string, zip: string) =>
  `/school/select-your-school/${encodeURIComponent(country)}/${encodeURIComponent(zip)}`

export const gradePath = (gradeId: number) => `/school/select-your-grade/${gradeId}`

export const listPath = (gradeId: number, listId: number) => `/school/select-your-supplies/${gradeId}/${listId}`
