import { Link } from 'react-router'
import styles from './Footer.module.css'

// Spec 2.1: the footer's policy pages, with their fixed public ids.
const CONTENT_PAGES = [
  { name: 'About', path: '/about/43' },
  { name: 'Shipping Policy', path: '/shipping-policy/41' },
  { name: 'Return Policy', path: '/return-policy/42' },
  { name: 'Terms of Use', path: '/terms-of-use/39' },
  { name: 'Privacy Policy', path: '/privacy-policy/40' },
]

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`page ${styles.inner}`}>
        <nav aria-label="Store information">
          <ul className={styles.links}>
            {CONTENT_PAGES.map((page) => (
              <li key={page.path}>
                <Link to={page.path}>{page.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.copyright}>© {new Date().getFullYear()} Olive Lane</p>
      </div>
    </footer>
  )
}
