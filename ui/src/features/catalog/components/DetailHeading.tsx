import type { Localized } from '@/lib/hebrew'
import styles from './Detail.module.css'

interface DetailHeadingProps {
  /** The title in the language that applies (spec 4.9). */
  title: Localized
  hebTitle?: string | null | undefined
}

/**
 * A product's title. In Hebrew mode the heading is the Hebrew title, right to left;
 * in English mode the Hebrew title is a secondary line under the English one.
 */
export function DetailHeading({ title, hebTitle }: DetailHeadingProps) {
  const hebrew = title.attributes.lang === 'he'
  return (
    <hgroup className={styles.heading}>
      <h1 className={styles.title} {...title.attributes}>
        {title.text}
      </h1>
      {hebTitle && !hebrew && (
        <p lang="he" dir="rtl" className={styles.hebTitle}>
          {hebTitle}
        </p>
      )}
    </hgroup>
  )
}
