import { persistedAtom } from '@/lib/persist'
import { newReturnKey, RETURN_REASONS, type RefundMethod, type ReturnMethod, type ReturnReason } from '@/lib/returns'
import type { ReturnRequest } from './api'

// The return under way in this tab: which order (and the guest's token that opens it),
// the lines chosen with their quantity, reason and note, how the refund comes back, how
// the parcel goes, and the idempotency key of the summary. Session storage: a reload
// mid-way keeps everything, and it goes with the tab (the token opens the order).

/** One order line chosen to go back; `reason` is empty until the shopper picks one. */
export interface ChosenLine {
  position: number
  quantity: number
  reason: ReturnReason | ''
  note: string
}

export interface ReturnFlow {
  /** The order's number as a shopper reads it (`7KQ4-M2XD-9PRT`). */
  order: string
  /** A guest's signed token for the order; absent for a signed-in customer's own order. */
  token?: string
  lines: ChosenLine[]
  refundMethod: RefundMethod | null
  returnMethod: ReturnMethod | null
  /**
   * The summary's idempotency key (16-100 of `[A-Za-z0-9_-]`): a retry or a second click
   * sends it again and gets the same return. Every change of the choices makes a new one.
   */
  key: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0

function isChosenLine(value: unknown): value is ChosenLine {
  return (
    isRecord(value) &&
    isCount(value.position) &&
    isCount(value.quantity) &&
    (value.reason === '' || RETURN_REASONS.includes(value.reason as ReturnReason)) &&
    typeof value.note === 'string'
  )
}

const KEY_SHAPE = /^[A-Za-z0-9_-]{16,100}$/

function isReturnFlow(value: unknown): value is ReturnFlow | null {
  if (value === null) return true
  return (
    isRecord(value) &&
    typeof value.order === 'string' &&
    value.order !== '' &&
    (value.token === undefined || typeof value.token === 'string') &&
    Array.isArray(value.lines) &&
    value.lines.every(isChosenLine) &&
    (value.refundMethod === null || value.refundMethod === 'original' || value.refundMethod === 'store_credit') &&
    (value.returnMethod === null || value.returnMethod === 'drop_off' || value.returnMethod === 'label') &&
    typeof value.key === 'string' &&
    KEY_SHAPE.test(value.key)
  )
}

/** The return under way in this tab, or null. */
export const returnFlowAtom = persistedAtom<ReturnFlow | null>('returnFlow', null, isReturnFlow, 'session')

/**
 * A return of `order` begun: the one under way when it is of the same order (its choices
 * kept, the token brought up to date), else a fresh one.
 */
export function startFlow(current: ReturnFlow | null, order: string, token: string | undefined): ReturnFlow {
  const fresh: ReturnFlow = { order, lines: [], refundMethod: null, returnMethod: null, key: newReturnKey() }
  const next: ReturnFlow = { ...(current?.order === order ? current : fresh) }
  delete next.token
  if (token) next.token = token
  return next
}

/** The flow with `change` made to its choices, under a new idempotency key (a new summary). */
export function changeChoices(
  flow: ReturnFlow,
  change: Partial<Pick<ReturnFlow, 'lines' | 'refundMethod' | 'returnMethod'>>,
): ReturnFlow {
  return { ...flow, ...change, key: newReturnKey() }
}

/** The step a flow has reached: the first whose choice is still missing. */
export function reachedStep(flow: ReturnFlow): 'items' | 'refund' | 'return' {
  if (flow.lines.length === 0 || flow.lines.some((line) => line.reason === '')) return 'items'
  if (flow.refundMethod === null) return 'refund'
  return 'return'
}

/**
 * What the server is asked (without the key: the preview takes none), once every choice
 * is made; undefined before. A blank note is left out.
 */
export function requestOf(flow: ReturnFlow): ReturnRequest | undefined {
  if (reachedStep(flow) !== 'return' || flow.refundMethod === null || flow.returnMethod === null) return undefined
  return {
    lines: flow.lines.map(({ position, quantity, reason, note }) => {
      const words = note.trim()
      return { position, quantity, reason: reason as ReturnReason, ...(words ? { note: words } : {}) }
    }),
    refund_method: flow.refundMethod,
    return_method: flow.returnMethod,
  }
}

/** What the confirmation page is told by the step that made the return: the flow's key. */
export const madeWith = (key: string) => ({ returnMadeWith: key })

/** The key `state` (a location's) says a return was just made with, if any. */
export function keyMadeWith(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('returnMadeWith' in state)) return undefined
  return typeof state.returnMadeWith === 'string' ? state.returnMadeWith : undefined
}
