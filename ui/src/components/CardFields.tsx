import { TextField } from './FormField'

/** What a card form's fields are called and what is wrong with each, in the shopper's language. */
export interface CardFieldsProps {
  labels: { cardNumber: string; expiry: string; cvc: string }
  problems: { card?: string; exp?: string; cvc?: string }
  /** Lays the expiry and the code side by side where there is room. */
  pairClassName?: string
}

/**
 * The number, expiry and security code of a card, uncontrolled: the form reads them once
 * when sending (spaces and the slash are stripped before the token call, spec 5), so
 * neither the number nor the code is ever held in React state. Names `card`, `exp`, `cvc`.
 */
export function CardFields({ labels, problems, pairClassName }: CardFieldsProps) {
  return (
    <>
      <TextField
        label={labels.cardNumber}
        name="card"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        dir="ltr"
        problem={problems.card}
      />
      <div className={pairClassName}>
        <TextField
          label={labels.expiry}
          name="exp"
          inputMode="numeric"
          autoComplete="cc-exp"
          required
          dir="ltr"
          problem={problems.exp}
        />
        <TextField
          label={labels.cvc}
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          required
          dir="ltr"
          problem={problems.cvc}
        />
      </div>
    </>
  )
}
