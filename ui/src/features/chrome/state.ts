import { atom } from 'jotai'
import { persistedAtom } from '@/lib/persist'

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'
const isTimestamp = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isFinite(value))

/** Spec 2.4: closing the beta banner stores a flag locally. */
export const betaBannerClosedAtom = persistedAtom('betaBannerClosed', false, isBoolean)

/** When the proxy warning was last dismissed (epoch ms), kept so the 24 hours survive a reload. */
export const proxyDismissedAtAtom = persistedAtom<number | null>('proxyWarningDismissedAt', null, isTimestamp)

/** Raised when the app looks blocked or slowed by a filter or proxy (see useProxySignal). */
export const proxySignalAtom = atom(false)
