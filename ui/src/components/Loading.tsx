import styles from './Loading.module.css'

/** A polite "Loading…", announced to screen readers as a status. */
export function Loading() {
  return (
    <p role="status" className={styles.loading}>
      Loading…
    </p>
  )
}
