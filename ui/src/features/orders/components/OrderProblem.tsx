import { Link } from 'react-router'
import { ApiError } from '@/lib/api/errors'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'

/** Why an order is not shown: not found (or not this shopper's), or it failed to load, with a way on. */
export function OrderProblem({ error, number, retry }: { error: unknown; number: string; retry: () => void }) {
  const t = useT(messages)
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div role="alert">
        <p>{t('notFound')}</p>
        <Link to={`/orders/guest/${encodeURIComponent(number)}/status`}>{t('lookUp')}</Link>
      </div>
    )
  }
  return (
    <div role="alert">
      <p>{t('failed')}</p>
      <button type="button" onClick={retry}>
        {t('tryAgain')}
      </button>
    </div>
  )
}
