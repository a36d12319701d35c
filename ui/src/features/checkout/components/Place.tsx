import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import type { Problems } from '../problems'
import type { PlaceStatus } from '../useLocationFollowsOrder'
import styles from './Checkout.module.css'

/** Why the order cannot go on yet: its quote is not made where it goes. Nothing once it is. */
export function PlaceNote({ id, status }: { id: string; status: PlaceStatus }) {
  const t = useT(messages)
  if (status === 'here') return null
  return (
    <p id={id} className={status === 'unknown' ? styles.problem : styles.muted}>
      {t(status === 'unknown' ? 'placeUnknown' : 'placeMoving')}
    </p>
  )
}

/** A place the lookup refused, told at the field it was typed in: the address's postal code, or the billing one. */
export function usePlaceProblems(status: PlaceStatus, digitalOnly: boolean): Problems {
  const t = useT(messages)
  if (status !== 'unknown') return {}
  return { [digitalOnly ? 'digital_postal_code' : 'ship_postal_code']: t('addressZipProblem') }
}
