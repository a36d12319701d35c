import { describe, expect, it } from 'vitest'
import { ApiError } from './errors'
import { problemText } from './problem'

describe('what a failed call tells the shopper', () => {
  it('shows the server’s sentence in English, as a sentence', () => {
    expect(problemText(new ApiError(401, 'the e-mail address or the password is not right'), 'eng')).toBe(
      'The e-mail address or the password is not right.',
    )
  })

  it('says what the status means in Hebrew, adding the reason only for a 400', () => {
    expect(problemText(new ApiError(401, 'the e-mail address or the password is not right'), 'heb')).toBe(
      'כתובת הדואר האלקטרוני או הסיסמה שגויים.',
    )
    expect(problemText(new ApiError(404, 'the link is used or expired'), 'heb')).toBe(
      'הקוד או הקישור שגוי, כבר נוצל או שפג תוקפו.',
    )
    expect(problemText(new ApiError(400, 'name: use at most 100 characters'), 'heb')).toBe(
      'הפרטים לא התקבלו: Name: use at most 100 characters.',
    )
    expect(problemText(new ApiError(500, 'internal error'), 'heb')).toBe('משהו השתבש אצלנו. נסו שוב בעוד רגע.')
  })

  it('shows a sentence the server wrote in Hebrew as it is (issue 27)', () => {
    expect(problemText(new ApiError(400, 'תוקף כרטיס המתנה הזה פג'), 'heb')).toBe('תוקף כרטיס המתנה הזה פג.')
    expect(problemText(new ApiError(402, 'הכרטיס סורב. נסו כרטיס אחר.'), 'heb')).toBe('הכרטיס סורב. נסו כרטיס אחר.')
  })

  it('tells how long to wait after too many attempts, in either language', () => {
    expect(problemText(new ApiError(429, 'too many attempts', 42), 'eng')).toBe(
      'Too many attempts. Please try again in 42 seconds.',
    )
    expect(problemText(new ApiError(429, 'too many attempts', 600), 'heb')).toBe(
      'יותר מדי ניסיונות. נסו שוב בעוד 10 דקות.',
    )
    expect(problemText(new ApiError(429, 'too many attempts'), 'heb')).toBe('החנות עמוסה כרגע. נסו שוב בעוד רגע.')
  })

  it('says the store was not reached when no answer came', () => {
    expect(problemText(new TypeError('Failed to fetch'), 'heb')).toBe('לא הצלחנו להגיע לחנות. בדקו את החיבור ונסו שוב.')
  })
})
