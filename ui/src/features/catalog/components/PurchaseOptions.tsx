import { PersonalizationFields } from '@/components/PersonalizationFields'
import type { Schema } from '@/lib/api/client'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import styles from '@/components/OptionGroup.module.css'

export interface PurchaseChoices {
  giftWrap: boolean
  /** Spec 3: as a form input, personalization is a map of field key to value. */
  personalization: Record<string, string>
}

interface PurchaseOptionsProps {
  meta: Schema<'ProductMeta'>
  hebrew: boolean
  choices: PurchaseChoices
  onChange: (choices: PurchaseChoices) => void
}

/**
 * The gift wrap and personalization a product offers. They stay in the page's
 * form state: the bag that will carry them arrives with a later issue.
 */
export function PurchaseOptions({ meta, hebrew, choices, onChange }: PurchaseOptionsProps) {
  const t = useT(messages)
  const gift = meta.gift_options

  return (
    <>
      {gift && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('giftOptions')}</legend>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={choices.giftWrap}
              onChange={(event) => {
                onChange({ ...choices, giftWrap: event.target.checked })
              }}
            />
            {t('giftWrap', { price: formatPrice(gift.price) })}
          </label>
        </fieldset>
      )}
      <PersonalizationFields
        fields={meta.personalization}
        values={choices.personalization}
        hebrew={hebrew}
        onChange={(personalization) => {
          onChange({ ...choices, personalization })
        }}
      />
    </>
  )
}
