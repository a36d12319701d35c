import { CurrencySelect } from '@/features/currency/components/CurrencySelect'
import {
  CompanyLinks,
  ConnectBlock,
  LegalLine,
  ReturnsBlock,
  ShippingBlock,
} from '@/features/footer/components/FooterBlocks'
import { NewsletterForm } from '@/features/newsletter/components/NewsletterForm'
import styles from './Footer.module.css'

/** Spec 2.8: company links, shipping and returns, newsletter, social and apps, chat, currency, copyright. */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`page ${styles.inner}`}>
        <div className={styles.columns}>
          <CompanyLinks />
          <ShippingBlock />
          <ReturnsBlock />
          <ConnectBlock />
        </div>
        <div className={styles.row}>
          <NewsletterForm />
          <CurrencySelect />
        </div>
        <LegalLine />
      </div>
    </footer>
  )
}
