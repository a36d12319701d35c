import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/errors'

/** `POST /api/help/messages`; a blank name is left out. Throws ApiError (a 400 carries the reason). */
export function sendHelpMessage({ name, ...rest }: { email: string; name: string; message: string }) {
  return unwrap(api.POST('/help/messages', { body: name ? { ...rest, name } : rest }))
}
