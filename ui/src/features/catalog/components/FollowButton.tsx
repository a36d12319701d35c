import { useAtomValue } from 'jotai'
import { Named } from '@/components/BagButtons'
import { useFollow, type FollowKind } from '@/lib/following'
import type { Localized } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { customerAtom } from '@/lib/session'
import { messages } from '../messages'
import styles from './Detail.module.css'

/**
 * Spec 4.4's follow toggle for a vendor or creator, pressed while followed. Following
 * is a customer's right (spec 6): a guest sees no button.
 */
export function FollowButton({ kind, id, name }: { kind: FollowKind; id: number; name: Localized }) {
  const signedIn = useAtomValue(customerAtom) !== null
  if (!signedIn) return null
  return <Toggle kind={kind} id={id} name={name} />
}

function Toggle({ kind, id, name }: { kind: FollowKind; id: number; name: Localized }) {
  const t = useT(messages)
  const [followed, toggle] = useFollow(kind, id)
  return (
    <button type="button" className={styles.follow} aria-pressed={followed} onClick={toggle}>
      {t(followed ? 'following' : 'follow')}
      <Named title={name} />
    </button>
  )
}
