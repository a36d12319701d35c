import { useAtomValue } from 'jotai'
import { useId } from 'react'
import type { Schema } from '@/lib/api/client'
import { optionWords } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom, type Language } from '@/lib/preferences'
import { messages } from '../messages'
import styles from './VariationPicker.module.css'

type Variation = Schema<'Variation'>

interface VariationPickerProps {
  variations: Variation[]
  selectedId: number | undefined
  onSelect: (id: number) => void
}

/** One radio button per variation, so the arrow keys move between them. */
export function VariationPicker({ variations, selectedId, onSelect }: VariationPickerProps) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const group = useId()
  // "Color", or "Color / Size" when the variations differ in more than one way.
  const legend = [
    ...new Set(variations.flatMap((v) => v.options.map((option) => optionWords(language, option).name))),
  ].join(' / ')

  return (
    <fieldset className={styles.picker}>
      {/* A name the catalogue has only in English stays whole in a Hebrew line inside <bdi>. */}
      <legend className={styles.legend}>{legend ? <bdi>{legend}</bdi> : t('options')}</legend>
      <div className={styles.choices}>
        {variations.map((variation) => (
          <label key={variation.id} className={styles.choice}>
            <input
              type="radio"
              name={group}
              value={variation.id}
              checked={variation.id === selectedId}
              onChange={() => {
                onSelect(variation.id)
              }}
            />
            <bdi>{variationLabel(language, variation)}</bdi>
            {variation.max === 0 && <span className={styles.soldOut}>{t('variationSoldOut')}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function variationLabel(language: Language, variation: Variation): string {
  return variation.options.map((option) => optionWords(language, option).value).join(' / ') || variation.sku
}
