import { useAtomValue } from 'jotai'
import { useId, useMemo, useState, type SubmitEvent } from 'react'
import { Link, useLocation, useNavigate, useNavigation } from 'react-router'
import type { Schema } from '@/lib/api/client'
import { formatPrice } from '@/lib/format'
import { localize, type Localized } from '@/lib/hebrew'
import { useT } from '@/lib/i18n'
import { languageAtom } from '@/lib/preferences'
import { KEEP_SCROLL } from '@/lib/scrollBehaviour'
import {
  centsToDollars,
  clearFacetsSearch,
  dollarsToCents,
  hasFacets,
  listSearch,
  parseListQuery,
  toggleFacetSearch,
  type FacetKey,
  type ListQuery,
} from '../listQuery'
import { messages, type CatalogKey } from '../messages'
import styles from './FacetPanel.module.css'

type Facets = Schema<'Facets'>
type FacetValue = Schema<'FacetValue'>

/** A long group shows this many values until "Show more". */
export const SHOWN_VALUES = 8

interface Group {
  id: string
  key: FacetKey
  legend: { label: CatalogKey } | { name: string; heb_name?: string | null }
  values: FacetValue[]
}

/** Spec 3's facet groups in the panel's order; vendors are shown as "Brand". */
function groupsOf(facets: Facets): Group[] {
  const groups: Group[] = [
    { id: 'categories', key: 'categories', legend: { label: 'categories' }, values: facets.categories },
    { id: 'vendors', key: 'vendors', legend: { label: 'brand' }, values: facets.vendors },
    { id: 'creators', key: 'creators', legend: { label: 'creators' }, values: facets.creators },
    ...facets.filters.map((group): Group => ({
      id: `filters-${group.name}`,
      key: 'filters',
      legend: { name: group.name, heb_name: group.heb_name },
      values: group.values,
    })),
    ...facets.variations.map((group): Group => ({
      id: `variations-${group.name}`,
      key: 'variations',
      legend: { name: group.name, heb_name: group.heb_name },
      values: group.values,
    })),
  ]
  return groups.filter((group) => group.values.length > 0)
}

/** Whether the panel has anything to offer: a value to choose, a price range, or a choice to undo. */
export function showsFacets(facets: Facets, query: ListQuery): boolean {
  return groupsOf(facets).length > 0 || Boolean(facets.price) || hasFacets(query)
}

/**
 * The URL query of this list, or the one it is heading to while that loads: quick
 * successive choices build on each other instead of the last one winning, and a box
 * shows its new state at once rather than when the new list arrives.
 */
function useHeadingQuery() {
  const location = useLocation()
  const next = useNavigation().location
  const pending = next !== undefined && next.pathname === location.pathname
  const search = pending ? next.search : location.search
  const params = useMemo(() => new URLSearchParams(search), [search])
  return { params, query: parseListQuery(params), pending }
}

/**
 * The facets of a listing or search: a checkbox per value with its count, and a
 * price range. Every choice is a new URL (so Back undoes it), which reloads the list.
 */
export function FacetPanel({ facets }: { facets: Facets }) {
  const { params, query, pending } = useHeadingQuery()
  const navigate = useNavigate()
  const go = (search: string) => {
    // The shopper is working in the panel; the page should stay where it is.
    void navigate({ search }, { preventScrollReset: true, state: KEEP_SCROLL })
  }
  const priceChosen = query.price_min !== null || query.price_max !== null

  return (
    <div className={styles.groups}>
      {groupsOf(facets).map((group) => (
        <FacetGroup
          key={group.id}
          group={group}
          // The API says what is selected; while a choice loads, the URL it goes to does.
          isChecked={(value) => (pending ? query[group.key].includes(value.value) : value.selected)}
          onToggle={(value, on) => {
            go(toggleFacetSearch(params, group.key, value.value, on))
          }}
        />
      ))}
      {(facets.price || priceChosen) && (
        <PriceRange
          range={facets.price}
          query={query}
          onApply={(price_min, price_max) => {
            go(listSearch(params, { price_min, price_max }))
          }}
        />
      )}
    </div>
  )
}

