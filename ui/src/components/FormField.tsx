import { useId, useState, type ComponentProps, type FocusEvent, type ReactNode } from 'react'
import styles from './Form.module.css'

// The pieces every form shares: labelled fields with their hint and problem tied to
// them (read out with them), the form's own message, and a submit button that shows
// it is busy. Styles in `Form.module.css`, which a feature's sheet may build on.

/** What a labelled control receives so its label, hint and problem are tied to it. */
export interface ControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby'?: string
}

interface FormFieldProps {
  label: string
  /** A note on what to enter, read out with the field. */
  hint?: string
  /** What is wrong with the value, read out with the field. */
  problem?: string
  children: (control: ControlProps) => ReactNode
}

/** A label, the control `children` draws, and the field's hint and problem. */
export function FormField({ label, hint, problem, children }: FormFieldProps) {
  const id = useId()
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ')
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': problem !== undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className={styles.problem}>
          {problem}
        </p>
      )}
    </div>
  )
}

type FieldOwnProps = { label: string; name: string; hint?: string; problem?: string }

export type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & FieldOwnProps

/** A labelled input. */
export function TextField({ label, hint, problem, ...input }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} problem={problem}>
      {(control) => <input className={styles.input} {...control} {...input} />}
    </FormField>
  )
}

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'className'> & FieldOwnProps

/** A labelled select; `children` are its options. */
export function SelectField({ label, hint, problem, children, ...select }: SelectFieldProps) {
  return (
    <FormField label={label} hint={hint} problem={problem}>
      {(control) => (
        <select className={styles.input} {...control} {...select}>
          {children}
        </select>
      )}
    </FormField>
  )
}

/** A checkbox inside its label. */
export function CheckboxField({
  label,
  ...input
}: Omit<ComponentProps<'input'>, 'type' | 'className'> & { label: string }) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" {...input} />
      {label}
    </label>
  )
}

/** The form's message (the server's, or ours when no answer came), announced as it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className={styles.alert}>
      {message}
    </p>
  )
}

/**
 * The submit button. While busy it says so and spins, and stays focusable
 * (`aria-disabled` rather than `disabled`, which would drop keyboard focus to the
 * page); the form ignores a second submit meanwhile.
 */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  )
}

/** Focuses the first field of `form` named in `problems`; true when there was one (the form is not sent). */
export function focusFirstProblem(form: HTMLElement | null, problems: Record<string, unknown>): boolean {
  const first = Object.keys(problems)[0]
  if (first === undefined) return false
  form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  return true
}

/** What `useFieldChecks` gives a form: the problems to show now, and when to show more. */
export interface FieldChecks<Name extends string, Problem> {
  /** The problems of the fields shown: left with something typed, or named by `showAll`. */
  shown: Partial<Record<Name, Problem>>
  /** For the form (or any element around its fields): a field left with something typed in it is checked. */
  onBlur: (event: FocusEvent<HTMLElement>) => void
  /** Shows the problems of these fields (a press of the form's button names them all). */
  showAll: (names: Iterable<Name>) => void
}

/**
 * Inline validation (Baymard; issue 27): `problems` are worked out afresh from the values
 * on every render, and a field's problem is shown once the shopper leaves the field with
 * something typed in it ("noa@example"), or once the form's button is pressed. A blank
 * field just passed through is not told off before that. A problem goes the moment the
 * value is right; the field then waits for the next leaving again, so going back to edit
 * a right value does not complain at every key.
 */
export function useFieldChecks<Name extends string, Problem>(
  problems: Partial<Record<Name, Problem>>,
): FieldChecks<Name, Problem> {
  const [watched, setWatched] = useState<ReadonlySet<string>>(() => new Set())
  const settled = [...watched].filter((name) => problems[name as Name] === undefined)
  // Adjusted while rendering (React's way for state that follows props): no frame shows it.
  if (settled.length > 0) setWatched((now) => new Set([...now].filter((name) => !settled.includes(name))))

  const shown: Partial<Record<Name, Problem>> = {}
  for (const name of Object.keys(problems) as Name[]) {
    if (watched.has(name) && !settled.includes(name)) shown[name] = problems[name]
  }
  return {
    shown,
    onBlur: (event) => {
      const field = event.target
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return
      // A choice cannot be mistyped: a missing one waits for the button.
      if (field.type === 'radio' || field.type === 'checkbox') return
      const name = field.name as Name
      if (field.value.trim() === '' || problems[name] === undefined || watched.has(name)) return
      setWatched((now) => new Set([...now, name]))
    },
    showAll: (names) => {
      setWatched((now) => new Set([...now, ...names]))
    },
  }
}
