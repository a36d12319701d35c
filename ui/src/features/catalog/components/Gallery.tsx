import { useState } from 'react'
import type { Schema } from '@/lib/api/client'
import styles from './Gallery.module.css'

interface GalleryProps {
  pictures: Schema<'Media'>[]
  /** The product's title, which the pictures' alt texts build on. */
  title: string
}

/** A large picture with a row of thumbnail buttons choosing it. */
export function Gallery({ pictures, title }: GalleryProps) {
  const [selected, setSelected] = useState(0)
  const current = pictures[selected] ?? pictures[0]
  if (current === undefined) return null
  const count = pictures.length

  return (
    <div className={styles.gallery}>
      <img
        className={styles.main}
        src={current.url}
        alt={count > 1 ? `${title}, view ${selected + 1} of ${count}` : title}
        width={600}
        height={600}
      />
      {count > 1 && (
        <ul className={styles.thumbnails} aria-label="Pictures">
          {pictures.map((picture, i) => (
            <li key={picture.url}>
              <button
                type="button"
                className={styles.thumbnail}
                aria-pressed={i === selected}
                aria-label={`Show view ${i + 1} of ${count}`}
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
