import { useAtomValue } from 'jotai'
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { ProductGrid } from '@/components/ProductGrid'
import { RecentlyViewed } from '@/components/RecentlyViewed'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getHome } from '../api'
import { messages } from '../messages'
import styles from './HomePage.module.css'

export function loader({ request }: LoaderFunctionArgs) {
  return getHome(request.signal)
}

export function HomePage() {
  const home = useLoaderData<typeof loader>()
  const t = useT(messages)
  const hebrew = useAtomValue(languageAtom) === 'heb'
  useDocumentTitle(t('title'))

  return (
    <div className="page">
      <section className={styles.intro}>
        <h1>{t('welcome')}</h1>
        <p>{t('intro')}</p>
      </section>

      <section aria-labelledby="home-departments" className={styles.section}>
        <h2 id="home-departments">{t('departments')}</h2>
        {home.departments.length === 0 ? (
          <p>{t('noDepartments')}</p>
        ) : (
          <ul className={styles.departments}>
            {home.departments.map((department) => (
              <li key={department.id}>
                <Link to={department.value} className={styles.department}>
                  {/* The department's name is the link text; the picture only decorates it. */}
                  {department.image && (
                    <img src={department.image} alt="" width={160} height={160} className={styles.departmentImage} />
                  )}
                  <span>{hebrew && department.heb_name ? department.heb_name : department.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="home-new-arrivals" className={styles.section}>
        <h2 id="home-new-arrivals">{t('newArrivals')}</h2>
        {home.new_arrivals.length === 0 ? <p>{t('noNewArrivals')}</p> : <ProductGrid items={home.new_arrivals} />}
      </section>

      <section aria-labelledby="home-bundles" className={styles.section}>
        <h2 id="home-bundles">{t('bundles')}</h2>
        {home.bundles.length === 0 ? <p>{t('noBundles')}</p> : <ProductGrid items={home.bundles} />}
      </section>

      <RecentlyViewed />
    </div>
  )
}

export { HomePage as Component }
