import { useId } from 'react'
import { SORT_OPTIONS, type Sort } from '../listQuery'
import styles from './SortSelect.module.css'

interface SortSelectProps {
  value: Sort
  onChange: (sort: Sort) => void
}

export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId()
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>Sort by</label>
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
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