/** The desktop sidebar beside the grid: the panel under a heading, with "Clear all". */
export function FacetSidebar({ facets }: { facets: Facets }) {
  const t = useT(messages)
  const heading = useId()
  const { params, query } = useHeadingQuery()
  return (
    <section aria-labelledby={heading} className={styles.sidebar}>
      <div className={styles.top}>
        <h2 id={heading} className={styles.heading}>
          {t('filter')}
        </h2>
        {hasFacets(query) && (
          <Link
            to={{ search: clearFacetsSearch(params) }}
            preventScrollReset
            state={KEEP_SCROLL}
            className={styles.clear}
          >
            {t('clearAll')}
          </Link>
        )}
      </div>
      <FacetPanel facets={facets} />
    </section>
  )
}

interface FacetGroupProps {
  group: Group
  isChecked: (value: FacetValue) => boolean
  onToggle: (value: FacetValue, on: boolean) => void
}

function FacetGroup({ group, isChecked, onToggle }: FacetGroupProps) {
  const t = useT(messages)
  const language = useAtomValue(languageAtom)
  const [expanded, setExpanded] = useState(false)
  const legend = useId()
  const list = useId()
  const long = group.values.length > SHOWN_VALUES
  // A chosen value stays in sight even when it is further down a folded group.
  const shown = expanded ? group.values : group.values.filter((value, i) => i < SHOWN_VALUES || isChecked(value))
  const name: Localized =
    'label' in group.legend
      ? { text: t(group.legend.label), attributes: {} }
      : localize(language, language === 'heb', group.legend.name, group.legend.heb_name)

  return (
    <fieldset className={styles.group}>
      <legend id={legend} className={styles.legend}>
        <span {...name.attributes}>{name.text}</span>
      </legend>
      <ul id={list} className={styles.values}>
        {shown.map((value) => {
          const label = localize(language, language === 'heb', value.label, value.heb_label)
          return (
            <li key={value.value}>
              <label className={styles.value}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={isChecked(value)}
                  onChange={(event) => {
                    onToggle(value, event.target.checked)
                  }}
                />
                <span {...label.attributes}>{label.text}</span> <span className={styles.count}>({value.count})</span>
              </label>
            </li>
          )
        })}
      </ul>
      {long && (
        <button
          type="button"
          className={styles.more}
          aria-expanded={expanded}
          aria-controls={list}
          aria-describedby={legend}
          onClick={() => {
            setExpanded(!expanded)
          }}
        >
          {expanded ? t('showLess') : t('showMore')}
        </button>
      )}
    </fieldset>
  )
}

interface PriceRangeProps {
  /** The prices of the products matching everything but the price; absent when there are none. */
  range: Schema<'PriceRange'> | undefined
  query: ListQuery
  onApply: (min: number | null, max: number | null) => void
}

/** Spec 5: a price range of numbers from 0, typed in dollars and sent in cents. */
function PriceRange({ range, query, onApply }: PriceRangeProps) {
  const t = useT(messages)
  // Spec 9: the price filter says "Free" for an amount not above zero.
  const amount = (cents: number) => (cents > 0 ? formatPrice(cents) : t('free'))

  function apply(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    onApply(dollarsToCents(fieldValue(form, 'min')), dollarsToCents(fieldValue(form, 'max')))
  }

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('price')}</legend>
      {range && (
        <p className={styles.note}>{t('priceAvailable', { min: amount(range.min), max: amount(range.max) })}</p>
      )}
      {/* Keyed by the bounds in the URL, so Back or "Clear all" puts them back in the boxes. */}
      <form key={`${String(query.price_min)}-${String(query.price_max)}`} className={styles.price} onSubmit={apply}>
        <PriceBound name="min" label={t('priceMin')} cents={query.price_min} />
        <PriceBound name="max" label={t('priceMax')} cents={query.price_max} />
        <button type="submit" className={styles.apply}>
          {t('applyPrice')}
        </button>
      </form>
    </fieldset>
  )
}

/** One side of the price range: dollars from 0, cents a step. */
function PriceBound({ name, label, cents }: { name: 'min' | 'max'; label: string; cents: number | null }) {
  const id = useId()
  return (
    <div className={styles.bound}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        className={styles.input}
        defaultValue={centsToDollars(cents)}
      />
    </div>
  )
}

function fieldValue(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name)
  return field instanceof HTMLInputElement ? field.value : ''
}
