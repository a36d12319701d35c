import { FavoriteList } from '@/components/FavoriteList'
import { useT } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { messages } from '../messages'

/** Spec 3: a guest's favorite products and bundles, kept on this device. */
export function FavoritesPage() {
  const t = useT(messages)
  useDocumentTitle(t('favorites'))
  return (
    <div className="page">
      <h1>{t('favorites')}</h1>
      <FavoriteList />
    </div>
  )
}

export { FavoritesPage as Component }
