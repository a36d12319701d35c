import styles from './Detail.module.css'

interface DetailHeadingProps {
  title: string
  hebTitle?: string | null | undefined
}

/** A product's title with its Hebrew title as the subtitle. */
export function DetailHeading({ title, hebTitle }: DetailHeadingProps) {
  return (
    <hgroup className={styles.heading}>
      <h1 className={styles.title}>{title}</h1>
      {hebTitle && (
        <p lang="he" dir="rtl" className={styles.hebTitle}>
          {hebTitle}
        </p>
      )}
    </hgroup>
  )
}
