import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useT } from '@/lib/i18n'
import { getPlanGroups, type PlanGroup } from '../api'
import { offerMessages } from '../offerMessages'
import styles from './SubscribeOffer.module.css'

/** The most a group's plans save, in whole percent. */
const bestSaving = (group: PlanGroup) => Math.max(0, ...group.plans.map((plan) => plan.saving_percent))

/**
 * "Subscribe and save up to N%" on the page of product `productId`, when a group of
 * plans delivers it (the one saving the most, when several do), linking to its page.
 * The plans are asked for once the page has shown (an effect runs after the paint), and
 * an extra is all this is: while they come, or when they cannot, nothing is shown.
 */
export function SubscribeOffer({ productId }: { productId: number }) {
  const t = useT(offerMessages)
  const [groups, setGroups] = useState<readonly PlanGroup[]>([])

  useEffect(() => {
    const controller = new AbortController()
    getPlanGroups(controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setGroups(answer.groups)
      },
      () => {
        // Silently: the page is whole without it.
      },
    )
    return () => {
      controller.abort()
    }
  }, [])

  const offered = groups
    .filter((group) => group.product?.id === productId && group.plans.length > 0)
    .sort((a, b) => bestSaving(b) - bestSaving(a))[0]
  if (!offered) return null
  const saving = bestSaving(offered)
  return (
    <p className={styles.offer}>
      <Link to={`/subscription/${offered.type_id}/${offered.id}`} className={styles.offerLink}>
        {saving > 0 ? t('offerSave', { n: saving }) : t('offerPlain')}
      </Link>
      <span className={styles.muted}>{t('offerHint')}</span>
    </p>
  )
}
