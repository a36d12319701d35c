import { FavoriteList } from '@/components/FavoriteList'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import { AccountScreen } from './AccountScreen'

/** `/account/favorites`: the customer's favorites, as the server keeps them (spec 6). */
export function AccountFavoritesPage() {
  const t = useT(messages)
  return (
    <AccountScreen title={t('favorites')}>
      <FavoriteList />
    </AccountScreen>
  )
}

export { AccountFavoritesPage as Component }
