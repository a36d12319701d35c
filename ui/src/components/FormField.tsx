import { useId, type ComponentProps, type ReactNode } from 'react'
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
