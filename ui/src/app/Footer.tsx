import { CurrencySelect } from '@/features/currency/components/CurrencySelect'
import {
  CheckoutLinks,
  CompanyLinks,
  ConnectBlock,
  LegalLine,
  ReturnsBlock,
  ShippingBlock,
} from '@/features/footer/components/FooterBlocks'
import { NewsletterForm } from '@/features/newsletter/components/NewsletterForm'
import styles from './Footer.module.css'

/**
 * Spec 2.8: company links, shipping and returns, newsletter, social and apps, chat,
 * currency, copyright. Checkout steps (`minimal`) keep only the policies, the contact
 * link and the legal line: nothing there calls the shopper away from the order.
 */
export function Footer({ minimal = false }: { minimal?: boolean }) {
  return (
    <footer className={styles.footer}>
      <div className={`page ${styles.inner}`}>
        {minimal ? (
          <CheckoutLinks />
        ) : (
          <>
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
          </>
        )}
        <LegalLine />
      </div>
    </footer>
  )
}
