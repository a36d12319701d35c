import { useSetAtom } from 'jotai'
import { useId, type SubmitEvent } from 'react'
import { SubmitButton } from '@/components/FormField'
import { ProcessorCardGroup, useProcessorCard, type ProcessorSettings } from '@/components/ProcessorCard'
import { checkoutAtom, type CreditInfo } from '@/lib/checkout'
import { useT } from '@/lib/i18n'
import { useAction } from '@/lib/useAction'
import { messages } from '../messages'
import { useOfferTypedCard } from '../typedCard'
import styles from './Checkout.module.css'

interface Props {
  processor: ProcessorSettings
  /** What Checkout or Review says about the card (missing, declined). */
  problem?: string
}

/**
 * A card for this order through the processor's library: "Use this card", or the page's
 * Continue, has it make a PaymentMethod, of which only the id (the token), brand and last
 * four digits are kept, as with the sandbox's token (spec 7). The card's group is named
 * `card` and focusable, so Checkout and Review, which focus the card's field on a
 * problem, find it.
 */
export function ProcessorCardEntry({ processor, problem }: Props) {
  const t = useT(messages)
  const setState = useSetAtom(checkoutAtom)
  const card = useProcessorCard(processor)
  const { busy, run } = useAction()
  const noteId = useId()

  async function take(): Promise<CreditInfo | 'refused'> {
    let taken: CreditInfo | 'refused' = 'refused'
    await run(async () => {
      const method = await card.createMethod()
      if (!method) return
      const credit = { token: method.id, last4: method.last4, brand: method.brand }
      setState((current) => ({ ...current, creditInfo: credit }))
      taken = credit
    })
    return taken
  }

  // What is typed in the element is the library's own, so only the library can tell an
  // empty card: once the element is there, Continue has it make the method.
  useOfferTypedCard(async () => (card.ready ? take() : 'empty'))

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    void take()
  }

  return (
    <form
      noValidate
      aria-label={t('newCard')}
      aria-describedby={noteId}
      className={styles.fieldset}
      onSubmit={onSubmit}
    >
      <p id={noteId} className={styles.muted}>
        {t('processorNote')}
      </p>
      <ProcessorCardGroup card={card} problem={problem} />
      {card.ready && (
        <div className={styles.actions}>
          <SubmitButton busy={busy} label={t('useCard')} busyLabel={t('checkingCard')} />
        </div>
      )}
    </form>
  )
}
