import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { ProductGrid } from '@/components/ProductGrid'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getHome } from '../api'
import styles from './HomePage.module.css'

export function loader({ request }: LoaderFunctionArgs) {
  return getHome(request.signal)
}

export function HomePage() {
  const home = useLoaderData<typeof loader>()
  useDocumentTitle('Home')

  return (
    <div className="page">
      <section className={styles.intro}>
        <h1>Welcome to Olive Lane</h1>
        <p>Home goods, gifts, books and school supplies, chosen with care.</p>
      </section>

      <section aria-labelledby="home-departments" className={styles.section}>
        <h2 id="home-departments">Departments</h2>
        {home.departments.length === 0 ? (
          <p>No departments yet.</p>
        ) : (
          <ul className={styles.departments}>
            {home.departments.map((department) => (
              <li key={department.id}>
                <Link to={department.value} className={styles.department}>
                  {/* The department's name is the link text; the picture only decorates it. */}
                  {department.image && (
                    <img src={department.image} alt="" width={160} height={160} className={styles.departmentImage} />
                  )}
                  <span>{department.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="home-new-arrivals" className={styles.section}>
        <h2 id="home-new-arrivals">New arrivals</h2>
        {home.new_arrivals.length === 0 ? <p>No new arrivals yet.</p> : <ProductGrid items={home.new_arrivals} />}
      </section>

      <section aria-labelledby="home-bundles" className={styles.section}>
        <h2 id="home-bundles">Bundles</h2>
        {home.bundles.length === 0 ? <p>No bundles yet.</p> : <ProductGrid items={home.bundles} />}
      </section>
    </div>
  )
}

export { HomePage as Component }
