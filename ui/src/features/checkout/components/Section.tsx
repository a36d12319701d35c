import { useId, type ReactNode } from 'react'
import styles from './Checkout.module.css'

/** A step of checkout or Review: a titled region (`id` is where a "Change" link leads). */
export function Section({
  id,
  title,
  action,
  children,
}: {
  id: string
  title: string
  action?: ReactNode
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section id={id} aria-labelledby={headingId} className={styles.section}>
      <div className={styles.sectionHead}>
        <h2 id={headingId}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  )
}
