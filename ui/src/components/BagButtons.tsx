import { Link } from 'react-router'
import type { LineInput } from '@/lib/bag'
import type { Favorite } from '@/lib/favorites'
import type { Localized } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { useBag } from '@/lib/useBag'
import { useFavorite } from '@/lib/useFavorite'
import styles from './BagButtons.module.css'
import { messages } from './messages'

/** The product's title after a button's visible words, for screen readers: "Add to Bag: Stoneware Mug". */
export function Named({ title }: { title: Localized | undefined }) {
  if (!title) return null
  return (
    <span className="visually-hidden">
      : <bdi {...title.attributes}>{title.text}</bdi>
    </span>
  )
}

interface AddToBagButtonProps {
  /** The line to add, made when the button is pressed (a personalised line gets a fresh key then). */
  line: () => LineInput
  /** Out of stock: the button stays in view, disabled. */
  disabled?: boolean
  /** The product's title, added to the accessible name where several buttons share a page. */
  title?: Localized
  compact?: boolean
}

export function AddToBagButton({ line, disabled = false, title, compact = false }: AddToBagButtonProps) {
  const t = useT(messages)
  const bag = useBag()
  return (
    <button
      type="button"
      className={compact ? styles.compact : styles.primary}
      disabled={disabled}
      onClick={() => {
        void bag.add(line())
      }}
    >
      {t('addToBag')}
      <Named title={title} />
    </button>
  )
}

/** A product with variations is chosen on its page: the card links there instead. */
export function ChooseOptionsLink({ to, title }: { to: string; title?: Localized }) {
  const t = useT(messages)
  return (
    <Link to={to} className={styles.compact}>
      {t('chooseOptions')}
      <Named title={title} />
    </Link>
  )
}

/** Spec 3's guest favorites: a toggle, pressed while the item is saved. */
export function FavoriteButton({
  favorite,
  title,
  compact = false,
}: {
  favorite: Favorite
  title?: Localized
  compact?: boolean
}) {
  const t = useT(messages)
  const [saved, toggle] = useFavorite(favorite)
  return (
    <button
      type="button"
      className={compact ? styles.compactSecondary : styles.secondary}
      aria-pressed={saved}
      onClick={toggle}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill={saved ? 'currentColor' : 'none'}>
        <path
          d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {t('saveToFavorites')}
      <Named title={title} />
    </button>
  )
}
