import { api, type Schema } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

// The account calls (docs/api.md, "Accounts"). Each resolves to its answer or rejects
// with an ApiError carrying the server's message.

/** Signs in; 401 for a wrong address or password alike. */
export function logIn(body: Schema<'Credentials'>) {
  return unwrap(api.POST('/login', { body }))
}

/** Registration, step one: 202, and a six-digit code is mailed to a new address. */
export function register(body: Schema<'Registration'>) {
  return unwrap(api.POST('/register', { body }))
}

/** Registration, step two: the mailed code creates the account and signs it in; 404 for a wrong code. */
export function confirmRegistration(body: Schema<'RegistrationCode'>) {
  return unwrap(api.POST('/register/confirm', { body }))
}

/** 202 for every address; an account's address gets a mailed link to `/password/reset/<token>`. */
export function forgotPassword(body: Schema<'ForgotPassword'>) {
  return unwrap(api.POST('/password/forgot', { body }))
}

/** Sets a new password with the mailed link's token and signs in; 404 for a used or expired link. */
export function resetPassword(body: Schema<'PasswordReset'>) {
  return unwrap(api.POST('/password/reset', { body }))
}

/** Changes the signed-in customer's name. */
export function updateProfile(body: Schema<'ProfileInput'>) {
  return unwrap(api.POST('/customer', { body }))
}
