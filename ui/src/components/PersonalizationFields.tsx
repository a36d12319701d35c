import { useId } from 'react'
import type { Schema } from '@/lib/api/client'
import { formatPrice } from '@/lib/format'
import { useT } from '@/lib/i18n'
import { messages } from './messages'
import group from './OptionGroup.module.css'
import styles from './PersonalizationFields.module.css'

interface PersonalizationFieldsProps {
  fields: Schema<'PersonalizationField'>[]
  /** Spec 3: as a form input, personalization is a map of field key to value. */
  values: Record<string, string>
  /** Labels in Hebrew where the field has one. */
  hebrew: boolean
  onChange: (values: Record<string, string>) => void
}

/** A product's personalization fields, each with its price and length limit: the product page's and the bag's. */
export function PersonalizationFields({ fields, values, hebrew, onChange }: PersonalizationFieldsProps) {
  const t = useT(messages)
  const id = useId()
  if (fields.length === 0) return null
  return (
    <fieldset className={group.group}>
      <legend className={group.legend}>{t('personalization')}</legend>
      {fields.map((field) => {
        const inputId = `${id}-${field.key}`
        const label = hebrew && field.heb_label ? field.heb_label : field.label
        return (
          <div key={field.key} className={styles.field}>
            <label htmlFor={inputId}>{t('personalizationField', { label, price: formatPrice(field.price) })}</label>
            <input
              id={inputId}
              type="text"
              maxLength={field.max_length}
              value={values[field.key] ?? ''}
              aria-describedby={`${inputId}-limit`}
              className={styles.input}
              onChange={(event) => {
                onChange({ ...values, [field.key]: event.target.value })
              }}
            />
            <span id={`${inputId}-limit`} className={styles.hint}>
              {t('personalizationLimit', { n: field.max_length })}
            </span>
          </div>
        )
      })}
    </fieldset>
  )
}
