import formStyles from '@/components/Form.module.css'

export type NoticeState = { type: 'status' | 'alert'; text: string } | undefined

/**
 * What the last action did: a confirmation, read out politely, or a failure, read out
 * at once. The status region is always there, so what is put in it is announced.
 */
export function Notice({ notice }: { notice: NoticeState }) {
  return (
    <>
      <div role="status">{notice?.type === 'status' && <p className={formStyles.status}>{notice.text}</p>}</div>
      {notice?.type === 'alert' && (
        <p role="alert" className={formStyles.alert}>
          {notice.text}
        </p>
      )}
    </>
  )
}
