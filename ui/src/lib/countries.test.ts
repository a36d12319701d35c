import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { answer, stubApi } from '@/testing/api'
import { useCountries } from './countries'

describe('loading the countries', () => {
  it('logs a failure (spec 8) and tells the screen, which cannot offer a country without them', async () => {
    stubApi({ '/api/countries': answer(500, { message: 'Something went wrong' }) })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { result } = renderHook(() => useCountries())
    await waitFor(() => {
      expect(result.current).toEqual({ failed: true })
    })
    expect(logged).toHaveBeenCalledWith('Could not load the countries', expect.objectContaining({ status: 500 }))
  })
})
