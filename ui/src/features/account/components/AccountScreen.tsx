import type { ReactNode } from 'react'
import { AccountNav } from '@/components/AccountNav'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import styles from './Account.module.css'

/** An account screen: its name (heading and tab title), the account's sections beside it, and its content. */
export function AccountScreen({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title)
  return (
    <div className={`page ${styles.screen}`}>
      <h1 className={styles.title}>{title}</h1>
      <AccountNav vertical />
      <div className={styles.content}>{children}</div>
    </div>
  )
}
