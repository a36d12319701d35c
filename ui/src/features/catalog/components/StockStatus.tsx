import styles from './Detail.module.css'

/** `max` is the stock the server has for sale; 0 means none. */
export function StockStatus({ max }: { max: number }) {
  return max > 0 ? (
    <p className={styles.inStock}>In stock</p>
  ) : (
    <p className={styles.outOfStock}>Out of stock</p>
  )
}
