import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { ApiError } from '@/lib/api/errors'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { confirmSubscription } from '../api'
import { messages } from '../messages'

type Outcome = { kind: 'confirmed'; message: string } | { kind: 'unknown' | 'missing' | 'failed' }

/**
 * /newsletter/confirm?token=… (docs/api.md): the link in the confirmation mail.
 * Confirming twice is harmless, so the token is posted as the page loads. Every
 * outcome is a message on this page, never the error page.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<Outcome> {
  const token = new URL(request.url).searchParams.get('token')?.trim()
  if (!token) return { kind: 'missing' }
  try {
    return { kind: 'confirmed', message: (await confirmSubscription(token)).message }
  } catch (error) {
    // 404: unknown token; 400: a token of the wrong shape, equally unusable.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { kind: 'unknown' }
    console.error('Could not confirm the newsletter subscription', error)
    return { kind: 'failed' }
  }
}

export function ConfirmPage() {
  const outcome = useLoaderData<typeof loader>()
  const t = useT(messages)
  useDocumentTitle(t('confirmTitle'))
  const text = {
    confirmed: outcome.kind === 'confirmed' ? outcome.message : '',
    unknown: t('confirmUnknown'),
    missing: t('confirmMissing'),
    failed: t('confirmFailed'),
  }[outcome.kind]
  return (
    <div className="page">
      <h1>{t('confirmTitle')}</h1>
      <p role={outcome.kind === 'confirmed' ? 'status' : 'alert'}>{text}</p>
      <p>
        <Link to="/">{t('continueShopping')}</Link>
      </p>
    </div>
  )
}

export { ConfirmPage as Component }
