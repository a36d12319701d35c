import { TextField, type TextFieldProps } from '@/components/FormField'
import { useT } from '@/lib/i18n'
import { messages } from '../messages'
import type { FieldProblem } from '../validation'

// The account forms' field: the shared labelled input, its problem said in words.

const PROBLEM_MESSAGES = {
  required: 'required',
  email: 'invalidEmail',
  password: 'invalidPassword',
  code: 'invalidCode',
  nameTooLong: 'nameTooLong',
} as const satisfies Record<FieldProblem, keyof (typeof messages)['eng']>

interface FieldProps extends Omit<TextFieldProps, 'problem'> {
  problem?: FieldProblem
}

/** A labelled input; its hint and problem are tied to it (read out with it). */
export function Field({ problem, ...props }: FieldProps) {
  const t = useT(messages)
  return <TextField problem={problem && t(PROBLEM_MESSAGES[problem])} {...props} />
}
