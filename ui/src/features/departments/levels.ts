import type { Schema } from '@/lib/api/client'

type Category = Schema<'Category'>

/**
 * Spec 4.10: the department menu's drill-down is the path of categories opened so
 * far, root first; the empty path is the top level, which closing returns to.
 */
export function itemsAt(departments: Category[], path: Category[]): Category[] {
  return path.at(-1)?.children ?? departments
}

export function drillInto(path: Category[], category: Category): Category[] {
  return category.children.length > 0 ? [...path, category] : path
}

export function backFrom(path: Category[]): Category[] {
  return path.slice(0, -1)
}
