import { describe, expect, it } from 'vitest'
import { PROXY_DISMISS_MS, proxyWarningVisible } from './proxyWarning'

const HOUR = 60 * 60 * 1000
const dismissed = Date.UTC(2026, 10, 22, 1, 0, 0)

describe('proxyWarningVisible (spec 2.4, 9)', () => {
  it('shows when never dismissed', () => {
    expect(proxyWarningVisible(dismissed, null)).toBe(true)
  })

  it('stays hidden for 24 hours after a dismissal', () => {
    expect(PROXY_DISMISS_MS).toBe(24 * HOUR)
    expect(proxyWarningVisible(dismissed, dismissed)).toBe(false)
    expect(proxyWarningVisible(dismissed + 23 * HOUR, dismissed)).toBe(false)
    expect(proxyWarningVisible(dismissed + 24 * HOUR - 1, dismissed)).toBe(false)
  })

  it('shows again once 24 hours have passed', () => {
    expect(proxyWarningVisible(dismissed + 24 * HOUR, dismissed)).toBe(true)
    expect(proxyWarningVisible(dismissed + 25 * HOUR, dismissed)).toBe(true)
  })
})
