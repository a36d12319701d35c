import { useState } from 'react'
import type { Schema } from '@/lib/api/client'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import styles from './Gallery.module.css'

interface GalleryProps {
  pictures: Schema<'Media'>[]
  /** The product's title, which the pictures' alt texts build on. */
  title: string
}

/** A large picture with a row of thumbnail buttons choosing it. */
export function Gallery({ pictures, title }: GalleryProps) {
  const t = useT(messages)
  const [selected, setSelected] = useState(0)
  const current = pictures[selected] ?? pictures[0]
  if (current === undefined) return null
  const count = pictures.length

  return (
    <div className={styles.gallery}>
      <img
        className={styles.main}
        src={current.url}
        alt={count > 1 ? t('pictureAlt', { title, n: selected + 1, count }) : title}
        width={600}
        height={600}
        // The product's main picture is the page's largest paint.
        fetchPriority="high"
      />
      {count > 1 && (
        <ul className={styles.thumbnails} aria-label={t('pictures')}>
          {pictures.map((picture, i) => (
            <li key={picture.url}>
              <button
                type="button"
                className={styles.thumbnail}
                aria-pressed={i === selected}
                aria-label={t('showPicture', { n: i + 1, count })}
                onClick={() => {
                  setSelected(i)
                }}
              >
                {/* The button's label names it; the thumbnail only shows it. */}
                <img src={picture.thumbnail} alt="" width={64} height={64} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
