import { useState, type ReactNode, type SubmitEvent } from 'react'
import { focusFirstProblem, FormAlert, SubmitButton, TextField } from '@/components/FormField'
import { lookUpOrder, readableOrderNumber, type Order } from '@/lib/orders'
import { useAction } from '@/lib/useAction'

// A guest's look-up of an order by its number and e-mail (`POST /api/orders/{number}/status`),
// shared by the guest status page and the start of a return. Each page brings its own
// words, its form's name and look, and what a found order leads to.

/** The look-up's words, in the page's own voice. */
export interface OrderLookUpWords {
  orderNumber: string
  email: string
  /** A field left empty. */
  required: string
  submit: string
  /** The button while the look-up is under way. */
  busy: string
}

/**
 * The form: both fields required (the first empty one focused), then the look-up. A found
 * order goes to `onFound`; a failure is said above the fields, in `problemOf`'s words.
 * Named by `label` or by the element `labelledBy`.
 */
export function OrderLookUpForm({
  number,
  words,
  label,
  labelledBy,
  className,
  intro,
  problemOf,
  onFound,
}: {
  /** The order number filled in at first. */
  number: string
  words: OrderLookUpWords
  label?: string
  labelledBy?: string
  className?: string
  intro?: ReactNode
  problemOf: (error: unknown) => string
  onFound: (order: Order) => void
}) {
  const { busy, run } = useAction()
  const [problems, setProblems] = useState<{ number?: string; email?: string }>({})
  const [alert, setAlert] = useState<string>()

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const typed = (name: string) => {
      const value = data.get(name)
      return typeof value === 'string' ? value.trim() : ''
    }
    const typedNumber = typed('number')
    const email = typed('email')
    const missing = {
      ...(typedNumber ? {} : { number: words.required }),
      ...(email ? {} : { email: words.required }),
    }
    setProblems(missing)
    setAlert(undefined)
    if (focusFirstProblem(form, missing)) return
    void run(async () => {
      try {
        onFound(await lookUpOrder(readableOrderNumber(typedNumber), email))
      } catch (error) {
        setAlert(problemOf(error))
      }
    })
  }

  return (
    <form noValidate aria-label={label} aria-labelledby={labelledBy} className={className} onSubmit={onSubmit}>
      {intro}
      <FormAlert message={alert} />
      <TextField
        label={words.orderNumber}
        name="number"
        defaultValue={number}
        autoComplete="off"
        dir="ltr"
        required
        problem={problems.number}
      />
      <TextField
        label={words.email}
        name="email"
        type="email"
        autoComplete="email"
        dir="ltr"
        required
        problem={problems.email}
      />
      <div>
        <SubmitButton busy={busy} label={words.submit} busyLabel={words.busy} />
      </div>
    </form>
  )
}
