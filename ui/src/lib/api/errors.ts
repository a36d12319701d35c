/** An HTTP error answer from the API (spec 8 decides what each status does). */
export class ApiError extends Error {
  readonly status: number
  /** Seconds the server asks to wait before trying again (`Retry-After` of a 429 or 503). */
  readonly retryAfter: number | undefined

  constructor(status: number, message: string, retryAfter?: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.retryAfter = retryAfter
  }
}

/** What openapi-fetch resolves to: data on success, the error body otherwise. */
interface FetchResult<T> {
  data?: T
  error?: unknown
  response: Response
}

/** The data of a successful call; any other answer becomes an `ApiError`. */
export async function unwrap<T>(pending: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await pending
  if (!response.ok || data === undefined) {
    throw new ApiError(response.status, messageOf(error) ?? response.statusText, retryAfterOf(response))
  }
  return data
}

/** `Retry-After` in seconds, when the server sent one as a number. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')
  const seconds = value === null ? NaN : Number(value)
  return Number.isSafeInteger(seconds) && seconds >= 0 ? seconds : undefined
}

/** Every error body of the API is `{ "message": ... }`. */
function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message
  }
  return undefined
}

/**
 * Ids in public paths are positive integers. Anything else cannot name a record,
 * so it is answered like an unknown id, without asking the server.
 */
export function idParam(value: string | undefined): number {
  const id = Number(value)
  if (value === undefined || !/^[1-9]\d*$/.test(value) || !Number.isSafeInteger(id)) {
    throw new ApiError(404, 'Not found')
  }
  return id
}

/**
 * An answer the server will give again however often it is asked: what was sent does
 * not fit (400, 404, 409, 413). Sending it again cannot help; a network failure, a
 * busy server (429, 503) or an error of its own (500) may pass.
 */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && [400, 404, 409, 413].includes(error.status)
}
