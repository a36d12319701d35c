import { useId } from 'react'
import { useT } from '@/lib/i18n'
import { SORT_OPTIONS, type Sort } from '../listQuery'
import { messages } from '../messages'
import styles from './SortSelect.module.css'

interface SortSelectProps {
  value: Sort
  onChange: (sort: Sort) => void
}

export function SortSelect({ value, onChange }: SortSelectProps) {
  const t = useT(messages)
  const id = useId()
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>{t('sortBy')}</label>
      <select
        id={id}
        value={value}
        className={styles.select}
        onChange={(event) => {
          const chosen = SORT_OPTIONS.find((option) => option.value === event.target.value)
          if (chosen) onChange(chosen.value)
        }}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </select>
    </div>
  )
}
