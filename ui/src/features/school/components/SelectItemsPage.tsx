import { useState, type SubmitEvent } from 'react'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { FormAlert, SubmitButton } from '@/components/FormField'
import { Price } from '@/components/Price'
import { idParam } from '@/lib/api/errors'
import type { AddedLine } from '@/lib/bag'
import { useT } from '@/lib/i18n'
import { TOAST_DURATION_MS, useToast } from '@/lib/toast'
import { useAction } from '@/lib/useAction'
import { useBag } from '@/lib/useBag'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { getList, type ListAnswer } from '../api'
import { messages } from '../messages'
import { initialChoice, outcomeOf, picksOf, totalOf, unitsOf, type Choice } from '../picks'
import { SchoolCrumbs, useLocalName, useProductTitle } from './Parts'
import styles from './School.module.css'
import { SupplyRow } from './SupplyRow'

/** The list with its items; an unknown grade or list (or ids that cannot name one) is the shared 404. */
export function loader({ params, request }: LoaderFunctionArgs) {
  return getList(idParam(params.grade_id), idParam(params.list_id), request.signal)
}

/**
 * `/school/select-your-supplies/:grade_id/:list_id`: the teacher's note and every item,
 * required ones ticked and optional ones not, to untick, count and substitute, with the
 * running total; one button puts them all in the bag in a single change.
 */
export function SelectItemsPage() {
  const answer = useLoaderData<typeof loader>()
  const t = useT(messages)
  const localName = useLocalName()
  const { school, grade, list } = answer
  const schoolName = localName(school.name, school.heb_name)
  const gradeName = localName(grade.name, grade.heb_name)
  const listName = localName(list.name, list.heb_name)
  const note = localName(list.note, list.heb_note)
  useDocumentTitle(t('listTitle', { list: listName.text, grade: gradeName.text }))
  return (
    <div className={`page ${styles.page}`}>
      <SchoolCrumbs step="supplies" school={school} gradeId={grade.id} />
      <div className={styles.intro}>
        <p className={`${styles.flush} ${styles.context}`}>
          <span {...schoolName.attributes}>{schoolName.text}</span>
          {', '}
          <span {...gradeName.attributes}>{gradeName.text}</span>
        </p>
        <h1 className={styles.title} {...listName.attributes}>
          {listName.text}
        </h1>
      </div>
      {note.text && (
        <div className={styles.note}>
          <p className={`${styles.flush} ${styles.noteTitle}`}>{t('teacherNote')}</p>
          <p className={styles.flush} {...note.attributes}>
            {note.text}
          </p>
        </div>
      )}
      {/* A new list starts afresh from its own items. */}
      <SuppliesForm key={`${grade.id}:${list.id}`} answer={answer} />
    </div>
  )
}

function SuppliesForm({ answer }: { answer: ListAnswer }) {
  const t = useT(messages)
  const { items } = answer
  const [choices, setChoices] = useState<Choice[]>(() => items.map(initialChoice))
  const [problem, setProblem] = useState<string>()
  const { busy, run } = useAction()
  const bag = useBag()
  const sayOutcome = useSayOutcome(answer, choices)
  const units = unitsOf(items, choices)

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const picks = picksOf(items, choices)
    if (picks.length === 0) {
      setProblem(t('tickOne'))
      event.currentTarget.querySelector<HTMLInputElement>('input[type="checkbox"]:not(:disabled)')?.focus()
      return
    }
    setProblem(undefined)
    void run(async () => {
      const added = await bag.addList({ grade_id: answer.grade.id, list_id: answer.list.id, picks })
      // Undefined: the call failed, and the bag's own toast has said so.
      if (added) sayOutcome(added)
    })
  }

  let addLabel = t('addItems', { n: units })
  if (units === 0) addLabel = t('addNone')
  else if (units === 1) addLabel = t('addOne')

  return (
    <form noValidate className={styles.stack} onSubmit={onSubmit}>
      <ul className={styles.items} aria-label={t('itemsLabel')}>
        {items.map((item, index) => {
          const choice = choices[index]
          if (!choice) return null
          return (
            <SupplyRow
              key={item.position}
              item={item}
              choice={choice}
              onChange={(next) => {
                setChoices((now) => now.map((entry, at) => (at === index ? next : entry)))
                if (next.ticked) setProblem(undefined)
              }}
            />
          )
        })}
      </ul>
      <div className={styles.summary}>
        {/* Read out as it changes, so ticking an item says what the list now costs. */}
        <p role="status" className={`${styles.flush} ${styles.total}`}>
          <span>{t('total')}</span> <Price price={totalOf(items, choices)} />
        </p>
        <p className={`${styles.flush} ${styles.muted}`}>{t('totalNote')}</p>
        <FormAlert message={problem} />
        <SubmitButton busy={busy} label={addLabel} busyLabel={t('adding')} />
      </div>
    </form>
  )
}

/**
 * The toast after the add: how many units went in, and each item the bag took fewer of
 * (out of stock, or only some left), by its title on this list. It stays longer when it
 * has more to say.
 */
function useSayOutcome(answer: ListAnswer, choices: readonly Choice[]) {
  const t = useT(messages)
  const toast = useToast()
  const titleOf = useProductTitle()
  return (added: readonly AddedLine[]) => {
    const { units, missed } = outcomeOf(answer.items, choices, added)
    let said = t('addedItems', { n: units })
    if (units === 0) said = t('addedNone')
    else if (units === 1) said = t('addedOne')
    const link = { to: '/bag', label: t('viewBag') }
    if (missed.length === 0) {
      toast.show('success', said, undefined, link)
      return
    }
    const names = missed.map(({ product, added: n }) => {
      const title = titleOf(product).text
      if (n === 0) return t('notAddedOut', { title })
      return n === 1 ? t('notAddedOne', { title }) : t('notAddedSome', { title, n })
    })
    const message = `${said} ${t('notAdded', { items: names.join('; ') })}`
    toast.show(units === 0 ? 'error' : 'success', message, TOAST_DURATION_MS * 2, link)
  }
}

export { SelectItemsPage as Component }
